"""The widget in a real browser: redraw time and click → redraw latency through the kernel.

Run: ``PYTHONPATH=. python bench/bench_widget_browser.py`` (needs JupyterLab, Playwright and
the system's Chromium on ``PATH``, as Debian installs it; about a minute).  It starts JupyterLab
and headless Chromium with the helpers of ``tests/browser/lab.py`` and measures, inside the page
with ``performance.now()``:

(a) **redraw**: from a state update arriving at the front-end (the first ``change`` event of the
    update) to the widget's DOM (SVG board and panels) redrawn, as the widget reports it in
    ``data-render-ms``; four greedy bots play on from a mid-game (leader at ``--leader-vp`` VP),
    one update per move, ``--updates`` of them.  Also printed, for information: the same up to
    the next frame painted (style, layout and paint included).
(b) **click → redraw**: from the click on Roll or End turn to ``data-version`` changing on the
    page (intent sent, kernel steps the game and answers, DOM redrawn); four humans at one
    screen in a mid-game, dice scripted without 7s, ``--clicks`` clicks after two warm-up ones.

Every answer from Python bumps ``state.version``, a refusal included (docs/protocol.md): a
run whose page shows an error toast (a refused click, a failed bot) is stopped, not measured.

Targets: redraw ≤ 16 ms (one frame), click → redraw ≤ 100 ms.  ``--screenshot PATH`` also saves a
picture of the widget mid-game (Ada against three bots, after her roll) — the README's
``docs/screenshot.png``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.browser.lab import LabServer, launch_chromium, open_lab_page, start_lab  # noqa: E402
from tests.browser.table import Table  # noqa: E402

REDRAW_TARGET_MS = 16.0
CLICK_TARGET_MS = 100.0

MID_GAME = """\
import catan_widget
from catan_widget import CatanWidget, Game
catan_widget.set_language({language!r})
{bundle}
game = Game({names!r}, seed={seed})
game.play(bots="greedy", until=lambda g: max(p.victory_points for p in g.players) >= {vp} and {stop})
"""

REDRAW_CELL = (
    MID_GAME
    + """\
w = CatanWidget(game, ["greedy"] * 4, bot_delay={delay})
w"""
)

CLICK_CELL = (
    MID_GAME
    + """\
w = CatanWidget(game, bot_delay=0, teacher=True)  # four humans, one screen, no hand-over
w.script_dice(*[(1, 2), (2, 2), (2, 3), (3, 3), (4, 4), (4, 5), (5, 5), (2, 4)] * 40)  # no 7
w"""
)

SHOT_CELL = (
    MID_GAME
    + """\
w = CatanWidget(game, {{"Bot 1": "greedy", "Bot 2": "greedy", "Bot 3": "greedy"}}, bot_delay=0.6)
w"""
)

BUNDLE = """
from pathlib import Path


class CatanWidget(CatanWidget):  # measure another front-end bundle (--esm)
    _esm = Path({esm!r})
