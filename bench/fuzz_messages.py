"""Long fuzz of the widget's inputs: malformed, hostile, stale and out-of-turn messages and
settings updates, sent to widgets whose games move on (a human seat against bots).

Every refusal must leave the saved game byte-identical and say why in a short printable
message; nothing may escape as an exception.  A seeded, few-second version of this runs in the
test suite (tests/widget/test_untrusted.py).

    python bench/fuzz_messages.py --seconds 60 --seed 1
"""

from __future__ import annotations

import argparse
import logging
import random
import string
import time
from typing import Any

from catan_widget import CatanWidget
from catan_widget.engine.actions import FIXED_ACTIONS, action_to_dict

logging.getLogger("catan_widget").setLevel(logging.CRITICAL)

_SCALARS: list[Any] = [None, True, False, 0, -1, 7, 2**70, 1e308, float("nan"), "", "ore", "x" * 5000]


def junk(rng: random.Random, depth: int = 0) -> Any:
    """A random JSON-like value, sometimes huge or deep."""
    roll = rng.random()
    if depth > 6 or roll < 0.4:
        return rng.choice([*_SCALARS, "".join(rng.choices(string.printable, k=rng.randrange(40)))])
    if roll < 0.7:
        return [junk(rng, depth + 1) for _ in range(rng.randrange(6))]
    return {
        rng.choice(["kind", "node", "edge", "hex", "cards", "type", "x"]): junk(rng, depth + 1)
        for _ in range(4)
    }


def message(rng: random.Random, w: CatanWidget) -> Any:
    """A message as the front-end might send it, or anything but."""
    version = w.state["version"]
    action: Any = action_to_dict(rng.choice(FIXED_ACTIONS))
    kind = rng.random()
    if kind < 0.3:
        return {"type": "act", "version": version, "action": action}
    if kind < 0.5:
        action = dict(action)
        action[rng.choice([*action, "extra"])] = junk(rng)
        return {"type": "act", "version": version, "action": action}
    if kind < 0.6:
        return {"type": "act", "version": version - rng.randrange(1, 4), "action": action}
    if kind < 0.7:
        return {"type": "act", "version": version, "action": {"kind": "undo"}}
    if kind < 0.8:
        big: Any = {"kind": "discard", "cards": dict.fromkeys(map(str, range(rng.randrange(1, 5000))), 1)}
        return {"type": "act", "version": version, "action": big}
    return junk(rng)


def settings(rng: random.Random) -> dict[str, Any]:
    """A settings update, valid or not."""
    key = rng.choice(["bot_delay", "view", "show_pips", "theme", "bots_paused", "state", "legal", "board"])
    return {key: rng.choice([*_SCALARS, 0.0, 0.3, "dark", -1, 1, {"a": 1}])}


def run(seconds: float, seed: int) -> dict[str, int]:
    """Fuzz for ``seconds``; returns the counts."""
    rng = random.Random(seed)
    counts = dict.fromkeys(
        ["messages", "accepted", "refused", "settings", "games", "escaped", "bad_refusals"], 0
    )
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        w = CatanWidget.play(["You", "bot", "bot", "bot"], seed=rng.randrange(10**6), bot_delay=0)
        counts["games"] += 1
        for _ in range(400):
            if w.game.is_over or time.monotonic() > end:
                break
            w.advance_bots()
            before = w.game.to_json()
            try:
                if rng.random() < 0.2:
                    counts["settings"] += 1
                    w.set_state(settings(rng))
                    continue
                counts["messages"] += 1
                ok = w.handle_message(message(rng, w))
            except Exception:
                counts["escaped"] += 1
                continue
            if ok:
                counts["accepted"] += 1
                continue
            counts["refused"] += 1
            error = w.state["error"] or ""
            if w.game.to_json() != before or len(error) > 400 or not error.isprintable():
                counts["bad_refusals"] += 1
        w.close()
    return counts


def main() -> None:
    """Command line: ``--seconds`` and ``--seed``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    t0 = time.monotonic()
    counts = run(args.seconds, args.seed)
    print(f"fuzzed for {time.monotonic() - t0:.0f} s, seed {args.seed}")
    for key, value in counts.items():
        print(f"{key:>14}: {value}")
    if counts["escaped"] or counts["bad_refusals"]:
        raise SystemExit("FAILED: an exception escaped or a refusal changed the game / was not short")


if __name__ == "__main__":
    main()
