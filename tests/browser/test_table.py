"""The table around the board (issue 20), in real JupyterLab at 1366×768 and in a 600 px cell.

* The dice: after every roll (yours and the bots') the last roll is drawn large beside the board
  and lies inside the notebook's visible area; a page script records each roll as it is drawn.
* Your hand: resource cards at least 40 px tall, in view together with every dialog (discard,
  a bot's offer, the bank trade, your own offer).
* The robber to move: the pointer over a lit hex shows a faint robber there; the robber's own hex
  has none and refuses the pointer (``not-allowed``).
* Nothing in the column moves (more than 4 px) as the mode's hint, the Hint's words, the note of
  a tapped disabled control and the banner come and go; the log is at its newest line after a
  resize and after a tab switch.

The game and its scenes are test_layout.py's (one notebook: the widget cell, then a cell per scene).
Screenshots go to ``test-artifacts/table-*.png``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from .lab import ARTIFACTS, LabPage, LabServer, open_lab_page
from .table import Table
from .test_layout import SCENES, WIDGET_CELL, _scene_cell, assert_on_screen, open_dialog

pytestmark = pytest.mark.browser

MOVE_PX = 4
"""How far a part of the column may move when a hint, banner or note changes."""
CARD_PX = 40
"""The least height of a card in your hand."""

RECORD_ROLLS_JS = """(root) => {
  // every roll box drawn from now on: its roll count, its sum and where it lies on screen
  const scrolls = (e) =>
    e.scrollHeight > e.clientHeight && /(auto|scroll)/.test(getComputedStyle(e).overflowY);
  let box = root;
  while (box && !scrolls(box)) box = box.parentElement;
  window.__rolls = [];
  const note = () => {
    const roll = root.querySelector('.cw-roll');
    if (!roll) return;
    const count = Number(roll.getAttribute('data-rolls'));
    const last = window.__rolls[window.__rolls.length - 1];
    if (last && last.count === count) return;
    const r = box ? box.getBoundingClientRect() : { top: 0, left: 0, bottom: innerHeight, right: innerWidth };
    const view = { top: Math.max(r.top, 0), left: Math.max(r.left, 0),
      bottom: Math.min(r.bottom, innerHeight), right: Math.min(r.right, innerWidth) };
    const dice = [...roll.querySelectorAll('.cw-die')].map((d) => {
      const b = d.getBoundingClientRect();
      return { top: b.top, left: b.left, bottom: b.bottom, right: b.right, height: b.height };
    });
    const sum = roll.querySelector('.cw-dice-sum');
    window.__rolls.push({ count, sum: sum ? Number(sum.getAttribute('data-sum')) : null, view, dice });
  };
  new MutationObserver(note).observe(root, { childList: true, subtree: true });
  note();
}"""


def record_rolls(table: Table) -> None:
    """Start recording every roll box drawn (``window.__rolls``), with the widget at the top."""
    table.root.evaluate("el => el.scrollIntoView({block: 'start'})")
    table.root.evaluate(RECORD_ROLLS_JS)


def recorded_rolls(page: Page) -> list[dict[str, Any]]:
    """The rolls drawn since :func:`record_rolls`."""
    rolls: list[dict[str, Any]] = page.evaluate("() => window.__rolls")
    return rolls


def assert_rolls_in_view(rolls: list[dict[str, Any]]) -> None:
    """Every recorded roll shows two dice of 40 px or more inside the visible area."""
    for roll in rolls:
        assert roll["sum"] is not None, roll
        assert 2 <= roll["sum"] <= 12, roll
        assert len(roll["dice"]) == 2, roll
        view = roll["view"]
        for die in roll["dice"]:
            assert die["height"] >= CARD_PX, f"a die of {die['height']} px: {roll}"
            inside = view["top"] - 1 <= die["top"] and die["bottom"] <= view["bottom"] + 1
            inside = inside and view["left"] - 1 <= die["left"] and die["right"] <= view["right"] + 1
            assert inside, f"roll {roll['count']} was drawn out of view: {die} not in {view}"


def hand_parts(table: Table) -> dict[str, Locator]:
    """Your hand's five resource cards (as drawn: the card pictures)."""
    return {
        f"{r} card": table.root.locator(f".cw-hand-strip .cw-hcard[data-resource='{r}'] .cw-card")
        for r in ("lumber", "brick", "wool", "grain", "ore")
    }


def assert_hand_in_view(page: Page, table: Table, dialog: str) -> None:
    """The hand's cards are 40 px tall or more and on screen together with ``dialog``."""
    parts = {"dialog": table.root.locator(dialog), **hand_parts(table)}
    assert_on_screen(page, parts)
    for name, loc in hand_parts(table).items():
        box = loc.bounding_box()
        assert box is not None, f"{name} is not drawn"
        assert box["height"] >= CARD_PX, f"{name} is {box}"


