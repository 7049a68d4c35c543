"""The search bot: registered by name, legal, reproducible, within its budget, and sensible on
staged positions (builds a city, trades toward a build, answers offers)."""

from __future__ import annotations

import math
import time
from typing import Any

import pytest

from catan_widget import AcceptTrade, BuildCity, DeclineTrade, EndTurn, Game, MaritimeTrade, OfferTrade
from catan_widget.bots import LEVELS, SearchBot, bot_names, make_bot
from catan_widget.bots.search import SETTLEMENT_PLAYOUTS, Plan
from catan_widget.engine.knowledge.observation import Observation
from catan_widget.engine.registry import HINT_BUDGET, MAX_HINT_BUDGET

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
    for budget in (0, -1, math.nan, math.inf):
        with pytest.raises(ValueError, match="budget is a positive number"):
            SearchBot(budget=budget)


def test_search_builds_a_city_when_it_can() -> None:
    game = _staged(hands={"Ada": {"grain": 2, "ore": 3}})
    assert isinstance(SearchBot(seed=1).choose(game.observe("Ada")), BuildCity)


def test_search_trades_with_the_bank_toward_a_city() -> None:
    game = _staged(hands={"Ada": {"grain": 2, "ore": 2, "lumber": 4}})
    assert isinstance(SearchBot(seed=1).choose(game.observe("Ada")), MaritimeTrade)


def test_search_offers_a_trade_for_the_card_it_lacks_and_answers_offers() -> None:
    game = _staged(hands={"Ada": {"grain": 2, "ore": 2, "lumber": 2}})
    assert SearchBot(seed=1).choose(game.observe("Ada")) == EndTurn()  # nobody can have ore
    game = _staged(hands={"Ada": {"grain": 2, "ore": 2, "lumber": 2}, "Bo": {"ore": 2, "lumber": 1}})
    move = SearchBot(seed=1).choose(game.observe("Ada"))
    assert isinstance(move, OfferTrade)
    assert move.want[4] == 1  # ore, the card missing for a city
    assert move.to == 1  # from Bo, who may have it
    game = _staged(hands={"Ada": {"ore": 2}, "Bo": {"grain": 2, "ore": 2, "wool": 1}})
    game.step(OfferTrade({"ore": 1}, {"wool": 1}, to=1))
    assert SearchBot(seed=1).choose(game.observe("Bo")) == AcceptTrade()
    game = _staged(hands={"Ada": {"wool": 2}, "Bo": {"grain": 2, "ore": 3}})
    game.step(OfferTrade({"wool": 1}, {"ore": 1}, to=1))
    answer = SearchBot(seed=1).choose(game.observe("Bo"))
    assert isinstance(answer, DeclineTrade)
    assert answer.reason == "keeps_ore_for_city"  # it would break its city


def test_search_ends_the_turn_when_nothing_helps() -> None:
    game = _staged(hands={"Ada": {"lumber": 1}})
    assert SearchBot(seed=1).choose(game.observe("Ada")) == EndTurn()


def test_search_games_are_reproducible_and_finish() -> None:
    first = Game(seed=21, board="random").play(["search", "greedy", "greedy", "greedy"])
    second = Game(seed=21, board="random").play(["search", "greedy", "greedy", "greedy"])
    assert first.is_over
    assert first.to_json() == second.to_json()


def _samples(game: Game, budget: float, monkeypatch: pytest.MonkeyPatch) -> tuple[int, object]:
    """How many games the search bot samples for one decision at ``budget``, and its plan."""
    calls = 0
    original = Observation.determinize

    def counting(self: Observation, *args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Observation, "determinize", counting)
    plan = SearchBot(seed=1, seat=game.current_seat, budget=budget).plan(game.observe(game.current_seat))
    monkeypatch.setattr(Observation, "determinize", original)
    return calls, plan


def test_search_keeps_to_its_work_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The budget is work, not time: a smaller budget samples fewer games, the same number on
    every run, and still gives a legal move with a reason."""
    game = Game(seed=5, board="random").play("greedy", until=lambda g: g.turn >= 24 and g.phase == "main")
    assert len(game.legal_actions()) > 5
    small, plan = _samples(game, 0.01, monkeypatch)
    again, _ = _samples(game, 0.01, monkeypatch)
    large, _ = _samples(game, 1.0, monkeypatch)
    assert small == again
    assert small < large
    assert isinstance(plan, Plan)
    assert game.why_not(plan.action) is None  # legal (an offer is legal without being listed)
    assert plan.reason


_CLOCKS = ("time", "time_ns", "perf_counter", "perf_counter_ns", "monotonic", "monotonic_ns", "process_time")


def test_a_hint_is_a_fixed_amount_of_work_and_never_reads_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The slowest hint, a first settlement: the same move with every clock broken, after the
    same number of games played on (54 corners scored, then playouts within the budget)."""
    game = Game(players=NAMES, seed=11, first=0)
    forks = 0
    original = Game.fork

    def counting(self: Game) -> Game:
        nonlocal forks
        forks += 1
        return original(self)

    monkeypatch.setattr(Game, "fork", counting)
    expected = game.hint()
    work, forks = forks, 0

    def no_clock() -> float:
        raise AssertionError("a hint read the clock")

    for name in _CLOCKS:
        monkeypatch.setattr(time, name, no_clock)
    again = game.hint(budget=HINT_BUDGET)
    assert again == expected
    assert forks == work
    assert len(game.legal_actions()) == 54
    assert work <= 54 + SETTLEMENT_PLAYOUTS * HINT_BUDGET
    assert game.history == []


@pytest.mark.parametrize("budget", [0, -1, math.nan, math.inf, MAX_HINT_BUDGET + 1, "1", True, None, 10**400])
def test_a_hint_budget_out_of_bounds_is_refused_naming_the_rule(budget: Any) -> None:
    game = Game(players=NAMES, seed=11, first=0)
    with pytest.raises(ValueError, match="a hint's budget is an amount of search work") as info:
        game.hint(budget=budget)
    assert f"at most {MAX_HINT_BUDGET:g}" in str(info.value)
    assert len(str(info.value)) < 200
