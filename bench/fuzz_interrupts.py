"""Long interrupt fuzz: timer signals raising ``KeyboardInterrupt`` (what a kernel interrupt
raises) at random points while games are played, stepped, replayed and driven by the widget's
bots, on the compiled and on the pure-Python engine.

After every interrupt the game must be whole: its save loads and equals its replay, its moves
are the first moves of the same game played without the interrupt (play mode), and it plays on
to the end.  Each build runs in a child process of its own, so an abort of the compiled engine
shows as a negative return code instead of ending the fuzz.  A seeded, few-second version runs in
the test suite (tests/engine/test_interrupts.py).

    python bench/fuzz_interrupts.py --seconds 60 --seed 1
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

MODES = ("play", "steps", "replay", "widget")


def _whole(game: Any) -> None:
    from catan_widget import Game

    text = game.to_json()
    if Game.from_json(text).to_json() != text:
        raise AssertionError("the save does not replay to itself")


def _interrupt(rng: random.Random, run: Callable[[], None]) -> bool:
    """Run with a timer signal armed at a random moment; True if it interrupted ``run``."""
    signal.setitimer(signal.ITIMER_REAL, rng.uniform(0.0002, 0.02))
    try:
        try:
            run()
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except KeyboardInterrupt:
        return True
    return False


def _one(mode: str, seed: int, rng: random.Random) -> bool:
    from catan_widget import Game, RollDice

    board = "random" if seed % 2 else "beginner"
    if mode == "play":
        bots = ("greedy", "random")[seed % 2]
        game = Game(seed=seed, board=board)
        hit = _interrupt(rng, lambda: game.play(bots=bots))
        _whole(game)
        reference = Game(seed=seed, board=board).play(bots=bots, max_steps=len(game.history))
        if reference.history != game.history:
            raise AssertionError("the interrupted game left the path of the same game uninterrupted")
    elif mode == "steps":
        game = Game(seed=seed, board=board)
        picks = random.Random(seed)

        def steps() -> None:
            while not game.is_over:
                if game.phase == "roll" and picks.random() < 0.2:
                    game.step(RollDice(), dice=(picks.randint(1, 6), picks.randint(1, 6)))
                else:
                    game.step(picks.choice(game.legal_actions()))

        hit = _interrupt(rng, steps)
        _whole(game)
    elif mode == "replay":
        game = Game(seed=seed, board=board).play(bots="random")
        text = game.to_json()
        loaded: list[Any] = []
        hit = _interrupt(rng, lambda: loaded.append(Game.from_json(text)))
        if loaded and loaded[0].to_json() != text:
            raise AssertionError("a replay that finished differs from its save")
        _whole(game)
    else:
        from catan_widget import CatanWidget

        game = Game(seed=seed, board=board)
        w = CatanWidget(game, seats=dict.fromkeys(game.names, "bot"), bot="greedy")

        def moves() -> None:
            while not game.is_over:
                w.bots_paused = False
                w.play_one_bot_move()

        hit = _interrupt(rng, moves)
        _whole(game)
        w.close()
    game.play(bots="random")  # plays on: no step half-applied, no turn left held
    _whole(game)
    return hit


def child(seconds: float, seed: int) -> dict[str, Any]:
    """The fuzz in this process's build; returns its counts."""
    import logging

    from catan_widget import _native
    from catan_widget.engine.rules import atomic

    logging.getLogger("catan_widget").setLevel(logging.CRITICAL)
    signal.signal(signal.SIGALRM, signal.default_int_handler)
    took: list[float] = []
    replayed_state = atomic.replayed_state

    def timed(*args: Any) -> Any:  # called only to take back a step cut short
        start = time.perf_counter()
        try:
            return replayed_state(*args)
        finally:
            took.append(time.perf_counter() - start)

    atomic.replayed_state = timed  # type: ignore[assignment]
    rng = random.Random(seed)
    counts = {mode: [0, 0] for mode in MODES}
    end = time.monotonic() + seconds
    k = 0
    while time.monotonic() < end:
        mode = MODES[k % len(MODES)]
        counts[mode][0] += 1
        counts[mode][1] += _one(mode, seed * 100_000 + k, rng)
        k += 1
    return {
        "compiled": _native.COMPILED,
        "counts": counts,
        "taken_back": len(took),
        "take_back_ms": [1000 * statistics.median(took), 1000 * max(took)] if took else [0.0, 0.0],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60, help="seconds per build (default 60)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.seconds, args.seed)))
        return
    failed = False
    for pure in (False, True):
        env = {k: v for k, v in os.environ.items() if k != "CATAN_WIDGET_PURE"}
        if pure:
            env["CATAN_WIDGET_PURE"] = "1"
        cmd = [sys.executable, __file__, "--child", "--seconds", str(args.seconds), "--seed", str(args.seed)]
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False, cwd=ROOT)
        label = "pure" if pure else "default build"
        if done.returncode != 0:
            failed = True
            print(f"{label}: FAILED, return code {done.returncode}\n{done.stderr[-3000:]}")
            continue
        out = json.loads(done.stdout.splitlines()[-1])
        build = "compiled" if out["compiled"] else "pure"
        games = sum(n for n, _ in out["counts"].values())
        hits = sum(h for _, h in out["counts"].values())
        by_mode = ", ".join(f"{m} {n} ({h} interrupted)" for m, (n, h) in out["counts"].items())
        median, largest = out["take_back_ms"]
        print(
            f"{label} ({build}): {games} games, {hits} interrupted ({by_mode}); "
            f"{out['taken_back']} steps taken back mid-way (median {median:.1f} ms, max {largest:.1f} ms); "
            "every game whole, on the uninterrupted path, and played on: 0 failures"
        )
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
