"""Offers never stall the game: an offer to a human who cannot accept it is declined for them at
once, saying why in the engine's words; any other offer to a human runs a countdown
(``offer_timeout``) after which it is declined for them.  Either decline is a recorded
``DeclineTrade``, so the save replays exactly.
"""

from __future__ import annotations

import asyncio
import sys
import time
from types import FrameType
from typing import Any

import pytest

from catan_widget import AcceptTrade, CatanWidget, DeclineTrade, Game, OfferTrade
from catan_widget.bots import GreedyBot
from catan_widget.engine.language import words
from catan_widget.widget.runner import decline_interrupted

from .helpers import SOLO, send, staged_game, take_screen, wait_until

GRAIN_FOR_WOOL = OfferTrade(give={"grain": 1}, want={"wool": 1}, to=0)


class Trader:
    """Bo: offers 1 grain for 1 wool to Ada once, then plays as the greedy bot."""

    def __init__(self, game: Game) -> None:
        self.greedy = GreedyBot(seed=1)
        self.offered = False
        self.game = game

    def choose(self, obs: Any) -> Any:
        if not self.offered and obs.phase == "main":
            self.offered = True
            return GRAIN_FOR_WOOL
        return self.greedy.choose(obs)


def _bo_trades(ada: dict[str, int], **options: Any) -> tuple[Game, CatanWidget]:
    game = staged_game(hands={"Ada": ada, "Bo": {"grain": 2}}, turn_player=1, phase="main")
    seats = {**SOLO, "Bo": Trader(game)}
    return game, CatanWidget(game, seats, bot_delay=0, **options)


def _offer_at(game: Game) -> int:
    return next(i for i, (a, _) in enumerate(game.history) if isinstance(a, OfferTrade))


def test_an_offer_a_human_cannot_accept_is_declined_for_them_at_once_saying_why() -> None:
    game, w = _bo_trades({"ore": 1})  # Ada holds no wool
    w.advance_bots(max_moves=1)  # Bo's offer: Ada must answer, and cannot accept
    why = game.refusal(AcceptTrade(), "Ada")
    assert why is not None
    assert why.code == "cards_not_held"
    moves = w.advance_bots()
    at = _offer_at(game)
    decline = game.history[at + 1][0]
    assert decline == DeclineTrade(), "declined for Ada right after the offer"
    assert decline.reason == "cannot_pay", "with the reason, recorded"
    assert moves >= 2, "and the bots went on"
    assert w.state["error"] is None, "not an error: the log says why"
    assert "You decline: you do not hold the cards asked for" in w.state["log"], "Ada reads it"
    assert w.legal["seat"] == 0, "Ada's own turn now (no countdown was needed)"
    text = game.to_json()
    assert Game.from_json(text).to_json() == text, "the decline is in the save and replays"
    assert send(w, {"kind": "roll"})


def test_the_decline_for_a_human_who_cannot_accept_never_waits_on_a_running_loop() -> None:
    async def scenario() -> tuple[bool, int]:
        game, w = _bo_trades({"ore": 1}, offer_timeout=None)
        answered = await wait_until(lambda: any(isinstance(a, DeclineTrade) for a, _ in game.history), 5)
        at = _offer_at(game)
        w.close()
        return answered, at

    answered, at = asyncio.run(scenario())
    assert answered
    assert at >= 0


def test_an_offer_a_human_could_accept_counts_down_then_is_declined_for_them() -> None:
    async def scenario() -> tuple[bool, float | None, bool, str, dict[str, Any] | None]:
        game, w = _bo_trades({"wool": 1}, offer_timeout=0.4)
        offered = await wait_until(lambda: game.phase == "trade_response", 5)
        left = w.state["trade"].get("expires_in")
        assert w.advance_bots() == 0, "advance_bots leaves the countdown to the human"
        declined = await wait_until(lambda: game.phase != "trade_response", 5)
        w.close()
        return offered, left, declined, game.to_json(), w.state["trade"]

    offered, left, declined, text, trade = asyncio.run(scenario())
    assert offered
    assert left is not None
    assert 0 < left <= 0.4
    assert declined
    assert trade is None
    game = Game.from_json(text)
    assert game.history[_offer_at(game) + 1][0] == DeclineTrade()
    assert game.to_json() == text, "the countdown's decline replays exactly"


def test_the_human_answers_before_the_countdown_runs_out() -> None:
    game, w = _bo_trades({"wool": 1})
    w.advance_bots(max_moves=1)
    assert 0 < w.state["trade"]["expires_in"] <= 9
    assert w.offer_timeout == 9
    assert send(w, {"kind": "accept_trade"})
    assert game.history[-1][0] == AcceptTrade()


