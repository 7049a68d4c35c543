"""The game review by clicks in JupyterLab: at the end of a game "Review this game" works while
the notebook stays free, then shows each player's accuracy and the key moments; a key moment
opens the replay at its position, with the win-chance strip under the replay bar; a click on the
strip goes to that position; at a position where a graded move was played, the better move is
ringed on the board.

Screenshots: ``test-artifacts/review-summary.png``, ``review-strip.png``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .lab import ARTIFACTS, LabServer, open_lab_page
from .table import Table

pytestmark = pytest.mark.browser

CELL = """\
from catan_widget import CatanWidget, Game

done = Game(["You", "Bot 1", "Bot 2", "Bot 3"], seed=21).play(bots="greedy")
w = CatanWidget(done, ["human", "bot", "bot", "bot"], bot_delay=0)
w"""

#: in the replay, go to a position where a graded move's better move is a spot on the board
RING_CELL = """\
spots = ("build_road", "build_settlement", "build_city", "move_robber")
marked = [m for m in w.review["marks"] if m["best"]["kind"] in spots]
w.replay_at = marked[0]["at"]
marked[0]["best"]"""


def test_review_a_finished_game_by_clicks(lab_page: Page, lab_server: LabServer) -> None:
    lab_page.set_viewport_size({"width": 1366, "height": 768})
    lab = open_lab_page(lab_page, lab_server, "review.ipynb", [CELL, RING_CELL])
    lab.run_cell(0)
    lab.run_cell(1)
    table = Table(lab_page)
    expect(table.root).to_have_attribute("data-phase", "game_over", timeout=60_000)
    start = table.root.locator("button[data-review='run']")
    start.scroll_into_view_if_needed()
    start.click()
    review = table.root.locator(".cw-review[data-review-state='done']")
    expect(review).to_be_visible(timeout=120_000)
    accuracy = review.locator(".cw-review-player b")
    expect(accuracy).to_have_count(4)
    for text in accuracy.all_inner_texts():
        assert re.fullmatch(r"\d+(\.\d)?|—", text), text
    moments = review.locator(".cw-review-moments button")
    assert 3 <= moments.count() <= 5
    ARTIFACTS.mkdir(exist_ok=True)
    review.screenshot(path=ARTIFACTS / "review-summary.png")

    # a key moment opens the replay at its position, the strip under the replay bar
    at = int(moments.first.get_attribute("data-value") or "-1")
    moments.first.click()
    strip = table.root.locator(".cw-review-strip")
    expect(strip).to_be_visible()
    expect(table.root.locator(".cw-replay-slider")).to_have_value(str(at))
    assert strip.locator("polyline").count() == 4
    # a click on the strip's first quarter goes there
    box = strip.bounding_box()
    assert box is not None
    strip.click(position={"x": box["width"] * 0.25, "y": box["height"] / 2})
    slider = table.root.locator(".cw-replay-slider")
    expect(slider).not_to_have_value(str(at))
    length = int(slider.get_attribute("max") or "0")
    assert abs(int(slider.input_value()) - length * 0.25) <= length * 0.02 + 1
    strip.screenshot(path=ARTIFACTS / "review-strip.png")

    # where a graded move was played, the better move is ringed on the board
    lab.run_cell(2)
    ring = table.root.locator(".cw-hint-mark")
    expect(ring).to_have_count(1)