"""

# Installed in the page before the cells run: records every redraw and every click → redraw.
OBSERVER = """() => {
  const cw = { renders: [], frames: [], clicks: [], click: null };
  window.__cw = cw;
  document.addEventListener("click", (e) => {
    const b = e.target instanceof Element ? e.target.closest(".catan-widget button[data-action]") : null;
    if (b) cw.click = { t: performance.now(), action: b.getAttribute("data-action") };
  }, true);
  new MutationObserver((records) => {
    for (const r of records) {
      const el = r.target;
      if (r.oldValue === null || r.oldValue === el.getAttribute("data-version")) continue;
      const now = performance.now();
      const ms = parseFloat(el.getAttribute("data-render-ms") || "NaN");
      cw.renders.push(ms);
      requestAnimationFrame(() => setTimeout(() => cw.frames.push(performance.now() - now + ms), 0));
      if (cw.click) {
        cw.clicks.push({ action: cw.click.action, ms: now - cw.click.t });
        cw.click = null;
      }
    }
  }).observe(document.body, {
    subtree: true, attributes: true, attributeOldValue: true, attributeFilter: ["data-version"],
  });
}"""


def summary(values: list[float]) -> dict[str, float]:
    """Median, 90th percentile and max of ``values``."""
    ordered = sorted(values)
    return {
        "n": len(ordered),
        "median": statistics.median(ordered),
        "p90": ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))],
        "max": ordered[-1],
    }


def no_error(table: Table, what: str) -> None:
    """Stop the run if the page shows an error toast: a refused intent is not a redraw to time."""
    toast = table.toast()
    if toast.count():
        raise RuntimeError(f"{what} ended in an error, not measured: {toast.first.inner_text()}")


def bundle(args: argparse.Namespace) -> str:
    """Cell code that swaps in the bundle given with ``--esm`` (nothing without it)."""
    return BUNDLE.format(esm=str(Path(args.esm).resolve())) if args.esm else ""


def measure_redraw(page: Page, server: LabServer, args: argparse.Namespace) -> dict[str, Any]:
    """(a): bots play on from a mid-game; every update's ``data-render-ms``."""
    cell = REDRAW_CELL.format(
        bundle=bundle(args),
        language=args.language,
        names=["Ada", "Bo", "Cy", "Di"],
        seed=args.seed,
        vp=args.leader_vp,
        stop="True",
        delay=args.bot_delay,
    )
    lab = open_lab_page(page, server, "bench_redraw.ipynb", [cell])
    page.evaluate(OBSERVER)
    lab.run_all(timeout=120_000)
    page.wait_for_function(
        "(n) => window.__cw.renders.length >= n && window.__cw.frames.length >= n",
        arg=args.updates,
        timeout=max(60_000, args.updates * (args.bot_delay * 1000 + 500)),
    )
    no_error(Table(page), "the bots' updates")
    data = page.evaluate("() => window.__cw")
    renders = [float(x) for x in data["renders"][: args.updates]]
    frames = [float(x) for x in data["frames"][: args.updates]]
    server.shutdown_kernels()
    return {"redraw": summary(renders), "frame": summary(frames)}


def measure_clicks(page: Page, server: LabServer, args: argparse.Namespace) -> dict[str, Any]:
    """(b): click Roll / End turn (whichever the acting human may) and wait for the redraw."""
    cell = CLICK_CELL.format(
        bundle=bundle(args),
        language=args.language,
        names=["Ada", "Bo", "Cy", "Di"],
        seed=args.seed,
        vp=args.leader_vp,
        stop='g.phase == "roll"',
    )
    lab = open_lab_page(page, server, "bench_clicks.ipynb", [cell])
    page.evaluate(OBSERVER)
    lab.run_all(timeout=120_000)
    table = Table(page)
    table.wait_for(phase="roll")
    warmup = 2
    for _ in range(args.clicks + warmup):
        action = "roll" if table.root.get_attribute("data-phase") == "roll" else "end_turn"
        before = table.version()
        table.press(action)
        table.wait_past(before)
        no_error(table, f"the click on {action}")
    clicks = page.evaluate("() => window.__cw.clicks")[warmup:]
    server.shutdown_kernels()
    by_action = {a: summary([c["ms"] for c in clicks if c["action"] == a]) for a in ("roll", "end_turn")}
    return {"click": summary([float(c["ms"]) for c in clicks]), "by_action": by_action}


def screenshot(page: Page, server: LabServer, args: argparse.Namespace, path: Path) -> None:
    """The widget mid-game (Ada against three bots, after her roll), cropped to the widget."""
    cell = SHOT_CELL.format(
        bundle=bundle(args),
        language=args.language,
        names=["Ada", "Bot 1", "Bot 2", "Bot 3"],
        seed=args.shot_seed,
        vp=args.shot_vp,
        stop='g.current_seat == 0 and g.phase == "main"',
    )
    page.set_viewport_size({"width": 1400, "height": 1500})
    open_lab_page(page, server, "screenshot.ipynb", [cell]).run_all(timeout=120_000)
    table = Table(page)
    table.wait_for(seat=0, phase="main")
    table.root.scroll_into_view_if_needed()
    table.root.screenshot(path=path, animations="disabled")
    server.shutdown_kernels()


