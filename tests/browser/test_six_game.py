"""A six-player game by clicks in JupyterLab at 1366×768 (issue 23), then the same widget in a
600 px cell.

The extension's beginner board, "You" against five greedy bots (no pause between bot moves),
a staged start: You hold three cities and three settlements (9 VP) and the cards for a city;
it is Bot 5's turn, the dice scripted.  Bot 5 rolls and ends the turn; the Special Building
Phase starts at its left, with You: the banner says so in the engine's words, trades and
cards are refused, and by clicks You upgrade a settlement to a city (10 VP) and pass.  The
other builders pass in turn order, and the moment You's own turn starts You win.  Along the
way the board, the banner, the controls, the last log line and the six players' panels are
on screen together, the file browser open; stacked in a 600 px cell nothing is wider than the
cell.  Screenshots go to ``test-artifacts/six-*.png``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from catan_widget import Game
from catan_widget.engine.board.topology import EXTENSION
from tests.widget.helpers import spread

from .lab import ARTIFACTS, LabServer, open_lab_page
from .table import Table
from .test_layout import assert_on_screen, parts

pytestmark = pytest.mark.browser

NAMES = ["You", "Bot 1", "Bot 2", "Bot 3", "Bot 4", "Bot 5"]


NODES = spread(EXTENSION, 11)
CITIES, SETTLEMENTS, BOTS = NODES[:3], NODES[3:6], NODES[6:]
STAGE = {
    "cities": {0: CITIES},
    "settlements": {0: SETTLEMENTS, **{seat: [node] for seat, node in enumerate(BOTS, start=1)}},
    "hands": {"You": {"grain": 2, "ore": 3}},
    "turn_player": 5,
    "phase": "roll",
}

WIDGET_CELL = f"""\
from catan_widget import CatanWidget, Game

game = Game({NAMES!r}, seed=7, board="beginner", first=0)
game.stage(**{STAGE!r})
w = CatanWidget(game, {{name: "greedy" for name in {NAMES[1:]!r}}}, bot_delay=0)
w.script_dice((2, 3))
w"""

OVERFLOW_JS = """el => {
  const right = el.getBoundingClientRect().right;
  const wide = [...el.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > right + 1);
  const wider = wide.slice(0, 5).map((e) => e.outerHTML.slice(0, 120));
  return { scroll: el.scrollWidth, client: el.clientWidth, wide: wider };
}"""


def test_the_staged_game_is_the_extension() -> None:
    game = Game(NAMES, seed=7, board="beginner", first=0)
    game.stage(**STAGE)  # type: ignore[arg-type]
    assert len(game.board.terrain) == 30
    assert game.players[0].victory_points == 9
    assert game.current_player.name == "Bot 5"


def test_six_players_by_clicks_with_a_special_build_to_the_end(lab_page: Page, lab_server: LabServer) -> None:
    lab_page.set_viewport_size({"width": 1366, "height": 768})
    lab = open_lab_page(lab_page, lab_server, "six_game.ipynb", [WIDGET_CELL])
    lab.command("application:toggle-left-area")  # the file browser open, as on a laptop
    expect(lab_page.locator("#jp-left-stack")).to_be_visible()
    lab.run_all()
    table = Table(lab_page)
    # Bot 5 rolls the scripted 5 and ends the turn: the Special Building Phase, You first
    table.wait_for(seat=0, phase="special_build")
    expect(table.banner()).to_have_text("Your special build — build or buy, then pass")
    expect(table.root.locator(".cw-banner[data-phase='special_build']")).to_be_visible()
    expect(table.root.locator(".cw-player[data-seat='0'].cw-current")).to_be_visible()
    expect(table.root.locator(".cw-player[data-seat='5'] .cw-turn-marker")).to_have_text("▶")
    expect(table.button("end_turn")).to_contain_text("Pass")
    expect(table.root.locator(".cw-players.cw-players-line .cw-player")).to_have_count(6)
    for refused in ("roll", "maritime_trade", "offer_trade"):
        assert not table.enabled(refused), refused
    expect(table.button("maritime_trade")).to_have_attribute("title", re.compile("Special Building Phase"))
    ARTIFACTS.mkdir(exist_ok=True)
    on_screen = {**parts(table, ".cw-actions-slot"), "players": table.root.locator(".cw-players-slot")}
    del on_screen["dialog"]
    assert_on_screen(lab_page, on_screen)
    lab_page.screenshot(path=ARTIFACTS / "six-1366-special-build.png")

    # by clicks: the city (10 VP, but no win before You's own turn), then the pass
    table.press("build_city")
    target = SETTLEMENTS[0]
    assert target in table.legal_ids("node")
    table.place("node", target)
    expect(table.root.locator(f".cw-dynamic .cw-city[data-seat='0'][data-node='{target}']")).to_have_count(1)
    expect(table.root.locator(".cw-player[data-seat='0'] .cw-vp b")).to_have_text("10")
    expect(table.root).to_have_attribute("data-phase", "special_build")
    table.send("end_turn")
    # the others pass in turn order; You's own turn starts and You win
    expect(table.root).to_have_attribute("data-phase", "game_over", timeout=60_000)
    expect(table.banner()).to_have_text("You win the game!")
    facts = lab.probe()
    assert facts["state"]["winner"] == 0
    assert not facts["state"]["error"]
    log = table.log().all_inner_texts()
    assert "You passed (special build)" in log
    passes = [line for line in log if line.endswith("passed (special build)")]
    assert passes[-4:] == [f"Bot {i} passed (special build)" for i in (1, 2, 3, 4)]
    table.root.evaluate("el => el.scrollIntoView({block: 'start'})")
    lab_page.screenshot(path=ARTIFACTS / "six-1366-end.png")

    # six players in a 600 px cell: stacked, nothing wider than the cell
    table.root.evaluate("el => { el.style.width = '600px'; }")
    expect(table.root).to_have_class(re.compile(r"\bcw-narrow\b"))
    got = table.root.evaluate(OVERFLOW_JS)
    assert got["scroll"] <= got["client"], got
    assert got["wide"] == [], got
    players = table.root.locator(".cw-players-slot").bounding_box()
    root = table.root.bounding_box()
    assert players is not None
    assert root is not None
    assert players["x"] + players["width"] <= root["x"] + root["width"] + 1
    table.root.screenshot(path=ARTIFACTS / "six-600.png")
