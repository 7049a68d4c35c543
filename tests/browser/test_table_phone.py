"""A seat's bare page on a phone-sized screen (390×844, touch): the board and the hand are shown
together on the first screen, and the page never scrolls sideways; every control and every spot
on the board takes taps at least 24×24 px (WCAG 2.2): buttons and corners by their own size, a
road's spot by its band and the forgiving tap around it (js/snap.ts).

The table is tests/browser/test_table_game.py's staged game on 127.0.0.1 (tests/browser/table_server.py),
Ada's link opened in a Chromium context of its own with a phone's viewport.  The page's screenshot
goes to ``test-artifacts/table-phone.png``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, ViewportSize, expect

from catan_widget.engine.constants import RESOURCES
from catan_widget.table.table import Table

from .lab import ARTIFACTS
from .table import Table as Screen
from .table_game_plan import ADA, SEATS, staged_game
from .table_server import TableThread

pytestmark = pytest.mark.browser

PHONE: ViewportSize = {"width": 390, "height": 844}

SIDEWAYS_JS = """() => {
  const doc = document.documentElement;
  return {
    page: [doc.scrollWidth, doc.clientWidth],
    body: [document.body.scrollWidth, document.body.clientWidth],
    // for the failure message: elements reaching past the screen's right edge
    out: [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > doc.clientWidth + 0.5)
      .map((e) => e.tagName.toLowerCase() + '.' + [...e.classList].join('.'))
      .slice(0, 5),
  };
}"""


#: every control shown, and every corner's hit area: [what, width, height] of those under 24 px
SMALL_JS = """(root) => {
  const small = [];
  const check = (what, el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return; // not shown
    if (r.width < 23.5 || r.height < 23.5) small.push([what, Math.round(r.width), Math.round(r.height)]);
  };
  root.querySelectorAll("button, select, [role='button']").forEach((el) =>
    check((el.getAttribute("data-action") || el.className || el.tagName).toString(), el));
  root.querySelectorAll(".cw-node .cw-hit").forEach((el) => check("corner", el));
  return small;
}"""

#: a lit road's centre, and the point `off` px from it across the road (on either side)
ACROSS_JS = """(root, [id, off]) => {
  const r = root.querySelector(`.cw-edge[data-edge="${id}"] .cw-hit`).getBoundingClientRect();
  const pts = root.querySelector(`.cw-edge[data-edge="${id}"] .cw-hit`).getAttribute("points")
    .split(" ").map((p) => p.split(",").map(Number));
  const [dx, dy] = [pts[1][0] - pts[0][0], pts[1][1] - pts[0][1]];
  const len = Math.hypot(dx, dy);
  const [cx, cy] = [r.left + r.width / 2, r.top + r.height / 2];
  return [[cx - (dy / len) * off, cy + (dx / len) * off], [cx + (dy / len) * off, cy - (dx / len) * off]];
}"""


def test_a_seat_on_a_phone_sees_the_board_and_its_hand(lab_browser: BrowserContext) -> None:
    browser = lab_browser.browser
    assert browser is not None
    srv = TableThread(lambda: Table(staged_game(), SEATS, offer_timeout=None))
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=3, is_mobile=True, has_touch=True, reduced_motion="reduce"
    )
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.goto(srv.links["Ada"])
        screen = Screen(page)
        expect(screen.root).to_have_class(re.compile(r"\bcw-ready\b"))
        screen.wait_for(seat=ADA, phase="roll")
        hand = srv.call(lambda: list(srv.table.game.state.hands[ADA]) if srv.table else [])

        board = screen.root.locator("svg.cw-board")
        expect(board).to_be_visible()
        box = board.bounding_box()
        assert box is not None
        assert box["x"] >= 0, box
        assert box["x"] + box["width"] <= PHONE["width"] + 0.5, box
        assert box["width"] >= 0.8 * PHONE["width"], box  # the board uses the screen's width
        assert box["y"] + box["height"] <= PHONE["height"], box  # on the first screen, unscrolled

        strip = screen.root.locator(f".cw-hand-strip[data-seat='{ADA}']")
        expect(strip).to_be_visible()
        for r, n in zip(RESOURCES, hand):
            if n:
                card = strip.locator(f".cw-hcard[data-resource='{r}']")
                expect(card).to_be_visible()
                expect(card).to_have_attribute("data-count", str(n))
        strip_box = strip.bounding_box()
        assert strip_box is not None
        assert strip_box["x"] + strip_box["width"] <= PHONE["width"] + 0.5, strip_box
        assert strip_box["y"] + strip_box["height"] <= PHONE["height"], strip_box  # with the board

        sideways = page.evaluate(SIDEWAYS_JS)
        assert sideways["page"][0] <= sideways["page"][1], sideways
        assert sideways["body"][0] <= sideways["body"][1], sideways
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=ARTIFACTS / "table-phone.png", full_page=True)

        # a finger's targets: controls and corners at least 24 px each way
        assert screen.root.evaluate(SMALL_JS) == [], "targets under 24×24 px"
        # a road's spot takes a tap 12 px off its centre across the road, on either side
        screen.button("roll").tap()
        screen.wait_for(seat=ADA, phase="main")
        screen.button("build_road").tap()
        lit = screen.legal_ids("edge")
        assert lit, "no road to build"
        for edge in lit[:6]:
            for x, y in screen.root.evaluate(ACROSS_JS, [edge, 12]):
                page.touchscreen.tap(x, y)
                pending = screen.root.locator(f".cw-ghost-layer[data-pending='build_road:{edge}']")
                expect(pending).to_have_count(1)
                screen.root.locator(".cw-overlay-slot button[data-action='cancel']").tap()
                expect(screen.root.locator(".cw-ghost-layer[data-pending]")).to_have_count(0)
    finally:
        context.close()
        srv.stop()
