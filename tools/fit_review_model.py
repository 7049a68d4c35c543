"""Fit the review's value model (catan_widget/reviews/weights.json) on bot games of TUNING seeds.

    python tools/fit_review_model.py --games 1200 --workers 2

Plays ``--games`` 4-player games (and a third as many 3-player ones) on random boards, seeds
``TUNING_SEED + i`` (bench/bench_review.py reports on other seeds: ``HELD_OUT_SEED + i``), with
every line-up of the bots "random", "greedy" and "search" in turn (every seat order: game ``i``
seats ``LINEUPS[i % len(LINEUPS)]``), samples one position every ``--stride`` actions of each
finished game, reads each seat's :data:`catan_widget.reviews.features.NAMES` there, and fits a
conditional logit (softmax over the seats of ``w · x``) by Newton's method with a small L2 term.
One game in five (by index) is held out of the fit and its log loss printed beside the uniform
one.  numpy is used here only: the package reads the weights with the standard library.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from catan_widget import Game  # noqa: E402
from catan_widget.bots import GreedyBot, RandomBot, SearchBot  # noqa: E402
from catan_widget.history import replay  # noqa: E402
from catan_widget.reviews.features import NAMES, features  # noqa: E402
from catan_widget.reviews.model import WEIGHTS_FILE  # noqa: E402

TUNING_SEED = 1_000_000
"""Seeds of the games the model is fitted on (bench_review.py never uses them)."""
HELD_OUT_SEED = 9_000_000
"""Seeds bench/bench_review.py reports on (never fitted on)."""
KINDS = ("random", "greedy", "search")
LINEUPS: tuple[tuple[str, ...], ...] = tuple(
    lineup for lineup in itertools.product(KINDS, repeat=4) if len(set(lineup)) > 1
)
"""Every 4-seat line-up of the three bots with at least two kinds, in every seat order."""
SEARCH_BUDGET = 0.1
"""The search bot's budget in these games (seconds of work per decision; a tenth of a hint)."""
MAX_STEPS = 4000


def make_bot(kind: str, seed: int, seat: int) -> object:
    """One seeded bot of ``kind``."""
    if kind == "search":
        return SearchBot(seed, seat, budget=SEARCH_BUDGET)
    if kind == "greedy":
        return GreedyBot(seed, seat)
    return RandomBot(seed, seat)


def play(seed: int, index: int, players: int = 4) -> Game:
    """Game ``index`` of a run: seed ``seed``, line-up ``LINEUPS[index]`` cut to ``players``."""
    names = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"][:players]
    lineup = LINEUPS[index % len(LINEUPS)][:players]
    game = Game(names, seed=seed, board="random")
    game.play([make_bot(k, seed, q) for q, k in enumerate(lineup)], max_steps=MAX_STEPS)
    return game


def positions(game: Game, stride: int, offset: int) -> list[tuple[list[list[float]], int]]:
    """Every ``stride``-th position of a finished game: the seats' features and the winner."""
    s = game.state
    if s.winner < 0:
        return []
    target = game.rules.vp_to_win
    return [
        (features(step.after, game.board, target), s.winner)
        for step in replay(game)
        if (step.index + offset) % stride == 0 and step.after.winner < 0
    ]


def job(args: tuple[int, int, int, int]) -> tuple[int, list[tuple[list[list[float]], int]]]:
    """Play one game and sample it: (game index, samples)."""
    seed, index, players, stride = args
    game = play(seed, index, players)
    return index, positions(game, stride, seed % stride)