def test_a_new_offer_after_a_restore_gets_a_countdown_of_its_own() -> None:
    """A restore (a teacher's scene, an undo to before the offer) and the same offer made again
    reach the same number of moves: the new offer's countdown starts again, it does not inherit
    the old one's (which would decline it early).
    """
    game, w = _bo_trades({"wool": 1}, offer_timeout=10)
    before = game.fork()
    w.advance_bots(max_moves=1)  # Bo's offer: Ada could accept, the countdown runs
    assert game.phase == "trade_response"
    moves = len(game.history)
    time.sleep(1.0)
    w.refresh()
    assert w.state["trade"]["expires_in"] <= 9.1
    game.restore(before)
    game.step(GRAIN_FOR_WOOL)  # the same offer again, at the same number of moves
    assert len(game.history) == moves
    assert game.phase == "trade_response"
    assert w.state["trade"]["expires_in"] > 9.5, "a countdown of its own"


def test_in_hot_seat_the_countdown_starts_once_the_human_has_the_screen() -> None:
    game = staged_game(hands={"Ada": {"wool": 1}, "Bo": {"ore": 1}})
    w = CatanWidget(game, {"Ada": "human", "Bo": "human", "Cy": "bot", "Di": "bot"}, offer_timeout=5)
    assert send(w, {"kind": "offer_trade", "give": {"wool": 1}, "want": {"ore": 1}, "to": 1})
    assert w.state["handover"] == {"seat": 1, "name": "Bo"}
    assert "expires_in" not in w.state["trade"], "no countdown while the screen passes to Bo"
    assert w.bot_delay_now() is None
    take_screen(w, 1)
    assert 4 < w.state["trade"]["expires_in"] <= 5
    assert send(w, {"kind": "decline_trade"})
    assert game.history[-1][0] == DeclineTrade()


@pytest.mark.parametrize("options", [{"offer_timeout": None}, {"teacher": True}])
def test_no_countdown_when_off_or_for_a_teacher(options: dict[str, Any]) -> None:
    game, w = _bo_trades({"wool": 1}, **options)
    w.advance_bots()
    assert game.phase == "trade_response"
    assert "expires_in" not in w.state["trade"]
    assert w.bot_delay_now() is None, "nothing is due: the offer waits for Ada"


def test_offer_timeout_is_checked_and_can_be_changed() -> None:
    _, w = _bo_trades({"wool": 1})
    w.advance_bots()
    w.offer_timeout = None
    assert "expires_in" not in w.state["trade"]
    w.offer_timeout = 0
    assert w.bot_delay_now() == 0
    for bad in (-1, "20", True, 10**6, float("nan")):
        with pytest.raises(ValueError, match="offer_timeout"):
            w.offer_timeout = bad
    with pytest.raises(ValueError, match="offer_timeout"):
        CatanWidget(Game(seed=1), offer_timeout=-5)


def test_an_interrupt_during_a_decline_for_a_human_leaves_the_game_whole() -> None:
    game, w = _bo_trades({"ore": 1})
    w.advance_bots(max_moves=1)
    start = game.to_json()
    done = Game.from_json(start)
    done.step(DeclineTrade(reason="cannot_pay"))  # Ada cannot accept
    after = done.to_json()
    lines = 0

    def count(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal lines
        lines += event == "line"
        return count

    probe = CatanWidget(Game.from_json(start), {**SOLO, "Bo": "greedy"})
    sys.settrace(count)
    try:
        probe.play_one_bot_move()
    finally:
        sys.settrace(None)
    probe.close()
    assert probe.game.to_json() == after
    paused = 0
    for k in range(1, lines + 1, max(1, lines // 40)):
        g = Game.from_json(start)
        w = CatanWidget(g, {**SOLO, "Bo": "greedy"})
        seen = 0

        def stop(frame: FrameType, event: str, arg: Any, k: int = k) -> Any:
            nonlocal seen
            seen += event == "line"
            if seen == k:
                raise KeyboardInterrupt
            return stop

        sys.settrace(stop)
        try:
            w.play_one_bot_move()
        except KeyboardInterrupt:
            pass  # landed outside the decline itself: the game is whole
        finally:
            sys.settrace(None)
        assert g.to_json() in (start, after), k
        if w.bots_paused:
            paused += 1
            assert w.state["error"] == words(decline_interrupted("Ada"))
        w.close()
    assert paused >= 1
