"""Mutations of real saves, to fuzz ``Game.from_json``: used by ``test_save_fuzz.py`` (a few
seconds, in the suite) and ``bench/fuzz_saves.py`` (as long as asked).

Each mutation takes a random generator and a real save (its text and parsed data) and returns
hostile text: flipped characters, a cut, deep nesting, huge strings, wrong types in any field,
swapped, removed or duplicated actions, huge numbers, control characters, missing or extra keys.
:func:`try_load` loads one and sorts the outcome: refused (with a clean message), accepted and
valid, or a failure (another exception escaped, a bad message, an accepted save that is not a
complete game).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from catan_widget import BuildRoad, BuyDevelopmentCard, EndTurn, Game, RollDice, Rules, SaveError

NAMES4 = ["Ada", "Bo", "Cy", "Di"]
NAMES6 = [*NAMES4, "Ed", "Fy"]
MAX_MESSAGE = 300
"""Longest acceptable SaveError message."""

Mutation = Callable[[random.Random, str, Any], str]


# --- the real saves ---------------------------------------------------------------------------
def _staged_game() -> Game:
    """A position staged with free placement (12 and 17 are neighbours), then scripted play."""
    game = Game(NAMES4, seed=5, board="beginner", first=0).stage(
        phase="main",
        settlements={0: [12, 17], 1: [26]},
        roads={0: [19]},
        hands={0: {"lumber": 2, "brick": 2, "wool": 1, "grain": 1, "ore": 1}, 1: {"ore": 2}},
        dev_cards={0: {"knight": 1}},
        knights={2: 2},
        robber=4,
        free_placement=True,
    )
    game.step(BuildRoad(25))
    game.step(BuyDevelopmentCard(), card="monopoly")
    game.step(EndTurn())
    game.step(RollDice(), dice=(2, 3))
    return game


HOUSE = Rules(friendly_robber=True, vp_to_win=8, discard_limit=9)


def _played(game: Game, bots: str, steps: int) -> str:
    return game.play(bots, until=lambda g: len(g.history) >= steps).to_json()


def real_saves(long: bool = False) -> dict[str, str]:
    """Saves of a few seeded games: short ones, and with ``long`` also whole games."""
    saves = {
        "staged_free_placement": _staged_game().to_json(),
        "beginner4_random": Game(NAMES4, seed=3)
        .play("random", until=lambda g: len(g.history) >= 160)
        .to_json(),
        "random3_greedy_rules": Game(
            NAMES4[:3],
            seed=8,
            board="random",
            rules=Rules(friendly_robber=True, vp_to_win=8, discard_limit=9),
        )
        .play("greedy", until=lambda g: len(g.history) >= 120)
        .to_json(),
        "fresh": Game(NAMES4, seed=1).to_json(),
        "random6_paired_friendly": Game(
            NAMES6, seed=13, board="random", rules=Rules(special_building="paired", friendly_robber=True)
        )
        .play("random", until=lambda g: len(g.history) >= 200)
        .to_json(),
        "beginner5_greedy_special": Game(NAMES6[:5], seed=14)
        .play("greedy", until=lambda g: len(g.history) >= 150)
        .to_json(),
    }
    if long:
        saves["finished_random4"] = Game(NAMES4, seed=11, board="random").play("random").to_json()
        saves["finished_greedy4"] = Game(NAMES4, seed=12).play("greedy").to_json()
        saves["finished_random6"] = Game(NAMES6, seed=15, board="random").play("random").to_json()
    return saves


# --- helpers ----------------------------------------------------------------------------------
def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path into ``data`` (containers included; the root is ``()``)."""
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*prefix, i))
    return out


