"""Engine benchmark: catan-widget against catanatron, both with uniform-random players.

Plays full 4-player games in both engines, interleaved in batches so machine noise hits both
alike (CPU time per game; the ratio with its range over the rounds), and 6-player games of the
5–6 player extension in ours (its actions per second against the 4-player rate of the same run:
issue 23 asks for at least as many), then times single
operations (legal actions, one step, a fork/copy) on states sampled
from real games.  See bench/README.md for what is measured and how it is kept fair.

    python bench/bench_engine.py --games 200 --seed 1
    python bench/bench_engine.py --quick          # CI smoke: a few games, no ratio claims
    CATAN_WIDGET_PURE=1 python bench/bench_engine.py --games 200   # the same source interpreted
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from catan_widget import Game, _native
from catan_widget.bots import RandomBot

PLAYERS = ("Ada", "Bo", "Cy", "Di")
PLAYERS6 = (*PLAYERS, "Ed", "Fy")
"""The 6-player games: the extension's board, the Special Building Phase on (its default)."""
TARGETS = {  # (games/s ratio over catanatron, legal_actions µs, fork µs), by build
    True: (12.0, 1.0, 5.0),  # compiled with mypyc: ahead of fastcatan's 11.7x (a C++ engine)
    False: (6.0, 10.0, 20.0),  # the same source interpreted (Pyodide, no compiler, opt-out)
}


@dataclass
class EngineRun:
    """Totals over the games one engine played."""

    name: str
    games: int = 0
    seconds: float = 0.0
    steps: int = 0
    turns: int = 0
    by_limit: int = 0
    rounds: list[float] = field(default_factory=list)  # CPU seconds of each round's batch

    def add(self, seconds: float, steps: int, turns: int, by_limit: bool) -> None:
        self.games += 1
        self.seconds += seconds
        if self.rounds:
            self.rounds[-1] += seconds
        self.steps += steps
        self.turns += turns
        self.by_limit += by_limit

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0


@dataclass
class Micro:
    """Per-operation timings (µs per call), one value per sampled state."""

    legal: list[float] = field(default_factory=list)
    step: list[float] = field(default_factory=list)
    fork: list[float] = field(default_factory=list)

    def medians(self) -> dict[str, float]:
        return {k: statistics.median(v) if v else float("nan") for k, v in asdict(self).items()}

    def means(self) -> dict[str, float]:
        return {k: statistics.fmean(v) if v else float("nan") for k, v in asdict(self).items()}


# --- whole games ---------------------------------------------------------------------------------
def game_seed(base: int, i: int) -> int:
    """The seed of game ``i`` (never 0: catanatron treats a 0 seed as "draw one")."""
    return 1 + base * 1_000_000 + i


def play_ours(seed: int) -> tuple[float, int, int, bool]:
    """One full game in our engine: seconds, steps, turns, ended without a winner.

    ``game.play("random")``, the public call: each seat's RandomBot picks uniformly among the
    legal actions (its ``choose_among``, so no observation is built per step, as catanatron's
    RandomPlayer gets its playable actions).
    """
    t0 = time.process_time()
    game = Game(players=PLAYERS, seed=seed, board="random").play("random")
    seconds = time.process_time() - t0
    return seconds, len(game.history), game.turn, not game.is_over


def play_ours6(seed: int) -> tuple[float, int, int, bool]:
    """One full 6-player game of the extension in our engine, as :func:`play_ours`."""
    t0 = time.process_time()
    game = Game(players=PLAYERS6, seed=seed, board="random").play("random")
    seconds = time.process_time() - t0
    return seconds, len(game.history), game.turn, not game.is_over


def play_ours_by_steps(seed: int) -> tuple[float, int, int, bool]:
    """The same game driven from outside, one call at a time: ``legal_actions()``, RandomBot's
    ``choose_among``, ``step()`` (what a harness that steps the engine itself measures).
    """
    t0 = time.process_time()
    game = Game(players=PLAYERS, seed=seed, board="random")
    picks = [RandomBot(seed=seed, seat=i).choose_among for i in range(len(PLAYERS))]
    while not game.is_over:
        game.step(picks[game.current_seat](game.legal_actions()))
    seconds = time.process_time() - t0
    return seconds, len(game.history), game.turn, not game.is_over


