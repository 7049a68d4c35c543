"""Every public figure renders to a PNG (kaleido driving the system's Chromium, offline: the
plotly.js shipped with plotly, no MathJax), so a broken figure fails CI; and every figure has
its axis titles and a legend where colours carry meaning.

The figures as plotly.js lays them out (kaleido's "json" format: the full figure, every
default and autorange filled in) are checked too: bar axes start at 0, a text label above a
bar fits inside the plot area, and the spot-value map's rank tags clear the pip discs.
"""

from __future__ import annotations

import json
import os
import shutil
import struct
from collections.abc import Callable, Iterator
from typing import Any

import plotly.graph_objects as go
import pytest

from catan_widget import Game, beginner_board, plots

from .helpers import box_gap_to_circle, map_discs, map_scale, tag_boxes

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="module")
def game() -> Game:
    return Game(seed=3).play(bots="greedy")


def _figures(game: Game) -> dict[str, Callable[[], go.Figure]]:
    return {
        "dice": lambda: plots.dice(game),
        "production": lambda: plots.production(game),
        "spot_values": lambda: plots.spot_values(game.board),
        "income": lambda: plots.income(game),
        "victory_points": lambda: plots.victory_points(game, teacher=True),
        "summary": lambda: plots.summary(game),
        "belief": lambda: plots.belief(game, 0),
    }


FIGURES = ["dice", "production", "spot_values", "income", "victory_points", "summary", "belief"]


@pytest.fixture(scope="module")
def render() -> Iterator[Callable[[go.Figure], bytes]]:
    kaleido = pytest.importorskip("kaleido")
    if not os.path.exists(CHROMIUM):
        pytest.fail("the PNG test needs Debian's chromium (./dev test installs it)")
    os.environ["BROWSER_PATH"] = CHROMIUM
    kaleido.start_sync_server(mathjax=False, silence_warnings=True)

    def png(fig: go.Figure) -> bytes:
        layout = fig.layout
        opts = {"format": "png", "width": layout.width or 900, "height": layout.height or 500}
        data: bytes = kaleido.calc_fig_sync(fig.to_dict(), opts)
        return data

    yield png
    kaleido.stop_sync_server(silence_warnings=True)


FullFigure = Callable[..., dict[str, Any]]


@pytest.fixture(scope="module")
def full(render: Callable[[go.Figure], bytes]) -> FullFigure:
    """The full figure as plotly.js lays it out, at the figure's own size or the one given."""
    import kaleido

    def layout(fig: go.Figure, width: int | None = None, height: int | None = None) -> dict[str, Any]:
        size = {"width": width or fig.layout.width or 900, "height": height or fig.layout.height or 500}
        out: dict[str, Any] = json.loads(kaleido.calc_fig_sync(fig.to_dict(), {"format": "json", **size}))
        return out

    return layout


@pytest.mark.parametrize("name", FIGURES)
def test_each_figure_renders_to_png(name: str, game: Game, render: Callable[[go.Figure], bytes]) -> None:
    fig = _figures(game)[name]()
    data = render(fig)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert width >= 400
    assert height >= 300
    assert len(data) > 10_000, "a figure with content, not a blank page"


@pytest.mark.parametrize("name", [n for n in FIGURES if n != "spot_values"])
def test_each_chart_has_axis_titles_and_a_legend(name: str, game: Game) -> None:
    fig = _figures(game)[name]()
    layout = fig.to_dict()["layout"]
    xaxes = [v for k, v in layout.items() if k.startswith("xaxis")]
    yaxes = [v for k, v in layout.items() if k.startswith("yaxis")]
    assert any(a.get("title", {}).get("text") for a in xaxes), "an x-axis title"
    assert any(a.get("title", {}).get("text") for a in yaxes), "a y-axis title"
    shown = [t for t in fig.data if t.showlegend is not False and t.name]
    assert len(shown) >= 2, "a legend for the colours"
    assert layout["paper_bgcolor"] == "white", "reads the same in light and dark notebook themes"


def test_the_map_has_a_terrain_legend_and_readable_labels(game: Game) -> None:
    fig = plots.spot_values(game.board)
    names = {t.name for t in fig.data}
    assert {"forest", "hills", "desert", "pips per intersection", "best 5 spots"} <= names
    nodes = next(t for t in fig.data if t.name == "pips per intersection")
    dark = [c for c, v in zip(nodes.textfont.color, nodes.marker.color) if v > 0.55 * max(nodes.marker.color)]
    assert set(dark) == {"#fff"}, "light text on the dark markers"


BAR_FIGURES = ["dice", "production", "summary", "belief"]