def _put(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def _dump(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


CONTROL = "\x00\x01\x07\x08\x1b\x7f\x85\u2028\u202e\ud800"
ODD_VALUES: list[Any] = [
    None, True, False, 0, -1, 1, 2, 5, 95, 10**30, -(10**30), 2**63, 2**64, 1.5, 1.0, 1e308, float("nan"),
    "", "x", "ore", "knight", "beginner", "\x1b[31mred\x1b[0m", "a" * 5000, [], {}, [0] * 5, [[1, 2]],
    {"kind": "roll"}, {"x": {"y": [None]}}, [[[[[[[[]]]]]]]],
]  # fmt: skip


# --- the mutations ----------------------------------------------------------------------------
def flip_characters(rng: random.Random, text: str, data: Any) -> str:
    """Replace 1-4 characters by brackets, quotes, digits, control characters or anything."""
    chars = list(text)
    pool = '[]{}",:\\0123456789-.etfn ' + CONTROL + "é€"
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(chars))
        chars[i] = rng.choice(pool) if rng.random() < 0.8 else chr(rng.randrange(0x20, 0x2FFF))
    return "".join(chars)


def truncate(rng: random.Random, text: str, data: Any) -> str:
    """Cut the text anywhere (also keep just the tail)."""
    cut = rng.randrange(len(text))
    return text[cut:] if rng.random() < 0.2 else text[:cut]


def deep_nesting(rng: random.Random, text: str, data: Any) -> str:
    """Nest arrays or objects hundreds to a hundred thousand deep, alone or inside the save."""
    depth = rng.choice([9, 50, 999, 1000, 5000, 100_000])
    kind = rng.randrange(4)
    if kind == 0:
        return "[" * depth + "]" * depth
    if kind == 1:
        return '{"a":' * depth + "1" + "}" * depth
    if kind == 2:
        return "[" * depth  # unbalanced
    nested: Any = 7
    for _ in range(min(depth, 2000)):
        nested = [nested]
    path = rng.choice(_paths(data)[1:])
    try:
        return _dump(_put(copy.deepcopy(data), path, nested))
    except RecursionError:
        return "[" * depth + "]" * depth


def huge_string(rng: random.Random, text: str, data: Any) -> str:
    """Put a string of up to several megabytes (some of it control characters) anywhere."""
    size = rng.choice([100, 10_000, 1_000_000, 5_000_000])
    value = rng.choice(["x", "\x00", "\x1b[2J", '"\\']) * (size // 4 + 1)
    path = rng.choice([("board_kind",), ("players", 0), ("seed",), ("state", "phase"), *_paths(data)[1:]])
    try:
        return _dump(_put(copy.deepcopy(data), path, value[:size]))
    except (KeyError, IndexError, TypeError):
        return text + value[:size]


def wrong_type(rng: random.Random, text: str, data: Any) -> str:
    """Any field (leaf or container, at any depth) replaced by a value of another type."""
    path = rng.choice(_paths(data)[1:])
    return _dump(_put(copy.deepcopy(data), path, copy.deepcopy(rng.choice(ODD_VALUES))))


def every_top_field(rng: random.Random, text: str, data: Any) -> str:
    """A top-level field (or a rules option, or a state field) replaced by an odd value."""
    key = rng.choice(sorted(data))
    path: tuple[Any, ...] = (key,)
    inner = data[key]
    if isinstance(inner, dict) and inner and rng.random() < 0.6:
        path = (key, rng.choice(sorted(inner)))
    return _dump(_put(copy.deepcopy(data), path, copy.deepcopy(rng.choice(ODD_VALUES))))


def keys(rng: random.Random, text: str, data: Any) -> str:
    """Remove, add or rename a key of some object (rules options included)."""
    d = copy.deepcopy(data)
    objects = [p for p in _paths(d) if isinstance(_get(d, p), dict) and _get(d, p)]
    obj = _get(d, rng.choice(objects))
    key = rng.choice(sorted(obj))
    what = rng.randrange(3)
    if what == 0:
        del obj[key]
    elif what == 1:
        obj[rng.choice(["cheat", "free_placement", key + "\x00", "schema", "x" * 300])] = rng.choice(
            ODD_VALUES
        )
    else:
        obj[key.upper() + rng.choice(["", " ", "\u202e"])] = obj.pop(key)
    return _dump(d)


def shuffle_actions(rng: random.Random, text: str, data: Any) -> str:
    """Swap, remove, duplicate or move actions, or change their scripted chance."""
    d = copy.deepcopy(data)
    actions = d["actions"]
    if not actions:
        actions.append([{"kind": "roll"}, {"dice": [rng.randint(0, 7), 3]}])
        return _dump(d)
    i, j = rng.randrange(len(actions)), rng.randrange(len(actions))
    what = rng.randrange(6)
    if what == 0:
        actions[i], actions[j] = actions[j], actions[i]
    elif what == 1:
        del actions[i]
    elif what == 2:
        actions.insert(i, copy.deepcopy(actions[j]))
    elif what == 3:
        actions.append(actions.pop(i))
    elif what == 4:
        actions[i][1] = rng.choice(
            [None, {}, {"dice": [6, 6]}, {"dice": [7, 0]}, {"card": 9}, {"card": "knight"}, {"steal": "ore"}]
        )
    else:
        del actions[i:]
    return _dump(d)


def huge_number(rng: random.Random, text: str, data: Any) -> str:
    """A number somewhere made huge, negative, off by one, or a float."""
    d = copy.deepcopy(data)
    paths = [p for p in _paths(d) if type(_get(d, p)) is int]
    path = rng.choice(paths)
    old = _get(d, path)
    new = rng.choice(
        [10**400, -(10**400), 2**64, 2**64 - 1, -(2**63), 10_001, old + 1, old - 1, -old, float(old)]
    )
    _put(d, path, new)
    return _dump(d)


def control_characters(rng: random.Random, text: str, data: Any) -> str:
    """Control characters inside a string value or a key."""
    d = copy.deepcopy(data)
    paths = [p for p in _paths(d) if isinstance(_get(d, p), str)]
    path = rng.choice(paths)
    value = _get(d, path)
    at = rng.randrange(len(value) + 1)
    _put(d, path, value[:at] + "".join(rng.choice(CONTROL) for _ in range(rng.randint(1, 5))) + value[at:])
    return _dump(d)


def two_at_once(rng: random.Random, text: str, data: Any) -> str:
    """Two structural mutations in a row."""
    first = rng.choice([wrong_type, keys, shuffle_actions, huge_number, control_characters])
    middle = first(rng, text, data)
    try:
        again = json.loads(middle)
    except ValueError:
        return middle
    if not isinstance(again, dict) or "actions" not in again or not isinstance(again["actions"], list):
        return middle
    return rng.choice([wrong_type, shuffle_actions, huge_number])(rng, middle, again)


MUTATIONS: dict[str, Mutation] = {
    "flip_characters": flip_characters,
    "truncate": truncate,
    "deep_nesting": deep_nesting,
    "huge_string": huge_string,
    "wrong_type": wrong_type,
    "every_top_field": every_top_field,
    "keys": keys,
    "shuffle_actions": shuffle_actions,
    "huge_number": huge_number,
    "control_characters": control_characters,
    "two_at_once": two_at_once,
}
"""Every mutation by name."""


# --- loading and judging ----------------------------------------------------------------------
@dataclass
class Tally:
    """Counts of outcomes, and the failures in words."""

    tried: int = 0
    refused: int = 0
    accepted: int = 0
    failures: list[str] = field(default_factory=list)


def message_problem(message: str) -> str | None:
    """What is wrong with a SaveError message, or None: too long or not printable."""
    if len(message) > MAX_MESSAGE:
        return f"message of {len(message)} characters"
    if not message.isprintable():
        return f"message with unprintable characters: {message[:80]!r}"
    return None


def try_load(text: str, tally: Tally, label: str) -> None:
    """Load mutated ``text``: a refusal must be a clean SaveError, an acceptance a valid game."""
    tally.tried += 1
    try:
        game = Game.from_json(text)
    except SaveError as exc:
        tally.refused += 1
        problem = message_problem(str(exc))
        if problem:
            tally.failures.append(f"{label}: {problem}")
        return
    except BaseException as exc:  # the point: nothing but SaveError may escape
        if isinstance(exc, KeyboardInterrupt):
            raise
        tally.failures.append(f"{label}: {type(exc).__name__} escaped: {str(exc)[:120]!r}")
        return
    again = game.to_json()
    try:
        reloaded = Game.from_json(again).to_json()
    except SaveError as exc:
        tally.failures.append(f"{label}: accepted, but its own save is refused: {exc}")
        return
    if reloaded != again:
        tally.failures.append(f"{label}: accepted, but its save does not round-trip")
        return
    tally.accepted += 1


def fuzz_once(rng: random.Random, saves: dict[str, str], tally: Tally, name: str | None = None) -> str:
    """One random mutation of one random save, loaded and judged; returns the mutation's name."""
    base = rng.choice(sorted(saves))
    name = name or rng.choice(sorted(MUTATIONS))
    text = saves[base]
    mutated = MUTATIONS[name](rng, text, json.loads(text))
    try_load(mutated, tally, f"{name} of {base}")
    return name
