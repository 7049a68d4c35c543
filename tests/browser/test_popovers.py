"""A popover beside a spot (the robber's "move here?" with its victims, a road's confirm) stays
inside the board and never covers the spot it is about: at the board's four edges, in a wide cell
and stacked at 600 and 420 px.

Screenshots: ``test-artifacts/popover-<width>-<edge>.png``.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .lab import ARTIFACTS, LabServer, open_lab_page
from .table import Table

pytestmark = pytest.mark.browser

CELL = """\
from catan_widget import CatanWidget, Game, RollDice

game = Game(["You", "Bot 1", "Bot 2", "Bot 3"], seed=7, board="beginner", first=0)
game.play(bots="greedy", until=lambda g: g.turn >= 20 and g.current_seat == 0 and g.phase == "roll")
game.state.hands[0] = [1, 0, 0, 0, 0]
game.step(RollDice(), dice=(3, 4))
w = CatanWidget(game, ["human", "bot", "bot", "bot"], bot_delay=0, offer_timeout=None)
w"""

#: the lit hexes at the board's edges: the left-most, right-most, top and bottom ones
EDGES_JS = """(root) => {
  const hexes = [...root.querySelectorAll(".cw-hex.cw-legal")].map((el) => {
    const r = el.getBoundingClientRect();
    return { id: Number(el.getAttribute("data-hex")), x: r.left + r.width / 2, y: r.top + r.height / 2 };
  });
  const by = (f) => hexes.reduce((a, b) => (f(b) < f(a) ? b : a));
  return {
    left: by((h) => h.x).id, right: by((h) => -h.x).id, top: by((h) => h.y).id, bottom: by((h) => -h.y).id,
  };
}"""

#: the popover's box against the board's, and the spot's centre
CHECK_JS = """(root, id) => {
  const pop = root.querySelector(".cw-overlay-slot .cw-dialog");
  const board = root.querySelector(".cw-board").getBoundingClientRect();
  const hex = root.querySelector(`.cw-hex[data-hex="${id}"]`).getBoundingClientRect();
  if (!pop) return { missing: true };
  const p = pop.getBoundingClientRect();
  const cx = hex.left + hex.width / 2, cy = hex.top + hex.height / 2;
  const inside = p.left >= board.left - 1 && p.right <= board.right + 1
    && p.top >= board.top - 1 && p.bottom <= board.bottom + 1;
  const covers = cx >= p.left && cx <= p.right && cy >= p.top && cy <= p.bottom;
  return { inside, covers, pop: [p.left, p.top, p.right, p.bottom].map(Math.round),
           board: [board.left, board.top, board.right, board.bottom].map(Math.round) };
}"""


def test_popovers_stay_inside_the_board_beside_their_spot(lab_page: Page, lab_server: LabServer) -> None:
    lab_page.set_viewport_size({"width": 1366, "height": 768})
    lab = open_lab_page(lab_page, lab_server, "popovers.ipynb", [CELL])
    lab.run_all()
    table = Table(lab_page)
    table.wait_for(seat=0, phase="move_robber")
    ARTIFACTS.mkdir(exist_ok=True)
    for width in (None, 600, 420):
        if width is not None:
            table.root.evaluate(f"el => {{ el.style.width = '{width}px'; }}")
            lab_page.wait_for_timeout(200)  # the layout follows the new width
        edges: dict[str, int] = table.root.evaluate(EDGES_JS)
        for edge, hex_id in edges.items():
            table.click_spot("hex", hex_id)
            expect(table.root.locator(".cw-overlay-slot [data-dialog='robber']")).to_be_visible()
            found: dict[str, Any] = table.root.evaluate(CHECK_JS, hex_id)
            label = f"the robber's popover for the {edge} hex {hex_id} at {width or 'full'} px"
            lab_page.screenshot(path=ARTIFACTS / f"popover-{width or 'full'}-{edge}.png")
            assert not found.get("missing"), f"{label}: none"
            assert found["inside"], f"{label} leaves the board: {found['pop']} not in {found['board']}"
            assert not found["covers"], f"{label} covers its hex: {found['pop']}"
            table.root.locator(".cw-overlay-slot button[data-action='cancel']").click()
            expect(table.root.locator(".cw-overlay-slot .cw-dialog")).to_have_count(0)
