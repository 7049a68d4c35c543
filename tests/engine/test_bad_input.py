"""Bad input: wrong types, unknown ids, out of turn, out of phase — refused in plain words,
and the game is left exactly as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import catan_widget as cw
from catan_widget.engine.options import SEED_BITS, check_seed

from .helpers import assert_illegal, new_game, staged

RICH = {"lumber": 5, "brick": 5, "wool": 5, "grain": 5, "ore": 5}


# --- malformed actions ------------------------------------------------------------------------
MALFORMED: list[tuple[Callable[[], Any], str]] = [
    (lambda: cw.BuildRoad(edge="x"), "edge must be an id from 0 to 108"),  # the largest board's ids
    (lambda: cw.BuildRoad(edge=109), "edge must be an id from 0 to 108"),
    (lambda: cw.BuildRoad(edge=-1), "edge must be an id"),
    (lambda: cw.BuildRoad(edge=3.0), "edge must be an id"),
    (lambda: cw.BuildRoad(edge=True), "edge must be an id"),
    (lambda: cw.BuildSettlement(node=80), "node must be an id from 0 to 79"),
    (lambda: cw.BuildCity(node=None), "node must be an id"),
    (lambda: cw.MoveRobber(hex=30), "hex must be an id from 0 to 29"),
    (lambda: cw.MoveRobber(hex=4, victim=6), "victim must be a seat"),
    (lambda: cw.MoveRobber(hex=4, victim="Bo"), "victim must be a seat"),
    (lambda: cw.ConfirmTrade(player=-1), "player must be a seat"),
    (lambda: cw.OfferTrade({"ore": 1}, {"wool": 1}, to=9), "to must be a seat"),
    (lambda: cw.PlayMonopoly("gold"), "resource must be one of"),
    (lambda: cw.PlayMonopoly(5), "resource must be one of"),
    (lambda: cw.PlayYearOfPlenty("ore", None), "second must be one of"),
    (lambda: cw.MaritimeTrade("ore", "sheep"), "get must be one of"),
    (lambda: cw.Discard({"gold": 1}), "must be one of lumber, brick"),
    (lambda: cw.Discard({"ore": -1}), "whole number"),
    (lambda: cw.Discard({"ore": 1.5}), "whole number"),
    (lambda: cw.Discard([1, 2]), "5 counts"),
    (lambda: cw.Discard("ore"), "5 counts"),
    (lambda: cw.Discard((0, 0, 0, 0, 96)), "5 whole numbers"),
    (lambda: cw.OfferTrade({"ore": 1}, [1, 2, 3, 4, -5]), "want"),
]


@pytest.mark.parametrize(("make", "words"), MALFORMED, ids=[f"{i}-{w}" for i, (_, w) in enumerate(MALFORMED)])
def test_malformed_actions_are_refused_when_made(make: Callable[[], Any], words: str) -> None:
    with pytest.raises(cw.IllegalActionError, match=words):
        make()


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (cw.BuildRoad(edge=99), "edge must be an id from 0 to 71"),
        (cw.BuildSettlement(node=54), "node must be an id from 0 to 53"),
        (cw.BuildCity(node=79), "node must be an id from 0 to 53"),
        (cw.MoveRobber(hex=19), "hex must be an id from 0 to 18"),
    ],
)
def test_ids_of_the_larger_board_are_refused_on_the_base_board(action: cw.Action, words: str) -> None:
    game = staged()
    assert_illegal(game, action, words)


@pytest.mark.parametrize("thing", ["roll", None, 0, cw.RollDice, {"kind": "roll"}])
def test_step_refuses_what_is_not_an_action(thing: object) -> None:
    game = staged()
    assert_illegal(game, thing, "not an action")


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ("roll", "must be an object"),
        ({}, "unknown action kind None"),
        ({"kind": "fly"}, "unknown action kind 'fly'"),
        ({"kind": "build_road"}, "missing field(s) edge"),
        ({"kind": "build_road", "edge": 3, "colour": "red"}, "unexpected field(s) colour"),
        ({"kind": "play_year_of_plenty", "resources": ["ore"]}, "two resources"),
        ({"kind": "build_road", "edge": "3"}, "edge must be an id"),
    ],
)
def test_malformed_action_json_is_refused(data: object, words: str) -> None:
    with pytest.raises(cw.IllegalActionError) as info:
        cw.action_from_dict(data)
    assert words in str(info.value)


@pytest.mark.parametrize("code", [-1, "3", 2.0, 10**40])
def test_bad_action_codes_are_refused(code: object) -> None:
    with pytest.raises(cw.IllegalActionError):
        cw.decode(code)  # type: ignore[arg-type]


# --- scripted chance in the wrong place --------------------------------------------------------
@pytest.mark.parametrize(
    ("action", "chance", "words"),
    [
        (cw.EndTurn(), {"dice": (3, 4)}, "dice go with a rolldice"),
        (cw.MaritimeTrade("ore", "wool"), {"card": "knight"}, "card goes with buydevelopmentcard"),
        (cw.EndTurn(), {"steal": "ore"}, "steal goes with moverobber"),
        (cw.BuyDevelopmentCard(), {"card": "dragon"}, "unknown development card"),
        (cw.BuyDevelopmentCard(), {"card": 9}, "still in the deck"),
        (cw.MoveRobber(4), {"steal": "gold"}, "steal must be one of"),
    ],
)
def test_scripted_chance_must_fit_the_action(action: object, chance: dict[str, Any], words: str) -> None:
    game = staged(phase="main", hands={0: RICH})
    assert_illegal(game, action, words, **chance)


def test_scripted_steal_needs_a_victim() -> None:
    game = staged(robber=4)
    game.step(cw.RollDice(), dice=(3, 4))
    assert_illegal(game, cw.MoveRobber(0), "victim holds", steal="ore")


# --- out of phase and out of turn -------------------------------------------------------------
def _setup() -> cw.Game:
    return new_game()


def _roll() -> cw.Game:
    return staged(settlements={0: [12]}, roads={0: [19]}, hands={0: RICH}, dev_cards={0: {"knight": 1}})


def _main() -> cw.Game:
    return staged(phase="main", settlements={0: [12]}, roads={0: [19]}, hands={0: RICH, 1: RICH})


def _discard() -> cw.Game:
    game = staged(settlements={0: [12]}, hands={1: RICH}, dev_cards={1: {"knight": 1}})
    game.step(cw.RollDice(), dice=(3, 4))
    return game


def _robber() -> cw.Game:
    game = staged(settlements={0: [12], 1: [26]}, hands={0: RICH})
    game.step(cw.RollDice(), dice=(3, 4))
    game.step(cw.Discard({"lumber": 5, "brick": 5, "wool": 2}))
    return game


def _response() -> cw.Game:
    game = _main()
    game.step(cw.OfferTrade({"lumber": 1}, {"ore": 1}, to=1))
    return game


PHASE_CASES = [
    (_setup, cw.RollDice(), "cannot roll the dice now"),
    (_setup, cw.EndTurn(), "cannot end the turn now"),
    (_setup, cw.BuildCity(0), "cannot build a city now"),
    (_setup, cw.BuyDevelopmentCard(), "cannot buy a development card now"),
    (_setup, cw.MoveRobber(4), "only move the robber after"),
    (_setup, cw.Discard({"ore": 1}), "only discard when a 7"),
    (_setup, cw.MaritimeTrade("ore", "wool"), "cannot trade now"),
    (_setup, cw.AcceptTrade(), "no trade offer"),
    (_setup, cw.PlayKnight(), "cannot play knight now"),
    (_roll, cw.EndTurn(), "must roll the dice before ending"),
    (_roll, cw.BuildSettlement(22), "must roll"),
    (_roll, cw.BuildCity(12), "must roll"),
    (_roll, cw.BuyDevelopmentCard(), "must roll"),
    (_roll, cw.MaritimeTrade("ore", "wool"), "must roll"),
    (_roll, cw.MoveRobber(4), "only move the robber after"),
    (_main, cw.RollDice(), "already rolled"),
    (_main, cw.MoveRobber(4), "only move the robber after"),
    (_main, cw.Discard({"ore": 1}), "only discard when a 7"),
    (_main, cw.ConfirmTrade(1), "no answered trade offer"),
    (_main, cw.CancelTrade(), "no trade offer of yours"),
    (_main, cw.DeclineTrade(), "no trade offer"),
    (_discard, cw.EndTurn(), "cannot end the turn now"),
    (_discard, cw.RollDice(), "already rolled"),
    (_discard, cw.PlayKnight(), "cannot play knight now"),
    (_discard, cw.BuildRoad(19), "cannot build a road now"),
    (_discard, cw.OfferTrade({"ore": 1}, {"wool": 1}, to=0), "only the player whose turn"),
    (_discard, cw.MoveRobber(4), "only move the robber after"),
    (_robber, cw.EndTurn(), "cannot end the turn now"),
    (_robber, cw.BuildRoad(19), "cannot build a road now"),
    (_robber, cw.BuildSettlement(22), "cannot build a settlement now"),
    (_robber, cw.Discard({"ore": 1}), "only discard when a 7"),
    (_robber, cw.MaritimeTrade("ore", "wool"), "cannot trade now"),
    (_response, cw.EndTurn(), "cannot end the turn now"),
    (_response, cw.OfferTrade({"ore": 1}, {"wool": 1}, to=2), "only the player whose turn"),
    (_response, cw.ConfirmTrade(1), "no answered trade offer"),
    (_response, cw.CancelTrade(), "no trade offer of yours"),
    (_response, cw.BuildRoad(70), "cannot build a road now"),
    (_response, cw.MaritimeTrade("ore", "wool"), "cannot trade now"),
    (_response, cw.PlayKnight(), "cannot play knight now"),
]


@pytest.mark.parametrize(
    ("make", "action", "words"), PHASE_CASES, ids=lambda v: getattr(v, "__name__", str(v))
)
def test_actions_out_of_phase_or_turn_are_refused(
    make: Callable[[], cw.Game], action: object, words: str
) -> None:
    assert_illegal(make(), action, words)


def test_counter_cannot_be_confirmed_by_the_responder() -> None:
    game = _response()
    game.step(cw.CounterTrade({"ore": 1}, {"lumber": 2}))
    assert game.current_seat == 0
    assert game.phase == "trade_confirm"
    assert_illegal(game, cw.AcceptTrade(), "no trade offer")


def test_game_over_refuses_everything() -> None:
    game = staged(
        phase="main",
        cities={0: [20, 47]},
        free_placement=True,
        settlements={0: [0, 5, 10, 41, 51]},
        hands={0: RICH},
    )
    game.step(cw.BuildCity(0))
    assert game.is_over
    for action in (cw.RollDice(), cw.EndTurn(), cw.BuildRoad(0), cw.MoveRobber(4)):
        assert_illegal(game, action, "game is over")


# --- seeds --------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1, -1, 7, 2**63 - 1, 2**64 - 1, -(2**64) + 1])
def test_a_seed_is_any_whole_number_of_at_most_64_bits(seed: int) -> None:
    assert check_seed(seed) == seed
    assert SEED_BITS == 64


@pytest.mark.parametrize("seed", [2**64, -(2**64), 2**10000, -(10**400)])
def test_a_longer_seed_is_refused_naming_the_rule(seed: int) -> None:
    with pytest.raises(ValueError, match=r"at most 64 bits \(-2\*\*64 < seed < 2\*\*64\)") as info:
        check_seed(seed)
    assert len(str(info.value)) < 120  # the number itself is never printed


@pytest.mark.parametrize("seed", ["7", 7.0, None, True, [7]])
def test_a_seed_that_is_not_an_int_is_a_type_error(seed: object) -> None:
    with pytest.raises(TypeError, match="whole number"):
        check_seed(seed)


@pytest.mark.parametrize("seed", [2**64, -(2**64), 2**10000])
def test_game_refuses_a_seed_longer_than_64_bits(seed: int) -> None:
    with pytest.raises(ValueError, match="at most 64 bits"):
        cw.Game(seed=seed)