def play_catanatron(seed: int) -> tuple[float, int, int, bool]:
    """One full game in catanatron (its RandomPlayer, its default random map)."""
    from catanatron import Color, RandomPlayer
    from catanatron import Game as CGame

    colors = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
    t0 = time.process_time()
    game = CGame([RandomPlayer(c) for c in colors], seed=seed)
    winner = game.play()
    seconds = time.process_time() - t0
    return seconds, len(game.state.actions), game.state.num_turns, winner is None


def play_interleaved(games: int, batch: int, base_seed: int, with_catanatron: bool) -> list[EngineRun]:
    """``games`` games per engine in alternating batches; the batch order flips every round.

    Returns our ``game.play("random")`` run, catanatron's (if measured), our 6-player games and
    ours driven step by step (last).
    """
    ours, theirs = EngineRun("catan-widget"), EngineRun("catanatron")
    six = EngineRun("catan-widget, 6 players")
    by_steps = EngineRun("catan-widget, by steps")
    i = 0
    round_no = 0
    while i < games:
        seeds = [game_seed(base_seed, j) for j in range(i, min(i + batch, games))]
        order = [
            (ours, play_ours),
            (theirs, play_catanatron),
            (six, play_ours6),
            (by_steps, play_ours_by_steps),
        ]
        if not with_catanatron:
            order = [order[0], order[2], order[3]]
        if round_no % 2:
            order.reverse()
        for run, play in order:
            run.rounds.append(0.0)
            for seed in seeds:
                run.add(*play(seed))
        i += len(seeds)
        round_no += 1
    return [ours, theirs, six, by_steps] if with_catanatron else [ours, six, by_steps]


# --- single operations ---------------------------------------------------------------------------
def _per_call_us(fn: Callable[[], object], reps: int) -> float:
    t0 = time.perf_counter_ns()
    for _ in range(reps):
        fn()
    return (time.perf_counter_ns() - t0) / reps / 1000


def sample_interleaved(
    samples: int, every: int, base_seed: int, reps: int, with_catanatron: bool
) -> tuple[Micro, Micro | None]:
    """Time single operations on every ``every``-th state of seeded random games, one game of
    each engine in turn, until each engine has ``samples`` states.
    """
    ours, theirs = Micro(), Micro() if with_catanatron else None
    g_index = 0
    while len(ours.legal) < samples or (theirs is not None and len(theirs.legal) < samples):
        seed = game_seed(base_seed + 7, g_index)
        g_index += 1
        _sample_ours_game(seed, ours, samples, every, reps)
        if theirs is not None:
            _sample_catanatron_game(seed, theirs, samples, every, reps)
    return ours, theirs


def _sample_ours_game(seed: int, micro: Micro, samples: int, every: int, reps: int) -> None:
    game = Game(players=PLAYERS, seed=seed, board="random")
    picks = [RandomBot(seed=seed, seat=i).choose_among for i in range(len(PLAYERS))]
    n = 0
    while not game.is_over and len(micro.legal) < samples:
        if n % every == 0:
            micro.legal.append(_per_call_us(game.legal_actions, reps))
            micro.fork.append(_per_call_us(game.fork, reps))
            actions = game.legal_actions()
            action = actions[len(micro.step) % len(actions)]
            copies = [game.fork() for _ in range(reps)]
            t0 = time.perf_counter_ns()
            for copy in copies:
                copy.step(action)
            micro.step.append((time.perf_counter_ns() - t0) / reps / 1000)
        game.step(picks[game.current_seat](game.legal_actions()))
        n += 1


