"""Player colours: CSS colours from a whitelist grammar, checked before they reach the page.

A colour given as ``CatanWidget(colors=...)`` (or ``CatanWidget.replay(colors=...)``) is written
into the front-end's ``style`` and ``fill`` attributes, so only these forms are taken (letters in
any case; spaces around the commas and inside the parentheses):

* ``#rgb``, ``#rgba``, ``#rrggbb`` or ``#rrggbbaa`` (hex digits);
* ``rgb(R, G, B)`` or ``rgba(R, G, B, A)``: R, G and B all numbers 0..255 or all percentages
  0%..100%, A a number 0..1 or a percentage (as in CSS, ``rgb`` and ``rgba`` are the same);
* ``hsl(H, S%, L%)`` or ``hsla(H, S%, L%, A)``: H a number of degrees 0..360 (``deg`` may
  follow), S and L percentages (``hsl`` and ``hsla`` are the same too);
* one of the 148 named colours of CSS (:data:`NAMED_COLORS`, e.g. ``"teal"``).

Numbers are plain decimals (at most 3 digits before and after the point), a colour has at most
:data:`MAX_COLOR_LENGTH` characters, and every seat needs its own colour: two that draw the same
(``"red"`` and ``"#ff0000"``) are refused.  Anything else is a ValueError naming the rule.
"""

from __future__ import annotations

import colorsys
import math
import re

from .protocol import short

MAX_COLOR_LENGTH = 40
"""The longest colour text taken (``"rgba(100%, 100%, 100%, 0.5)"`` has 27 characters)."""
MAX_COLORS = 6
"""The most colours given: one per seat of the largest game."""

