"""The settings are traits (``bot_delay``, ``view``, ``show_pips``, ``theme``, ``bots_paused``):
set from Python (``w.show_pips = True``) or by the front-end (an ipywidgets state update, which
arrives at ``w.set_state``), validated alike.  The front-end may set nothing else: a bad value
or another key is refused, logged, shown in ``state.error``, and nothing changes.  The old
``set_view`` / ``toggle_pips`` / ``set_bot_delay`` intents are gone.
"""

from __future__ import annotations

import asyncio
import logging
import math
from typing import Any

import pytest
import traitlets

from catan_widget import CatanWidget, Game
from catan_widget.widget.settings import SETTINGS as ALL_SETTINGS

from .helpers import (
    NAMES,
    SOLO,
    deliver,
    intent,
    record_sent,
    send,
    sent_values,
    staged_game,
    take_screen,
    update,
    wait_until,
)

SETTINGS = ("bot_delay", "view", "show_pips", "theme", "bots_paused")
DEFAULTS = {"bot_delay": 0.6, "view": None, "show_pips": False, "theme": "auto", "bots_paused": False}

_BAD_VALUES: list[tuple[str, Any]] = [
    *[("bot_delay", v) for v in (99, -1, 10.5, "1", None, True, [1], {"s": 1}, math.nan, math.inf, 10**400)],
    *[("view", v) for v in (4, -2, "0", 1.5, True, [0], {"seat": 0}, 10**40)],
    *[("show_pips", v) for v in (1, 0, "true", None, [True])],
    *[("theme", v) for v in ("blue", "DARK", "", None, 1, ["dark"])],
    *[("bots_paused", v) for v in (1, "yes", None)],
]


def _settings(w: CatanWidget) -> dict[str, Any]:
    return {name: getattr(w, name) for name in SETTINGS}


def test_the_settings_are_traits_not_part_of_the_state() -> None:
    w = CatanWidget(staged_game(), SOLO)
    assert _settings(w) == DEFAULTS
    assert not {"bot_delay", "show_pips"} & set(w.state)
    for name in SETTINGS:
        assert w.trait_metadata(name, "sync"), f"{name} is synced with the front-end"


def test_constructor_options_set_the_traits() -> None:
    w = CatanWidget(staged_game(), SOLO, bot_delay=0, viewer=2)
    assert (w.bot_delay, w.view, w.state["viewer"]) == (0.0, 2, 2)


def test_show_pips_set_from_python_and_from_the_front_end() -> None:
    w = CatanWidget(staged_game(), SOLO)
    version = w.state["version"]
    w.show_pips = True
    assert w.show_pips is True
    assert w.state["version"] > version, "the board is redrawn"
    update(w, {"show_pips": False})
    assert w.show_pips is False
    assert w.state["error"] is None
    update(w, {"show_pips": True})
    assert w.show_pips is True


def test_settings_may_change_during_a_bots_turn() -> None:
    w = CatanWidget(staged_game(turn_player=1, phase="roll"), SOLO)
    assert w.legal["seat"] is None
    before = w.game.to_json()
    update(w, {"show_pips": True, "theme": "dark", "view": -1, "bot_delay": 0.2})
    assert _settings(w) == {
        "bot_delay": 0.2,
        "view": -1,
        "show_pips": True,
        "theme": "dark",
        "bots_paused": False,
    }
    assert w.state["error"] is None
    assert w.game.to_json() == before, "settings never touch the game"


def test_bot_delay_sets_the_pause_before_the_next_bot_move() -> None:
    w = CatanWidget(staged_game(turn_player=1, phase="roll"), SOLO)
    update(w, {"bot_delay": 0.2})
    assert w.bot_delay == 0.2
    assert 0 < w.bot_delay_now() <= 0.2  # seconds left of the pause begun when the widget was made
    update(w, {"bot_delay": 3})
    assert w.bot_delay == 3.0
    assert 2 < w.bot_delay_now() <= 3
    assert isinstance(w.bot_delay, float)
    w.bot_delay = 0
    assert w.bot_delay_now() == 0