def _sample_catanatron_game(seed: int, micro: Micro, samples: int, every: int, reps: int) -> None:
    """catanatron's equivalents: generate_playable_actions(state), game.execute(action) on a
    copy (which validates and regenerates its playable actions), and game.copy().
    """
    from catanatron import Color, RandomPlayer
    from catanatron import Game as CGame
    from catanatron.game import TURNS_LIMIT
    from catanatron.models.actions import generate_playable_actions

    colors = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)
    game = CGame([RandomPlayer(c) for c in colors], seed=seed)
    n = 0
    while game.winning_color() is None and game.state.num_turns < TURNS_LIMIT:
        if len(micro.legal) >= samples:
            return
        if n % every == 0:
            saved = random.getstate()  # measuring must not change the sampled game
            state = game.state
            micro.legal.append(_per_call_us(partial(generate_playable_actions, state), reps))
            micro.fork.append(_per_call_us(game.copy, reps))
            actions = state.playable_actions
            action = actions[len(micro.step) % len(actions)]
            copies = [game.copy() for _ in range(reps)]
            t0 = time.perf_counter_ns()
            for copy in copies:
                copy.execute(action)
            micro.step.append((time.perf_counter_ns() - t0) / reps / 1000)
            random.setstate(saved)
        game.play_tick()
        n += 1


# --- report --------------------------------------------------------------------------------------
def _fmt(x: float, digits: int = 1) -> str:
    return "n/a" if math.isnan(x) else f"{x:.{digits}f}"


def report(
    runs: list[EngineRun], ours_m: Micro, theirs_m: Micro | None, quick: bool, command: str
) -> dict[str, Any]:
    """Print the table and the target verdicts; return the numbers as a dict."""
    ours, six, by_steps = runs[0], runs[-2], runs[-1]
    theirs = runs[1] if len(runs) > 3 else None
    om, omean = ours_m.medians(), ours_m.means()
    tm, tmean = (theirs_m.medians(), theirs_m.means()) if theirs_m else (None, None)
    ratio = ours.games_per_s / theirs.games_per_s if theirs and theirs.games_per_s else float("nan")
    per_round = [t / o for o, t in zip(ours.rounds, theirs.rounds) if o and t] if theirs else []

    print(f"command: {command}")
    print(f"python {platform.python_version()} on {platform.machine()} ({platform.system()})")
    print(f"catan-widget engine: {_native.BUILD}")
    print("fastcatan: not measured (no installable package on PyPI for this platform)")
    print()
    head = f"{'':40}{'catan-widget':>16}{'catanatron':>18}"
    print(head)
    print("-" * len(head))

    def row(label: str, a: str, b: str) -> None:
        print(f"{label:40}{a:>16}{b:>18}")

    def micro(label: str, key: str) -> None:
        row(
            f"{label} median / mean (µs)",
            f"{_fmt(om[key], 2)} / {_fmt(omean[key], 2)}",
            f"{_fmt(tm[key], 2)} / {_fmt(tmean[key], 2)}" if tm and tmean else "-",
        )

    row("games played", str(ours.games), str(theirs.games) if theirs else "-")
    row("games per CPU second", _fmt(ours.games_per_s, 2), _fmt(theirs.games_per_s, 2) if theirs else "-")
    row("  same games driven by steps", _fmt(by_steps.games_per_s, 2), "-")
    row("avg steps (actions) per game", _fmt(ours.steps / ours.games), _per_game(theirs, "steps"))
    row("avg turns per game", _fmt(ours.turns / ours.games), _per_game(theirs, "turns"))
    row("games ended by a turn limit", str(ours.by_limit), str(theirs.by_limit) if theirs else "-")
    row(
        "actions per CPU second",
        _fmt(ours.steps / ours.seconds, 0),
        _fmt(theirs.steps / theirs.seconds, 0) if theirs and theirs.seconds else "-",
    )
    six_rate = six.steps / six.seconds if six.seconds else float("nan")
    four_rate = ours.steps / ours.seconds if ours.seconds else float("nan")
    row("6 players: games per CPU second", _fmt(six.games_per_s, 2), "-")
    row("6 players: avg steps per game", _fmt(six.steps / six.games) if six.games else "n/a", "-")
    row("6 players: actions per CPU second", _fmt(six_rate, 0), "-")
    micro("legal actions", "legal")
    micro("step / execute", "step")
    micro("fork / copy", "fork")
    print()
    print("catanatron columns: generate_playable_actions(state); game.execute(action) on a copy")
    print("(validates and regenerates its playable actions); game.copy().")
    their_count = len(theirs_m.legal) if theirs_m else 0
    print(f"sampled states: {len(ours_m.legal)} (ours), {their_count} (catanatron)")
    print()
    verdicts: dict[str, bool | None] = {}
    target_ratio, target_legal, target_fork = TARGETS[_native.COMPILED]
    if quick:
        print("quick mode: too few games for a meaningful ratio; no target verdicts.")
    else:
        if theirs:
            low, high = (min(per_round), max(per_round)) if per_round else (ratio, ratio)
            print(
                f"games per CPU second, ours / catanatron: {ratio:.2f}x "
                f"(rounds {low:.2f}-{high:.2f}x over {len(per_round)} rounds)"
            )
            verdicts[f"ratio>={target_ratio:g}x"] = ratio >= target_ratio
            step_ratio = by_steps.games_per_s / theirs.games_per_s if theirs.games_per_s else float("nan")
            step_rounds = [t / o for o, t in zip(by_steps.rounds, theirs.rounds) if o and t]
            print(
                f"  driven step by step (legal_actions + choose_among + step from Python): {step_ratio:.2f}x "
                f"(rounds {min(step_rounds):.2f}-{max(step_rounds):.2f}x)"
            )
            verdicts[f"ratio by steps>={target_ratio:g}x"] = step_ratio >= target_ratio
        print(f"6-player actions per CPU second / 4-player: {six_rate / four_rate:.2f}")
        verdicts["6-player actions/s>=4-player"] = six_rate >= four_rate
        verdicts[f"legal_actions<={target_legal:g}us"] = om["legal"] <= target_legal
        verdicts[f"fork<={target_fork:g}us"] = om["fork"] <= target_fork
        for name, ok in verdicts.items():
            print(
                f"  target {name} ({'compiled' if _native.COMPILED else 'pure'}): {'met' if ok else 'MISSED'}"
            )
    return {
        "command": command,
        "build": _native.BUILD,
        "compiled": _native.COMPILED,
        "quick": quick,
        "runs": [asdict(r) | {"games_per_s": r.games_per_s} for r in runs],
        "ratio": ratio,
        "ratio_rounds": per_round,
        "ours_median_us": om,
        "ours_mean_us": omean,
        "catanatron_median_us": tm,
        "catanatron_mean_us": tmean,
        "verdicts": verdicts,
    }


