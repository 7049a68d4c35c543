"""Forgiving clicks (catan_widget/widget/clicks.py): a repeated click does nothing and says
nothing, a click made before only a setting changed is current, a stale click still legal goes
through, and one that cannot be made any more is answered in the engine's plain words.
"""

from __future__ import annotations

import logging

import pytest

from catan_widget import BuildRoad, CatanWidget
from catan_widget.engine.language import words
from catan_widget.widget.protocol import STALE

from .helpers import deliver, intent, send, staged_game, take_screen, update

SOLO = {"Ada": "human", "Bo": "bot", "Cy": "bot", "Di": "bot"}
HOT_SEAT = {"Ada": "human", "Bo": "human", "Cy": "bot", "Di": "bot"}
RICH = {"Ada": {"lumber": 4, "brick": 4, "wool": 3, "grain": 3, "ore": 3}}


def _twice(w: CatanWidget, action: dict[str, object]) -> tuple[bool, bool]:
    """Deliver the same message twice, as a double click does; whether each was accepted."""
    msg = intent(w, action)
    first = w.state["version"]
    deliver(w, msg)
    accepted = w.state["error"] is None and w.state["version"] == first + 1
    second_before = w.state["version"]
    deliver(w, msg)
    assert w.state["version"] == second_before + 1, "every message gets an answer: a resync"
    return accepted, w.state["error"] is None


def test_a_double_click_on_roll_rolls_once_and_says_nothing(caplog: pytest.LogCaptureFixture) -> None:
    w = CatanWidget(staged_game(phase="roll"), SOLO)
    w.script_dice((2, 3), (4, 4))
    with caplog.at_level(logging.DEBUG, logger="catan_widget"):
        assert _twice(w, {"kind": "roll"}) == (True, True)
    assert len(w.game.history) == 1
    assert w.game.dice == (2, 3)
    assert w.state["error"] is None
    levels = [r.levelno for r in caplog.records if r.name == "catan_widget"]
    assert levels == [logging.DEBUG], "the repeat is logged at debug level only"


def test_a_double_click_on_a_build_confirm_builds_once() -> None:
    w = CatanWidget(staged_game(hands=RICH), SOLO)
    assert _twice(w, {"kind": "build_road", "edge": 12}) == (True, True)
    assert w.game.players[0].roads.count(12) == 1
    assert w.game.players[0].resources["lumber"] == 3


def test_a_double_click_on_buy_buys_one_card_even_though_a_second_is_affordable() -> None:
    w = CatanWidget(staged_game(hands=RICH), SOLO)
    assert _twice(w, {"kind": "buy_development_card"}) == (True, True)
    assert w.game.players[0].resources["ore"] == 2
    assert send(w, {"kind": "buy_development_card"}), "a new click on the new view buys again"
    assert w.game.players[0].resources["ore"] == 1


def test_a_double_click_on_end_turn_while_the_bots_play_is_dropped_silently() -> None:
    w = CatanWidget(staged_game(), SOLO)
    w.script_dice((2, 3), (4, 4), (5, 5), (2, 4))
    msg = intent(w, {"kind": "end_turn"})
    deliver(w, msg)
    w.advance_bots()
    assert w.game.current_seat == 0
    history = len(w.game.history)
    deliver(w, msg)
    assert w.state["error"] is None
    assert len(w.game.history) == history
    assert w.game.phase == "roll"


def test_a_double_click_on_undo_takes_back_one_move() -> None:
    w = CatanWidget(staged_game(hands=RICH), SOLO)
    assert send(w, {"kind": "build_road", "edge": 12})
    assert send(w, {"kind": "build_road", "edge": 13})
    assert _twice(w, {"kind": "undo"}) == (True, True)
    assert 12 in w.game.players[0].roads
    assert 13 not in w.game.players[0].roads


def test_settings_never_make_the_next_click_stale() -> None:
    w = CatanWidget(staged_game(phase="roll"), SOLO)
    msg = intent(w, {"kind": "roll"})
    update(w, {"theme": "dark"})
    update(w, {"show_pips": True})
    update(w, {"view": 1})
    update(w, {"view": None})
    deliver(w, msg)
    assert w.state["error"] is None
    assert len(w.game.history) == 1


def test_in_hot_seat_a_click_after_a_theme_switch_is_taken_and_a_double_end_turn_is_quiet() -> None:
    w = CatanWidget(staged_game(phase="roll"), HOT_SEAT)
    w.script_dice((2, 3))
    msg = intent(w, {"kind": "roll"})
    update(w, {"theme": "light"})
    deliver(w, msg)
    assert w.state["error"] is None
    assert w.game.phase == "main"
    end = intent(w, {"kind": "end_turn"})
    deliver(w, end)
    assert w.state["handover"] == {"seat": 1, "name": "Bo"}
    deliver(w, end)
    assert w.state["error"] is None, "no 'pass the screen' toast for a double click"
    take_screen(w, 1)
    deliver(w, end)
    assert w.state["error"] is None, "Ada's old click is not Bo's move"
    assert w.game.current_seat == 1
    assert w.game.phase == "roll"


def test_a_stale_click_that_is_still_legal_goes_through() -> None:
    game = staged_game(hands=RICH)
    w = CatanWidget(game, SOLO)
    msg = intent(w, {"kind": "build_road", "edge": 12})
    game.step(BuildRoad(19))  # a notebook cell moved: the front-end's view is older
    deliver(w, msg)
    assert w.state["error"] is None
    assert {12, 19} <= set(game.players[0].roads)


def test_a_stale_click_that_cannot_be_made_any_more_gets_the_engines_plain_words() -> None:
    game = staged_game(hands={"Ada": {"lumber": 1, "brick": 1}})
    w = CatanWidget(game, SOLO)
    msg = intent(w, {"kind": "build_road", "edge": 12})
    game.step(BuildRoad(19))  # the only lumber and brick are gone
    why = game.why_not(BuildRoad(12))
    assert why is not None
    deliver(w, msg)
    assert w.state["error"] == why
    assert "version" not in why
    assert 12 not in game.players[0].roads


def test_a_stale_click_of_a_seat_that_no_longer_acts_says_whom_the_game_waits_for() -> None:
    w = CatanWidget(staged_game(), SOLO, bot_delay=0)
    msg = intent(w, {"kind": "build_road", "edge": 12})
    assert send(w, {"kind": "end_turn"})
    deliver(w, msg)
    assert w.state["error"] == "Waiting for Bo."
    assert 12 not in w.game.players[0].roads


def test_a_click_made_on_another_game_is_refused_once_the_widget_shows_a_new_one() -> None:
    w = CatanWidget(staged_game(phase="roll"), SOLO)
    msg = intent(w, {"kind": "roll"})
    w.game = staged_game(phase="roll")
    deliver(w, msg)
    assert w.state["error"] == words(STALE)
    assert w.game.history == []
