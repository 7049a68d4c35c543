"""The JupyterLite site, served from 127.0.0.1 and played in headless Chromium with no network.

The site built by ``./dev lite`` (``lite/build.py``; rebuilt here when missing or older than the
package, the notebooks or the build script) is served by ``lite/serve.py`` on 127.0.0.1.  Every
request to anywhere else is blocked by Playwright routing and recorded, and Chromium resolves no
other host name: the test fails if the page, the kernel's worker or a service worker asked for
anything outside the site.  It opens ``01_play`` as it is in the site, runs it (Pyodide starts in
the browser, loads catan-widget and its dependencies from the site's own wheels), places both
setup settlements and roads by clicks, plays a turn (roll, build when it can, end the turn) and
checks after each stage that the board drawn and the Python game agree, read back through a cell
added to the notebook.  It also times the default bot and a game review in the Pyodide kernel, and saves
screenshots to ``test-artifacts/test_lite_site.png`` (the page) and ``test_lite_site-board.png``.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from browser.lab import ARTIFACTS, CHROMIUM_FLAGS, require_chromium
from browser.table import Table
from playwright.sync_api import BrowserContext, Page, Route, expect, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from catan_widget import Game

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
KERNEL_MS = 180_000
"""Longest wait for the Pyodide kernel to start (about 15 s on the 2-core machine)."""
WAIT_MS = 60_000
"""Longest wait for one state change (bots move with their default delay, in WebAssembly)."""


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


lite_build = _load("catan_lite_build", REPO / "lite" / "build.py")
lite_serve = _load("catan_lite_serve", REPO / "lite" / "serve.py")


def _stale(site: Path) -> bool:
    stamp = site / "jupyter-lite.json"
    if not stamp.is_file():
        return True
    sources = [REPO / "lite" / "build.py", REPO / "pyproject.toml"]
    sources += [*(REPO / "catan_widget").rglob("*.py"), *(REPO / "catan_widget" / "static").iterdir()]
    sources += [*(REPO / "notebooks").glob("*.ipynb")]
    return max(p.stat().st_mtime for p in sources) > stamp.stat().st_mtime


@pytest.fixture(scope="module")
def site() -> Path:
    """The built site: ``build/lite/site``, (re)built first if missing or stale."""
    require_chromium()
    path = lite_build.DEFAULT_OUTPUT
    if _stale(path):
        try:
            import jupyterlite_core  # noqa: F401
        except ImportError:
            pytest.fail("The Lite site needs the `lite` extra: run ./dev lite (it installs and builds)")
        lite_build.build(path)
    return path


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[tuple[str, list[str]]]:
    """The site's base URL on 127.0.0.1, and the paths the server answered."""
    paths: list[str] = []
    with lite_serve.serve(site, served=paths) as url:
        yield url, paths


@pytest.fixture
def offline(tmp_path: Path, served: tuple[str, list[str]]) -> Iterator[tuple[BrowserContext, list[str]]]:
    """Headless Chromium that reaches only the site: other requests are aborted and recorded."""
    url, _paths = served
    blocked: list[str] = []

    def only_the_site(route: Route) -> None:
        if route.request.url.startswith(url):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort("internetdisconnected")

    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(tmp_path / "chromium"),
            executable_path=str(require_chromium()),
            headless=True,
            # and no name resolves but the loopback's: nothing could leave even past the routing
            args=[*CHROMIUM_FLAGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"],
            viewport={"width": 1300, "height": 1000},
            color_scheme="light",
            reduced_motion="reduce",
            service_workers="allow",
        )
        try:
            context.route("**/*", only_the_site)
            yield context, blocked
        finally:
            context.close()


# ----------------------------------------------------------------------------- the notebook


RUN_CELL_JS = """async (code) => {
  const app = window.jupyterapp;
  const nb = app.shell.currentWidget.content;
  nb.activeCellIndex = nb.widgets.length - 1;
  await app.commands.execute('notebook:insert-cell-below');
  nb.activeCell.model.sharedModel.setSource(code);
  await app.commands.execute('notebook:run-cell');
  return nb.activeCellIndex;
}"""
"""Add a code cell at the end of the open notebook and run it; its index."""

CELL_TEXT_JS = """(index) => {
  const cell = window.jupyterapp.shell.currentWidget.content.model.cells.get(index);
  return cell.outputs.toJSON().map(o => o.output_type === 'stream' ? o.text
    : o.output_type === 'error' ? `${o.ename}: ${o.evalue}` : '').join('');
}"""

