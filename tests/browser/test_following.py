"""Following the game in real JupyterLab (issue 20, items 6 to 8).

* The compact board (``CatanWidget(compact=True)``, the rules tour's): about 500 px tall with
  nothing under it, and it still answers clicks (a setup settlement placed on it).
* "Since your last turn": beside the board after the bots moved, the engine's sentences; opened,
  the log lines it sums up.
* "New game" in a finished game starts the next one at the same table.

Screenshots: ``test-artifacts/following-compact.png``, ``following-since.png``.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from playwright.sync_api import Locator, Page, expect

from catan_widget.widget.view import unpack_actions

from .lab import ARTIFACTS, LabPage, LabServer, open_lab_page
from .table import Table

pytestmark = pytest.mark.browser

NAMES = ["Ada", "Bo", "Cy", "Di"]
COMPACT_CELL = f"""\
from catan_widget import CatanWidget, Game

w = CatanWidget(Game({NAMES!r}, seed=1, first=0), teacher=True, show_ids=True, compact=True)
w"""
SINCE_CELL = f"""\
later = Game({NAMES!r}, seed=3)
later.play(bots="greedy", until=lambda g: g.turn > 30 and g.current_seat == 0 and g.phase == "roll")
s = CatanWidget(later, ["human", "bot", "bot", "bot"], bot_delay=0)
s"""
OVER_CELL = f"""\
done = Game({NAMES!r}, seed=5, first=0).play(bots="greedy")
g = CatanWidget(done, ["human", "bot", "bot", "bot"], bot_delay=0)
g"""
COMPACT_PX = (380, 540)
"""The compact widget's height, least and most (px)."""


@dataclass
class CellTable(Table):
    """The widget of one cell (the page holds several)."""

    cell: Locator

    @property
    def root(self) -> Locator:
        """The widget's root in its cell."""
        return self.cell.locator(".catan-widget")

    def at(self, *, seat: int | None = None, phase: str | None = None) -> Locator:
        """The root, only while ``seat`` may act in ``phase`` (``None``: any)."""
        sel = ".catan-widget.cw-ready"
        sel += "" if seat is None else f'[data-seat="{seat}"]'
        sel += "" if phase is None else f'[data-phase="{phase}"]'
        return self.cell.locator(sel)


def _table(lab: LabPage, cell: int) -> CellTable:
    t = CellTable(page=lab.page, cell=lab.cell(cell))
    expect(t.at()).to_have_count(1, timeout=60_000)
    return t


def test_compact_board_since_box_and_new_game(lab_page: Page, lab_server: LabServer) -> None:
    lab_page.set_viewport_size({"width": 1366, "height": 768})
    lab = open_lab_page(lab_page, lab_server, "following.ipynb", [COMPACT_CELL, SINCE_CELL, OVER_CELL])
    facts = lab.run_all(timeout=120_000)
    ARTIFACTS.mkdir(exist_ok=True)

    compact = _table(lab, 1)
    compact.root.scroll_into_view_if_needed()
    box = compact.root.bounding_box()
    assert box is not None
    assert COMPACT_PX[0] <= box["height"] <= COMPACT_PX[1], box
    expect(compact.root.locator(".cw-side")).to_be_hidden()
    expect(compact.root.locator(".cw-board-wrap svg")).to_be_visible()
    compact.root.screenshot(path=ARTIFACTS / "following-compact.png")
    node = unpack_actions(facts["legal"]["actions"])[0]["node"]
    compact.place("node", node)
    placed = compact.root.locator(f".cw-dynamic .cw-settlement[data-seat='0'][data-node='{node}']")
    expect(placed).to_have_count(1)
    assert lab.probe()["node_owner"][node] == 0, "the click on the compact board was a move"

    since = _table(lab, 2)
    since.root.scroll_into_view_if_needed()
    summary = since.root.locator(".cw-since-box")
    expect(summary).to_be_visible()
    summary.locator(".cw-since-box-toggle").click()
    expect(summary.locator(".cw-since-box-text li").first).to_contain_text("rolled")
    expect(summary.locator(".cw-since-box-log li").first).to_be_visible()
    since.root.screenshot(path=ARTIFACTS / "following-since.png")

    over = _table(lab, 3)
    over.root.scroll_into_view_if_needed()
    button = over.root.locator(".cw-new-game")
    expect(button).to_be_visible()
    button.click()
    expect(over.root.locator(".cw-new-game")).to_have_count(0, timeout=30_000)
    expect(over.root.locator(".cw-banner[data-phase^='setup']")).to_have_count(1, timeout=30_000)
