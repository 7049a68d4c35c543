"""The Hint button and the bot menu: ``hint_request`` (raised by the front-end) makes Python ask
the search bot for the acting human's best move and send it in ``hint``; ``bot_level`` swaps the
named bots for "random", "greedy" or "search"."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pytest

from catan_widget import CatanWidget, Game
from catan_widget.bots import GreedyBot, RandomBot, SearchBot
from catan_widget.engine import action_from_dict, registry
from catan_widget.widget.hints import HINT_BUDGET

from .helpers import SOLO, mid_game, record_sent, sent_values, update


class Custom:
    def choose(self, observation):  # type: ignore[no-untyped-def]
        return observation.legal[0]


def test_a_hint_request_from_the_front_end_answers_with_a_legal_move_and_a_reason() -> None:
    w = CatanWidget(Game(seed=4, board="random", first=0), SOLO, bot="search")
    assert w.hint == {}
    update(w, {"hint_request": 1})
    hint = w.hint
    assert hint["seat"] == 0
    assert hint["version"] == w.state["version"]
    assert action_from_dict(hint["action"]) in w.game.legal_actions()
    assert hint["action"]["kind"] == "build_settlement"
    assert "cards per roll" in hint["reason"]
    assert w.game.history == []  # a hint moves nothing


def test_no_hint_while_bots_act_and_a_bad_request_is_refused() -> None:
    w = CatanWidget(Game(seed=4, board="random", first=1), SOLO)
    w.hint_request = 1
    assert w.hint == {"request": 1, "version": w.state["version"]}  # answered: no hint
    update(w, {"hint_request": -3})
    assert "hint_request" in w.state["error"]
    assert w.hint_request == 1


class _CountingHinter:
    """Stands in for the search (a quick answer: the first legal move): counts the searches, and
    may do something during one."""

    def __init__(self, during: Callable[[], None] | None = None) -> None:
        self.during = during
        self.searches = 0

    def __call__(self, observation: Any, budget: float) -> Any:
        assert budget == HINT_BUDGET
        self.searches += 1
        if self.during is not None:
            self.during()
        return observation.legal_actions()[0], "the first legal move"


def test_the_front_end_is_told_a_hint_is_pending_before_the_search_and_then_gets_the_answer() -> None:
    w = CatanWidget(mid_game(), SOLO)  # Ada acts after her roll
    version = w.state["version"]
    sent = record_sent(w)
    update(w, {"hint_request": 1})
    pending, answer = sent_values(sent, "hint")
    assert pending == {"request": 1, "version": version, "pending": True}
    assert answer == {**w.game.hint(budget=HINT_BUDGET).to_dict(), "request": 1, "version": version}
    assert w.hint == answer
    assert w.state["version"] == version, "a hint publishes nothing else"


def test_requests_queued_behind_a_search_are_answered_without_searching_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Clicks that waited in the kernel's queue while a search ran (the same position) get the
    hint just found at once; after a move, a request searches again."""
    hinter = _CountingHinter()
    monkeypatch.setattr(registry, "_HINTERS", [hinter])
    w = CatanWidget(Game(seed=4, board="random", first=0), SOLO)
    update(w, {"hint_request": 1})
    first = dict(w.hint)
    sent = record_sent(w)
    for n in (2, 3, 4):
        update(w, {"hint_request": n})
    assert hinter.searches == 1
    assert [h.get("pending") for h in sent_values(sent, "hint")] == [None, None, None], "no pending state"
    assert w.hint == {**first, "request": 4}
    w.game.step(action_from_dict(first["action"]))
    update(w, {"hint_request": 5})  # a road now: a new position, a new search
    assert hinter.searches == 2
    assert w.hint["request"] == 5
    assert w.hint["action"]["kind"] == "build_road"
    assert w.hint["version"] == w.state["version"]


def test_a_request_during_a_search_is_not_searched_again_and_the_answer_carries_it(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    w = CatanWidget(Game(seed=4, board="random", first=0), SOLO)

    def another_request() -> None:  # as if a second click were handled while the first searches
        assert w.hint["pending"] is True
        w.hint_request = 2

    hinter = _CountingHinter(another_request)
    monkeypatch.setattr(registry, "_HINTERS", [hinter])
    with caplog.at_level(logging.INFO, logger="catan_widget"):
        update(w, {"hint_request": 1})
    assert hinter.searches == 1
    assert w.hint_request == 2
    assert w.hint["request"] == 2, "the answer says it answers the latest request"
    assert "pending" not in w.hint
    assert any("during the search" in r.getMessage() for r in caplog.records)


class _UnprintableError(Exception):
    def __str__(self) -> str:
        raise RuntimeError("no str for you")


def test_a_failed_search_ends_the_pending_state_and_says_why(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(observation: Any, budget: float) -> Any:
        raise _UnprintableError

    monkeypatch.setattr(registry, "_HINTERS", [broken])
    w = CatanWidget(Game(seed=4, board="random", first=0), SOLO)
    before = w.game.to_json()
    with caplog.at_level(logging.WARNING, logger="catan_widget"):
        update(w, {"hint_request": 1})
    assert w.hint == {"request": 1, "version": w.state["version"]}
    assert w.state["error"] == "No hint: _UnprintableError"
    logged = [r.getMessage() for r in caplog.records if r.name == "catan_widget"]
    assert logged == ["No hint: _UnprintableError"]
    assert w.game.to_json() == before
    with pytest.raises(_UnprintableError):  # from Python the error is raised, and nothing stays pending
        w.show_hint()
    assert "pending" not in w.hint


def test_game_hint_from_a_cell() -> None:
    game = Game(seed=8, board="random").play("greedy", until=lambda g: g.turn >= 12 and g.phase == "main")
    hint = game.hint()
    assert hint.seat == game.current_seat
    assert hint.action in game.legal_actions()
    assert str(hint) == hint.reason
    assert hint.reason


def test_the_bot_menu_swaps_named_bots_and_keeps_objects() -> None:
    w = CatanWidget(Game(seed=4), {"Ada": "human", "Bo": "bot", "Cy": "greedy", "Di": Custom()})
    assert w.bot_level == "normal"
    assert isinstance(w._seats.bots[1], GreedyBot)
    update(w, {"bot_level": "hard"})
    assert isinstance(w._seats.bots[1], SearchBot)
    assert isinstance(w._seats.bots[2], SearchBot)
    assert isinstance(w._seats.bots[3], Custom)
    update(w, {"bot_level": "easy"})
    assert isinstance(w._seats.bots[1], RandomBot)
    update(w, {"bot_level": "expert"})
    assert "bot_level" in w.state["error"]
    assert w.bot_level == "easy"
    assert CatanWidget(Game(seed=4), SOLO, bot=Custom()).bot_level == ""