CELLS_JS = """() => {
  const m = window.jupyterapp.shell.currentWidget.content.model;
  const out = [];
  for (let i = 0; i < m.cells.length; i++) {
    const c = m.cells.get(i);
    if (c.type !== 'code') continue;
    const errors = c.outputs.toJSON().filter(o => o.output_type === 'error');
    out.push({index: i, count: c.executionCount, errors: errors.map(o => `${o.ename}: ${o.evalue}`)});
  }
  return out;
}"""

PROBE = """\
import json as _json
_g, _s = w.game, w.game.state
print("PROBE " + _json.dumps({
    "version": w.state["version"], "phase": _g.phase, "turn": _g.turn, "current": _s.current,
    "history": len(_g.history), "hands": [list(h) for h in _s.hands],
    "nodes": [[n for n, o in enumerate(_s.node_owner) if o == seat] for seat in range(4)],
    "edges": [[e for e, o in enumerate(_s.edge_owner) if o == seat] for seat in range(4)],
    "log": _g.log, "save": _g.to_json(),
}))
"""
"""What the Python side says now (``w`` is the widget of 01_play)."""

BOT_TIMING = """\
import json as _json
import sys as _sys
import time as _time
from catan_widget import Game as _Game
from catan_widget.bots import make_bots as _make_bots
_game = _Game(seed=5)
_bots = _make_bots(_game, "greedy")
_worst, _moves, _start = 0.0, 0, _time.perf_counter()
while _game.winner is None and _moves < 5000:
    _t = _time.perf_counter()
    _action = _bots[_game.current_seat].choose(_game.observe(_game.current_seat))
    _worst = max(_worst, _time.perf_counter() - _t)
    _game.step(_action)
    _moves += 1
print("BOTS " + _json.dumps({"platform": _sys.platform, "moves": _moves,
      "seconds": _time.perf_counter() - _start, "worst": _worst}))
"""
"""One whole game of the default bot (greedy) in the kernel, each move timed."""

REVIEW_TIMING = """\
from catan_widget import review as _review
_t = _time.perf_counter()
_r = _review(_game)
print("REVIEW " + _json.dumps({"platform": _sys.platform, "actions": len(_game.history),
      "decisions": len(_r.decisions), "positions": len(_r.chances), "seconds": _time.perf_counter() - _t}))
"""
"""The review of that game in the kernel (catan_widget.review), timed."""


class LiteNotebook:
    """A notebook open in the site: run it, and ask the kernel with cells added at the end."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.probes = 0

    def open(self, url: str) -> float:
        """Open ``url`` (a page showing a notebook) and wait for the Pyodide kernel to be idle;
        the seconds it took.
        """
        start = time.perf_counter()
        self.page.goto(url)
        self.page.wait_for_function(
            "() => window.jupyterapp && window.jupyterapp.commands.hasCommand('notebook:run-all-cells')",
            timeout=KERNEL_MS,
        )
        status = self.page.locator("#jp-main-statusbar")
        expect(status).to_contain_text("Python (Pyodide) | Idle", timeout=KERNEL_MS)
        return time.perf_counter() - start

    def run_all(self) -> None:
        """Run every cell (the command resolves when the last one has run); no error allowed."""
        self.page.evaluate(
            "async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }"
        )
        cells = self.page.evaluate(CELLS_JS)
        assert [c for c in cells if c["errors"] or c["count"] is None] == []

    def ask(self, code: str, marker: str, timeout: float = WAIT_MS) -> dict[str, Any]:
        """Run ``code`` in a new cell; the JSON it printed after ``marker``."""
        index = self.page.evaluate(RUN_CELL_JS, code)
        deadline = time.monotonic() + timeout / 1000
        while True:
            text = self.page.evaluate(CELL_TEXT_JS, index)
            if f"{marker} " in text or "Error" in text or time.monotonic() > deadline:
                break
            self.page.wait_for_timeout(100)
        line = next((ln for ln in text.splitlines() if ln.startswith(f"{marker} ")), None)
        assert line is not None, f"the kernel answered {text[:2000]!r}"
        facts: dict[str, Any] = json.loads(line[len(marker) + 1 :])
        return facts

    def probe(self) -> dict[str, Any]:
        """The Python game's facts now."""
        self.probes += 1
        return self.ask(PROBE, "PROBE")


