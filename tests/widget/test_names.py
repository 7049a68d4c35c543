"""Player names at the widget's doors: ``CatanWidget.play([...])`` and seats given by name."""

from __future__ import annotations

import json

import pytest

from catan_widget import CatanWidget, Game

from .helpers import NAMES


def test_play_trims_human_names_and_keeps_their_seats_human() -> None:
    w = CatanWidget.play(["  Ada ", "bot", "Bo\u3000", "bot"], seed=2, bot="random")
    assert w.game.names == ["Ada", "Bot 1", "Bo", "Bot 2"]
    assert w.humans == [0, 2]


def test_play_skips_bot_names_a_human_name_would_equal() -> None:
    w = CatanWidget.play(["bot 1", "bot", " BOT 2", "bot"], seed=2, bot="random")
    assert w.game.names == ["bot 1", "Bot 3", "BOT 2", "Bot 4"]
    assert w.humans == [0, 2]


@pytest.mark.parametrize("name", ["\ud800", "A\u202eB", "x" * 10_000, "A\u200bB"])
def test_play_refuses_a_hostile_name_before_any_widget_exists(name: str) -> None:
    with pytest.raises(ValueError, match="seat 0"):
        CatanWidget.play([name, "bot", "bot"], seed=1)


def test_play_refuses_names_that_look_the_same() -> None:
    with pytest.raises(ValueError, match="distinct"):
        CatanWidget.play(["Ada", "ada", "bot"], seed=1)


def test_seats_by_name_match_names_as_they_are_compared() -> None:
    game = Game(players=NAMES, seed=1)
    w = CatanWidget(game, {"bo": "bot", " CY ": "bot"})
    assert w.humans == [0, 3]


def test_two_seat_keys_for_one_player_are_refused() -> None:
    game = Game(players=NAMES, seed=1)
    with pytest.raises(ValueError, match="same player"):
        CatanWidget(game, {"Bo": "bot", "bo": "human"})
    with pytest.raises(ValueError, match="same player"):
        CatanWidget(game, {"Bo": "bot", 1: "human"})


def test_an_unknown_seat_key_is_quoted_safely() -> None:
    game = Game(players=NAMES, seed=1)
    with pytest.raises(ValueError, match="not a player") as info:
        CatanWidget(game, {"Zed\u202e": "bot"})
    assert "\u202e" not in str(info.value)
    assert "\\u202e" in str(info.value)


def test_legal_names_in_any_script_reach_the_front_end_intact() -> None:
    names = ["\u0623\u062d\u0645\u062f", "W" * 24, "\U0001f411 Shepherd", "\u5c71\u7530"]
    w = CatanWidget(Game(players=names, seed=1), ["human", "bot", "bot", "bot"], bot="random")
    assert [p["name"] for p in w.board["players"]] == names
    assert [p["name"] for p in w.state["players"]] == names
    json.dumps(w.state, ensure_ascii=False).encode("utf-8")