# fmt: off
NAMED_COLORS: dict[str, str] = {
    "aliceblue": "#f0f8ff", "antiquewhite": "#faebd7", "aqua": "#00ffff", "aquamarine": "#7fffd4",
    "azure": "#f0ffff", "beige": "#f5f5dc", "bisque": "#ffe4c4", "black": "#000000",
    "blanchedalmond": "#ffebcd", "blue": "#0000ff", "blueviolet": "#8a2be2", "brown": "#a52a2a",
    "burlywood": "#deb887", "cadetblue": "#5f9ea0", "chartreuse": "#7fff00", "chocolate": "#d2691e",
    "coral": "#ff7f50", "cornflowerblue": "#6495ed", "cornsilk": "#fff8dc", "crimson": "#dc143c",
    "cyan": "#00ffff", "darkblue": "#00008b", "darkcyan": "#008b8b", "darkgoldenrod": "#b8860b",
    "darkgray": "#a9a9a9", "darkgreen": "#006400", "darkgrey": "#a9a9a9", "darkkhaki": "#bdb76b",
    "darkmagenta": "#8b008b", "darkolivegreen": "#556b2f", "darkorange": "#ff8c00",
    "darkorchid": "#9932cc", "darkred": "#8b0000", "darksalmon": "#e9967a", "darkseagreen": "#8fbc8f",
    "darkslateblue": "#483d8b", "darkslategray": "#2f4f4f", "darkslategrey": "#2f4f4f",
    "darkturquoise": "#00ced1", "darkviolet": "#9400d3", "deeppink": "#ff1493", "deepskyblue": "#00bfff",
    "dimgray": "#696969", "dimgrey": "#696969", "dodgerblue": "#1e90ff", "firebrick": "#b22222",
    "floralwhite": "#fffaf0", "forestgreen": "#228b22", "fuchsia": "#ff00ff", "gainsboro": "#dcdcdc",
    "ghostwhite": "#f8f8ff", "gold": "#ffd700", "goldenrod": "#daa520", "gray": "#808080",
    "green": "#008000", "greenyellow": "#adff2f", "grey": "#808080", "honeydew": "#f0fff0",
    "hotpink": "#ff69b4", "indianred": "#cd5c5c", "indigo": "#4b0082", "ivory": "#fffff0",
    "khaki": "#f0e68c", "lavender": "#e6e6fa", "lavenderblush": "#fff0f5", "lawngreen": "#7cfc00",
    "lemonchiffon": "#fffacd", "lightblue": "#add8e6", "lightcoral": "#f08080", "lightcyan": "#e0ffff",
    "lightgoldenrodyellow": "#fafad2", "lightgray": "#d3d3d3", "lightgreen": "#90ee90",
    "lightgrey": "#d3d3d3", "lightpink": "#ffb6c1", "lightsalmon": "#ffa07a", "lightseagreen": "#20b2aa",
    "lightskyblue": "#87cefa", "lightslategray": "#778899", "lightslategrey": "#778899",
    "lightsteelblue": "#b0c4de", "lightyellow": "#ffffe0", "lime": "#00ff00", "limegreen": "#32cd32",
    "linen": "#faf0e6", "magenta": "#ff00ff", "maroon": "#800000", "mediumaquamarine": "#66cdaa",
    "mediumblue": "#0000cd", "mediumorchid": "#ba55d3", "mediumpurple": "#9370db",
    "mediumseagreen": "#3cb371", "mediumslateblue": "#7b68ee", "mediumspringgreen": "#00fa9a",
    "mediumturquoise": "#48d1cc", "mediumvioletred": "#c71585", "midnightblue": "#191970",
    "mintcream": "#f5fffa", "mistyrose": "#ffe4e1", "moccasin": "#ffe4b5", "navajowhite": "#ffdead",
    "navy": "#000080", "oldlace": "#fdf5e6", "olive": "#808000", "olivedrab": "#6b8e23",
    "orange": "#ffa500", "orangered": "#ff4500", "orchid": "#da70d6", "palegoldenrod": "#eee8aa",
    "palegreen": "#98fb98", "paleturquoise": "#afeeee", "palevioletred": "#db7093",
    "papayawhip": "#ffefd5", "peachpuff": "#ffdab9", "peru": "#cd853f", "pink": "#ffc0cb",
    "plum": "#dda0dd", "powderblue": "#b0e0e6", "purple": "#800080", "rebeccapurple": "#663399",
    "red": "#ff0000", "rosybrown": "#bc8f8f", "royalblue": "#4169e1", "saddlebrown": "#8b4513",
    "salmon": "#fa8072", "sandybrown": "#f4a460", "seagreen": "#2e8b57", "seashell": "#fff5ee",
    "sienna": "#a0522d", "silver": "#c0c0c0", "skyblue": "#87ceeb", "slateblue": "#6a5acd",
    "slategray": "#708090", "slategrey": "#708090", "snow": "#fffafa", "springgreen": "#00ff7f",
    "steelblue": "#4682b4", "tan": "#d2b48c", "teal": "#008080", "thistle": "#d8bfd8", "tomato": "#ff6347",
    "turquoise": "#40e0d0", "violet": "#ee82ee", "wheat": "#f5deb3", "white": "#ffffff",
    "whitesmoke": "#f5f5f5", "yellow": "#ffff00", "yellowgreen": "#9acd32",
}
"""The named colours of CSS Color 4 and the colour each stands for (as Chromium computes them)."""
# fmt: on

_NUM = r"(\d{1,3}(?:\.\d{1,3})?|\.\d{1,3})"
_HEX = re.compile(r"#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})")
_FUNC = re.compile(
    rf"(rgba?|hsla?)\(\s*{_NUM}(%|deg)?\s*,\s*{_NUM}(%)?\s*,\s*{_NUM}(%)?\s*(?:,\s*{_NUM}(%)?\s*)?\)"
)
RULE = (
    "a CSS colour is '#rgb', '#rgba', '#rrggbb', '#rrggbbaa', rgb()/rgba()/hsl()/hsla() with plain "
    "numbers, or a named colour such as 'teal'"
)
"""The grammar in words, for error messages."""

Rgba = tuple[int, int, int, int]
"""A colour as drawn: red, green, blue 0..255 and opacity 0..1000 (rounded)."""