def _per_game(run: EngineRun | None, what: str) -> str:
    if run is None or not run.games:
        return "-"
    return _fmt(getattr(run, what) / run.games)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="full games per engine (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="base seed of every game (default 1)")
    parser.add_argument("--batch", type=int, default=10, help="games per engine per batch (default 10)")
    parser.add_argument("--samples", type=int, default=1500, help="states timed per engine (default 1500)")
    parser.add_argument("--every", type=int, default=5, help="time every n-th state of a game (default 5)")
    parser.add_argument("--reps", type=int, default=10, help="calls averaged per state and op (default 10)")
    parser.add_argument("--quick", action="store_true", help="CI smoke: 4 games, 100 states, no verdicts")
    parser.add_argument("--ours-only", action="store_true", help="skip catanatron")
    parser.add_argument("--json", type=Path, help="also write the numbers to this JSON file")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.batch, args.samples = 4, 2, 100
    with_catanatron = not args.ours_only
    if with_catanatron:
        try:
            import catanatron  # noqa: F401
        except ImportError:
            print("catanatron is not installed (pip install -e '.[bench]'); timing our engine only.")
            with_catanatron = False

    command = "python bench/bench_engine.py " + " ".join(sys.argv[1:] if argv is None else argv)
    runs = play_interleaved(args.games, args.batch, args.seed, with_catanatron)
    ours_m, theirs_m = sample_interleaved(args.samples, args.every, args.seed, args.reps, with_catanatron)
    result = report(runs, ours_m, theirs_m, args.quick, command.strip())
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
