"""The browser console stays clean: no warning or error from the widget, in real JupyterLab.

The page's console is recorded from before the notebook opens (``lab_console``,
tests/browser/console.py): the widget renders, you place your first settlement and road by clicks
while the bots place theirs, the widget's cell is run again (the old view is torn down, a new
widget drawn) and every output is cleared (the last view torn down).  Then no message at the
levels warning or error, and no uncaught exception, may be there: none of the widget's (anywidget's
messages about our module, anything from our bundle) and none at all but the short, explained
allow-list of third-party ones (``console.ALLOWED``).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from catan_widget import Game

from .console import ConsoleLog
from .lab import LabServer, open_lab_page
from .table import Table

pytestmark = pytest.mark.browser

NAMES = ["You", "Bot 1", "Bot 2", "Bot 3"]
SEED = 3

WIDGET_CELL = f"""\
from catan_widget import CatanWidget, Game

BOTS = {{"Bot 1": "greedy", "Bot 2": "greedy", "Bot 3": "greedy"}}
w = CatanWidget(Game({NAMES!r}, seed={SEED}, board="beginner", first=0), BOTS, bot_delay=0.05)
w"""


def test_no_console_warning_or_error_from_the_widget(
    lab_page: Page, lab_server: LabServer, lab_console: ConsoleLog
) -> None:
    game = Game(NAMES, seed=SEED, board="beginner", first=0)
    lab = open_lab_page(lab_page, lab_server, "console.ipynb", [WIDGET_CELL])
    facts = lab.run_all()
    assert facts["phase"] == "setup_settlement"
    table = Table(lab_page)

    # the widget at work: drawn, played by clicks, the bots answering
    table.wait_for(seat=0, phase="setup_settlement")
    node = max(sorted(table.legal_ids("node")), key=game.board.node_pips)
    table.place("node", node)
    table.wait_for(seat=0, phase="setup_road")
    table.place("edge", table.legal_ids("edge")[0])
    table.wait_for(seat=0, phase="setup_settlement")  # the bots placed theirs, both rounds' first
    assert table.pieces("settlement", 0) == [node]

    # its cell again: the old view goes, a new widget is drawn; then no view at all
    lab.run_cell(1)
    table.wait_for(seat=0, phase="setup_settlement")
    expect(table.root).to_have_count(1)
    assert table.pieces("settlement", 0) == []
    lab.command("notebook:clear-all-cell-outputs")
    expect(table.root).to_have_count(0)
    lab.probe()  # a kernel round trip after the teardown: late messages have had their chance

    assert lab_console.ours() == [], lab_console.report()
    assert lab_console.unexpected() == [], lab_console.report()