def test_the_theme_is_auto_light_or_dark() -> None:
    w = CatanWidget(staged_game(), SOLO)
    for theme in ("light", "dark", "auto"):
        update(w, {"theme": theme})
        assert w.theme == theme
        assert w.state["error"] is None


def test_view_from_the_front_end_shows_every_hand_then_back_to_automatic() -> None:
    w = CatanWidget(staged_game(hands={"Bo": {"wool": 2}}), SOLO)
    update(w, {"view": -1})
    assert w.state["viewer"] == -1
    assert w.state["players"][1]["resources"] == {"lumber": 0, "brick": 0, "wool": 2, "grain": 0, "ore": 0}
    update(w, {"view": None})
    assert w.state["viewer"] == 0
    assert w.state["players"][1].get("resources") is None


@pytest.mark.parametrize(("name", "value"), _BAD_VALUES, ids=lambda v: repr(v)[:20])
def test_a_bad_value_from_the_front_end_is_refused_and_sent_back(name: str, value: Any) -> None:
    w = CatanWidget(staged_game(), SOLO)
    before, game = _settings(w), w.game.to_json()
    sent = record_sent(w)
    update(w, {name: value})
    assert _settings(w) == before, "nothing changes"
    assert w.game.to_json() == game
    error = w.state["error"]
    assert error
    assert name in error
    assert len(error) <= 400
    assert sent_values(sent, name) == [before[name]], "the front-end gets the old value back"


_BAD_FROM_PYTHON: list[tuple[str, Any]] = [
    ("bot_delay", 99),
    ("bot_delay", -0.1),
    ("bot_delay", math.nan),
    ("view", 4),
    ("view", -2),
    ("theme", "blue"),
    ("show_pips", "yes"),
    ("bots_paused", None),
]


@pytest.mark.parametrize(("name", "value"), _BAD_FROM_PYTHON, ids=lambda v: repr(v)[:20])
def test_a_bad_value_from_python_raises(name: str, value: Any) -> None:
    w = CatanWidget(staged_game(), SOLO)
    with pytest.raises(traitlets.TraitError):
        setattr(w, name, value)
    assert _settings(w) == DEFAULTS


_WRONG_TYPES: list[Any] = [[], {}, [[]], {"a": []}, [0], {"seat": 0}, "x" * 1000, -(10**400)]
"""Values of a type (or size) no setting takes: unhashable ones once escaped as a TypeError."""


@pytest.mark.parametrize("name", ALL_SETTINGS)
def test_a_value_of_the_wrong_type_is_refused_for_every_setting(
    name: str, caplog: pytest.LogCaptureFixture
) -> None:
    w = CatanWidget(staged_game(), SOLO, bot="search")
    before, game = {k: getattr(w, k) for k in ALL_SETTINGS}, w.game.to_json()
    for value in _WRONG_TYPES:
        caplog.clear()
        sent = record_sent(w)
        with caplog.at_level(logging.INFO, logger="catan_widget"):
            update(w, {name: value})  # no exception escapes
        assert {k: getattr(w, k) for k in ALL_SETTINGS} == before, "nothing changes"
        assert w.game.to_json() == game
        error = w.state["error"]
        assert error.startswith(f"Refused a setting from the front-end: {name}: "), error
        assert "got " in error, f"the rule and the value refused, not a TypeError's words: {error}"
        assert len(error) <= 300
        assert [r.levelno for r in caplog.records if r.name == "catan_widget"] == [logging.WARNING]
        assert sent_values(sent, name) == [before[name]], "the front-end gets the old value back"


def test_bot_level_of_the_wrong_type_from_python_raises_a_trait_error() -> None:
    w = CatanWidget(staged_game(), SOLO)
    for value in ([], {}, None, 3):
        with pytest.raises(traitlets.TraitError):
            w.bot_level = value
    assert w.bot_level == "normal"


