"""One human against three greedy bots in JupyterLab, played by clicks from the first settlement.

The notebook scripts the dice (a 7 on your first roll, no 7 for the bots) and gives "You" ten
cards before the game starts, so that first roll finds more than 7 cards in your hand: you discard
in the dialog, move the robber and steal.  Every step is checked on the page and in Python.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from catan_widget import Game
from catan_widget.engine.words.places import hex_name

from .lab import ARTIFACTS, LabServer, open_lab_page
from .table import RESOURCES, Table, robber_targets

pytestmark = pytest.mark.browser

SEED = 7
NAMES = ["You", "Bot 1", "Bot 2", "Bot 3"]
# your 7, the three bots' rolls (no 7), your second roll
DICE = [(3, 4), (2, 3), (4, 4), (5, 1), (6, 2)]

WIDGET_CELL = f"""\
from catan_widget import CatanWidget, Game

game = Game({NAMES!r}, seed={SEED}, board="beginner", first=0)
w = CatanWidget(game, {{"Bot 1": "greedy", "Bot 2": "greedy", "Bot 3": "greedy"}}, bot_delay=0.05)
w.script_dice(*{DICE!r})
# a head start for the test: two of each resource from the bank, so You hold more than 7 at the 7
for r in range(5):
    game.state.hands[0][r] += 2
    game.state.bank[r] -= 2