def roll_your_turn(table: Table, lab: LabPage) -> None:
    """Stage your roll (dice scripted 2+3), start recording the rolls drawn (the widget at the
    top of the notebook), roll with the button and wait for the main phase.
    """
    _scene_cell(lab, "keys")
    table.wait_for(seat=0, phase="roll")
    record_rolls(table)
    before = table.version()
    table.press("roll")
    table.wait_past(before)
    table.wait_for(seat=0, phase="main")


def test_the_dice_and_your_hand_stay_in_view(lab_page: Page, lab_server: LabServer) -> None:
    lab_page.set_viewport_size({"width": 1366, "height": 768})
    cells = [WIDGET_CELL, *(f"scene({kind!r})" for kind in SCENES)]
    lab = open_lab_page(lab_page, lab_server, "table.ipynb", cells)
    lab.command("application:toggle-left-area")  # the file browser open, as on a laptop
    lab.run_cell(0)
    lab.run_cell(1)
    table = Table(lab_page)
    table.wait_for(seat=0, phase="roll")
    ARTIFACTS.mkdir(exist_ok=True)

    # your roll, then the bots' three turns: every roll is drawn in view, the last one as Python has it
    roll_your_turn(table, lab)
    expect(table.root.locator(".cw-roll .cw-dice-sum")).to_have_attribute("data-sum", "5")
    lab_page.screenshot(path=ARTIFACTS / "table-1366-rolled.png")
    table.press("end_turn")
    table.wait_for(seat=0, phase="roll", timeout=60_000)
    facts = lab.probe()
    rolls = recorded_rolls(lab_page)
    assert len(rolls) >= 4, rolls  # yours and one per bot
    assert_rolls_in_view(rolls)
    assert rolls[-1]["count"] == sum(facts["state"]["dice_counts"])
    assert rolls[-1]["sum"] == sum(facts["state"]["dice"])
    gains = table.root.locator(".cw-roll .cw-gain")
    expect(gains).to_have_count(len(facts["state"]["roll"][2]))
    # what the bots did since your move, in the engine's words, in the status line
    since = table.root.locator(".cw-status .cw-since .cw-since-item")
    expect(since).to_have_text(facts["state"]["since"]["text"])
    table.root.evaluate("el => el.scrollIntoView({block: 'start'})")
    lab_page.screenshot(path=ARTIFACTS / "table-1366-your-roll.png")

    # your hand, in view with every dialog
    for kind in ("discard", "offer", "bank_trade"):
        _scene_cell(lab, kind)
        dialog = open_dialog(table, kind)
        assert_hand_in_view(lab_page, table, dialog)
        lab_page.screenshot(path=ARTIFACTS / f"table-1366-{kind}.png")
    # the robber must move (a 7): a faint robber on a lit hex under the pointer, none elsewhere
    _scene_cell(lab, "victim")
    table.wait_for(seat=0, phase="move_robber")
    lit = table.legal_ids("hex")
    robber = lab.probe()["state"]["robber"]
    assert lit, "no hex lit for the robber"
    assert robber not in lit, (lit, robber)
    preview = table.spot("hex", lit[0]).locator(".cw-preview")
    expect(preview).to_have_css("opacity", "0")
    table.spot("hex", lit[0]).hover()
    expect(preview).to_have_css("opacity", "0.5")
    expect(preview).to_have_css("pointer-events", "none")
    expect(table.spot("hex", robber).locator(".cw-preview")).to_have_count(0)
    expect(table.spot("hex", robber)).to_have_css("cursor", "not-allowed")  # the refusal, as before
    lab_page.screenshot(path=ARTIFACTS / "table-1366-robber-preview.png")
    _scene_cell(lab, "placement")
    table.wait_for(seat=0, phase="main")
    table.press("offer_trade")
    assert_hand_in_view(lab_page, table, "[data-dialog='offer_trade']")
    lab_page.screenshot(path=ARTIFACTS / "table-1366-offer_trade.png")

    # a 600 px cell: stacked; the dice and the hand still in view
    table.root.evaluate("el => { el.style.width = '600px'; }")
    expect(table.root).to_have_class(re.compile(r"\bcw-narrow\b"))
    roll_your_turn(table, lab)
    rolls = recorded_rolls(lab_page)
    assert rolls, "no roll was drawn"
    assert rolls[-1]["sum"] == 5, rolls
    assert_rolls_in_view(rolls)
    lab_page.screenshot(path=ARTIFACTS / "table-600-rolled.png")
    for kind in ("discard", "offer"):
        _scene_cell(lab, kind)
        assert_hand_in_view(lab_page, table, open_dialog(table, kind))
        lab_page.screenshot(path=ARTIFACTS / f"table-600-{kind}.png")


