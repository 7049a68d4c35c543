"""The bot ladder, measured: strength, think time, and tournament throughput.

    .venv/bin/python bench/bench_bots.py                 # everything, full size (long)
    .venv/bin/python bench/bench_bots.py --strength 1000 # each level vs 3 of the level below, held-out boards
    .venv/bin/python bench/bench_bots.py --strength 400 --tuning  # the same on the tuning boards too
    .venv/bin/python bench/bench_bots.py --think 8       # think time per decision, 8 games
    .venv/bin/python bench/bench_bots.py --speed 64      # games/s on 1 core vs all cores
    .venv/bin/python bench/bench_bots.py --six 240       # six players: search vs 5 greedy, held-out boards
    .venv/bin/python bench/bench_bots.py --quick         # a small smoke run of all four

Strength: seeded random boards, seats rotated (every bot plays every seat of every board), win
rates with 95% intervals clustered by board (see catan_widget.tournaments.result).  The fair
share of one seat in four is 25%.  The levels of the widget's menu (``catan_widget.bots.LEVELS``)
each play three of the level below.  The search bot's constants were tuned on the boards of
``--seed`` :data:`TUNING_SEED`; the figures to report come from the boards of :data:`HELD_OUT_SEED`,
which no tuning ever used (both are printed with ``--tuning``).  The six-player row (``--six``)
plays the search bot against five greedy bots on the 5–6 player extension (its board, bank and
deck, the Special Building Phase after every turn), on the held-out boards; fair share 1/6.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import catan_widget as cw
from catan_widget import Game
from catan_widget.bots import LEVELS, GreedyBot, SearchBot
from catan_widget.bots.search import DEFAULT_BUDGET

TUNING_SEED = 2026
"""The tournament seed whose boards the search bot's constants were tuned on."""
HELD_OUT_SEED = 424242
"""The tournament seed of the boards reported on: never used for tuning."""


def strength(games: int, seed: int, budget: float, label: str) -> None:
    """Each level of the widget's menu against three of the level below, on the boards of ``seed``."""
    search = "search" if budget == DEFAULT_BUDGET else SearchBot(budget=budget)
    level = {bot: name for name, bot in LEVELS.items()}
    print(f"{label} boards (tournament seed {seed}):", flush=True)
    for lineup in ([search, "greedy", "greedy", "greedy"], ["greedy", "random", "random", "random"]):
        r = cw.tournament(lineup, games=games, seed=seed, progress=False)
        top = r.table[0]
        print(
            f"  {level.get(top.bot, '?'):>6} ({top.bot}) vs 3 {level[r.table[1].bot]} ({r.table[1].bot}): "
            f"{top.win_rate:6.1%} ({top.wins} of {top.seats})  "
            f"95% CI [{top.ci_low:.1%}, {top.ci_high:.1%}]"
            f"  ({len(r.games)} games on {len(r.games) // 4} boards, {r.no_winner} unfinished, "
            f"{r.seconds:.0f} s on {os.cpu_count()} cores; seat-order chi2 p = {r.seat_p_value:.2f})",
            flush=True,
        )


def six(games: int, seed: int, budget: float) -> None:
    """The six-player row: the search bot against five greedy bots on the extension's boards."""
    search = "search" if budget == DEFAULT_BUDGET else SearchBot(budget=budget)
    r = cw.tournament([search, *["greedy"] * 5], games=games, players=6, seed=seed, progress=False)
    top = r.table[0]
    print(
        f"six players (tournament seed {seed}): {top.bot} vs 5 greedy: {top.win_rate:6.1%} "
        f"({top.wins} of {top.seats})  95% CI [{top.ci_low:.1%}, {top.ci_high:.1%}]  fair share "
        f"{top.fair_share:.1%}  mean VP {top.mean_vp:.1f}  ({len(r.games)} games on {len(r.games) // 6} "
        f"boards, {r.no_winner} unfinished, mean {r.mean_turns:.0f} turns, {r.seconds:.0f} s on "
        f"{os.cpu_count()} cores; seat-order chi2 p = {r.seat_p_value:.2f})",
        flush=True,
    )


def think(games: int, budget: float) -> None:
    """Wall-clock and CPU time (this process only: other jobs on the machine do not count) per
    decision of the search bot against three greedy bots."""
    every: list[float] = []
    choices: list[float] = []
    cpu_every: list[float] = []
    cpu_choices: list[float] = []
    for i in range(games):
        g = Game(seed=9000 + i, board="random")
        seat = i % 4
        bots = [GreedyBot(g.seed, q) for q in range(4)]
        me = SearchBot(g.seed, seat, budget=budget)
        while not g.is_over and len(g.history) < 5000:
            q = g.current_seat
            obs = g.observe(q)
            if q != seat:
                g.step(bots[q].choose(obs))
                continue
            t, c = time.perf_counter(), time.process_time()
            action = me.choose(obs)
            dt, dc = time.perf_counter() - t, time.process_time() - c
            every.append(dt)
            cpu_every.append(dc)
            if len(obs.legal) > 1:
                choices.append(dt)
                cpu_choices.append(dc)
            g.step(action)
    for label, xs in (
        ("every decision", every),
        ("real choices (2+ legal moves)", choices),
        ("CPU, every decision", cpu_every),
        ("CPU, real choices", cpu_choices),
    ):
        xs.sort()
        print(
            f"think time, budget {budget} s, {label}: median {statistics.median(xs) * 1000:.1f} ms, "
            f"p90 {xs[int(0.9 * len(xs))] * 1000:.0f} ms, max {xs[-1] * 1000:.0f} ms ({len(xs)} decisions)",
            flush=True,
        )


def speed(games: int) -> None:
    lineup = ["greedy", "greedy", "greedy", "greedy"]
    one = cw.tournament(lineup, games=games, seed=1, workers=1, progress=False)
    every = cw.tournament(lineup, games=games, seed=1, progress=False)
    assert one.games == every.games, "serial and parallel tables differ"
    n = len(one.games)
    print(
        f"greedy games/s: 1 core {n / one.seconds:.1f}, {os.cpu_count()} cores {n / every.seconds:.1f} "
        f"({n} games; identical results)",
        flush=True,
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--strength", type=int, default=0, help="games per ladder rung")
    ap.add_argument("--think", type=int, default=0, help="games for the think-time measurement")
    ap.add_argument("--speed", type=int, default=0, help="games for the throughput measurement")
    ap.add_argument("--six", type=int, default=0, help="games of the six-player row")
    ap.add_argument("--seed", type=int, default=HELD_OUT_SEED, help="the boards reported on (held out)")
    ap.add_argument("--tuning", action="store_true", help=f"also the tuning boards (seed {TUNING_SEED})")
    ap.add_argument("--budget", type=float, default=DEFAULT_BUDGET, help="search bot budget, seconds")
    ap.add_argument("--quick", action="store_true", help="a small smoke run of everything")
    args = ap.parse_args()
    if args.quick:
        args.strength, args.think, args.speed, args.six = 8, 1, 16, 6
    if not (args.strength or args.think or args.speed or args.six):
        args.strength, args.think, args.speed, args.six = 400, 8, 200, 240
    if args.think:
        think(args.think, args.budget)
    if args.speed:
        speed(args.speed)
    if args.strength:
        if args.tuning:
            strength(args.strength, TUNING_SEED, args.budget, "tuning")
        strength(args.strength, args.seed, args.budget, "held-out" if args.seed != TUNING_SEED else "tuning")
    if args.six:
        six(args.six, args.seed, args.budget)


if __name__ == "__main__":
    main()
