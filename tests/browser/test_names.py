"""Player names in JupyterLab: the longest names allowed, Arabic, emoji and wide CJK names never
widen the widget nor reorder the sentences they stand in.

One notebook plays the same seeded game to its end twice — once with plain names ("Ada", "Bo",
...), once with the hardest legal names — and shows both; a third widget is a hot-seat game at
its hand-over screen ("Pass to <name>").  With the hard names:

* the widget is exactly as wide as with the plain ones, and nothing in it overflows;
* every name the widget prints (panels, banner, header, log lines, the end-of-game table, the
  hand-over screen, the replay) is a ``<bdi class="cw-name">`` with ``unicode-bidi: isolate``,
  cut with an ellipsis at most 11em wide, its title the whole name; no name is left bare;
* around every name in a log line, banner or header the sentence keeps its order: the text
  after a name (" +2 lumber", "'s turn") is drawn to its right, the text before to its left,
  even after an Arabic name.

Screenshots: ``test-artifacts/names-game-over.png``, ``names-handover.png``.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from catan_widget.engine.names import MAX_NAME_LENGTH, check_names

from .lab import ARTIFACTS, LabPage, LabServer, open_lab_page

pytestmark = pytest.mark.browser

SEED = 5
PLAIN = ["Ada", "Bo", "Cy", "Di"]
HARD = [
    "W" * MAX_NAME_LENGTH,  # the widest Latin letter, as many as allowed
    "\u0639\u0628\u062f \u0627\u0644\u0631\u062d\u0645\u0646 \u0628\u0646 \u0645\u062d\u0645\u062f",  # Arabic
    "\U0001f411\U0001f33e\U0001f9f1\U0001fab5\u26f0\ufe0f Catan fan",  # emoji, one with VS16
    "\u5c71\u7530\u592a\u90ce" * 6,  # 24 wide CJK characters
]
assert check_names(HARD) == HARD  # all legal, and distinct

SETUP_CELL = f"""\
from catan_widget import CatanWidget, Game

def finished(names):
    return Game(names, seed={SEED}, board="beginner", first=0).play(bots="greedy")

plain, hard = finished({PLAIN!r}), finished({HARD!r})
assert plain.is_over and hard.is_over and len(plain.history) == len(hard.history)
seats = ["human", "bot", "bot", "bot"]"""

PLAIN_CELL = 'w0 = CatanWidget(plain, seats, bot="greedy", bot_delay=0)\nw0'
HARD_CELL = 'w = CatanWidget(hard, seats, bot="greedy", bot_delay=0)\nw'
HOT_SEAT_CELL = f"""\
hot = Game({HARD!r}, seed={SEED}, board="beginner", first=0)
w3 = CatanWidget(hot, ["human", "human", "bot", "bot"], bot="greedy", bot_delay=0)
for _ in range(2):  # seat 0 places a settlement and a road: the screen passes to seat 1
    hot.step(hot.legal_actions()[0])
