"""Clicks that are not allowed: the widget says why, and the game does not move.

* A disabled button (``aria-disabled="true"``) sends nothing: clicked or tapped, it shows its
  reason — the sentence Python sent in ``legal.reasons`` — in the note under the action bar.
* Outside a placement mode, a click on the board does nothing at all.
* While a placement mode is in force (a build button pressed, the setup phases, the robber), a
  click on a spot that is not lit is sent to Python, which refuses it with the engine's
  sentence (``state.error``, shown in the error toast); the game is unchanged.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from catan_widget.engine.board.topology import NODE_NEIGHBORS
from catan_widget.engine.state import EMPTY
from catan_widget.widget.view import unpack_reasons

from .lab import LabPage, LabServer, open_lab_page
from .table import Table, legal_spots

pytestmark = pytest.mark.browser

STAGED_CELL = """\
from catan_widget import CatanWidget, Game
from catan_widget.engine.board.topology import NODE_EDGES

SETTLEMENTS = {0: [12, 40], 1: [23, 31], 2: [20, 0], 3: [50, 33]}
game = Game(["You", "Bot 1", "Bot 2", "Bot 3"], seed=5, board="beginner")
game.stage(
    settlements=SETTLEMENTS,
    roads={seat: [NODE_EDGES[n][0] for n in nodes] for seat, nodes in SETTLEMENTS.items()},
    hands={0: {"lumber": 1, "brick": 1}},
    turn_player=0,
    phase="roll",
)
w = CatanWidget(game, {"Bot 1": "greedy", "Bot 2": "greedy", "Bot 3": "greedy"}, bot_delay=0.05)
w.script_dice((1, 1))  # a 2: nobody produces
w"""

# the bots place first: "You" then chooses a corner with settlements around
SETUP_CELL = """\
from catan_widget import CatanWidget, Game

game = Game(["You", "Bot 1", "Bot 2", "Bot 3"], seed=3, board="beginner", first=1)
w = CatanWidget(game, {"Bot 1": "greedy", "Bot 2": "greedy", "Bot 3": "greedy"}, bot_delay=0.05)
w"""

GAME = ("history", "hands", "bank", "node_owner", "node_level", "edge_owner", "robber", "phase", "save")
"""The probe's facts that say where the game stands."""


def assert_unchanged(lab: LabPage, before: dict[str, Any]) -> dict[str, Any]:
    """Python has not moved since ``before``, and was not even asked (same version, no error)."""
    after = lab.probe()
    for key in ("version", *GAME):
        assert after[key] == before[key], key
    assert after["state"]["error"] is None
    return after


def assert_refused(lab: LabPage, table: Table, before: dict[str, Any]) -> dict[str, Any]:
    """Python was asked and refused: one new version carrying ``state.error`` (shown in the
    toast), and the game exactly as it was.  The facts after.
    """
    table.wait_past(before["version"])
    after = lab.probe()
    assert after["version"] == before["version"] + 1
    for key in GAME:
        assert after[key] == before[key], key
    error = after["state"]["error"]
    assert error
    expect(table.toast()).to_have_text(error)
    return after


