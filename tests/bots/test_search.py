"""The search bot: registered by name, legal, reproducible, within its budget, and sensible on
staged positions (builds a city, trades toward a build, answers offers)."""

from __future__ import annotations

import time

import pytest

from catan_widget import AcceptTrade, BuildCity, DeclineTrade, EndTurn, Game, MaritimeTrade, OfferTrade
from catan_widget.bots import LEVELS, SearchBot, bot_names, make_bot

NAMES = ["Ada", "Bo", "Cy", "Di"]


def _staged(**kwargs: object) -> Game:
    game = Game(players=NAMES, seed=3, first="Ada")
    game.stage(
        settlements={"Ada": [12, 40], "Bo": [20], "Cy": [47], "Di": [9]},
        roads={"Ada": [17], "Bo": [27], "Cy": [62], "Di": [8]},
        phase="main",
        **kwargs,  # type: ignore[arg-type]
    )
    return game


def test_search_is_registered_and_the_levels_name_the_ladder() -> None:
    assert "search" in bot_names()
    assert isinstance(make_bot("search", 1, 2), SearchBot)
    assert LEVELS == {"easy": "random", "normal": "greedy", "hard": "search"}
    with pytest.raises(ValueError, match="budget"):
        SearchBot(budget=0)


def test_search_builds_a_city_when_it_can() -> None:
    game = _staged(hands={"Ada": {"grain": 2, "ore": 3}})
    assert isinstance(SearchBot(seed=1).choose(game.observe("Ada")), BuildCity)


def test_search_trades_with_the_bank_toward_a_city() -> None:
    game = _staged(hands={"Ada": {"grain": 2, "ore": 2, "lumber": 4}})
    assert isinstance(SearchBot(seed=1).choose(game.observe("Ada")), MaritimeTrade)


def test_search_offers_a_trade_for_the_card_it_lacks_and_answers_offers() -> None:
    game = _staged(hands={"Ada": {"grain": 2, "ore": 2, "lumber": 2}})
    move = SearchBot(seed=1).choose(game.observe("Ada"))
    assert isinstance(move, OfferTrade)
    assert move.want[4] == 1  # ore, the card missing for a city
    game = _staged(hands={"Ada": {"ore": 2}, "Bo": {"grain": 2, "ore": 2, "wool": 1}})
    game.step(OfferTrade({"ore": 1}, {"wool": 1}, to=1))
    assert SearchBot(seed=1).choose(game.observe("Bo")) == AcceptTrade()
    game = _staged(hands={"Ada": {"wool": 2}, "Bo": {"grain": 2, "ore": 3}})
    game.step(OfferTrade({"wool": 1}, {"ore": 1}, to=1))
    assert SearchBot(seed=1).choose(game.observe("Bo")) == DeclineTrade()  # it would break a city


def test_search_ends_the_turn_when_nothing_helps() -> None:
    game = _staged(hands={"Ada": {"lumber": 1}})
    assert SearchBot(seed=1).choose(game.observe("Ada")) == EndTurn()


def test_search_games_are_reproducible_and_finish() -> None:
    first = Game(seed=21, board="random").play(["search", "greedy", "greedy", "greedy"])
    second = Game(seed=21, board="random").play(["search", "greedy", "greedy", "greedy"])
    assert first.is_over
    assert first.to_json() == second.to_json()


def test_search_keeps_to_a_small_budget() -> None:
    game = Game(seed=4, board="random").play("greedy", until=lambda g: g.turn >= 16 and g.phase == "main")
    bot = SearchBot(seed=1, seat=game.current_seat, budget=0.05)
    start = time.perf_counter()
    plan = bot.plan(game.observe(game.current_seat))
    assert time.perf_counter() - start < 2.0  # 0.05 s of work; generous for a loaded CI machine
    assert game.why_not(plan.action) is None  # legal (an offer is legal without being listed)
    assert plan.reason
