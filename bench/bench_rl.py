"""Reinforcement-learning environment benchmark: catan_widget's Gymnasium environment against
catanatron-gym, both stepped with uniformly random *legal* (masked) actions.

Each environment keeps one seat for the agent against three uniform-random bots (four players:
our ``CatanEnv(opponents=["random"] * 3)``, catanatron-gym's ``CatanatronEnv`` with three
``RandomPlayer`` enemies), and an agent step is one ``env.step`` call: the agent's id, the bots'
moves until the agent must act again, the observation vector and the mask (ours: ``action_masks()``;
catanatron's: ``info["valid_actions"]``).  Batches of steps alternate between the environments
(the order flips every round) and are timed in CPU seconds of this one process, so machine noise
hits both alike; the ratio is given with its range over the rounds.  Also timed, ours only: the
same loop without the observation vector (``game.observe`` + ``mask`` + ``step_id``: the masked
steps a custom harness pays for), and catanatron-gym's default 1v1 environment (for scale).

    python bench/bench_rl.py --steps 200000
    python bench/bench_rl.py --quick      # CI smoke: a few thousand steps, no verdicts

catanatron-gym 4.0.0 pins ``gymnasium==0.29.1``; it runs unchanged on gymnasium 1.x, so install
it beside ours without its pins: ``pip install --no-deps catanatron-gym==4.0.0`` (it needs
catanatron, the ``bench`` extra).  Without it only our numbers are printed.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

# One core means one thread: numpy's BLAS pool would otherwise spin beside the loop (in CPU time
# this process is charged for), for both environments alike.  Set before numpy is imported.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np

from catan_widget import Game, _native
from catan_widget.engine.registry import make_bot
from catan_widget.engine.rules.autoplay import SeatToAct, play_bots
from catan_widget.rl.actions import Pending, mask, step_id
from catan_widget.rl.gym_env import CatanEnv

TARGET_RATIO = 10.0
"""Agent steps per CPU second over catanatron-gym's, same opponents and player count."""
TARGET_STEPS = 100_000.0
"""Masked agent steps per CPU second on one core (compiled engine)."""


@dataclass
class Run:
    """What one environment did: steps, episodes, CPU seconds (and per round)."""

    name: str
    steps: int = 0
    episodes: int = 0
    seconds: float = 0.0
    rounds: list[float] = field(default_factory=list)  # steps per CPU second of each round

    @property
    def rate(self) -> float:
        return self.steps / self.seconds if self.seconds else float("nan")


class Stepper:
    """An environment stepped with random legal ids, episode after episode (seeded)."""

    name = ""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.seed = seed
        self.episodes = 0

    def batch(self, steps: int) -> tuple[float, int]:
        """Take ``steps`` agent steps; CPU seconds and episodes finished."""
        raise NotImplementedError


class Ours(Stepper):
    """``CatanEnv(opponents=["random"] * 3)``: observation vector, mask, bots between."""

    name = "catan-widget Catan-v0"

    def __init__(self, seed: int, opponents: int = 3) -> None:
        super().__init__(seed)
        self.env = CatanEnv(opponents=["random"] * opponents)
        self.env.reset(seed=seed)

    def batch(self, steps: int) -> tuple[float, int]:
        env, rng, done = self.env, self.rng, 0
        t0 = time.process_time()
        for _ in range(steps):
            legal = np.flatnonzero(env.action_masks())
            _, _, terminated, truncated, _ = env.step(legal[rng.randrange(len(legal))])
            if terminated or truncated:
                done += 1
                env.reset(seed=self.seed + self.episodes + done)
        self.episodes += done
        return time.process_time() - t0, done


class _Agent:
    """Seat 0's place in the bot list: ``Game.play`` stops before it is asked."""

    def choose(self, observation: Any) -> Any:
        raise RuntimeError("the agent's move comes from the benchmark loop")


class OursMasked(Stepper):
    """The masked loop without the observation vector: ``game.observe(0)``, :func:`mask`, a
    random legal id through :func:`step_id`, then the bots until seat 0 acts (made once a game
    and played as the environment plays them).
    """

    name = "catan-widget, mask only"

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self._new()

    def _new(self) -> None:
        seed = self.seed + self.episodes
        self.game = Game(["P0", "P1", "P2", "P3"], seed=seed)
        self.bots: list[Any] = [_Agent()] + [make_bot("random", seed, q) for q in (1, 2, 3)]
        self.pending = Pending()
        self._advance()

    def _advance(self) -> None:
        if not self.game.is_over and self.game.current_seat != 0:
            play_bots(self.game, self.bots, SeatToAct(0, 400), 100_000)

    def batch(self, steps: int) -> tuple[float, int]:
        rng, done = self.rng, 0
        t0 = time.process_time()
        obs = self.game.observe(0)
        for _ in range(steps):
            legal = np.flatnonzero(mask(obs, self.pending))
            action = step_id(obs, self.pending, int(legal[rng.randrange(len(legal))]))
            if action is not None:
                self.game.step(action)
                self._advance()
                if self.game.is_over or self.game.turn >= 400:
                    done += 1
                    self.episodes += 1
                    self._new()
                obs = self.game.observe(0)
        return time.process_time() - t0, done