def test_disabled_buttons_and_unlit_spots(lab_page: Page, lab_server: LabServer) -> None:
    lab = open_lab_page(lab_page, lab_server, "illegal.ipynb", [STAGED_CELL])
    facts = lab.run_all()
    table = Table(lab_page)
    table.wait_for(seat=0, phase="roll")
    assert table.version() == facts["version"]

    # every disabled button says why, in the words of legal.reasons
    reasons = unpack_reasons(facts["legal"]["reasons"])
    for action in ("end_turn", "build_road", "buy_development_card"):
        btn = table.button(action)
        expect(btn).to_have_attribute("aria-disabled", "true")
        expect(btn).to_have_class(re.compile(r"\bcw-disabled\b"))
        expect(btn).to_be_disabled()  # Playwright honours aria-disabled
        expect(btn).to_have_attribute("title", reasons[action])
        expect(btn).to_have_attribute("data-reason", reasons[action])
    disabled = table.root.locator(".cw-actions button[aria-disabled='true']")
    titles = disabled.evaluate_all("els => els.map(e => [e.dataset.action, e.title, e.dataset.reason])")
    assert len(titles) >= 8  # the development cards are played from the hand (none held here)
    for action, title, reason in titles:
        assert title == reason == reasons[action], action
    expect(table.button("roll")).to_be_enabled()
    expect(table.root.locator(".cw-legal")).to_have_count(0)  # nothing on the board is lit

    # a click (or a bare click event, as a tap sends) on a disabled button shows its reason
    expect(table.note()).to_have_count(0)
    table.button("end_turn").click(force=True)
    expect(table.note()).to_have_text(reasons["end_turn"])
    table.button("build_road").dispatch_event("click")
    expect(table.note()).to_have_text(reasons["build_road"])
    table.button("buy_development_card").click(force=True)
    expect(table.note()).to_have_text(reasons["buy_development_card"])
    expect(table.note()).to_have_count(0, timeout=10_000)  # the note goes after a few seconds
    # outside a placement mode, clicks on the board do nothing
    table.click_spot("node", 5, force=True)
    table.click_spot("edge", 3, force=True)
    table.click_spot("hex", 9)
    expect(table.root.locator(".cw-overlay-slot > *")).to_have_count(0)
    expect(table.root.locator(".cw-dialog")).to_have_count(0)
    expect(table.root.locator(".cw-hint")).to_have_count(0)
    expect(table.root).to_have_attribute("data-version", str(facts["version"]))
    facts = assert_unchanged(lab, facts)

    # roll (legal); in road mode a lit path opens the confirmation, Cancel takes it back
    table.press("roll")
    table.wait_for(seat=0, phase="main")
    facts = lab.probe()
    assert facts["version"] == table.version()
    table.press("build_road")
    expect(table.root.locator(".cw-hint[data-mode='build_road']")).to_be_visible()
    expect(table.root.locator("svg.cw-board")).to_have_attribute("data-mode", "build_road")
    lit = table.legal_ids("edge")
    assert sorted(lit) == legal_spots(facts["legal"], "build_road")
    table.click_spot("edge", lit[0])
    expect(table.root.locator(".cw-overlay-slot [data-dialog='placement']")).to_be_visible()
    table.root.locator(".cw-overlay-slot button[data-action='cancel']").click()
    expect(table.root.locator(".cw-overlay-slot > *")).to_have_count(0)
    facts = assert_unchanged(lab, facts)

    # a path that is not lit, in road mode: sent, refused with the engine's sentence
    unlit = next(e for e in range(72) if e not in lit and facts["edge_owner"][e] == EMPTY)
    table.click_spot("edge", unlit)
    facts = assert_refused(lab, table, facts)
    assert "road" in facts["state"]["error"]
    expect(table.root.locator(".cw-ghost")).to_have_count(0)
    # the toast can be dismissed; the road mode is still on
    table.root.locator("button[data-action='dismiss_error']").click()
    expect(table.toast()).to_have_count(0)
    assert table.legal_ids("edge") == lit


def test_a_corner_next_to_a_settlement_shows_the_distance_rule(lab_page: Page, lab_server: LabServer) -> None:
    lab = open_lab_page(lab_page, lab_server, "distance.ipynb", [SETUP_CELL])
    lab.run_all()
    table = Table(lab_page)
    # the three bots place first; then "You" must place a settlement
    table.wait_for(seat=0, phase="setup_settlement")
    facts = lab.probe()
    assert facts["version"] == table.version()
    owner = facts["node_owner"]
    taken = [n for n in range(54) if owner[n] != EMPTY]
    assert len(taken) == 3
    lit = table.legal_ids("node")
    assert lit == legal_spots(facts["legal"], "build_settlement")
    near = next(n for n in NODE_NEIGHBORS[taken[0]] if owner[n] == EMPTY)
    assert near not in lit
    expect(table.root.locator("svg.cw-board")).to_have_attribute("data-mode", "build_settlement")

    # the click is sent at once (no ghost, no confirmation) and refused by the engine
    table.click_spot("node", near)
    facts = assert_refused(lab, table, facts)
    assert "distance rule" in facts["state"]["error"]
    expect(table.toast()).to_contain_text("distance rule")
    expect(table.root.locator(".cw-overlay-slot > *")).to_have_count(0)
    assert facts["node_owner"][near] == EMPTY
    assert facts["phase"] == "setup_settlement"

    # a lit corner still works, and the accepted move clears the error
    table.place("node", lit[0])
    table.wait_for(seat=0, phase="setup_road")
    expect(table.toast()).to_have_count(0)
    facts = lab.probe()
    assert facts["node_owner"][lit[0]] == 0
    assert facts["state"]["error"] is None
