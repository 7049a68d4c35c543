"""The widget in Jupyter Notebook 7 and in Voila, as in JupyterLab (issue 10: "in Voila and
Notebook 7 as well").

Each front-end shows one widget against three greedy bots at 1366×768: the board, the banner (the
engine's ``state.prompt``), the action buttons and the newest log line must be on screen together
(bounding boxes, as in ``test_layout.py``); you place your first settlement and road by clicks and
the bots place theirs, exactly where ``Game.play`` puts them, until the widget asks you again.
Voila is then narrowed to a 600 px window: the widget stacks (``cw-narrow``) and the same parts
stay in view.  Screenshots: ``test-artifacts/notebook7-1366.png``, ``voila-1366.png``,
``voila-600.png``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, ViewportSize, expect

from catan_widget import BuildRoad, BuildSettlement, Game

from .lab import ARTIFACTS, LabServer, write_notebook
from .servers import artifacts_on_failure, start_notebook7, start_voila
from .table import Table
from .test_layout import assert_on_screen

pytestmark = pytest.mark.browser

NAMES = ["You", "Bot 1", "Bot 2", "Bot 3"]
BOTS = {"Bot 1": "greedy", "Bot 2": "greedy", "Bot 3": "greedy"}
WIDGET_CELL = f"""\
from catan_widget import CatanWidget, Game

w = CatanWidget(Game({NAMES!r}, seed=3, board="beginner", first=0), {BOTS!r}, bot_delay=0)
w"""
LAPTOP: ViewportSize = {"width": 1366, "height": 768}


def new_game() -> Game:
    """The notebook's game, on this side, to know what the widget must show."""
    return Game(NAMES, seed=3, board="beginner", first=0)


@pytest.fixture
def tab(lab_browser: BrowserContext) -> Iterator[Page]:
    """A new tab at 1366×768 in the browser tests' Chromium."""
    page = lab_browser.new_page()
    page.set_default_timeout(30_000)
    page.set_viewport_size(LAPTOP)
    try:
        yield page
    finally:
        page.close()


def _serving(
    tmp_path_factory: pytest.TempPathFactory, name: str, start: Callable[[Path], LabServer]
) -> Iterator[LabServer]:
    """``start`` serving a fresh folder whose ``root`` holds ``play.ipynb`` (not run yet)."""
    workdir = tmp_path_factory.mktemp(name)
    (workdir / "root").mkdir()
    write_notebook(workdir / "root" / "play.ipynb", [WIDGET_CELL])
    server = start(workdir)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def notebook7(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    """Notebook 7 serving a folder with ``play.ipynb``."""
    yield from _serving(tmp_path_factory, "notebook7", start_notebook7)


@pytest.fixture
def voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    """Voila rendering ``play.ipynb``."""
    yield from _serving(tmp_path_factory, "voila", lambda workdir: start_voila(workdir, "play.ipynb"))


def parts(table: Table, *, log: bool = True) -> dict[str, Locator]:
    """What must be on screen together: board, banner, action buttons, newest log line."""
    found = {
        "board": table.root.locator(".cw-board"),
        "banner": table.root.locator(".cw-banner"),
        "action buttons": table.root.locator(".cw-actions-slot"),
    }
    if log:
        found["last log line"] = table.log().last
    return found


def play_first_placements(page: Page) -> Table:
    """Check the opening screen, place your first settlement and road by clicks, let the bots
    place all of theirs; the widget then asks you again.  Checks every step against ``Game``.
    """
    game = new_game()
    table = Table(page)
    table.wait_for(seat=0, phase="setup_settlement")
    expect(table.banner()).to_have_text(game.prompt(0))
    expect(table.root.locator(".cw-board")).to_be_visible()
    assert_on_screen(page, parts(table, log=False))  # the log is still empty

    node = table.legal_ids("node")[0]
    table.place("node", node)
    table.wait_for(seat=0, phase="setup_road")
    edge = table.legal_ids("edge")[0]
    table.place("edge", edge)
    table.wait_for(seat=0, phase="setup_settlement")  # all six bot placements happened meanwhile

    game.step(BuildSettlement(node=node))
    game.step(BuildRoad(edge=edge))
    game.play(bots={"You": "greedy", **BOTS}, until=lambda g: g.current_seat == 0)
    expect(table.banner()).to_have_text(game.prompt(0))
    expect(table.log().last).to_have_text(game.log[-1])
    owner = game.state.node_owner
    roads = game.state.edge_owner
    for seat in range(4):
        assert table.pieces("settlement", seat) == [n for n, o in enumerate(owner) if o == seat]
        assert table.pieces("road", seat) == [e for e, o in enumerate(roads) if o == seat]
        assert len(table.pieces("settlement", seat)) == (1 if seat == 0 else 2)
    assert_on_screen(page, parts(table))
    return table


KERNEL_IDLE_JS = """() => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const session = panel && panel.sessionContext;
  return Boolean(session && session.session && session.session.kernel
    && session.kernelDisplayStatus === 'idle');
}"""


def test_notebook7_shows_the_widget_on_a_laptop_and_plays_the_opening(
    tab: Page, notebook7: LabServer
) -> None:
    with artifacts_on_failure(tab, notebook7, "notebook7"):
        tab.goto(f"{notebook7.base_url}/notebooks/play.ipynb?token={notebook7.token}")
        tab.wait_for_function(KERNEL_IDLE_JS, timeout=90_000)
        tab.evaluate("async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
        play_first_placements(tab)
        ARTIFACTS.mkdir(exist_ok=True)
        tab.screenshot(path=ARTIFACTS / "notebook7-1366.png")


def test_voila_shows_the_widget_on_a_laptop_plays_the_opening_and_stacks_at_600px(
    tab: Page, voila: LabServer
) -> None:
    with artifacts_on_failure(tab, voila, "voila"):
        tab.goto(f"{voila.base_url}/?token={voila.token}")
        table = play_first_placements(tab)
        expect(table.root).not_to_have_class(re.compile(r"\bcw-narrow\b"))
        ARTIFACTS.mkdir(exist_ok=True)
        tab.screenshot(path=ARTIFACTS / "voila-1366.png")

        tab.set_viewport_size({"width": 600, "height": LAPTOP["height"]})
        expect(table.root).to_have_class(re.compile(r"\bcw-narrow\b"))
        assert_on_screen(tab, parts(table))
        tab.screenshot(path=ARTIFACTS / "voila-600.png")
