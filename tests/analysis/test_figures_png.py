"""Every public figure renders to a PNG (kaleido driving the system's Chromium, offline: the
plotly.js shipped with plotly, no MathJax), so a broken figure fails CI; and every figure has
its axis titles and a legend where colours carry meaning."""

from __future__ import annotations

import os
import shutil
import struct
from collections.abc import Callable, Iterator

import plotly.graph_objects as go
import pytest

from catan_widget import Game, plots

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
