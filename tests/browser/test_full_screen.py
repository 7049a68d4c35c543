"""The whole table on one screen: the widget's Full screen control (and its F key) shows it alone
on the screen, and there, at 1366×768 and 1280×720, with 4 and 6 players, the board, the dice,
the action bar, the hand, every player and the newest log line are all in view with no
scrolling, with no dialog and with each dialog of the main phase open (trade, bank trade, Year
of Plenty, Monopoly); the control (or the browser's Esc) leaves it.

Screenshots: ``test-artifacts/full-screen-<players>-<width>[-<dialog>].png``.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from .lab import ARTIFACTS, LabServer, open_lab_page
from .table import Table

pytestmark = pytest.mark.browser

CELL = """\
from catan_widget import CatanWidget, Game

names = {names!r}
game = Game(names, seed=5)
game.play(bots="greedy", until=lambda g: g.turn >= 8 and g.current_seat == 0 and g.phase == "roll")
game.stage(
    phase="main",
    hands={{0: {{"lumber": 4, "brick": 2, "wool": 2, "grain": 2, "ore": 2}}}},
    dev_cards={{0: {{"year_of_plenty": 1, "monopoly": 1}}}},
)
w = CatanWidget(game, ["human"] + ["bot"] * (len(names) - 1), bot_delay=0, offer_timeout=None)
w"""

IN_VIEW_JS = """
(root) => {
  const w = window.innerWidth, h = window.innerHeight;
  const parts = {
    board: root.querySelector(".cw-board"),
    dice: root.querySelector(".cw-roll-slot"),
    actions: root.querySelector(".cw-actions-slot"),
    hand: root.querySelector(".cw-hand-slot"),
    "last log line": [...root.querySelectorAll(".cw-log-list li")].pop(),
  };
  root.querySelectorAll(".cw-player").forEach((el, i) => { parts[`player ${i}`] = el; });
  const dialog = root.querySelector(".cw-dialog-slot .cw-dialog");
  if (dialog) parts.dialog = dialog;
  const out = {};
  for (const [name, el] of Object.entries(parts)) {
    if (!el) { out[name] = "missing"; continue; }
    const r = el.getBoundingClientRect();
    const shown = r.width > 0 && r.height > 0;
    const inside = shown && r.left >= -1 && r.top >= -1 && r.right <= w + 1 && r.bottom <= h + 1;
    if (!inside) out[name] = [r.left, r.top, r.right, r.bottom].map(Math.round);
  }
  const full = document.fullscreenElement === root;
  return { outside: out, scroll: [root.scrollHeight, root.clientHeight], full };
}
"""

#: the dialogs of the main phase (a hand of every resource, Year of Plenty and Monopoly to play)
DIALOGS = ["offer_trade", "maritime_trade", "play_year_of_plenty", "play_monopoly"]

SIZES: list[ViewportSize] = [{"width": 1366, "height": 768}, {"width": 1280, "height": 720}]


def _check(table: Table, label: str) -> None:
    found: dict[str, Any] = table.root.evaluate(IN_VIEW_JS)
    assert found["full"], f"{label}: not in full screen"
    assert found["outside"] == {}, f"{label}: out of view: {found['outside']}"
    scroll, client = found["scroll"]
    assert scroll <= client + 1, f"{label}: the table scrolls ({scroll} > {client})"


@pytest.mark.parametrize("players", [4, 6])
def test_the_whole_table_in_full_screen(lab_page: Page, lab_server: LabServer, players: int) -> None:
    names = ["You", "Bot 1", "Bot 2", "Bot 3", "Bot 4", "Bot 5"][:players]
    lab_page.set_viewport_size(SIZES[0])
    lab = open_lab_page(lab_page, lab_server, f"full_screen_{players}.ipynb", [CELL.format(names=names)])
    lab.run_all(timeout=120_000)
    table = Table(lab_page)
    table.wait_for(seat=0, phase="main")
    control = table.root.locator("button[data-fullscreen]")
    control.click()
    expect(control).to_have_attribute("aria-pressed", "true")
    ARTIFACTS.mkdir(exist_ok=True)
    for size in SIZES:
        lab_page.set_viewport_size(size)
        lab_page.wait_for_timeout(300)  # the layout follows the new size
        label = f"{players} players at {size['width']}x{size['height']}"
        _check(table, label)
        lab_page.screenshot(path=ARTIFACTS / f"full-screen-{players}-{size['width']}.png")
        for dialog in DIALOGS:
            table.press(dialog)
            expect(table.dialog(dialog)).to_be_visible()
            _check(table, f"{label}, the {dialog} dialog open")
            lab_page.screenshot(path=ARTIFACTS / f"full-screen-{players}-{size['width']}-{dialog}.png")
            table.root.locator(f"[data-dialog='{dialog}'] button[data-action='cancel']").click()
            expect(table.dialog(dialog)).to_have_count(0)
    # the same control leaves full screen (so does the browser's Esc); F, while the widget has the
    # keyboard, comes back
    control.click()
    lab_page.wait_for_function("() => document.fullscreenElement === null")
    expect(control).to_have_attribute("aria-pressed", "false")
    table.root.locator(".cw-log .cw-box-title").first.click()
    lab_page.keyboard.press("f")
    lab_page.wait_for_function("() => document.fullscreenElement !== null")
    expect(control).to_have_attribute("aria-pressed", "true")
    control.click()
    lab_page.wait_for_function("() => document.fullscreenElement === null")