def bar_axes(figure: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The y axes holding bars, by layout name (``yaxis``, ``yaxis2``...)."""
    names = {t.get("yaxis", "y") for t in figure["data"] if t["type"] == "bar"}
    return {"yaxis" + n[1:]: figure["layout"]["yaxis" + n[1:]] for n in names}


@pytest.mark.parametrize("name", BAR_FIGURES)
def test_bar_axes_start_at_zero(name: str, game: Game, full: FullFigure) -> None:
    """A bar axis cut short (the summary's cards once started at 20) makes small differences
    look big: every bar axis starts at 0, as laid out and as stated in the figure (not left to
    autorange)."""
    fig = _figures(game)[name]()
    stated = bar_axes(fig.to_dict())
    laid_out = bar_axes(full(fig))
    assert laid_out
    for axis, spec in stated.items():
        assert spec.get("rangemode") == "tozero" or spec.get("range", [None])[0] == 0, f"{name} {axis}"
        assert laid_out[axis]["range"][0] == 0, f"{name} {axis} starts at {laid_out[axis]['range'][0]}"


def label_rows(figure: dict[str, Any]) -> list[tuple[str, float, float]]:
    """``(y axis, value, font size)`` of every text label drawn above a bar or a value: a
    text-mode scatter at ``top center`` or bars with ``outside`` text."""
    rows = []
    for t in figure["data"]:
        above = (
            t["type"] == "scatter" and t.get("mode") == "text" and t.get("textposition") == "top center"
        ) or (t["type"] == "bar" and t.get("text") and t.get("textposition") == "outside")
        if above:
            size = t.get("textfont", {}).get("size") or figure["layout"]["font"]["size"]
            axis = "yaxis" + t.get("yaxis", "y")[1:]
            rows += [(axis, v, size) for v in t["y"]]
    return rows


@pytest.mark.parametrize(
    ("name", "size"), [("production", None), ("production", (700, 350)), ("summary", None)]
)
def test_labels_above_bars_fit_inside_the_plot_area(
    name: str, size: tuple[int, int] | None, game: Game, full: FullFigure
) -> None:
    """The production plot's "0.61" was cut off at the top edge: each label needs its text
    height (1.3 em) and plotly's 3 px offset between its value and the top of the plot area
    (margins as laid out; a small notebook output size too)."""
    fig = _figures(game)[name]()
    figure = full(fig, *(size or (None, None)))
    layout = figure["layout"]
    rows = label_rows(figure)
    assert rows, "the figure has labels above its bars"
    plot_height = layout["height"] - layout["margin"]["t"] - layout["margin"]["b"]
    for axis, value, font in rows:
        low, high = layout[axis]["range"]
        domain = layout[axis]["domain"]
        room = (high - value) / (high - low) * plot_height * (domain[1] - domain[0])
        assert room >= 1.3 * font + 3, f"{name}: a label at {value:.3g} has {room:.1f} px above it"


def test_the_rules_tour_production_label_fits(full: FullFigure) -> None:
    """The figure that showed the fault: notebook 02's production board (Bo's 0.61)."""
    from .helpers import node_between

    staged = Game(["Ada", "Bo", "Cy", "Di"], seed=1).stage(
        settlements={"Ada": [node_between(12, 13, 16)]},
        cities={"Bo": [node_between(7, 8, 12)]},
        turn_player="Ada",
    )
    fig = plots.production(staged)
    assert "0.61" in fig.data[-1].text
    for size in [(900, 500), (700, 350)]:
        layout = full(fig, *size)["layout"]
        low, high = layout["yaxis"]["range"]
        plot_height = size[1] - layout["margin"]["t"] - layout["margin"]["b"]
        room = (high - max(fig.data[-1].y)) / (high - low) * plot_height
        assert low == 0
        assert room >= 1.3 * 12 + 3, f"{size}: {room:.1f} px above 0.61"


@pytest.mark.parametrize("board", ["beginner", "random 11"])
def test_rank_tags_clear_the_pip_discs_as_laid_out(board: str, full: FullFigure) -> None:
    """The rank tags once sat on pip discs: as plotly.js lays the map out (its ranges kept, one
    scale on both axes), no tag comes within a pixel of a disc or a ring."""
    b = beginner_board() if board == "beginner" else Game(seed=11, board="random").board
    fig = plots.spot_values(b)
    layout = full(fig)["layout"]
    assert layout["xaxis"]["range"] == pytest.approx(list(fig.layout.xaxis.range))
    assert layout["yaxis"]["range"] == pytest.approx(list(fig.layout.yaxis.range))
    scale = map_scale(layout)
    discs, rings, _ = map_discs(fig, scale)
    for i, tag in enumerate(tag_boxes(layout, scale)):
        gaps = [box_gap_to_circle(tag, d) * scale for d in discs + rings]
        assert min(gaps) >= 1, f"#{i + 1}: {min(gaps):.1f} px from a disc"