def test_a_refused_setting_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    w = CatanWidget(staged_game(), SOLO)
    with caplog.at_level(logging.INFO, logger="catan_widget"):
        update(w, {"bot_delay": 99})
    records = [r for r in caplog.records if r.name == "catan_widget"]
    assert len(records) == 1
    assert records[0].levelno == logging.WARNING
    assert "bot_delay" in records[0].getMessage()


def test_an_accepted_move_clears_a_settings_error() -> None:
    w = CatanWidget(staged_game(phase="roll"), SOLO)
    update(w, {"bot_delay": 99})
    assert w.state["error"]
    assert send(w, {"kind": "roll"})
    assert w.state["error"] is None


@pytest.mark.parametrize(
    "key",
    [
        "state",
        "legal",
        "board",
        "_esm",
        "_css",
        "layout",
        "tabbable",
        "nonexistent",
        "bot delay",
        "BOT_DELAY",
    ],
)
def test_a_key_that_is_not_a_setting_is_refused(key: str) -> None:
    w = CatanWidget(staged_game(hands={"Ada": {"ore": 3}}), SOLO)
    snapshot = {k: getattr(w, k) for k in ("board", "_esm", "_css", "layout", "tabbable", *SETTINGS)}
    state, legal, game = dict(w.state), dict(w.legal), w.game.to_json()
    forged: Any = {"version": 10**6, "seat": 0, "actions": [{"kind": "roll"}], "players": []}
    update(w, {key: forged})
    assert {k: getattr(w, k) for k in snapshot} == snapshot
    assert w.game.to_json() == game
    assert w.legal == {**legal, "version": w.state["version"]}, "legal unchanged but for its version"
    assert w.state["error"]
    assert key in w.state["error"]
    assert {k: v for k, v in w.state.items() if k not in ("version", "error")} == {
        k: v for k, v in state.items() if k not in ("version", "error")
    }


def test_a_key_that_is_not_a_setting_is_refused_even_with_good_settings() -> None:
    w = CatanWidget(staged_game(), SOLO)
    board = w.board
    update(w, {"show_pips": True, "board": {}})
    assert w.board == board
    assert w.state["error"]
    assert "board" in w.state["error"]


def test_a_refused_board_is_sent_back_to_the_front_end() -> None:
    """The front-end that set ``board`` keeps its own copy unless Python sends the trait back
    (settings.py: "the trait is sent back as it was").  ``state``/``legal`` are re-sent by the
    refusal's new version anyway; ``board`` is not.
    """
    w = CatanWidget(staged_game(), SOLO)
    board = w.board
    sent = record_sent(w)
    update(w, {"board": {"hexes": []}})
    assert w.board == board
    assert sent_values(sent, "board") == [board]


def test_many_bad_keys_give_one_short_error() -> None:
    w = CatanWidget(staged_game(), SOLO)
    update(w, {f"key{i}": i for i in range(20)})
    assert w.state["error"]
    assert len(w.state["error"]) <= 400


def test_a_huge_update_is_refused_with_a_short_error(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.CRITICAL, logger="catan_widget")  # a failure here would log megabytes
    w = CatanWidget(staged_game(), SOLO)
    before = w.game.to_json()
    update(w, {f"key{i}": i for i in range(10_000)})
    assert _settings(w) == DEFAULTS
    assert w.game.to_json() == before
    assert w.state["error"]
    assert len(w.state["error"]) <= 400


def test_bots_paused_from_the_front_end_stops_and_resumes_the_bots() -> None:
    w = CatanWidget(Game(players=NAMES, seed=1, first=1), SOLO)
    update(w, {"bots_paused": True})
    assert w.bots_paused
    assert w.bot_delay_now() is None
    assert w.advance_bots() == 0
    update(w, {"bots_paused": False})
    assert w.advance_bots() == 6, "Bo, Cy and Di placed a settlement and a road each"
    assert w.legal["seat"] == 0


