"""Clicks that are not allowed do nothing: no dialog, no message to Python, no state change.

A staged position (beginner board) where "You" must roll: every action-bar button but Roll is
disabled and says why in its tooltip; clicking them, or spots that are not highlighted, leaves
the page and the Python game exactly as they were.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .lab import LabPage, LabServer, open_lab_page
from .table import Table

pytestmark = pytest.mark.browser

WIDGET_CELL = """\
from catan_widget import CatanWidget, Game
from catan_widget.engine.topology import NODE_EDGES

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

UNCHANGED = ("version", "history", "hands", "node_owner", "edge_owner", "robber", "phase", "save")


def assert_unchanged(lab: LabPage, before: dict[str, object]) -> dict[str, object]:
    """The Python side has not moved since ``before`` (not even a refused message: same version)."""
    after = lab.probe()
    for key in UNCHANGED:
        assert after[key] == before[key], key
    assert after["state"]["error"] is None
    return after


def test_disabled_buttons_and_unlit_spots_change_nothing(lab_page: Page, lab_server: LabServer) -> None:
    lab = open_lab_page(lab_page, lab_server, "illegal.ipynb", [WIDGET_CELL])
    facts = lab.run_all()
    table = Table(lab_page)
    table.wait_for(seat=0, phase="roll")
    version = table.version()
    assert version == facts["version"]

    # every disabled button says why, in the words of legal.reasons
    reasons = facts["legal"]["reasons"]
    expect(table.button("end_turn")).to_be_disabled()
    expect(table.button("end_turn")).to_have_attribute("title", reasons["end_turn"])
    expect(table.button("build_road")).to_have_attribute("title", reasons["road"])
    disabled = table.root.locator(".cw-actions button:disabled")
    titles = disabled.evaluate_all("els => els.map(e => [e.dataset.action, e.title])")
    assert len(titles) >= 10
    assert all(title for _action, title in titles), titles
    expect(table.button("roll")).to_be_enabled()
    expect(table.root.locator(".cw-legal")).to_have_count(0)  # nothing on the board is clickable

    # clicks on disabled buttons and on spots that are not lit
    table.button("end_turn").click(force=True)
    table.button("end_turn").dispatch_event("click")
    table.button("buy_development_card").click(force=True)
    table.click_spot("node", 5, force=True)
    table.click_spot("edge", 3, force=True)
    table.click_spot("hex", 9)
    expect(table.root.locator(".cw-overlay-slot > *")).to_have_count(0)
    expect(table.root.locator(".cw-dialog")).to_have_count(0)
    expect(table.root).to_have_attribute("data-version", str(version))
    facts = assert_unchanged(lab, facts)

    # roll (legal), then in road mode click a path that is not lit: still nothing
    table.press("roll")
    table.wait_for(seat=0, phase="main")
    facts = lab.probe()
    version = table.version()
    assert facts["version"] == version
    table.press("build_road")
    lit = table.legal_ids("edge")
    assert lit == sorted(facts["legal"]["roads"])
    unlit = next(e for e in range(72) if e not in lit and facts["edge_owner"][e] < 0)
    table.click_spot("edge", unlit, force=True)
    table.click_spot("node", 5, force=True)
    expect(table.root.locator(".cw-overlay-slot > *")).to_have_count(0)
    expect(table.root.locator(".cw-ghost")).to_have_count(0)
    assert table.legal_ids("edge") == lit  # still in road mode
    # a lit path opens the confirmation; Cancel takes it back without asking Python anything
    table.click_spot("edge", lit[0])
    expect(table.root.locator(".cw-overlay-slot [data-dialog='placement']")).to_be_visible()
    table.root.locator(".cw-overlay-slot button[data-action='cancel']").click()
    expect(table.root.locator(".cw-overlay-slot > *")).to_have_count(0)
    expect(table.root).to_have_attribute("data-version", str(version))
    assert_unchanged(lab, facts)