def arrays(samples: list[tuple[list[list[float]], int]]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features (N, 6, F) padded, a mask of real seats (N, 6) and the winners (N,)."""
    n = len(samples)
    x = np.zeros((n, 6, len(NAMES)))
    mask = np.zeros((n, 6), dtype=bool)
    y = np.zeros(n, dtype=int)
    for i, (f, w) in enumerate(samples):
        x[i, : len(f)] = f
        mask[i, : len(f)] = True
        y[i] = w
    return x, mask, y


def probabilities(w: np.ndarray, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Softmax over the real seats of ``x @ w``."""
    z = np.where(mask, x @ w, -np.inf)
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def log_loss(w: np.ndarray, x: np.ndarray, mask: np.ndarray, y: np.ndarray) -> float:
    """Mean negative log-likelihood of the winners."""
    p = probabilities(w, x, mask)
    return float(-np.mean(np.log(np.clip(p[np.arange(len(y)), y], 1e-12, 1))))


def fit(x: np.ndarray, mask: np.ndarray, y: np.ndarray, l2: float, iterations: int = 30) -> np.ndarray:
    """Newton's method on the conditional logit's penalised log-likelihood."""
    n, _, f = x.shape
    w = np.zeros(f)
    for _ in range(iterations):
        p = probabilities(w, x, mask)
        mean = np.einsum("ns,nsf->nf", p, x)
        grad = (x[np.arange(n), y] - mean).sum(axis=0) - l2 * n * w
        second = np.einsum("ns,nsf,nsg->fg", p, x, x) - mean.T @ mean
        hess = second + l2 * n * np.eye(f)
        step = np.linalg.solve(hess, grad)
        w = w + step
        if np.abs(step).max() < 1e-7:
            break
    return w


def main() -> None:
    """Play, sample, fit, report and write the weights."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--games", type=int, default=1200, help="4-player games (plus a third as many 3-player)"
    )
    parser.add_argument("--stride", type=int, default=12, help="actions between two sampled positions")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--l2", type=float, default=1e-4)
    parser.add_argument("--dry-run", action="store_true", help="fit and print, do not write weights.json")
    args = parser.parse_args()
    start = time.perf_counter()
    jobs = [(TUNING_SEED + i, i, 4, args.stride) for i in range(args.games)]
    jobs += [(TUNING_SEED + args.games + i, i, 3, args.stride) for i in range(args.games // 3)]
    fitted: list[tuple[list[list[float]], int]] = []
    held: list[tuple[list[list[float]], int]] = []
    unfinished = 0
    with ProcessPoolExecutor(args.workers) as pool:
        for k, (_, samples) in enumerate(pool.map(job, jobs, chunksize=8)):
            unfinished += not samples
            (held if k % 5 == 4 else fitted).extend(samples)
            if k % 100 == 99:
                print(f"{k + 1} games, {time.perf_counter() - start:.0f} s", flush=True)
    x, mask, y = arrays(fitted)
    hx, hmask, hy = arrays(held)
    w = fit(x, mask, y, args.l2)
    uniform = float(-np.mean(np.log(1 / hmask.sum(axis=1))))
    report = {
        "games": len(jobs),
        "seeds": f"{TUNING_SEED}..{TUNING_SEED + len(jobs) - 1} (tuning)",
        "held_out_seeds": f"bench/bench_review.py reports on {HELD_OUT_SEED}+",
        "lineups": "every line-up of random, greedy and search (budget 0.1) with two kinds or more, by seat",
        "players": "4 (and 3 in a quarter of the games)",
        "unfinished_games_dropped": unfinished,
        "positions_fitted": len(y),
        "positions_held_out": len(hy),
        "stride": args.stride,
        "l2": args.l2,
        "train_log_loss": round(log_loss(w, x, mask, y), 4),
        "held_out_log_loss": round(log_loss(w, hx, hmask, hy), 4),
        "held_out_uniform_log_loss": round(uniform, 4),
    }
    print(json.dumps(report, indent=1))
    for name, v in zip(NAMES, w):
        print(f"  {name:24s} {v:+.3f}")
    if not args.dry_run:
        data = {"features": list(NAMES), "weights": [round(float(v), 5) for v in w], "fit": report}
        WEIGHTS_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {WEIGHTS_FILE.relative_to(ROOT)} in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
