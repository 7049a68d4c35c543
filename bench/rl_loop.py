"""The Catan-v0 loop of ``bench_rl.py`` alone, for counting the instructions of one agent step.

Timing on a shared machine moves by ±10% from run to run; instructions do not.  Run the loop
for two step counts under valgrind and divide the difference (start-up cancels out)::

    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/rl_loop.py 300
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python bench/rl_loop.py 3300
    # instructions per agent step = (Collected(3300) - Collected(300)) / 3000

Same environment and random legal ids as bench_rl.py (four players, three random bots); the
changes of 2026-12-06 were tuned with ``--seed 7``, and reported with bench_rl.py on seeds
never used here.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # as bench_rl.py: one core, one thread
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np

from catan_widget.rl.gym_env import CatanEnv


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("steps", type=int, help="agent steps to take")
    parser.add_argument("--seed", type=int, default=7, help="episode seed (default 7)")
    args = parser.parse_args(argv)
    env = CatanEnv(opponents=["random"] * 3)
    env.reset(seed=args.seed)
    rng, episodes = random.Random(args.seed), 0
    for _ in range(args.steps):
        legal = np.flatnonzero(env.action_masks())
        _, _, terminated, truncated, _ = env.step(legal[rng.randrange(len(legal))])
        if terminated or truncated:
            episodes += 1
            env.reset(seed=args.seed + episodes)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
