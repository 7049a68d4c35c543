"""Throughput where users feel it, for the engine build this process runs (compiled or pure).

    python bench/bench_throughput.py                       # the compiled engine (after ./dev)
    CATAN_WIDGET_PURE=1 python bench/bench_throughput.py   # the same source interpreted

1. **Search bot**: ``SearchBot().choose(observation)`` on the same positions (every 10th
   decision of a seeded greedy game).  The bot's budget is counted in work units, not seconds,
   so both builds do the same search: decisions per CPU second is its playout rate.
2. **from_json** of a saved random game of at least 1,500 actions (replays every action).
3. **Tournament**: ``catan_widget.tournament(["greedy"], games=1000)`` on every core (wall time).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from catan_widget import Game, _native
from catan_widget.bots.search import SearchBot


def search_rate(positions: int) -> tuple[float, int]:
    """(decisions per CPU second, decisions) of SearchBot on positions of a greedy game."""
    game = Game(["Ada", "Bo", "Cy", "Di"], seed=5, board="random")
    observations = []
    n = 0
    while not game.is_over and len(observations) < positions:
        if n % 10 == 0:
            observations.append(game.observe(game.current_seat))
        game.play("greedy", max_steps=1)
        n += 1
    bot = SearchBot(seed=1)
    t0 = time.process_time()
    for obs in observations:
        bot.choose(obs)
    return len(observations) / (time.process_time() - t0), len(observations)


def long_save(min_actions: int) -> str:
    """The save of the first seeded random 4-player game with at least ``min_actions`` actions."""
    for seed in range(1, 10_000):
        game = Game(["Ada", "Bo", "Cy", "Di"], seed=seed, board="random").play("random")
        if len(game.history) >= min_actions:
            return game.to_json()
    raise RuntimeError("no long game found")


def from_json_ms(text: str, reps: int) -> float:
    """Median milliseconds (CPU) of ``Game.from_json(text)``."""
    times = []
    for _ in range(reps):
        t0 = time.process_time()
        Game.from_json(text)
        times.append(time.process_time() - t0)
    return statistics.median(times) * 1000


def tournament_seconds(games: int) -> float:
    """Wall seconds of a greedy tournament on every core."""
    from catan_widget import tournament

    t0 = time.perf_counter()
    tournament(["greedy"], games=games, seed=1, progress=False)
    return time.perf_counter() - t0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--positions", type=int, default=40, help="search-bot decisions timed")
    parser.add_argument("--games", type=int, default=1000, help="tournament games (0: skip)")
    args = parser.parse_args()
    print(f"catan-widget engine: {_native.BUILD}; {os.cpu_count()} cores")
    rate, count = search_rate(args.positions)
    print(f"search bot: {rate:.1f} decisions per CPU second ({count} positions, default budget)")
    text = long_save(1500)
    actions = len(Game.from_json(text).history)
    print(f"from_json of a {actions}-action game: {from_json_ms(text, 5):.1f} ms (median of 5, CPU)")
    if args.games:
        seconds = tournament_seconds(args.games)
        print(f"tournament of {args.games} greedy games on all cores: {seconds:.1f} s wall")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