def board_agrees(table: Table, facts: dict[str, Any]) -> None:
    """The board drawn shows the Python game: its version, every piece, your hand."""
    expect(table.root).to_have_attribute("data-version", str(facts["version"]))
    for seat in range(4):
        drawn = sorted(table.pieces("settlement", seat) + table.pieces("city", seat))
        assert drawn == facts["nodes"][seat], (
            f"seat {seat}: buildings drawn {drawn}, in Python {facts['nodes'][seat]}"
        )
        assert table.pieces("road", seat) == facts["edges"][seat], f"seat {seat}: roads differ"
    hand = table.shown_hand(0)
    assert [hand[r] for r in ("lumber", "brick", "wool", "grain", "ore")] == facts["hands"][0]


def place_pair(table: Table, game: Game) -> tuple[int, int]:
    """Your setup settlement on the best highlighted spot, then its road, by clicks."""
    table.wait_for(seat=0, phase="setup_settlement", timeout=WAIT_MS)
    expect(table.banner()).to_have_text("Your turn — place a settlement")
    node = max(sorted(table.legal_ids("node")), key=game.board.node_pips)
    table.place("node", node)
    table.wait_for(seat=0, phase="setup_road", timeout=WAIT_MS)
    edge = table.legal_ids("edge")[0]
    table.place("edge", edge)
    return node, edge


def discard_half(table: Table) -> None:
    """In the discard dialog: pick ore first, brick last, then Discard."""
    table.wait_for(seat=0, phase="discard", timeout=WAIT_MS)
    count = table.root.locator("[data-dialog='discard'] .cw-discard-count").inner_text()
    need = int(count.split("/")[1].split()[0])  # "0 / 4 chosen"
    hand = table.shown_hand(0)
    plan: dict[str, int] = {}
    for r in ("ore", "grain", "wool", "lumber", "brick"):
        take = min(need - sum(plan.values()), hand[r])
        if take:
            plan[r] = take
    table.discard(plan)


def wait_for_your_roll(table: Table) -> int:
    """Let the bots play until you must roll, discarding if a bot's 7 asks you to; your discards."""
    discards = 0
    # both phases wait for you: once drawn, the page stays in them until you act
    yours = table.page.locator(
        '.catan-widget.cw-ready[data-seat="0"]:is([data-phase="roll"], [data-phase="discard"])'
    )
    while True:
        expect(yours).to_have_count(1, timeout=WAIT_MS)
        if yours.get_attribute("data-phase") == "roll":
            return discards
        discard_half(table)
        discards += 1


def settle_a_seven(table: Table) -> None:
    """After your roll: if it was a 7, discard when asked and move the robber to the first
    highlighted hex (robbing the first player offered); return once you may build and trade.
    """
    # each of these phases waits for you: once drawn, the page stays in it until you act
    yours = table.page.locator(
        '.catan-widget.cw-ready[data-seat="0"]'
        ':is([data-phase="discard"], [data-phase="move_robber"], [data-phase="main"])'
    )
    while True:
        expect(yours).to_have_count(1, timeout=WAIT_MS)
        phase = yours.get_attribute("data-phase")
        if phase == "main":
            return
        if phase == "discard":
            discard_half(table)
            continue
        table.click_spot("hex", table.legal_ids("hex")[0])
        victims = table.root.locator("button.cw-victim")
        if victims.count():
            victims.first.click()
        before = table.version()
        table.root.locator(".cw-overlay-slot button[data-action='confirm']").click()
        table.wait_past(before)


def build_something(table: Table) -> tuple[str, int] | None:
    """Build a settlement, else a road, where the widget allows; what was built where."""
    for action, kind, spot in (("build_settlement", "settlement", "node"), ("build_road", "road", "edge")):
        if table.enabled(action):
            table.press(action)
            ident = table.legal_ids(spot)[0]
            table.place(spot, ident)
            expect(
                table.root.locator(f".cw-dynamic .cw-{kind}[data-seat='0'][data-{spot}='{ident}']")
            ).to_have_count(1)
            return kind, ident
    return None


