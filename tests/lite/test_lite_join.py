"""Joining a table from JupyterLite: ``CatanWidget.join(link)`` in a Pyodide kernel, offline.

The Lite site of tests/lite/test_lite_site.py (its fixtures: built if stale, served on
127.0.0.1, Chromium reaching nothing else) opens ``01_play``; instead of its cells, one cell is
added that joins a table served on 127.0.0.1 by a thread of this process
(tests/browser/table_server.py; the site's origin allowed).  The kernel only hands the link to
the widget: its front-end opens the table's WebSocket itself, with no networking in the kernel.
Ada then plays by clicks — a roll of 7 and her discard — and the table's game must show them,
her page her own hand and the others' as counts only.
"""

from __future__ import annotations

import re

import pytest
from browser.table import Table as Screen
from browser.table_game_plan import ADA, DICE, DISCARDS, SEATS, staged_game
from browser.table_server import TableThread
from playwright.sync_api import BrowserContext, expect

from catan_widget.engine.constants import RESOURCES
from catan_widget.table.table import Table

from .test_lite_site import KERNEL_MS, RUN_CELL_JS, WAIT_MS, LiteNotebook, offline, served, site

FIXTURES = (site, served, offline)
"""test_lite_site.py's fixtures, used here by name (the site is built once, if stale)."""

pytestmark = pytest.mark.browser


def test_a_seat_joins_a_table_from_jupyterlite(
    offline: tuple[BrowserContext, list[str]], served: tuple[str, list[str]]
) -> None:
    context, blocked = offline
    base_url, _paths = served

    def make() -> Table:
        table = Table(staged_game(), SEATS, offer_timeout=None)
        table.script_dice(*DICE)
        return table

    srv = TableThread(make, origins=[base_url])
    try:
        assert srv.table is not None
        table = srv.table
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        LiteNotebook(page).open(base_url)
        link = srv.links["Ada"]
        page.evaluate(RUN_CELL_JS, f"from catan_widget import CatanWidget\nCatanWidget.join({link!r})")
        screen = Screen(page)  # 01_play's own cells are not run: the joined widget is the only one
        expect(screen.root).to_have_class(re.compile(r"\bcw-ready\b"), timeout=KERNEL_MS)
        screen.wait_for(seat=ADA, phase="roll", timeout=WAIT_MS)
        assert srv.call(lambda: table.connected(ADA))
        hands = srv.call(lambda: [list(h) for h in table.game.state.hands])
        snap = screen.snapshot()["players"]
        assert snap[str(ADA)]["cards"] == dict(zip(RESOURCES, hands[ADA]))
        for seat in range(1, 4):
            assert snap[str(seat)]["hidden"] == "true"
            assert snap[str(seat)]["count"] == f"× {sum(hands[seat])}"

        screen.send("roll")
        screen.wait_for(seat=ADA, phase="discard", timeout=WAIT_MS)
        screen.discard(DISCARDS[ADA])
        expect(screen.root).not_to_have_attribute("data-seat", str(ADA))  # Bo discards next
        kinds = srv.call(lambda: [a.kind for a, _ in table.game.history])
        assert kinds == ["roll", "discard"]
        after = srv.call(lambda: list(table.game.state.hands[ADA]))
        assert after == [n - DISCARDS[ADA].get(r, 0) for r, n in zip(RESOURCES, hands[ADA])]
        assert screen.shown_hand(ADA) == dict(zip(RESOURCES, after))
    finally:
        srv.stop()
    assert blocked == [], f"requests off 127.0.0.1: {blocked[:10]}"
