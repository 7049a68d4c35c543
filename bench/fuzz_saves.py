"""Fuzz ``Game.from_json`` with mutated real saves for as long as asked.

```
python bench/fuzz_saves.py --seconds 120 --seed 1
```

Takes the saves of a few seeded games (short ones, a staged one with free placement, whole
games), mutates them at random (the mutations of ``tests/engine/savefuzz.py``: flipped
characters, cuts, deep nesting, huge strings, wrong types, swapped or dropped actions, huge
numbers, control characters, keys) and loads each.  Prints, per mutation, how many were tried,
refused with a clean SaveError, and accepted as a valid game, and every failure: another
exception escaping, a message over 300 characters or with control characters, an accepted save
that is not a complete game.  Exits with status 1 on any failure.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.engine.savefuzz import MUTATIONS, Tally, fuzz_once, real_saves  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=120.0, help="how long to fuzz (default 120)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the mutations (default 1)")
    args = parser.parse_args(argv)

    saves = real_saves(long=True)
    print(
        f"{len(saves)} real saves: " + ", ".join(f"{k} ({len(v):,} chars)" for k, v in saves.items()),
        flush=True,
    )
    rng = random.Random(args.seed)
    tallies = {name: Tally() for name in MUTATIONS}
    slowest = (0.0, "")
    start = time.perf_counter()
    while time.perf_counter() - start < args.seconds:
        name = rng.choice(sorted(MUTATIONS))
        before = time.perf_counter()
        fuzz_once(rng, saves, tallies[name], name)
        took = time.perf_counter() - before
        if took > slowest[0]:
            slowest = (took, name)
    elapsed = time.perf_counter() - start

    print(f"\n{'mutation':<20}{'tried':>8}{'refused':>9}{'accepted':>10}{'failed':>8}")
    total = Tally()
    for name, t in tallies.items():
        print(f"{name:<20}{t.tried:>8}{t.refused:>9}{t.accepted:>10}{len(t.failures):>8}")
        total.tried += t.tried
        total.refused += t.refused
        total.accepted += t.accepted
        total.failures += t.failures
    print(f"{'total':<20}{total.tried:>8}{total.refused:>9}{total.accepted:>10}{len(total.failures):>8}")
    print(f"\n{elapsed:.0f} s, seed {args.seed}; slowest load and check {slowest[0]:.2f} s ({slowest[1]})")
    for failure in total.failures[:30]:
        print("FAIL", failure)
    return 1 if total.failures else 0


if __name__ == "__main__":
    sys.exit(main())