def verdict(value: float, target: float) -> str:
    """``met`` or ``NOT met``."""
    return "met" if value <= target else "NOT met"


def run(context: BrowserContext, server: LabServer, args: argparse.Namespace) -> dict[str, Any]:
    """Both measurements (and the screenshot, if asked) in one browser and one JupyterLab."""
    page = context.new_page()
    page.set_default_timeout(60_000)
    # as most people see it: cards fly and lit spots pulse (the tests' browser prefers reduced motion)
    page.emulate_media(reduced_motion="reduce" if args.reduced_motion else "no-preference")
    try:
        result = {**measure_redraw(page, server, args), **measure_clicks(page, server, args)}
        if args.screenshot:
            screenshot(page, server, args, Path(args.screenshot))
    finally:
        page.close()
    return result


def report(result: dict[str, Any], args: argparse.Namespace) -> None:
    """Print the medians, the targets and whether each is met."""
    red, frame, click = result["redraw"], result["frame"], result["click"]
    print(
        f"4-player mid-game (seed {args.seed}, leader at {args.leader_vp} VP), JupyterLab + headless Chromium"
    )
    print(
        f"(a) redraw, update arrives -> DOM redrawn: median {red['median']:.2f} ms over {red['n']} updates "
        f"(p90 {red['p90']:.2f}, max {red['max']:.2f}); target <= {REDRAW_TARGET_MS:.0f} ms: "
        f"{verdict(red['median'], REDRAW_TARGET_MS)}"
    )
    print(
        f"    up to the next frame painted (style, layout, paint): median {frame['median']:.2f} ms "
        f"(p90 {frame['p90']:.2f}, max {frame['max']:.2f}) — for information"
    )
    print(
        f"(b) click -> redraw through the kernel (Roll / End turn): median {click['median']:.1f} ms over "
        f"{click['n']} clicks (p90 {click['p90']:.1f}, max {click['max']:.1f}); target <= "
        f"{CLICK_TARGET_MS:.0f} ms: {verdict(click['median'], CLICK_TARGET_MS)}"
    )
    for action, s in result["by_action"].items():
        print(f"    {action}: median {s['median']:.1f} ms over {s['n']} clicks")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--updates", type=int, default=60, help="redraws to time (a), at least 30")
    parser.add_argument("--clicks", type=int, default=24, help="clicks to time (b), at least 20")
    parser.add_argument("--seed", type=int, default=7, help="seed of the mid-game")
    parser.add_argument("--leader-vp", type=int, default=5, help="the mid-game starts when a player has this")
    parser.add_argument("--bot-delay", type=float, default=0.1, help="seconds between bot moves in (a)")
    parser.add_argument("--screenshot", metavar="PATH", help="also save a picture of the widget mid-game")
    parser.add_argument(
        "--esm", metavar="PATH", help="measure this front-end bundle instead of the package's"
    )
    parser.add_argument("--shot-seed", type=int, default=10, help="seed of the screenshot's game")
    parser.add_argument("--shot-vp", type=int, default=5, help="leader's VP in the screenshot's game")
    parser.add_argument("--json", metavar="PATH", help="also write the numbers as JSON")
    parser.add_argument("--language", default="en", help="the widget's language (en, ru, uk, pl, en-XA)")
    parser.add_argument(
        "--reduced-motion", action="store_true", help="measure with prefers-reduced-motion (no card flies)"
    )
    args = parser.parse_args()
    if args.updates < 30 or args.clicks < 20:
        parser.error("use at least 30 updates and 20 clicks")
    with tempfile.TemporaryDirectory(prefix="cw-bench-") as tmp:
        server = start_lab(Path(tmp) / "lab")
        try:
            with sync_playwright() as playwright:
                context = launch_chromium(playwright, Path(tmp) / "chromium", width=1400, height=1000)
                try:
                    result = run(context, server, args)
                finally:
                    context.close()
        finally:
            server.stop()
    print(f"language: {args.language}; motion: {'reduced' if args.reduced_motion else 'on (cards fly)'}")
    report(result, args)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