def test_bots_paused_on_a_running_loop_ends_the_task_and_unpausing_starts_it() -> None:
    async def scenario() -> tuple[bool, int, bool, bool]:
        w = CatanWidget.play(["bot", "bot", "bot"], seed=3, bot_delay=0)
        assert w.bots_running
        update(w, {"bots_paused": True})
        stopped = await wait_until(lambda: not w.bots_running)
        moves = len(w.game.history)
        await asyncio.sleep(0.02)
        still = len(w.game.history) == moves
        update(w, {"bots_paused": False})
        restarted = w.bots_running
        moving = await wait_until(lambda: len(w.game.history) >= moves + 10)
        w.close()
        return stopped, moves, still and restarted, moving

    stopped, _moves, paused_then_restarted, moving = asyncio.run(scenario())
    assert stopped
    assert paused_then_restarted
    assert moving


HOT_SEAT = {"Ada": "human", "Bo": "human", "Cy": "bot", "Di": "bot"}


def test_in_hot_seat_the_front_end_may_pick_only_the_acting_humans_view() -> None:
    w = CatanWidget(staged_game(phase="main"), HOT_SEAT)
    for view in (-1, 1, 2):
        update(w, {"view": view})
        assert w.view is None
        assert "only the view of the player who must act" in w.state["error"]
        assert w.state["players"][1].get("resources") is None
    update(w, {"view": 0})
    assert w.view == 0
    assert w.state["viewer"] == 0


def test_a_view_picked_in_hot_seat_ends_when_the_next_human_must_act() -> None:
    w = CatanWidget(staged_game(phase="main"), HOT_SEAT)
    sent = record_sent(w)
    update(w, {"view": 0})
    assert w.view == 0
    assert send(w, {"kind": "end_turn"})
    assert w.view is None, "the view trait went back to automatic"
    take_screen(w, 1)
    assert w.state["viewer"] == 1
    assert w.state["players"][0].get("resources") is None
    assert sent_values(sent, "view")[-1] is None, "and the front-end was told"


def test_a_closed_widget_takes_no_settings() -> None:
    w = CatanWidget(staged_game(), SOLO)
    w.close()
    update(w, {"show_pips": True, "bot_delay": 1})
    assert (w.show_pips, w.bot_delay) == (False, 0.6)


def test_the_removed_setting_intents_are_refused() -> None:
    w = CatanWidget(staged_game(turn_player=1, phase="roll"), SOLO)
    for action in (
        {"kind": "set_view", "seat": -1},
        {"kind": "toggle_pips"},
        {"kind": "set_bot_delay", "seconds": 0.2},
    ):
        deliver(w, intent(w, action))
        assert w.state["error"]
        assert action["kind"] in w.state["error"]
    assert _settings(w) == DEFAULTS


def test_with_teacher_true_hot_seat_has_no_hand_over_and_any_view_may_be_picked() -> None:
    w = CatanWidget(staged_game(phase="main"), HOT_SEAT, teacher=True)
    update(w, {"view": 1})
    assert w.view == 1
    assert w.state["error"] is None
    update(w, {"view": None})
    assert send(w, {"kind": "end_turn"})
    assert w.state["handover"] is None
    assert w.state["viewer"] == -1


def test_a_hand_over_refuses_moves_and_a_ready_seat_other_than_the_next_human() -> None:
    w = CatanWidget(staged_game(phase="main"), HOT_SEAT)
    assert send(w, {"kind": "end_turn"})
    assert w.state["handover"] == {"seat": 1, "name": "Bo"}
    assert w.legal["seat"] is None
    assert w.legal["actions"] == {}
    update(w, {"ready_seat": 0})  # not the seat handed to: ignored
    assert w.state["handover"] == {"seat": 1, "name": "Bo"}
    for bad in (-1, 4, "1", 1.0):
        update(w, {"ready_seat": bad})
        assert "ready_seat" in w.state["error"]
    take_screen(w, 1)
    assert w.legal["seat"] == 1
