"""The widget fits a laptop: at 1366×768 in JupyterLab with the file browser open, the board, the
acting player's controls, the open dialog and the last log line are on screen together.

One notebook, one widget; a cell stages the game into each dialog (discard, bank trade, a bot's
offer awaiting your answer, Year of Plenty, Monopoly, the robber's victim choice, a road's
confirmation).  With the widget scrolled to the top of the notebook, every part must lie inside
the notebook's visible area (bounding boxes, no scrolling).  A screenshot per dialog goes to
``test-artifacts/layout-1366-<kind>.png``; then the same check with the widget 600 px wide.
The board must not move when a placement mode (and its hint) starts and ends, and the keyboard
shortcuts work only while the widget has the focus or the pointer, never while typing in a cell.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from catan_widget import Game
from catan_widget.engine.board.topology import HEX_NODES

from .lab import ARTIFACTS, LabPage, LabServer, open_lab_page
from .table import Table

pytestmark = pytest.mark.browser

SEED = 7
NAMES = ["You", "Bot 1", "Bot 2", "Bot 3"]
BOTS = {"Bot 1": "greedy", "Bot 2": "greedy", "Bot 3": "greedy"}


def reached(game: Game) -> bool:
    """Mid-game: your roll in turn 21 (round 6), after five rounds of greedy play."""
    return game.turn >= 20 and game.current_seat == 0 and game.phase == "roll"


def victim_hex() -> int:
    """A hex (not the robber's) with the buildings of two bots or more: robbing it asks whom."""
    game = Game(NAMES, seed=SEED, board="beginner", first=0).play(bots="greedy", until=reached)
    owner = game.state.node_owner
    for h in range(19):
        bots = {owner[n] for n in HEX_NODES[h]} - {-1, 0}
        if h != game.robber and len(bots) >= 2:
            return h
    raise AssertionError("no hex with two bots on it")


WIDGET_CELL = f"""\
from catan_widget import CatanWidget, Game, OfferTrade, RollDice
from catan_widget.engine.constants import DEV_CARDS
from catan_widget.engine.phases import MAIN

game = Game({NAMES!r}, seed={SEED}, board="beginner", first=0)
game.play(bots="greedy", until=lambda g: g.turn >= 20 and g.current_seat == 0 and g.phase == "roll")
base = game.fork()
w = CatanWidget(game, {BOTS!r}, bot_delay=0, offer_timeout=120)


def scene(kind):
    # the mid-game position, then the moment of each dialog (hands set by hand, dice scripted)
    game.restore(base)
    s = game.state
    for q in (1, 2, 3):
        s.hands[q] = [1, 1, 0, 1, 1]
    if kind in ("discard", "victim", "keys"):
        s.hands[0] = [4, 2, 2, 2, 1] if kind == "discard" else [1, 0, 0, 0, 0]
        if kind == "keys":
            w.script_dice((2, 3))  # the roll R makes: no robber
        else:
            game.step(RollDice(), dice=(3, 4))
        w.refresh()
        return
    if kind == "offer":
        s.turn_player = s.current = 2
        s.phase, s.rolled = MAIN, True
        s.hands[0][2] = 1
        game.step(OfferTrade(give={{"ore": 1}}, want={{"wool": 1}}, to=0))
        return
    game.step(RollDice(), dice=(2, 3))
    s.hands[0] = [4, 2, 2, 2, 1]
    if kind in ("year_of_plenty", "monopoly"):
        s.dev[0][DEV_CARDS.index(kind)] = 1
    w.refresh()


w"""

SCENES = ["discard", "bank_trade", "offer", "year_of_plenty", "monopoly", "victim", "placement", "keys"]
"""The scene cells after the widget cell, in order (cell index = 2 + position)."""


def _scene_cell(lab: LabPage, kind: str) -> None:
    """Run the cell that stages ``kind``; wait until the widget draws it."""
    table = Table(lab.page)
    before = table.version()
    lab.run_cell(2 + SCENES.index(kind))
    table.wait_past(before)


VISIBLE_JS = """(els) => {
  // the notebook's scrolling area, cut to the window: what the user sees without scrolling
  const scrolls = (e) =>
    e.scrollHeight > e.clientHeight && /(auto|scroll)/.test(getComputedStyle(e).overflowY);
  let box = els[0];
  while (box && !scrolls(box)) box = box.parentElement;
  const r = box ? box.getBoundingClientRect() : { top: 0, left: 0, bottom: innerHeight, right: innerWidth };
  const view = {
    top: Math.max(r.top, 0), left: Math.max(r.left, 0),
    bottom: Math.min(r.bottom, innerHeight), right: Math.min(r.right, innerWidth),
  };
  const rect = (e) => {
    const b = e.getBoundingClientRect();
    return { top: b.top, left: b.left, bottom: b.bottom, right: b.right };
  };
  return { view, boxes: els.slice(1).map(rect) };
}"""


def assert_on_screen(page: Page, parts: dict[str, Locator]) -> dict[str, Any]:
    """Scroll the widget to the top of the notebook; every part must be inside the visible area."""
    root = page.locator(".catan-widget")
    root.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(100)  # the log's scroll to its newest line happens in the next frame
    handles = [root.element_handle()] + [loc.element_handle() for loc in parts.values()]
    got: dict[str, Any] = page.evaluate(VISIBLE_JS, handles)
    view = got["view"]
    for name, b in zip(parts, got["boxes"]):
        inside = b["top"] >= view["top"] - 1 and b["bottom"] <= view["bottom"] + 1
        inside = inside and b["left"] >= view["left"] - 1 and b["right"] <= view["right"] + 1
        assert b["bottom"] > b["top"], f"{name} is not drawn: {b}"
        assert inside, f"{name} {b} is outside the visible area {view}"
    return got


def parts(table: Table, dialog: str) -> dict[str, Locator]:
    """The board, the controls, the dialog (a CSS selector inside the widget) and the last log line."""
    return {
        "board": table.root.locator(".cw-board"),
        "banner": table.root.locator(".cw-banner"),
        "controls": table.root.locator(".cw-actions-slot"),
        "dialog": table.root.locator(dialog),
        "last log line": table.root.locator(".cw-log-list li").last,
    }


def open_dialog(table: Table, kind: str) -> str:
    """Open the dialog of scene ``kind`` by clicks where one is needed; its selector."""
    if kind == "discard":
        table.wait_for(seat=0, phase="discard")
        return "[data-dialog='discard']"
    if kind == "offer":
        table.wait_for(seat=0, phase="trade_response")
        expect(table.banner()).to_have_text("Bot 2 offers you 1 ore for 1 wool — accept, decline or counter")
        return "[data-dialog='trade']"
    if kind == "victim":
        table.wait_for(seat=0, phase="move_robber")
        table.click_spot("hex", victim_hex())
        expect(table.root.locator(".cw-overlay-slot .cw-victim")).to_have_count(2)
        return ".cw-overlay-slot [data-dialog='robber']"
    if kind == "placement":
        table.wait_for(seat=0, phase="main")
        table.press("build_road")
        table.click_spot("edge", table.legal_ids("edge")[0])
        return ".cw-overlay-slot [data-dialog='placement']"
    table.wait_for(seat=0, phase="main")
    action = {"bank_trade": "maritime_trade"}.get(kind, f"play_{kind}")
    table.press(action)
    return f"[data-dialog='{action}']"


def close_dialog(table: Table, page: Page) -> None:
    """Escape with the pointer over the widget closes the open dialog (the keyboard shortcut)."""
    table.root.locator(".cw-board").hover()
    page.keyboard.press("Escape")
    expect(table.root.locator(".cw-dialog-slot .cw-dialog, .cw-overlay-slot .cw-dialog")).to_have_count(0)


def test_every_dialog_fits_a_laptop_screen_with_the_file_browser_open(
    lab_page: Page, lab_server: LabServer
) -> None:
    lab_page.set_viewport_size({"width": 1366, "height": 768})
    cells = [WIDGET_CELL, *(f"scene({kind!r})" for kind in SCENES)]
    lab = open_lab_page(lab_page, lab_server, "layout.ipynb", cells)
    lab.command("application:toggle-left-area")  # the file browser open, as on a laptop
    expect(lab_page.locator("#jp-left-stack")).to_be_visible()
    lab.run_cell(0)
    lab.run_cell(1)
    table = Table(lab_page)
    table.wait_for(seat=0, phase="roll")
    width = table.root.evaluate("el => el.getBoundingClientRect().width")
    assert 700 <= width <= 1000, f"the cell is {width} px wide"
    ARTIFACTS.mkdir(exist_ok=True)
    for kind in SCENES[:-1]:
        _scene_cell(lab, kind)
        dialog = open_dialog(table, kind)
        assert_on_screen(lab_page, parts(table, dialog))
        lab_page.screenshot(path=ARTIFACTS / f"layout-1366-{kind}.png")
        if kind in ("bank_trade", "year_of_plenty", "monopoly", "placement", "victim"):
            close_dialog(table, lab_page)

    # the same at a 600 px cell: stacked, the dialog over the bottom of the board
    table.root.evaluate("el => { el.style.width = '600px'; }")
    expect(table.root).to_have_class(re.compile(r"\bcw-narrow\b"))
    _scene_cell(lab, "discard")
    assert_on_screen(lab_page, parts(table, open_dialog(table, "discard")))
    lab_page.screenshot(path=ARTIFACTS / "layout-600-discard.png")
    _scene_cell(lab, "offer")
    assert_on_screen(lab_page, parts(table, open_dialog(table, "offer")))
    lab_page.screenshot(path=ARTIFACTS / "layout-600-offer.png")


def test_the_board_stays_put_and_keys_work_only_in_the_widget(lab_page: Page, lab_server: LabServer) -> None:
    lab_page.set_viewport_size({"width": 1366, "height": 768})
    cells = [WIDGET_CELL, *(f"scene({kind!r})" for kind in SCENES)]
    lab = open_lab_page(lab_page, lab_server, "layout_keys.ipynb", cells)
    lab.run_cell(0)
    lab.run_cell(1)
    table = Table(lab_page)
    table.wait_for(seat=0, phase="roll")
    _scene_cell(lab, "placement")  # your main phase, with the cards for a road
    table.wait_for(seat=0, phase="main")
    board = table.root.locator(".cw-board")
    table.root.evaluate("el => el.scrollIntoView({block: 'start'})")
    before = board.bounding_box()
    table.press("build_road")
    expect(table.root.locator(".cw-hint[data-mode='build_road']")).to_be_visible()
    assert board.bounding_box() == before, "the board moved when the placement hint appeared"
    table.press("build_road")
    expect(table.root.locator(".cw-hint")).to_have_count(0)
    assert board.bounding_box() == before, "the board moved when the placement hint went away"

    # R typed in a notebook cell is text, not a roll
    _scene_cell(lab, "keys")
    table.wait_for(seat=0, phase="roll")
    editor = lab.cell(2 + SCENES.index("keys")).locator(".cm-content")
    editor.click()
    lab_page.keyboard.type("r")
    expect(editor).to_contain_text("r")
    expect(table.root).to_have_attribute("data-phase", "roll")
    lab_page.keyboard.press("Escape")  # the cell editor lets go of the keyboard (command mode)
    # the pointer over the widget is not enough: R goes to the notebook, and the widget ignores it
    board.hover()
    expect(table.root.locator(".cw-actions .cw-kbd").first).to_be_hidden()  # no chip: the key would not work
    # clicked, the widget has the keyboard (and shows it): with the pointer off it, R rolls and E
    # ends the turn, and JupyterLab's own R (make the cell a raw cell) is suppressed inside it
    table.root.locator(".cw-log .cw-box-title").first.click()
    expect(table.root).to_have_attribute("data-lm-suppress-shortcuts", "true")
    assert table.root.evaluate("el => el.contains(document.activeElement)")
    expect(table.root.locator(".cw-actions .cw-kbd").first).to_be_visible()
    lab_page.mouse.move(2, 2)
    before_version = table.version()
    lab_page.keyboard.press("r")
    table.wait_past(before_version)
    expect(table.root).not_to_have_attribute("data-phase", "roll")
    # the notebook did not see the key (in command mode R makes the active cell a raw cell)
    expect(lab_page.locator(".jp-Notebook .jp-RawCell")).to_have_count(0)
    table.wait_for(seat=0, phase="main")
    lab_page.keyboard.press("e")
    # the turn ended: the bots play theirs and it is "You" to roll again
    table.wait_for(seat=0, phase="roll", timeout=60_000)
