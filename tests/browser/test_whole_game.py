"""A game played by clicks to a winner in JupyterLab: a staged start close to the end.

"You" (against three greedy bots, no pause between bot moves) hold three cities and three
settlements (9 VP) and the cards for a city; the dice are scripted.  By clicks: roll, choose a
settlement and upgrade it to a city, and the game is over with You the winner at 10 VP.
Screenshots of the end at 1366×768 and with the widget 600 px wide go to ``test-artifacts/``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from catan_widget.engine.board.topology import NODE_NEIGHBORS

from .lab import ARTIFACTS, LabServer, open_lab_page
from .table import Table

pytestmark = pytest.mark.browser

NAMES = ["You", "Bot 1", "Bot 2", "Bot 3"]


def spread_nodes(count: int) -> list[int]:
    """``count`` intersections no two of which are neighbours (lowest ids first)."""
    chosen: list[int] = []
    for n in range(54):
        if all(n != c and n not in NODE_NEIGHBORS[c] for c in chosen):
            chosen.append(n)
        if len(chosen) == count:
            return chosen
    raise AssertionError("not enough room")


NODES = spread_nodes(6)
CITIES, SETTLEMENTS = NODES[:3], NODES[3:]

WIDGET_CELL = f"""\
from catan_widget import CatanWidget, Game

game = Game({NAMES!r}, seed=7, board="beginner", first=0)
game.stage(
    cities={{0: {CITIES!r}}},
    settlements={{0: {SETTLEMENTS!r}}},
    hands={{"You": {{"grain": 2, "ore": 3}}}},
    turn_player=0,
    phase="roll",
)
w = CatanWidget(game, {{"Bot 1": "greedy", "Bot 2": "greedy", "Bot 3": "greedy"}}, bot_delay=0)
w.script_dice((2, 3))
w"""


def test_you_win_a_staged_game_by_clicks(lab_page: Page, lab_server: LabServer) -> None:
    lab_page.set_viewport_size({"width": 1366, "height": 768})
    lab = open_lab_page(lab_page, lab_server, "whole_game.ipynb", [WIDGET_CELL])
    facts = lab.run_all()
    assert facts["phase"] == "roll"
    table = Table(lab_page)
    table.wait_for(seat=0, phase="roll")
    table.press("roll")
    table.wait_for(seat=0, phase="main")
    expect(table.log().last).to_contain_text("You rolled 5 (2+3)")
    table.press("build_city")
    target = SETTLEMENTS[0]
    assert target in table.legal_ids("node")
    table.place("node", target)
    expect(table.root).to_have_attribute("data-phase", "game_over")
    expect(table.root.locator(f".cw-dynamic .cw-city[data-seat='0'][data-node='{target}']")).to_have_count(1)
    expect(table.banner()).to_have_text("You win the game!")
    expect(table.root.locator(".cw-player[data-seat='0'] .cw-vp")).to_have_text("10 VP")
    facts = lab.probe()
    assert facts["state"]["winner"] == 0
    assert facts["state"]["players"][0]["vp"] + (facts["state"]["players"][0].get("vp_hidden") or 0) == 10
    assert not facts["state"]["error"]
    table.root.evaluate("el => el.scrollIntoView({block: 'start'})")
    lab_page.screenshot(path=ARTIFACTS / "test_whole_game_1366x768.png")
    table.root.evaluate("el => { el.style.width = '600px'; }")
    table.root.screenshot(path=ARTIFACTS / "test_whole_game_600px.png")
