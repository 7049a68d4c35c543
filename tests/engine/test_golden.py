"""Golden playthroughs (tests/golden/*.json): seeded games stored with their full log.

Each file is replayed from its save, and its game is played again from scratch; both must give
exactly the stored save and log.  A failure here means the engine now plays differently: if the
change is intended, review it against the rulebook and rewrite the files with
``PYTHONPATH=. python tests/golden/regenerate.py`` (the diff is then the rule change to review).
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from catan_widget import Game

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def _regenerate() -> ModuleType:
    spec = importlib.util.spec_from_file_location("golden_regenerate", GOLDEN / "regenerate.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


REGENERATE = _regenerate()
NAMES = list(REGENERATE.GAMES)


def _load(name: str) -> dict[str, object]:
    return json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


def _canonical(save: object) -> str:
    return json.dumps(save, sort_keys=True, separators=(",", ":"))


def _first_difference(expected: list[str], actual: list[str]) -> str:
    for i, (a, b) in enumerate(zip(expected, actual)):
        if a != b:
            return f"log line {i}: golden {a!r}, now {b!r}"
    return f"log lengths differ: golden {len(expected)}, now {len(actual)}"


def test_every_golden_game_has_a_file() -> None:
    assert sorted(p.stem for p in GOLDEN.glob("*.json")) == sorted(NAMES)
    assert len(NAMES) == 3


@pytest.mark.parametrize("name", NAMES)
def test_golden_save_replays_to_the_same_state_and_log(name: str) -> None:
    record = _load(name)
    text = _canonical(record["save"])
    game = Game.from_json(text)
    assert game.to_json() == text
    assert game.log == record["log"], _first_difference(record["log"], game.log)  # type: ignore[arg-type]
    assert game.is_over


@pytest.mark.parametrize("name", NAMES)
def test_golden_game_played_again_is_unchanged(name: str) -> None:
    record = _load(name)
    game = REGENERATE.GAMES[name]()
    assert game.log == record["log"], _first_difference(record["log"], game.log)  # type: ignore[arg-type]
    assert game.to_json() == _canonical(record["save"])


@pytest.mark.parametrize("name", NAMES)
def test_golden_file_is_exactly_what_regenerate_writes(name: str) -> None:
    text = (GOLDEN / f"{name}.json").read_text(encoding="utf-8")
    assert text == REGENERATE.dump(REGENERATE.golden(name))


def test_golden_games_cover_the_intended_situations() -> None:
    staged = _load("staged_scripted")
    log = "\n".join(staged["log"])  # type: ignore[arg-type]
    for phrase in (
        "takes Largest Army",
        "counters",
        "with the bank",
        "discarded",
        "played Monopoly",
        "played Year of Plenty",
        "played Road Building",
        "takes Longest Road",
        "wins with 10 victory points",
    ):
        assert phrase in log
    assert _load("beginner_4p_random")["save"]["players"] == ["Ada", "Bo", "Cy", "Di"]  # type: ignore[index]
    assert len(_load("random_3p_greedy")["save"]["players"]) == 3  # type: ignore[index]
