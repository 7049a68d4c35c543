"""Saves as hostile input: only SaveError escapes, with a short clean message, within limits.

The regressions of an outside fuzz first, then a seeded fuzz of real saves (a few seconds; the
long version is ``bench/fuzz_saves.py``).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from catan_widget import EndTurn, Game, RollDice, SaveError
from catan_widget.engine.saves import format as serialize
from catan_widget.engine.saves.checks import brackets
from catan_widget.engine.saves.format import MAX_ACTIONS, MAX_DEPTH, MAX_SAVE_CHARS

from .savefuzz import MUTATIONS, ODD_VALUES, Tally, fuzz_once, message_problem, real_saves, try_load

NAMES4 = ["Ada", "Bo", "Cy", "Di"]
SAVES = real_saves()


def _refused(text: object, *words: str) -> str:
    with pytest.raises(SaveError) as info:
        Game.from_json(text)  # type: ignore[arg-type]
    message = str(info.value)
    assert message_problem(message) is None, message
    for word in words:
        assert word.lower() in message.lower(), f"{word!r} not in {message!r}"
    return message


def _save(**edits: Any) -> str:
    data = json.loads(Game(NAMES4, seed=2).play("random", until=lambda g: len(g.history) >= 40).to_json())
    data.update(edits)
    return json.dumps(data)


# --- the outside fuzz's findings --------------------------------------------------------------
@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 1000, 100_000])
def test_deep_nesting_is_refused_before_parsing(depth: int) -> None:
    _refused("[" * depth + "]" * depth, "nests", f"more than {MAX_DEPTH} levels")
    _refused('{"a":' * depth + "1" + "}" * depth, "nests")
    _refused("[" * depth, "nests")


def test_a_real_save_nests_five_deep() -> None:
    text = SAVES["staged_free_placement"]  # scripted dice: actions > entry > chance > dice
    assert brackets(text, 5) == (text.count("[") + text.count("{"), False)
    assert brackets(text, 4)[1]
    assert brackets("[" * MAX_DEPTH, MAX_DEPTH) == (MAX_DEPTH, False)  # a cut text: json says so
    _refused("[" * MAX_DEPTH, "not valid JSON")


class _NoParsing:
    """Stands in for ``json`` in the loader: parsing at all fails the test."""

    def loads(self, *_args: object, **_kwargs: object) -> object:
        raise AssertionError("the text was parsed before it was refused")


def _never(*_args: object, **_kwargs: object) -> None:
    raise AssertionError("the actions were replayed before the save was refused")


def test_a_flood_of_arrays_is_refused_before_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    many = "[" + ",".join(["[]"] * 300_000) + "]"
    monkeypatch.setattr(serialize, "json", _NoParsing())
    _refused(many, "300,001 arrays and objects")


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    game = Game(["[[[[[[[[[[[[", "{{{{{{{{{{{{{{", "]]]]]]]]]]"], seed=3)
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


def test_a_huge_value_gives_a_short_message_naming_the_field() -> None:
    _refused(_save(board_kind="x" * 10_000_000), "characters", f"{MAX_SAVE_CHARS:,}")
    message = _refused(_save(board_kind="y" * 1_000_000), 'board_kind: expected "beginner", "random" or')
    assert len(message) < 150
    assert "yyy..." in message


def test_control_characters_in_a_value_are_escaped_in_the_message() -> None:
    message = _refused(_save(board_kind="\x1b[2J\x00\u202e"), "board_kind", "\\x1b", "\\x00")
    assert "\x1b" not in message
    message = _refused(_save(players=["Ada", "B\x07", "C\x1b", "Di"]), "players: seat 1", "\\x07")
    assert "\x07" not in message
    _refused(_save(seed="\x1b"), "seed", "\\x1b")


def test_a_text_over_the_size_limit_is_refused_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    text = " " * (MAX_SAVE_CHARS + 1)
    monkeypatch.setattr(serialize, "json", _NoParsing())
    _refused(text, "characters", f"{MAX_SAVE_CHARS:,}")
    _refused(text.encode(), "bytes")


def test_too_many_actions_are_refused_before_any_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    text = _save(actions=[[{"kind": "end_turn"}, None]] * (MAX_ACTIONS + 1))
    monkeypatch.setattr(serialize, "_replay", _never)
    _refused(text, "actions", f"{MAX_ACTIONS:,}")


def test_a_long_legal_game_with_many_rolls_of_one_total_loads() -> None:
    # more than the old cap of 10,000 rolls of one total: every legal game must load
    game = Game(NAMES4, seed=1).stage()
    for _ in range(10_001):
        game.step(RollDice(), dice=(1, 1))
        game.step(EndTurn())
    assert game.state.dice_counts[0] == 10_001
    text = game.to_json()
    assert Game.from_json(text).to_json() == text


@pytest.mark.parametrize("schema", [True, 1.0, "1", 2, 0, None, [1]])
def test_schema_must_be_exactly_the_whole_number_one(schema: object) -> None:
    _refused(_save(schema=schema), "schema")


def test_every_rules_option_must_be_present_with_its_type() -> None:
    rules = json.loads(_save())["rules"]
    for key in rules:
        missing = {k: v for k, v in rules.items() if k != key}
        _refused(_save(rules=missing), "rules", "missing", key)
        _refused(_save(rules={**rules, key: None}), f"rules.{key}")
    _refused(_save(rules={**rules, "dragons\x00": True}), "rules", "unknown", "dragons\\x00")
    _refused(_save(rules={**rules, "vp_to_win": 2}), "rules", "vp_to_win")
    _refused(_save(rules={**rules, "friendly_robber": 0}), "rules.friendly_robber", "true or false")


@pytest.mark.parametrize(
    "text",
    [None, 7, b"\xff\xfe", "", " ", "[]", "null", "NaN", "1e999", '"save"', "{}", '{"schema":1}', "\x00"],
)
def test_anything_else_is_a_save_error(text: object) -> None:
    _refused(text)


def test_bytes_load_like_text() -> None:
    text = _save()
    assert Game.from_json(text.encode()).to_json() == Game.from_json(text).to_json()  # type: ignore[arg-type]


# --- the seeded fuzz --------------------------------------------------------------------------


@pytest.mark.parametrize("mutation", sorted(MUTATIONS))
def test_fuzzed_saves_raise_only_clean_save_errors(mutation: str) -> None:
    rng = random.Random(f"fuzz {mutation}")
    tally = Tally()
    for _ in range(60):
        fuzz_once(rng, SAVES, tally, mutation)
    assert tally.failures == []
    assert tally.tried == 60
    for name, text in SAVES.items():  # nothing leaked into later loads
        assert Game.from_json(text).to_json() == text, name


def test_a_wrong_type_in_every_field_is_refused_cleanly() -> None:
    good = json.loads(SAVES["staged_free_placement"])
    paths = [(k,) for k in good]
    paths += [(k, inner) for k in ("rules", "board", "origin", "state") for inner in good[k]]
    tally = Tally()
    for path in paths:
        for value in ODD_VALUES:
            data = json.loads(SAVES["staged_free_placement"])
            target = data
            for key in path[:-1]:
                target = target[key]
            if json.dumps(target[path[-1]]) == json.dumps(value):
                continue
            target[path[-1]] = value
            try_load(json.dumps(data), tally, f"{path} = {value!r:.40}")
    assert tally.failures == []
    assert tally.refused > 0.95 * tally.tried > 1500


def test_fuzz_judge_catches_escapes_and_counts() -> None:
    tally = Tally()
    try_load(SAVES["fresh"], tally, "unchanged")
    try_load("[", tally, "cut")
    assert (tally.tried, tally.refused, tally.accepted, tally.failures) == (2, 1, 1, [])
    assert message_problem("x" * 301) is not None
    assert message_problem("bad \x1b") is not None


def test_the_documented_limits_are_the_real_ones() -> None:
    guide = (Path(__file__).resolve().parents[2] / "docs" / "guide.md").read_text(encoding="utf-8")
    section = guide[guide.index("## Save files") :]
    for number in (MAX_SAVE_CHARS, MAX_DEPTH, MAX_ACTIONS):
        assert f"{number:,}" in section
    assert "free_placement" in section