w.refresh()
w"""


def best_spot(game: Game, nodes: list[int]) -> int:
    """The highlighted intersection with the most pips (lowest id on ties)."""
    return max(sorted(nodes), key=game.board.node_pips)


def discard_plan(hand: dict[str, int], count: int) -> dict[str, int]:
    """``count`` cards to discard, ore first and lumber / brick last (keep a road's worth)."""
    plan: dict[str, int] = {}
    for r in ("ore", "grain", "wool", "lumber", "brick"):
        keep = 1 if r in ("lumber", "brick") else 0
        n = min(count - sum(plan.values()), max(0, hand[r] - keep))
        if n:
            plan[r] = n
    return plan


def place_setup_pair(table: Table, game: Game) -> tuple[int, int]:
    """Your settlement then its road, by clicks; the spots chosen."""
    table.wait_for(seat=0, phase="setup_settlement")
    expect(table.banner()).to_have_text("Your turn — place a settlement")
    node = best_spot(game, table.legal_ids("node"))
    table.place("node", node)
    table.wait_for(seat=0, phase="setup_road")
    edge = table.legal_ids("edge")[0]
    table.place("edge", edge)
    return node, edge


def build_if_possible(table: Table) -> tuple[str, int] | None:
    """Build a settlement, else a road, where the widget allows; what was built where."""
    for action, kind, spot in (("build_settlement", "settlement", "node"), ("build_road", "road", "edge")):
        if table.enabled(action):
            table.press(action)
            ident = table.legal_ids(spot)[0]
            table.place(spot, ident)
            drawn = table.root.locator(f".cw-dynamic .cw-{kind}[data-seat='0'][data-{spot}='{ident}']")
            expect(drawn).to_have_count(1)
            return kind, ident
    return None


def test_you_play_setup_and_two_turns_against_bots_by_clicks(lab_page: Page, lab_server: LabServer) -> None:
    game = Game(NAMES, seed=SEED, board="beginner", first=0)  # the same board, to choose spots
    lab = open_lab_page(lab_page, lab_server, "bots.ipynb", [WIDGET_CELL])
    facts = lab.run_all()
    assert facts["phase"] == "setup_settlement"
    assert facts["hands"][0] == [2, 2, 2, 2, 2]
    table = Table(lab_page)

    # --- setup: two settlements and two roads, the bots placing in between ---------------------
    first = place_setup_pair(table, game)
    # the bots place both rounds; you are asked again only after them
    second = place_setup_pair(table, game)
    table.wait_for(seat=0, phase="roll")
    expect(table.root.locator(".cw-player.cw-current")).to_have_attribute("data-seat", "0")
    assert table.pieces("settlement", 0) == sorted([first[0], second[0]])
    assert table.pieces("road", 0) == sorted([first[1], second[1]])
    for seat in (1, 2, 3):
        assert len(table.pieces("settlement", seat)) == 2
        assert len(table.pieces("road", seat)) == 2
    facts = lab.probe()
    assert facts["phase"] == "roll"
    assert facts["turn"] == 1
    assert [facts["node_owner"][first[0]], facts["node_owner"][second[0]]] == [0, 0]
    assert [facts["edge_owner"][first[1]], facts["edge_owner"][second[1]]] == [0, 0]
    hand = table.shown_hand(0)
    assert [hand[r] for r in RESOURCES] == facts["hands"][0]
    held = sum(hand.values())
    assert held > 7

    # --- turn 1: a scripted 7 with more than 7 cards: discard, robber, steal ---------------------
    table.press("roll")
    table.wait_for(seat=0, phase="discard")
    expect(table.banner()).to_have_text(f"A 7! Discarding: you ({held // 2})")
    expect(table.log().last).to_have_text("You rolled 7 (3+4): the robber!")
    expect(table.root.locator(".cw-dice-sum")).to_have_attribute("data-sum", "7")
    plan = discard_plan(hand, held // 2)
    table.discard(plan)
    table.wait_for(seat=0, phase="move_robber")
    facts = lab.probe()
    assert sum(facts["hands"][0]) == held - held // 2
    assert facts["hands"][0] == [hand[r] - plan.get(r, 0) for r in RESOURCES]
    targets = robber_targets(facts["legal"])
    target, victims = min(targets.items(), key=lambda item: (-len(item[1]), item[0]))
    assert len(victims) >= 2, "this seed offers a hex with two bots to rob: the chooser shows"
    assert table.legal_ids("hex") == sorted(targets)
    before = table.version()
    table.click_spot("hex", target)
    victim = victims[-1]
    confirm = table.root.locator(".cw-overlay-slot button[data-action='confirm']")
    expect(confirm).to_be_disabled()  # a victim must be chosen first
    expect(confirm).to_have_attribute("aria-disabled", "true")
    expect(table.root.locator("button.cw-victim")).to_have_count(len(victims))
    table.root.locator(f"button.cw-victim[data-victim='{victim}']").click()
    expect(confirm).to_be_enabled()
    confirm.click()
    table.wait_past(before)
    table.wait_for(seat=0, phase="main")
    expect(table.log().last).to_contain_text(f"You moved the robber to {hex_name(game.board, target)}")
    expect(table.log().last).to_contain_text("and stole")
    expect(table.log().last).to_contain_text(f"from {NAMES[victim]}")
    expect(table.root.locator(f".cw-dynamic .cw-robber[data-hex='{target}']")).to_have_count(1)
    facts = lab.probe()
    assert facts["robber"] == target
    assert sum(facts["hands"][0]) == held - held // 2 + 1
    built_first = build_if_possible(table)
    assert built_first is not None, "you kept a road's worth of cards"
    table.press("end_turn")

    # --- the bots' turns (scripted, no 7), then turn 2 ------------------------------------------
    table.wait_for(seat=0, phase="roll")
    expect(table.root.locator(".cw-banner-turn")).to_have_text("Round 2 · Your turn")
    expect(table.banner()).to_contain_text("roll the dice")
    table.press("roll")
    table.wait_for(seat=0, phase="main")
    expect(table.log().last).to_contain_text("You rolled 8 (6+2)")
    built_second = build_if_possible(table)
    table.root.screenshot(path=ARTIFACTS / "test_play_against_bots.png")
    before = table.version()
    table.press("end_turn")
    table.wait_past(before)

    facts = lab.probe()
    assert facts["turn"] >= 6  # your two turns and the bots' three, at least
    assert not facts["state"]["error"]
    rolls = [line for line in facts["log"] if line.startswith("You rolled")]
    assert rolls[0] == "You rolled 7 (3+4): the robber!"
    assert rolls[1].startswith("You rolled 8 (6+2)")
    assert any(line.startswith("You discarded") for line in facts["log"])
    assert facts["log"].count("You ended the turn") == 2
    kind, ident = built_first
    owner = facts["edge_owner"] if kind == "road" else facts["node_owner"]
    assert owner[ident] == 0
    if built_second is not None:
        kind, ident = built_second
        owner = facts["edge_owner"] if kind == "road" else facts["node_owner"]
        assert owner[ident] == 0