def test_lite_site_plays_01_offline_by_clicks(
    offline: tuple[BrowserContext, list[str]], served: tuple[str, list[str]]
) -> None:
    context, blocked = offline
    base_url, paths = served
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    timings: dict[str, float] = {}
    try:
        nb = LiteNotebook(page)
        # the site's address: its root page opens 01_play
        timings["kernel ready"] = nb.open(base_url)
        expect(page.locator(".jp-NotebookPanel .jp-Notebook")).to_have_count(1)
        expect(page.locator(".lm-TabBar-tab.jp-mod-current")).to_contain_text("01_play.ipynb")
        started = time.perf_counter()
        nb.run_all()
        table = Table(page)
        table.wait_for(seat=0, phase="setup_settlement", timeout=WAIT_MS)
        timings["run 01_play to a board"] = time.perf_counter() - started
        facts = nb.probe()
        assert facts["phase"] == "setup_settlement"
        game = Game.from_json(facts["save"])  # the same board, to choose spots as a player would
        assert game.names == ["You", "Bot 1", "Bot 2", "Bot 3"]

        # --- setup by clicks: both settlements and roads, the bots placing in between ----------
        first = place_pair(table, game)
        second = place_pair(table, game)
        table.wait_for(seat=0, phase="roll", timeout=WAIT_MS)
        facts = nb.probe()
        assert facts["phase"] == "roll"
        assert facts["nodes"][0] == sorted([first[0], second[0]])
        assert facts["edges"][0] == sorted([first[1], second[1]])
        assert all(len(facts["nodes"][seat]) == 2 and len(facts["edges"][seat]) == 2 for seat in range(4))
        board_agrees(table, facts)

        # --- a turn by clicks: roll, build if the cards allow, end the turn -------------------
        before = table.version()
        table.press("roll")
        table.wait_past(before)
        settle_a_seven(table)
        expect(table.log().last).not_to_be_empty()
        built = build_something(table)
        facts = nb.probe()
        assert facts["log"][[ln.startswith("You rolled") for ln in facts["log"]].index(True)].startswith(
            "You rolled"
        )
        board_agrees(table, facts)
        if built is not None:
            kind, ident = built
            assert ident in (facts["edges"][0] if kind == "road" else facts["nodes"][0])
        history = facts["history"]
        before = table.version()
        table.press("end_turn")
        ended = time.perf_counter()
        table.wait_past(before)

        # --- the three bots play their turns; you are asked to roll again ----------------------
        discards = wait_for_your_roll(table)
        bots_seconds = time.perf_counter() - ended
        ARTIFACTS.mkdir(exist_ok=True)
        table.root.scroll_into_view_if_needed()
        page.screenshot(path=ARTIFACTS / "test_lite_site.png")
        facts = nb.probe()
        assert facts["turn"] == 5, facts["log"][-8:]
        assert facts["log"].count("You ended the turn") == 1
        since = facts["log"][facts["log"].index("You ended the turn") + 1 :]
        for bot in ("Bot 1", "Bot 2", "Bot 3"):  # each rolled and ended a turn: 6 moves at least
            assert any(line.startswith(f"{bot} rolled") for line in since), since
            assert f"{bot} ended the turn" in since, since
        # the moves recorded since your end of turn, less your discards (never fewer than the 6 seen)
        bot_moves = max(6, facts["history"] - history - 1 - discards)
        timings["bot move, by the clock (incl. the 0.6 s bot delay)"] = bots_seconds / bot_moves
        board_agrees(table, facts)
        table.root.screenshot(path=ARTIFACTS / "test_lite_site-board.png")

        # --- the default bot's speed in the Pyodide kernel ----------------------------------------
        bots = nb.ask(BOT_TIMING, "BOTS")
        assert bots["platform"] == "emscripten"
        timings["greedy game in Pyodide (s)"] = bots["seconds"]
        timings["worst greedy move in Pyodide (s)"] = bots["worst"]
        assert bots["moves"] < 5000  # a whole game to a winner (timings are reported, not asserted)
        # --- a game review in the Pyodide kernel (issue 45 reports its time) ---------------------
        reviewed = nb.ask(REVIEW_TIMING, "REVIEW", timeout=180_000)
        assert reviewed["platform"] == "emscripten"
        assert reviewed["positions"] == reviewed["actions"] + 1
        assert reviewed["decisions"] > 0
        timings["review of that game in Pyodide (s)"] = reviewed["seconds"]
        timings["its actions"] = reviewed["actions"]
    except BaseException:
        ARTIFACTS.mkdir(exist_ok=True)
        with contextlib.suppress(PlaywrightError):
            page.screenshot(path=ARTIFACTS / "test_lite_site-failure.png", full_page=True)
        raise
    finally:
        print("Lite timings:", json.dumps({k: round(v, 3) for k, v in timings.items()}))
        page.close()

    # --- offline: nothing was asked of any other host; the runtime came from the site -------------
    assert blocked == [], f"requests off 127.0.0.1: {blocked[:10]}"
    for needed in ("static/pyodide/pyodide.asm.wasm", "static/pyodide/python_stdlib.zip", "catan_widget-"):
        assert any(needed in p for p in paths), f"{needed} was not served by the site"