COLUMN = {
    "board": ".cw-board",
    "hand": ".cw-hand-strip",
    "banner": ".cw-banner",
    "roll": ".cw-roll",
    "actions": ".cw-actions-slot",
    "status line": ".cw-status",
}
"""The parts of the table that must stay put: everything from the board to the top of the dialog."""


def boxes(table: Table) -> dict[str, dict[str, float]]:
    """Where each part of :data:`COLUMN` is now in the widget: its top-left corner and height."""
    out: dict[str, dict[str, float]] = table.root.evaluate(
        """(el, parts) => {
          const out = {};
          const root = el.getBoundingClientRect();  // relative to the widget: the notebook may scroll
          for (const [name, sel] of Object.entries(parts)) {
            const b = el.querySelector(sel).getBoundingClientRect();
            out[name] = { top: b.top - root.top, left: b.left - root.left, height: b.height };
          }
          return out;
        }""",
        COLUMN,
    )
    return out


def assert_still(before: dict[str, dict[str, float]], table: Table, when: str) -> None:
    """No part moved or changed height by more than :data:`MOVE_PX`."""
    now = boxes(table)
    for name, b in before.items():
        for key in ("top", "left", "height"):
            moved = abs(now[name][key] - b[key])
            assert moved <= MOVE_PX, f"{name} moved {moved:.1f} px ({key}) when {when}: {b} -> {now[name]}"


LOG_AT_END_JS = (
    "el => { const l = el.querySelector('.cw-log-list');"
    " return l.scrollHeight - l.scrollTop - l.clientHeight; }"
)


def test_nothing_in_the_column_moves_and_the_log_stays_at_its_newest_line(
    lab_page: Page, lab_server: LabServer
) -> None:
    lab_page.set_viewport_size({"width": 1366, "height": 768})
    cells = [WIDGET_CELL, *(f"scene({kind!r})" for kind in SCENES)]
    lab = open_lab_page(lab_page, lab_server, "table_still.ipynb", cells)
    lab.run_cell(0)
    lab.run_cell(1)
    table = Table(lab_page)
    table.wait_for(seat=0, phase="roll")
    _scene_cell(lab, "placement")
    table.wait_for(seat=0, phase="main")
    table.root.evaluate("el => el.scrollIntoView({block: 'start'})")
    before = boxes(table)

    table.press("build_road")  # the mode's hint comes…
    expect(table.root.locator(".cw-hint[data-mode='build_road']")).to_be_visible()
    assert_still(before, table, "the mode's hint appeared")
    table.press("build_road")  # …and goes
    expect(table.root.locator(".cw-hint")).to_have_count(0)
    assert_still(before, table, "the mode's hint went away")
    table.button("build_city").click(force=True)  # a tap on a disabled control: its note
    expect(table.note()).to_be_visible()
    assert_still(before, table, "the note of a disabled control appeared")
    expect(table.note()).to_have_count(0, timeout=10_000)
    assert_still(before, table, "the note went away")
    table.root.locator("button[data-action='hint']").click()  # the Hint's words
    expect(table.root.locator(".cw-hint-text")).to_be_visible(timeout=60_000)
    assert_still(before, table, "the Hint's words appeared")
    # a longer banner (a bot's offer to you) with its dialog: nothing above the dialog moves
    _scene_cell(lab, "offer")
    open_dialog(table, "offer")
    table.root.evaluate("el => el.scrollIntoView({block: 'start'})")
    lab_page.screenshot(path=ARTIFACTS / "table-1366-still-offer.png")
    assert_still(before, table, "the banner changed and a dialog opened")

    # the log is at its newest line after a resize and after a tab switch
    table.root.evaluate("el => el.querySelector('.cw-log-list').scrollTop = 0")
    table.root.evaluate("el => { el.style.width = '900px'; }")
    lab_page.wait_for_function(f"() => ({LOG_AT_END_JS})(document.querySelector('.catan-widget')) <= 2")
    table.root.evaluate("el => el.querySelector('.cw-log-list').scrollTop = 0")
    lab.command("launcher:create")  # another tab in front of the notebook…
    expect(table.root).to_be_hidden()
    lab_page.locator(".lm-TabBar-tab", has_text="table_still.ipynb").click()  # …and back
    expect(table.root).to_be_visible()
    lab_page.wait_for_function(f"() => ({LOG_AT_END_JS})(document.querySelector('.catan-widget')) <= 2")