w3"""

MEASURE_JS = """([root, names]) => {
  const SVG = "http://www.w3.org/2000/svg";
  // a name as a whole word in a text ("Bo" is not in "Bots")
  const WORD = /^[\\p{L}\\p{N}\\p{M}_]$/u;
  const word = (c) => c !== undefined && WORD.test(c);
  const holds = (s, n) => {
    for (let i = s.indexOf(n); i >= 0; i = s.indexOf(n, i + 1)) {
      const b = Array.from(s.slice(0, i)).pop();
      const a = Array.from(s.slice(i + n.length))[0];
      const chars = Array.from(n);
      if (!(word(chars[0]) && word(b)) && !(word(chars[chars.length - 1]) && word(a))) return true;
    }
    return false;
  };
  const bare = [];
  const walk = (node) => {
    for (const c of node.childNodes) {
      if (c.nodeType === Node.TEXT_NODE) {
        if (names.some((n) => holds(c.data, n))) bare.push(c.data);
      } else if (c.nodeType === Node.ELEMENT_NODE && c.namespaceURI !== SVG) {
        if (!c.matches("option, select, .cw-name")) walk(c);
      }
    }
  };
  walk(root);
  // the first (last) drawn character of a text node: its box
  const charBox = (text, last) => {
    const s = text.data;
    const idx = [...s.matchAll(/\\S/gu)].map((m) => m.index);
    if (!idx.length) return null;
    const i = last ? idx[idx.length - 1] : idx[0];
    const range = document.createRange();
    range.setStart(text, i);
    range.setEnd(text, i + (s.codePointAt(i) > 0xffff ? 2 : 1));
    const r = range.getBoundingClientRect();
    return r.width > 0 ? r : null;
  };
  const textBox = (node, last) => (node && node.nodeType === Node.TEXT_NODE ? charBox(node, last) : null);
  const order = [];
  const wrapped = [...root.querySelectorAll(".cw-name")].map((e) => {
    const cs = getComputedStyle(e);
    const r = e.getBoundingClientRect();
    if (r.width > 0 && e.closest(".cw-log-list li, .cw-banner-text, .cw-banner-turn")) {
      const after = textBox(e.nextSibling, false);
      const before = textBox(e.previousSibling, true);
      // same line: after to the right, before to the left; else on the next / previous line
      const afterOk = !after || after.top >= r.bottom - 4 || after.left >= r.right - 1;
      const beforeOk = !before || before.bottom <= r.top + 4 || before.right <= r.left + 1;
      if (!afterOk) order.push(["after", e.textContent, e.nextSibling.data]);
      if (!beforeOk) order.push(["before", e.textContent, e.previousSibling.data]);
    }
    return {
      text: e.textContent, title: e.getAttribute("title"), tag: e.tagName, bidi: cs.unicodeBidi,
      overflow: cs.textOverflow, width: r.width, em: parseFloat(cs.fontSize),
      cut: e.scrollWidth > e.clientWidth + 1,
    };
  });
  const box = root.getBoundingClientRect();
  const sticks = (e) => {
    const r = e.getBoundingClientRect();
    return e.namespaceURI !== SVG && r.width > 0 && r.right > box.right + 1;
  };
  const sticking = [...root.querySelectorAll(".cw-side *, .cw-main *")]
    .filter(sticks)
    .map((e) => e.className || e.tagName);
  const output = root.closest(".jp-OutputArea-output");
  return {
    bare, order, wrapped, sticking,
    width: box.width, scrollWidth: root.scrollWidth, clientWidth: root.clientWidth,
    outputOverflow: output ? output.scrollWidth - output.clientWidth : 0,
  };
}"""


def measure(root: Locator, names: list[str]) -> dict[str, Any]:
    """What the page drew of the widget ``root`` (see MEASURE_JS)."""
    handle = root.element_handle()
    result: dict[str, Any] = root.page.evaluate(MEASURE_JS, [handle, names])
    return result


def widget_of(lab: LabPage, cell: int) -> Locator:
    """The widget drawn in the output of cell ``cell``, once it is drawn."""
    root = lab.cell(cell).locator(".catan-widget.cw-ready")
    expect(root).to_have_count(1, timeout=60_000)
    return root


def assert_isolated(got: dict[str, Any], names: list[str], where: str) -> None:
    """Every name is wrapped, isolated, capped and ellipsised; no sentence is reordered."""
    assert got["bare"] == [], f"{where}: names outside a .cw-name: {got['bare']}"
    assert got["order"] == [], f"{where}: a sentence is reordered around a name: {got['order']}"
    shown = [w for w in got["wrapped"] if w["width"] > 0]
    assert shown, f"{where}: no name is drawn"
    for w in got["wrapped"]:
        assert w["tag"] == "BDI", w
        assert w["bidi"] == "isolate", w
        assert w["overflow"] == "ellipsis", w
        assert w["title"] == w["text"], w
        assert w["text"] in names, w
        assert w["width"] <= 11 * w["em"] + 1, w
    assert {w["text"] for w in shown} == set(names), f"{where}: some names are never shown"
    assert any(w["cut"] for w in shown if w["text"] == names[0]), f"{where}: the longest name is not cut"


def assert_not_wider(got: dict[str, Any], width: float, where: str) -> None:
    assert abs(got["width"] - width) <= 1, f"{where}: {got['width']} px wide, {width} px with plain names"
    assert got["scrollWidth"] <= got["clientWidth"] + 1, f"{where}: content overflows: {got}"
    assert got["outputOverflow"] <= 1, (
        f"{where}: the cell's output scrolls sideways by {got['outputOverflow']} px"
    )
    assert got["sticking"] == [], f"{where}: elements stick out of the widget: {got['sticking'][:10]}"


def test_the_hardest_legal_names_are_isolated_and_never_widen_the_widget(
    lab_page: Page, lab_server: LabServer
) -> None:
    lab_page.set_viewport_size({"width": 1366, "height": 900})
    cells = [SETUP_CELL, PLAIN_CELL, HARD_CELL, HOT_SEAT_CELL]
    lab = open_lab_page(lab_page, lab_server, "names.ipynb", cells)
    facts = lab.run_all(timeout=120_000)
    assert [p["name"] for p in facts["state"]["players"]] == HARD
    assert facts["phase"] == "game_over"

    plain_root, hard_root = widget_of(lab, 2), widget_of(lab, 3)
    expect(hard_root.locator(".cw-summary-table")).to_be_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    hard_root.scroll_into_view_if_needed()
    hard_root.screenshot(path=ARTIFACTS / "names-game-over.png")
    plain = measure(plain_root, PLAIN)
    assert plain["bare"] == []
    assert {w["text"] for w in plain["wrapped"] if w["width"] > 0} == set(PLAIN)
    assert_not_wider(plain, plain["width"], "plain names")

    got = measure(hard_root, HARD)
    assert_isolated(got, HARD, "game over")
    assert_not_wider(got, plain["width"], "game over")
    for part in (".cw-player-name", ".cw-banner-text", ".cw-log-list", ".cw-summary-table"):
        expect(hard_root.locator(f"{part} bdi.cw-name").first).to_be_attached()

    # the replay draws the same panels from the timeline
    hard_root.locator(".cw-replay-start").click()
    expect(hard_root.locator(".cw-replay")).to_be_visible()
    hard_root.locator(".cw-replay button[title='To the end']").click()
    expect(hard_root.locator(".cw-replay")).to_have_attribute("data-at", str(facts["history"]))
    got = measure(hard_root, HARD)
    assert_isolated(got, HARD, "replay")
    assert_not_wider(got, plain["width"], "replay")

    # hot-seat: the hand-over screen names the next human
    hot_root = widget_of(lab, 4)
    handover = hot_root.locator(".cw-handover")
    expect(handover).to_be_visible()
    expect(handover.locator(".cw-handover-title bdi.cw-name")).to_have_text(HARD[1])
    expect(handover.locator("button bdi.cw-name")).to_have_attribute("title", HARD[1])
    hot_root.scroll_into_view_if_needed()
    hot_root.screenshot(path=ARTIFACTS / "names-handover.png")
    got = measure(hot_root, HARD)
    assert got["bare"] == [], got
    assert got["order"] == [], got
    assert_not_wider(got, plain["width"], "hand-over")
