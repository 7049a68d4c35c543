"""The Hint button and the bot menu: ``hint_request`` (raised by the front-end) makes Python ask
the search bot for the acting human's best move and send it in ``hint``; ``bot_level`` swaps the
named bots for "random", "greedy" or "search"."""

from __future__ import annotations

from catan_widget import CatanWidget, Game
from catan_widget.bots import GreedyBot, RandomBot, SearchBot
from catan_widget.engine import action_from_dict

from .helpers import SOLO, update


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
    assert w.hint == {}
    update(w, {"hint_request": -3})
    assert "hint_request" in w.state["error"]


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
    assert isinstance(w._bots[1], GreedyBot)
    update(w, {"bot_level": "hard"})
    assert isinstance(w._bots[1], SearchBot)
    assert isinstance(w._bots[2], SearchBot)
    assert isinstance(w._bots[3], Custom)
    update(w, {"bot_level": "easy"})
    assert isinstance(w._bots[1], RandomBot)
    update(w, {"bot_level": "expert"})
    assert "bot_level" in w.state["error"]
    assert w.bot_level == "easy"
    assert CatanWidget(Game(seed=4), SOLO, bot=Custom()).bot_level == ""