class Catanatron(Stepper):
    """catanatron-gym's ``CatanatronEnv``: with three random enemies, or its default 1v1."""

    def __init__(self, seed: int, enemies: int = 3) -> None:
        super().__init__(seed)
        from catanatron.models.player import Color, RandomPlayer
        from catanatron_gym.envs.catanatron_env import CatanatronEnv

        colors = (Color.RED, Color.ORANGE, Color.WHITE)[:enemies]
        self.name = "catanatron-gym" + ("" if enemies == 3 else " 1v1 (its default)")
        self.env = CatanatronEnv({"enemies": [RandomPlayer(c) for c in colors]})
        _, self.info = self.env.reset(seed=seed)

    def batch(self, steps: int) -> tuple[float, int]:
        env, rng, done, info = self.env, self.rng, 0, self.info
        t0 = time.process_time()
        for _ in range(steps):
            legal = info["valid_actions"]
            _, _, terminated, truncated, info = env.step(legal[rng.randrange(len(legal))])
            if terminated or truncated:
                done += 1
                _, info = env.reset(seed=self.seed + self.episodes + done)
        self.info = info
        self.episodes += done
        return time.process_time() - t0, done


def interleaved(steppers: list[Stepper], steps: int, batch: int) -> list[Run]:
    """``steps`` agent steps per environment in alternating batches (order flips each round)."""
    runs = {s.name: Run(s.name) for s in steppers}
    order = list(steppers)
    done = 0
    while done < steps:
        n = min(batch, steps - done)
        for s in order:
            seconds, episodes = s.batch(n)
            run = runs[s.name]
            run.steps += n
            run.episodes += episodes
            run.seconds += seconds
            run.rounds.append(n / seconds if seconds else math.nan)
        order.reverse()
        done += n
    return [runs[s.name] for s in steppers]


def _have_catanatron_gym() -> bool:
    try:
        import catanatron_gym  # noqa: F401
    except ImportError:
        return False
    return True


def report(runs: list[Run], quick: bool, command: str) -> dict[str, Any]:
    """Print the table and the verdicts; the numbers as a dict."""
    print(f"command: {command}")
    print(f"python {platform.python_version()} on {platform.machine()}; engine: {_native.BUILD}")
    print()
    print(f"{'environment (random legal actions)':42}{'steps':>10}{'episodes':>10}{'steps/CPU s':>14}")
    for r in runs:
        print(f"{r.name:42}{r.steps:>10}{r.episodes:>10}{r.rate:>14,.0f}")
    print()
    by_name = {r.name: r for r in runs}
    ours, masked = by_name[Ours.name], by_name[OursMasked.name]
    theirs = by_name.get("catanatron-gym")
    verdicts: dict[str, bool] = {}
    ratio = math.nan
    if theirs is not None:
        ratio = ours.rate / theirs.rate
        per_round = [a / b for a, b in zip(ours.rounds, theirs.rounds)]
        print(
            f"Catan-v0 / catanatron-gym (4 players, 3 random bots): {ratio:.1f}x "
            f"(rounds {min(per_round):.1f}-{max(per_round):.1f}x over {len(per_round)})"
        )
    best = max(ours.rate, masked.rate)
    if quick:
        print("quick mode: too few steps for a ratio claim; no target verdicts.")
    else:
        if theirs is not None:
            verdicts[f"Catan-v0 >= {TARGET_RATIO:g}x catanatron-gym"] = ratio >= TARGET_RATIO
        verdicts[f"Catan-v0 >= {TARGET_STEPS:,.0f} steps/s"] = ours.rate >= TARGET_STEPS
        verdicts[f"mask-only loop >= {TARGET_STEPS:,.0f} steps/s"] = masked.rate >= TARGET_STEPS
        build = "compiled" if _native.COMPILED else "pure"
        for name, ok in verdicts.items():
            print(f"  target {name} ({build}): {'met' if ok else 'MISSED'}")
    return {
        "command": command,
        "build": _native.BUILD,
        "compiled": _native.COMPILED,
        "quick": quick,
        "runs": [asdict(r) | {"rate": r.rate} for r in runs],
        "ratio": ratio,
        "best_rate": best,
        "verdicts": verdicts,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument(
        "--steps", type=int, default=100_000, help="agent steps per environment (default 100000)"
    )
    parser.add_argument(
        "--batch", type=int, default=5_000, help="steps per environment per batch (default 5000)"
    )
    parser.add_argument("--seed", type=int, default=1, help="base seed of the episodes (default 1)")
    parser.add_argument("--quick", action="store_true", help="CI smoke: 2000 steps each, no verdicts")
    parser.add_argument("--ours-only", action="store_true", help="skip catanatron-gym")
    parser.add_argument("--json", type=Path, help="also write the numbers to this JSON file")
    args = parser.parse_args(argv)
    if args.quick:
        args.steps, args.batch = 2_000, 500
    makers: list[Callable[[int], Stepper]] = [Ours, OursMasked]
    if not args.ours_only:
        if _have_catanatron_gym():
            makers += [Catanatron, lambda seed: Catanatron(seed, enemies=1)]
        else:
            print("catanatron-gym is not installed (pip install --no-deps catanatron-gym==4.0.0): ours only.")
    steppers = [make(args.seed) for make in makers]
    command = "python bench/bench_rl.py " + " ".join(sys.argv[1:] if argv is None else argv)
    result = report(interleaved(steppers, args.steps, args.batch), args.quick, command.strip())
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
