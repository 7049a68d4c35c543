"""The table in a notebook cell at 1366×768: the board, the dice, the action bar, the hand and a
line for every player fit within 640 px of the widget's top (4 and 6 players, with no dialog and
with each dialog of the main phase open); a player's line opens on a click to the whole panel
and closes again; and a game that starts in a cell scrolls its table into the notebook's view by
itself and takes the keyboard.

Screenshots: ``test-artifacts/cell-<players>[-<dialog>].png``.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .lab import ARTIFACTS, LabServer, open_lab_page
from .table import Table
from .test_full_screen import CELL, DIALOGS

pytestmark = pytest.mark.browser

#: the height the table must fit in, from the widget's top (the notebook shows 647 px at 1366×768)
TABLE_PX = 640

FIT_JS = """
(root) => {
  const top = root.getBoundingClientRect().top;
  const parts = {
    board: root.querySelector(".cw-board"),
    dice: root.querySelector(".cw-roll-slot"),
    actions: root.querySelector(".cw-actions-slot"),
    hand: root.querySelector(".cw-hand-slot"),
  };
  root.querySelectorAll(".cw-player").forEach((el, i) => { parts[`player ${i}`] = el; });
  const dialog = root.querySelector(".cw-dialog-slot .cw-dialog");
  if (dialog) parts.dialog = dialog;
  const out = {};
  let lowest = 0;
  for (const [name, el] of Object.entries(parts)) {
    if (!el) { out[name] = "missing"; continue; }
    const r = el.getBoundingClientRect();
    if (!(r.width > 0 && r.height > 0)) { out[name] = "not drawn"; continue; }
    lowest = Math.max(lowest, r.bottom - top);
    const [from, to] = [Math.round(r.top - top), Math.round(r.bottom - top)];
    if (from < -1 || to > LIMIT) out[name] = [from, to];
  }
  return { outside: out, lowest: Math.round(lowest) };
}
"""

#: what the notebook shows now: the part of the widget between the notebook's visible top and bottom
VIEW_JS = """
(root) => {
  const scrolls = (e) =>
    e.scrollHeight > e.clientHeight && /(auto|scroll)/.test(getComputedStyle(e).overflowY);
  let box = root.parentElement;
  while (box && !scrolls(box)) box = box.parentElement;
  const v = box.getBoundingClientRect();
  const r = root.getBoundingClientRect();
  return { top: r.top - Math.max(v.top, 0), bottom: Math.min(v.bottom, innerHeight) - r.top };
}
"""


def _fits(table: Table, label: str) -> int:
    found: dict[str, Any] = table.root.evaluate(FIT_JS.replace("LIMIT", str(TABLE_PX)))
    assert found["outside"] == {}, f"{label}: beyond {TABLE_PX} px of the widget's top: {found['outside']}"
    return int(found["lowest"])


@pytest.mark.parametrize("players", [4, 6])
def test_the_table_fits_640_px_of_a_cell(lab_page: Page, lab_server: LabServer, players: int) -> None:
    names = ["You", "Bot 1", "Bot 2", "Bot 3", "Bot 4", "Bot 5"][:players]
    lab_page.set_viewport_size({"width": 1366, "height": 768})
    lab = open_lab_page(lab_page, lab_server, f"cell_fit_{players}.ipynb", [CELL.format(names=names)])
    # the game's cell run as a user does (Shift+Enter): its table comes into view by itself
    lab.run_cell(1)
    table = Table(lab_page)
    table.wait_for(seat=0, phase="main")
    # the scroll into view follows the first drawing (smoothly)
    in_view = f"(root) => {{ const s = ({VIEW_JS})(root); return s.top >= -1 && s.bottom >= {TABLE_PX}; }}"
    try:
        lab_page.wait_for_function(in_view, arg=table.root.element_handle(), timeout=5_000)
    except PlaywrightTimeout:
        seen = table.root.evaluate(VIEW_JS)
        raise AssertionError(f"the table did not come into view: {seen}") from None
    # …and takes the keyboard: its keys work at once (their chips show)
    assert table.root.evaluate("el => el.contains(document.activeElement)"), "the widget lacks the keyboard"
    expect(table.root.locator(".cw-actions .cw-kbd").first).to_be_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    _fits(table, f"{players} players")
    lab_page.screenshot(path=ARTIFACTS / f"cell-{players}.png")

    # every player is one line that opens to the whole panel on a click, and closes again
    line = table.root.locator(".cw-player[data-seat='1'] .cw-player-head")
    more = table.root.locator(".cw-player[data-seat='1'] .cw-player-more")
    expect(more).to_be_hidden()
    expect(line).to_have_attribute("aria-expanded", "false")
    line.click()
    expect(more).to_be_visible()
    expect(more.locator(".cw-stats")).to_contain_text("Knights")
    expect(line).to_have_attribute("aria-expanded", "true")
    line.click()
    expect(more).to_be_hidden()
    # …and from the keyboard
    line.focus()
    lab_page.keyboard.press("Enter")
    expect(more).to_be_visible()
    lab_page.keyboard.press("Enter")
    expect(more).to_be_hidden()

    for dialog in DIALOGS:
        table.press(dialog)
        expect(table.dialog(dialog)).to_be_visible()
        _fits(table, f"{players} players, the {dialog} dialog open")
        lab_page.screenshot(path=ARTIFACTS / f"cell-{players}-{dialog}.png")
        table.root.locator(f"[data-dialog='{dialog}'] button[data-action='cancel']").click()
        expect(table.dialog(dialog)).to_have_count(0)
