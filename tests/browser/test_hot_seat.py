"""Hot-seat in JupyterLab: two humans share the screen with two bots.

The hand of the human who must act is shown card by card; the other human's only as a count;
the shown hand follows the acting seat from placement to placement and from turn to turn, with a
hand-over screen ("Pass to Bo — Bo, click when ready") hiding every hand in between; the View
menu offers only the acting human's view.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from catan_widget import Game

from .lab import ARTIFACTS, LabPage, LabServer, open_lab_page
from .table import RESOURCES, Table

pytestmark = pytest.mark.browser

SEED = 11
NAMES = ["Ada", "Bo", "Bot 1", "Bot 2"]

WIDGET_CELL = f"""\
from catan_widget import CatanWidget, Game

game = Game({NAMES!r}, seed={SEED}, board="beginner", first=0)
w = CatanWidget(game, {{"Bot 1": "greedy", "Bot 2": "greedy"}}, bot_delay=0.05)
w.script_dice((4, 4), (3, 3), (5, 4), (6, 4))
w"""


def place_pair(table: Table, game: Game, seat: int) -> None:
    """``seat`` places a settlement (most pips) and its road, by clicks."""
    table.wait_for(seat=seat, phase="setup_settlement")
    expect(table.banner()).to_have_text("Your turn — place a settlement")
    node = max(sorted(table.legal_ids("node")), key=game.board.node_pips)
    table.place("node", node)
    table.wait_for(seat=seat, phase="setup_road")
    table.place("edge", table.legal_ids("edge")[0])


def assert_view(table: Table, lab: LabPage, acting: int, other: int) -> None:
    """``acting``'s hand is shown card by card (as in Python), ``other``'s only as a count."""
    facts = lab.probe()
    assert facts["current"] == acting
    assert facts["viewer"] == acting
    assert facts["state"]["viewer"] == acting
    shown = table.shown_hand(acting)
    assert [shown[r] for r in RESOURCES] == facts["hands"][acting]
    hidden = table.hand(other)
    expect(hidden).to_have_attribute("data-hidden", "true")
    expect(hidden.locator(".cw-count")).to_have_text(f"× {sum(facts['hands'][other])}")
    expect(hidden.locator("[data-resource]")).to_have_count(0)
    assert facts["state"]["players"][other].get("resources") is None
    # the bots' hands are hidden too
    for bot in (2, 3):
        expect(table.hand(bot)).to_have_attribute("data-hidden", "true")


def test_hot_seat_shows_only_the_acting_humans_hand(lab_page: Page, lab_server: LabServer) -> None:
    game = Game(NAMES, seed=SEED, board="beginner", first=0)
    lab = open_lab_page(lab_page, lab_server, "hotseat.ipynb", [WIDGET_CELL])
    lab.run_all()
    table = Table(lab_page)

    # setup: Ada, Bo, the bots (twice), Bo, Ada; the view follows whoever must act
    table.wait_for(seat=0, phase="setup_settlement")
    assert_view(table, lab, acting=0, other=1)
    place_pair(table, game, 0)
    table.take_screen("Bo")
    table.wait_for(seat=1, phase="setup_settlement")
    assert_view(table, lab, acting=1, other=0)
    place_pair(table, game, 1)
    place_pair(table, game, 1)  # Bo's second settlement brings his first cards
    table.take_screen("Ada")
    table.wait_for(seat=0, phase="setup_settlement")
    assert_view(table, lab, acting=0, other=1)
    place_pair(table, game, 0)

    # Ada's turn, then (after her end of turn) Bo's: the shown hand switches with the turn
    table.wait_for(seat=0, phase="roll")
    assert_view(table, lab, acting=0, other=1)
    table.press("roll")
    table.wait_for(seat=0, phase="main")
    expect(table.log().last).to_contain_text("You rolled 8 (4+4)")
    table.press("end_turn")
    table.take_screen("Bo", shot=ARTIFACTS / "test_hot_seat_handover.png")
    table.wait_for(seat=1, phase="roll")
    expect(table.banner()).to_have_text("Your turn — roll the dice")
    view_menu = table.root.locator('select[data-setting="view"] option')
    expect(view_menu).to_have_count(2)  # Automatic and Bo: no opponent's hand, no teacher view
    expect(view_menu.nth(1)).to_have_text("Bo")
    assert_view(table, lab, acting=1, other=0)
    table.press("roll")
    table.wait_for(seat=1, phase="main")
    expect(table.log().last).to_contain_text("You rolled 6 (3+3)")
    assert_view(table, lab, acting=1, other=0)
    table.root.screenshot(path=ARTIFACTS / "test_hot_seat.png")
    table.press("end_turn")
    # the bots play their turns, then Ada takes the screen and sees her own hand
    table.take_screen("Ada")
    table.wait_for(seat=0, phase="roll")
    assert_view(table, lab, acting=0, other=1)
