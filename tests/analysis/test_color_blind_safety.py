"""The player colours stay apart for colour-blind players.

Each pair of player colours (``widget.view.PLAYER_COLORS``, the Okabe–Ito colours the board and
the plots share) is simulated as seen with protanopia, deuteranopia and tritanopia, and their
difference measured as CIEDE2000 ΔE in CIELAB.  Standard library only.

* **Simulation**: Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for
  Simulation of Color Vision Deficiency", IEEE TVCG 15(6) — their matrices for severity 1.0
  (dichromacy, the worst case), applied to *linear* sRGB; the result is clipped to [0, 1].
* **Colour difference**: CIEDE2000 (Sharma, Wu & Dalal 2005, "The CIEDE2000 color-difference
  formula: implementation notes, supplementary test data, and mathematical observations"),
  from sRGB (D65) through XYZ to CIELAB; the implementation is checked on their test pairs.
* **Threshold: ΔE00 ≥ 10.**  A ΔE00 of about 1–2.3 is a just-noticeable difference between
  large patches side by side; the colours here mark small things (a road, a settlement, a
  thin line) that must be told apart at a glance and named from a legend, for which
  Szafir (2017, "Modeling Color Difference for Visualization Design") measured that
  differences must be several times larger — around 5–10 units for small marks.  10 is the
  strict end of that range: a pair below it is a pair a colour-blind player may confuse.
  Normal vision is held to the same bar.
"""

from __future__ import annotations

import itertools
import math

import pytest

from catan_widget import plots
from catan_widget.widget.view import PLAYER_COLORS

THRESHOLD = 10.0
"""The smallest CIEDE2000 difference allowed between two player colours (see the docstring)."""

Matrix = tuple[tuple[float, float, float], ...]
MACHADO_2009: dict[str, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
"""Machado et al. (2009) simulation matrices, severity 1.0, for linear RGB."""
IDENTITY: Matrix = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
VISIONS: dict[str, Matrix] = {"normal vision": IDENTITY, **MACHADO_2009}

Lab = tuple[float, float, float]


def linear_rgb(hex_color: str) -> tuple[float, float, float]:
    """``"#rrggbb"`` as linear sRGB in [0, 1] (the sRGB transfer function undone)."""
    assert len(hex_color) == 7, hex_color
    assert hex_color.startswith("#"), hex_color
    out = []
    for i in (1, 3, 5):
        c = int(hex_color[i : i + 2], 16) / 255
        out.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    return out[0], out[1], out[2]


def simulate(rgb: tuple[float, float, float], matrix: Matrix) -> tuple[float, float, float]:
    """A linear RGB colour as seen through a CVD matrix, clipped to the displayable [0, 1]."""
    r, g, b = (min(1.0, max(0.0, row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2])) for row in matrix)
    return r, g, b


def lab(rgb: tuple[float, float, float]) -> Lab:
    """Linear sRGB (D65) to CIELAB, through XYZ (IEC 61966-2-1 primaries)."""
    r, g, b = rgb
    x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b
    white = (0.95047, 1.0, 1.08883)
    eps = (6 / 29) ** 3

    def f(t: float) -> float:
        return t ** (1 / 3) if t > eps else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x / white[0]), f(y / white[1]), f(z / white[2])
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1: Lab, lab2: Lab) -> float:
    """The CIEDE2000 colour difference (kL = kC = kH = 1), after Sharma et al. (2005)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    else:
        dh = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    big_dh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar, cp_bar = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_bar - 30))
        + 0.24 * math.cos(math.radians(2 * h_bar))
        + 0.32 * math.cos(math.radians(3 * h_bar + 6))
        - 0.20 * math.cos(math.radians(4 * h_bar - 63))
    )
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar**7 / (cp_bar**7 + 25**7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * cp_bar
    s_h = 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt(
        (dl / s_l) ** 2 + (dc / s_c) ** 2 + (big_dh / s_h) ** 2 + r_t * (dc / s_c) * (big_dh / s_h)
    )


# Sharma, Wu & Dalal (2005), Table 1: pairs of Lab colours and their ΔE00 (pair numbers).
SHARMA_PAIRS = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),  # 1
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),  # 7
    ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0009), 7.1792),  # 13: hues either side of 0°
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),  # 17
    ((50.0, 2.5, 0.0), (50.0, 3.1736, 0.5854), 1.0),  # 19
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),  # 25
    ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),  # 34: near black
]


@pytest.mark.parametrize(("lab1", "lab2", "expected"), SHARMA_PAIRS)
def test_ciede2000_matches_the_published_test_data(lab1: Lab, lab2: Lab, expected: float) -> None:
    assert ciede2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)
    assert ciede2000(lab2, lab1) == pytest.approx(expected, abs=1e-4), "symmetric"


def test_srgb_to_lab_matches_known_values() -> None:
    assert lab(linear_rgb("#ffffff")) == pytest.approx((100.0, 0.0, 0.0), abs=0.01)
    assert lab(linear_rgb("#000000")) == pytest.approx((0.0, 0.0, 0.0), abs=0.01)
    assert lab(linear_rgb("#ff0000")) == pytest.approx((53.24, 80.09, 67.20), abs=0.05)
    assert lab(linear_rgb("#0000ff")) == pytest.approx((32.30, 79.19, -107.86), abs=0.05)


def test_the_simulations_keep_grey_grey_and_catch_known_confusions() -> None:
    """The check can fail: each matrix row sums to 1 (greys are unchanged), and the pairs of
    plotly's default palette that red-green colour-blind readers are known to confuse fall below
    the threshold — its red and green for a deuteranope, its orange and green for a protanope.
    """
    for matrix in MACHADO_2009.values():
        assert [sum(row) for row in matrix] == pytest.approx([1.0, 1.0, 1.0], abs=1e-5)
        assert simulate((0.5, 0.5, 0.5), matrix) == pytest.approx((0.5, 0.5, 0.5), abs=1e-5)
    for kind, pair in [("deuteranopia", ("#d62728", "#2ca02c")), ("protanopia", ("#ff7f0e", "#2ca02c"))]:
        normal = distances(pair, IDENTITY)[pair]
        seen = distances(pair, MACHADO_2009[kind])[pair]
        assert seen < THRESHOLD < normal, f"{kind} confuses {pair}"


def test_the_widget_and_the_plots_share_the_palette() -> None:
    assert plots.PLAYER_COLORS == PLAYER_COLORS


def distances(colors: tuple[str, ...], matrix: Matrix) -> dict[tuple[str, str], float]:
    """ΔE00 between every pair of ``colors`` as seen through ``matrix``."""
    seen = {c: lab(simulate(linear_rgb(c), matrix)) for c in colors}
    return {(a, b): ciede2000(seen[a], seen[b]) for a, b in itertools.combinations(colors, 2)}


@pytest.mark.parametrize("vision", list(VISIONS))
def test_every_pair_of_player_colours_stays_distinguishable(vision: str) -> None:
    found = distances(PLAYER_COLORS, VISIONS[vision])
    assert len(found) == 15, "six seats, fifteen pairs"
    close = {pair: round(d, 1) for pair, d in found.items() if d < THRESHOLD}
    assert close == {}, f"{vision}: pairs closer than ΔE00 {THRESHOLD}: {close}"
