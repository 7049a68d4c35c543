"""A trade answer's reason (issue 21): a code carried by DeclineTrade / CounterTrade, saved with
the action, kept in the answer event and worded once for the log; answers without one read,
save and encode as before."""

from __future__ import annotations

import pytest

import catan_widget as cw
from catan_widget.engine import actions as ac
from catan_widget.engine.answer_reasons import REASONS, keeps, reason_message, reason_words
from catan_widget.engine.words.log import event_fields

HANDS = {0: {"lumber": 2, "brick": 1}, 1: {"ore": 3, "grain": 2}, 2: {"ore": 1, "grain": 2}, 3: {"wool": 3}}


def _offer(bo: str = "Bo") -> cw.Game:
    game = cw.Game(["Ada", bo, "Cy", "Di"], seed=1, board="beginner", first=0)
    game.stage(phase="main", roads={0: [19]}, settlements={0: [12]}, hands=HANDS)
    game.step(cw.OfferTrade(give={"lumber": 1}, want={"ore": 1}))
    return game


def test_a_reason_takes_no_part_in_equality_legality_or_the_code() -> None:
    coded = cw.DeclineTrade(reason="keeps_ore_for_city")
    assert coded == cw.DeclineTrade()
    assert hash(coded) == hash(cw.DeclineTrade())
    assert ac.encode(coded) == ac.encode(cw.DeclineTrade())
    assert ac.action_to_dict(cw.DeclineTrade()) == {"kind": "decline_trade"}
    assert ac.action_to_dict(coded) == {"kind": "decline_trade", "reason": "keeps_ore_for_city"}
    back = ac.action_from_dict(ac.action_to_dict(coded))
    assert isinstance(back, cw.DeclineTrade)
    assert back.reason == "keeps_ore_for_city"
    counter = cw.CounterTrade({"grain": 1}, {"lumber": 1}, reason="no_gain")
    assert ac.action_to_dict(counter)["reason"] == "no_gain"
    assert "reason" not in ac.action_to_dict(cw.CounterTrade({"grain": 1}, {"lumber": 1}))
    assert keeps(4, "city") == "keeps_ore_for_city"
    assert "near_winner" in REASONS
    for bad in ("because", 3, ""):
        with pytest.raises(cw.IllegalActionError, match="reason must be"):
            cw.DeclineTrade(reason=bad)  # type: ignore[arg-type]


def test_the_log_words_the_reason_and_a_save_keeps_it() -> None:
    game = _offer()
    game.step(cw.DeclineTrade(reason="keeps_ore_for_city"))
    game.step(cw.CounterTrade({"grain": 1}, {"lumber": 1}, reason="keeps_ore_for_settlement"))
    game.step(cw.DeclineTrade())
    assert game.log[-3:] == [
        "Bo declines: they need their ore for a city",
        "Cy counters with 1 grain for 1 lumber: they need their ore for a settlement",
        "Di declines the offer",
    ]
    assert game.events[-3][-1] == "keeps_ore_for_city"
    assert len(game.events[-1]) == 5  # no reason: the event as before
    again = cw.Game.from_json(game.to_json())
    assert again.log == game.log
    assert again.to_json() == game.to_json()
    reasons = [getattr(a, "reason", None) for a, _ in again.history[-3:]]
    assert reasons == ["keeps_ore_for_city", "keeps_ore_for_settlement", None]
    fields = event_fields(game.events[-3], game.names, game.board)
    assert fields["reason"] == "keeps_ore_for_city"
    assert fields["answer"] == "declined"


def test_a_reason_is_said_to_you_in_the_second_person() -> None:
    game = _offer()
    game.step(cw.DeclineTrade(reason="near_winner"))
    assert game.log[-1] == "Bo declines: they will not help a player so close to winning"
    assert game.log_for(1)[-1] == "You decline: you will not help a player so close to winning"
    assert game.log_for(0)[-1] == game.log[-1]
    named = _offer("You")  # a player named "You" is just a name
    named.step(cw.DeclineTrade(reason="near_winner"))
    assert named.log[-1] == "You declines: they will not help a player so close to winning"


def test_every_reason_has_its_words_in_both_persons_and_any_language() -> None:
    for code, (third, second) in REASONS.items():
        assert reason_words(code) == str(third)
        assert reason_words(code, True) == str(second)
        assert reason_message(code, True) == second
        assert reason_words(code, language="en-XA").startswith("[")
    assert reason_words("keeps_ore_for_city") == "they need their ore for a city"
    assert (
        reason_words("keeps_wool_for_development_card", True) == "you need your wool for a development card"
    )


def test_a_reason_is_kept_when_the_legal_actions_were_listed_first() -> None:
    game = _offer()
    assert cw.DeclineTrade() in game.legal_actions()  # the listed fast path is primed
    game.step(cw.DeclineTrade(reason="no_gain"))
    assert game.history[-1][0].reason == "no_gain"  # type: ignore[attr-defined]
    assert game.log[-1] == "Bo declines: the trade does not help them"
