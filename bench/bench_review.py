"""The game review's estimator, measured from outside, and the review's speed.

    python bench/bench_review.py                    # calibration and Brier on 2,400 positions, then timings
    python bench/bench_review.py --positions 600    # a smaller run
    python bench/bench_review.py --time-only        # only the review of a ~1,000-action game
    CATAN_WIDGET_PURE=1 python bench/bench_review.py --time-only   # the same, pure Python

Calibration: plays 4-player games on HELD-OUT seeds (``HELD_OUT_SEED + i`` of
tools/fit_review_model.py, never fitted on), with every line-up of random, greedy and search bots
in every seat order (the fit's ``LINEUPS``, game ``i`` taking line-up ``i``), and samples one
position every ``--stride`` actions of each finished game until ``--positions`` are collected.
At each position every seat's predicted win chance (the shipped model, all-seeing, as the
review's chart) is one prediction, its outcome whether that seat won.  Printed:

* the expected calibration error: 10 equal bins of predicted chance, the mean |predicted − won|
  weighted by the bin's share of predictions, in points (target ≤ 3);
* the Brier score per position (Σ over seats of (p − won)²) and the log loss of the winner,
  beside two baselines: uniform 1/n, and each seat's share of the visible (public) points.

Speed: the review of one held-out game of random bots of about 1,000 actions (the typical game
length of bench_engine.py), serial on one core, in the engine this process loads (compiled or
pure: printed).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from fit_review_model import HELD_OUT_SEED, LINEUPS, play  # noqa: E402

from catan_widget import Game, _native  # noqa: E402
from catan_widget.engine.rules.scoring import public_vp  # noqa: E402
from catan_widget.history import replay  # noqa: E402
from catan_widget.reviews import load_model, review  # noqa: E402

BINS = 10


def sample(positions: int, stride: int) -> tuple[list[list[float]], list[list[float]], list[int], int]:
    """Model and visible-points predictions and winners at ``positions`` held-out positions."""
    model = load_model()
    predicted: list[list[float]] = []
    visible: list[list[float]] = []
    winners: list[int] = []
    i = 0
    while len(winners) < positions:
        seed = HELD_OUT_SEED + i
        game = play(seed, i)
        i += 1
        winner = game.state.winner
        if winner < 0:
            continue
        target = game.rules.vp_to_win
        for step in replay(game):
            if (step.index + seed) % stride or step.after.winner >= 0:
                continue
            s = step.after
            predicted.append(model.chances(s, game.board, target))
            vp = [public_vp(s, q) for q in range(s.n)]
            total = sum(vp)
            visible.append([v / total for v in vp] if total else [1 / s.n] * s.n)
            winners.append(winner)
    return predicted[:positions], visible[:positions], winners[:positions], i


def calibration(
    predicted: list[list[float]], winners: list[int]
) -> tuple[float, list[tuple[int, float, float]]]:
    """Expected calibration error (points) and the bins: (count, mean predicted, frequency)."""
    bins: list[list[tuple[float, int]]] = [[] for _ in range(BINS)]
    for chances, w in zip(predicted, winners):
        for q, p in enumerate(chances):
            bins[min(BINS - 1, int(p * BINS))].append((p, 1 if q == w else 0))
    total = sum(len(b) for b in bins)
    ece = 0.0
    rows = []
    for b in bins:
        if not b:
            rows.append((0, math.nan, math.nan))
            continue
        mean = sum(p for p, _ in b) / len(b)
        freq = sum(y for _, y in b) / len(b)
        ece += len(b) / total * abs(mean - freq)
        rows.append((len(b), mean, freq))
    return 100 * ece, rows


def brier(predicted: list[list[float]], winners: list[int]) -> float:
    """Mean over positions of Σ over seats of (p − won)²."""
    return sum(
        sum((p - (1 if q == w else 0)) ** 2 for q, p in enumerate(chances))
        for chances, w in zip(predicted, winners)
    ) / len(winners)


def log_loss(predicted: list[list[float]], winners: list[int]) -> float:
    """Mean −log of the winner's predicted chance."""
    return -sum(math.log(max(1e-12, c[w])) for c, w in zip(predicted, winners)) / len(winners)


def measure(positions: int, stride: int) -> None:
    start = time.perf_counter()
    predicted, visible, winners, games = sample(positions, stride)
    uniform = [[1 / len(c)] * len(c) for c in predicted]
    last = HELD_OUT_SEED + games - 1
    print(f"{len(winners)} positions from {games} held-out games (seeds {HELD_OUT_SEED}..{last})")
    print(f"line-ups: every mix of random, greedy, search by seat ({len(LINEUPS)}), game i takes line-up i")
    ece, rows = calibration(predicted, winners)
    print(f"\nexpected calibration error: {ece:.2f} points (10 bins; target <= 3)")
    print("  bin        n   predicted  won")
    for k, (n, mean, freq) in enumerate(rows):
        if n:
            print(f"  {k / BINS:.1f}-{(k + 1) / BINS:.1f} {n:6d}   {100 * mean:6.1f}%  {100 * freq:6.1f}%")
    model_brier = brier(predicted, winners)
    print("\n                        Brier   log loss")
    for name, pred in (("model", predicted), ("uniform 1/n", uniform), ("visible points share", visible)):
        b = brier(pred, winners)
        gain = "" if pred is predicted else f"   model {100 * (b - model_brier) / b:.1f}% lower"
        print(f"  {name:22s} {b:.4f}  {log_loss(pred, winners):.4f}{gain}")
    print(f"({time.perf_counter() - start:.0f} s)")


def long_game(min_actions: int = 900) -> Game:
    """The first held-out game of four random bots with at least ``min_actions`` actions."""
    i = 0
    while True:
        game = Game(seed=HELD_OUT_SEED + 50_000 + i, board="random").play("random")
        if game.state.winner >= 0 and len(game.history) >= min_actions:
            return game
        i += 1


def timing() -> None:
    game = long_game()
    engine = "compiled" if _native.COMPILED else "pure Python"
    start = time.perf_counter()
    r = review(game)
    seconds = time.perf_counter() - start
    print(
        f"\nreview of a {len(game.history)}-action game (seed {game.seed}, 4 random bots), serial, "
        f"{engine}: "
        f"{seconds:.1f} s, {len(r.decisions)} decisions graded"
    )
    start = time.perf_counter()
    same = review(game, executor="processes", workers=2) == r
    print(f"the same on 2 processes: {time.perf_counter() - start:.1f} s, identical: {same}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--positions", type=int, default=2400)
    parser.add_argument("--stride", type=int, default=20)
    parser.add_argument("--time-only", action="store_true")
    args = parser.parse_args()
    if not args.time_only:
        measure(args.positions, args.stride)
    timing()


if __name__ == "__main__":
    main()
