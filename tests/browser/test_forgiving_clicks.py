"""Forgiving clicks in real JupyterLab: a double click on Roll dice, on a build's Confirm and on
End turn makes exactly one move and no toast; a click right after a theme switch is taken.  Then
the bots' moves are ringed on the board, linked to their log lines, and the pips overlay leaves
the pieces visible (screenshot in ``test-artifacts/``).
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .lab import ARTIFACTS, LabPage, LabServer, open_lab_page
from .table import Table

pytestmark = pytest.mark.browser

CELL = """\
from catan_widget import CatanWidget, Game
from catan_widget.engine.board.topology import NODE_EDGES

SETTLEMENTS = {0: [12, 40], 1: [23, 31], 2: [20, 0], 3: [50, 33]}
game = Game(["You", "Bot 1", "Bot 2", "Bot 3"], seed=5, board="beginner")
game.stage(
    settlements=SETTLEMENTS,
    roads={seat: [NODE_EDGES[n][0] for n in nodes] for seat, nodes in SETTLEMENTS.items()},
    hands={0: {"lumber": 2, "brick": 2}, 1: {"lumber": 2, "brick": 2}, 2: {"lumber": 2, "brick": 2}},
    turn_player=0,
    phase="roll",
)
w = CatanWidget(game, {"Bot 1": "greedy", "Bot 2": "greedy", "Bot 3": "greedy"}, bot_delay=0.05)
w.script_dice((1, 1), (4, 4), (5, 5), (2, 4))  # no 7: You 2, then the bots 8, 10 and 6
w"""

COUNT_TOASTS = """root => {
  window.cwToasts = 0;
  new MutationObserver(() => { if (root.querySelector('.cw-toast')) window.cwToasts += 1; })
    .observe(root, { childList: true, subtree: true });
}"""


def one_move(lab: LabPage, table: Table, before: dict[str, Any], settings: int = 0) -> dict[str, Any]:
    """Python got exactly one message since ``before`` (one new version, plus one for each of
    ``settings`` changes), made one move and set no error; no toast was ever shown.  The facts
    after.
    """
    table.wait_past(before["version"] + settings)
    after = lab.probe()  # a kernel round trip: a second message would have arrived by now
    assert after["version"] == before["version"] + settings + 1, "one intent sent, one answer"
    assert after["history"] == before["history"] + 1, "exactly one move"
    assert after["state"]["error"] is None
    expect(table.toast()).to_have_count(0)
    assert lab.page.evaluate("window.cwToasts") == 0
    return after


def test_double_clicks_make_one_move_and_say_nothing(lab_page: Page, lab_server: LabServer) -> None:
    lab = open_lab_page(lab_page, lab_server, "forgiving.ipynb", [CELL])
    facts = lab.run_all()
    table = Table(lab_page)
    table.wait_for(seat=0, phase="roll")
    table.root.evaluate(COUNT_TOASTS)

    # a theme switch, then at once a double click on Roll dice (made on the view from before
    # the switch, most likely): one roll, taken
    before = lab.probe()
    table.setting("theme").select_option("dark")
    table.button("roll").dblclick()
    facts = one_move(lab, table, before, settings=1)
    assert facts["settings"]["theme"] == "dark"
    assert facts["phase"] == "main"

    # a double click on a road's Confirm: one road
    table.press("build_road")
    edge = table.legal_ids("edge")[0]
    table.click_spot("edge", edge)
    table.root.locator(".cw-overlay-slot button[data-action='confirm']").dblclick()
    facts = one_move(lab, table, facts)
    assert facts["edge_owner"][edge] == 0
    assert table.pieces("road", 0).count(edge) == 1

    # a double click on End turn: one turn ended; the bots play and it is your roll again
    table.button("end_turn").dblclick()
    table.wait_for(seat=0, phase="roll")
    after = lab.probe()
    assert after["state"]["error"] is None
    assert sum(line == "You ended the turn" for line in after["log"]) == 1
    assert lab.page.evaluate("window.cwToasts") == 0

    # what the bots did is ringed on the board, and linked to its log line
    marks = after["state"]["marks"]
    assert marks, "the bots' rolls produced and they built"
    rings = table.root.locator(".cw-changes .cw-change")
    expect(rings).to_have_count(sum(len(m) - 2 for m in marks))
    line, _, place = next(m[:3] for m in marks if m[2][0] in "en" and m[0] >= 0)
    attr = "data-edge" if place[0] == "e" else "data-node"
    table.root.locator(f".cw-log-list li[data-line='{line}']").hover()
    expect(table.root.locator(f".cw-change.cw-linked[{attr}='{place[1:]}']")).to_have_count(1)

    # the pips overlay lies under the pieces: a road end next to a labelled corner stays on top
    table.setting("show_pips").click()
    expect(table.root.locator(".cw-dynamic .cw-pip-overlay")).to_have_count(1)
    on_top = table.root.evaluate(
        """root => {
          const labels = root.querySelector('.cw-dynamic .cw-pip-overlay');
          const roads = root.querySelector('.cw-dynamic .cw-roads');
          return !!(labels.compareDocumentPosition(roads) & Node.DOCUMENT_POSITION_FOLLOWING);
        }"""
    )
    assert on_top
    ARTIFACTS.mkdir(exist_ok=True)
    table.root.screenshot(path=ARTIFACTS / "forgiving-clicks-pips-and-marks.png")


def test_the_error_toast_sits_under_the_board(lab_page: Page, lab_server: LabServer) -> None:
    lab = open_lab_page(lab_page, lab_server, "toast.ipynb", [CELL])
    lab.run_all()
    table = Table(lab_page)
    table.wait_for(seat=0, phase="roll")
    table.button("roll").click()
    table.wait_for(seat=0, phase="main")
    table.press("build_road")
    lit = set(table.legal_ids("edge"))
    unlit = next(e for e in range(72) if e not in lit)
    table.click_spot("edge", unlit, force=True)  # sent anyway: Python says why not
    expect(table.toast()).to_have_count(1)
    board = table.root.locator("svg.cw-board").bounding_box()
    toast = table.root.locator(".cw-toast").bounding_box()
    assert board is not None
    assert toast is not None
    assert toast["y"] >= board["y"] + board["height"] - 1, "the toast covers no hex"
    ARTIFACTS.mkdir(exist_ok=True)
    table.root.screenshot(path=ARTIFACTS / "forgiving-clicks-toast.png")