def parse_color(value: object) -> Rgba:
    """The colour ``value`` draws, if it is a colour of the grammar above; raises ValueError."""
    if not isinstance(value, str):
        raise ValueError(f"{RULE}; got {short(value, 30)} ({type(value).__name__})")
    if len(value) > MAX_COLOR_LENGTH:
        raise ValueError(f"a CSS colour has at most {MAX_COLOR_LENGTH} characters, got {len(value):,}")
    text = value.strip().lower()
    named = NAMED_COLORS.get(text)
    if named is not None:
        text = named
    if _HEX.fullmatch(text):
        digits = text[1:]
        if len(digits) <= 4:
            digits = "".join(d * 2 for d in digits)
        r, g, b = (int(digits[i : i + 2], 16) for i in (0, 2, 4))
        a = int(digits[6:8], 16) / 255 if len(digits) == 8 else 1.0
        return r, g, b, round(a * 1000)
    m = _FUNC.fullmatch(text)
    if m is None:
        raise ValueError(f"{RULE}; got {short(value, 50)}")
    name, n1, u1, n2, u2, n3, u3, n4, u4 = m.groups()  # rgb/rgba and hsl/hsla are aliases in CSS
    alpha = 1.0 if n4 is None else _fraction(float(n4), u4, value)
    x, y, z = float(n1), float(n2), float(n3)
    if name.startswith("rgb"):
        if u1 == "deg" or not u1 == u2 == u3:
            raise ValueError(f"rgb() takes three numbers 0..255 or three percentages, got {short(value, 50)}")
        top = 100 if u1 == "%" else 255
        if max(x, y, z) > top:
            raise ValueError(f"rgb() takes numbers 0..255 or percentages 0%..100%, got {short(value, 50)}")
        r, g, b = (_byte(v * 255 / top) for v in (x, y, z))
    else:
        if u1 == "%" or u2 != "%" or u3 != "%" or x > 360 or y > 100 or z > 100:
            raise ValueError(
                f"hsl() takes degrees 0..360 and two percentages 0%..100%, got {short(value, 50)}"
            )
        fr, fg, fb = colorsys.hls_to_rgb(x / 360 % 1.0, z / 100, y / 100)
        r, g, b = (_byte(v * 255) for v in (fr, fg, fb))
    return r, g, b, round(alpha * 1000)


def _byte(v: float) -> int:
    """A channel rounded as browsers do (halves up)."""
    return min(255, math.floor(v + 0.5))


def _fraction(number: float, unit: str | None, value: str) -> float:
    """An opacity: a number 0..1 or a percentage 0%..100%."""
    a = number / 100 if unit == "%" else number
    if a > 1:
        raise ValueError(f"an opacity is a number 0..1 or a percentage 0%..100%, got {short(value, 50)}")
    return a


def check_colors(colors: object, seats: int) -> tuple[str, ...]:
    """The players' colours by seat (each stripped of surrounding spaces), if ``colors`` is a
    list or tuple of at least ``seats`` and at most :data:`MAX_COLORS` distinct colours of the
    grammar above; raises ValueError naming the rule (and the colour, by its index) otherwise.
    """
    if not isinstance(colors, (list, tuple)):
        raise ValueError(f"colors is a list of CSS colours by seat, got {type(colors).__name__}")
    if not seats <= len(colors) <= MAX_COLORS:
        raise ValueError(f"need {seats} player colours (at most {MAX_COLORS}), got {len(colors)}")
    drawn: dict[Rgba, int] = {}
    out: list[str] = []
    for i, color in enumerate(colors):
        try:
            rgba = parse_color(color)
        except ValueError as exc:
            raise ValueError(f"colors[{i}]: {exc}") from None
        if rgba in drawn:
            j = drawn[rgba]
            raise ValueError(
                f"colors[{i}]: {short(color, 50)} draws the same colour as colors[{j}] "
                f"({short(colors[j], 50)}); every seat needs its own colour"
            )
        drawn[rgba] = i
        out.append(color.strip())
    return tuple(out)
