"""Every move followed: cards fly on the table (js/motion.ts). Over a round of bots at their pace,
cards fly from the dice to the players who got them, from payers to the bank and between
traders; each lands and is gone; a card the viewer may not see flies face down. Under
prefers-reduced-motion nothing moves.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .lab import LabServer, open_lab_page
from .table import Table

pytestmark = pytest.mark.browser

CELL = """\
from catan_widget import CatanWidget, Game

game = Game(["You", "Bot 1", "Bot 2", "Bot 3"], seed=3)
game.play(bots="greedy", until=lambda g: g.turn > 30 and g.current_seat == 0 and g.phase == "main")
w = CatanWidget(game, ["human", "bot", "bot", "bot"], bot_delay=0.3, offer_timeout=1)
w"""

#: records every card that takes off (what it shows) and the moves the state announced
WATCH_JS = """(root) => {
  window.__flights = [];
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) {
      if (n.classList && n.classList.contains("cw-fly")) {
        window.__flights.push(n.querySelector(".cw-card-back") ? "back" : "face");
      }
    }
  }).observe(root, { childList: true });
}"""


def _flights(page: Page) -> list[str]:
    flights: list[str] = page.evaluate("() => window.__flights.splice(0)")
    return flights


def test_cards_fly_at_the_bots_pace_and_never_under_reduced_motion(
    lab_page: Page, lab_server: LabServer
) -> None:
    lab_page.set_viewport_size({"width": 1366, "height": 768})
    lab = open_lab_page(
        lab_page, lab_server, "motion.ipynb", [CELL, "w.script_dice((2, 3), (2, 4), (3, 3), (2, 2))"]
    )
    lab.run_all()
    table = Table(lab_page)
    table.wait_for(seat=0, phase="main")
    table.root.evaluate(WATCH_JS)
    # (the tests' browser prefers reduced motion, so the pulsing highlights stand still: not here)
    lab_page.emulate_media(reduced_motion="no-preference")
    # a round of the three bots at their pace
    table.press("end_turn")
    table.wait_for(seat=0, phase="roll", timeout=60_000)
    flown = _flights(lab_page)
    assert flown, "no card moved in a round of three bots"
    assert "face" in flown, flown  # a roll's cards are public
    lab_page.wait_for_timeout(1_500)  # the last cards land
    expect(table.root.locator(".cw-fly")).to_have_count(0)
    # the moves the state announces: a face-down card (-1) only where the viewer may not look
    facts: dict[str, Any] = lab.probe()
    for _event, giver, taker, resource, n in facts["state"].get("moves", []):
        assert n >= 1
        assert resource >= -1
        if resource == -1:
            assert 0 not in (giver, taker), "your own card is never face down to you"

    # under prefers-reduced-motion nothing moves: your roll and the bots' round (scripted, no 7)
    lab_page.emulate_media(reduced_motion="reduce")
    lab.run_cell(2)
    table.press("roll")
    table.wait_for(seat=0, phase="main")
    table.press("end_turn")
    table.wait_for(seat=0, phase="roll", timeout=60_000)
    assert _flights(lab_page) == [], "cards moved under prefers-reduced-motion"
