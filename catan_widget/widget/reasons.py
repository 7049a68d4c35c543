"""Why a control is disabled, in plain words: the ``reasons`` of the ``legal`` trait.

Where the engine already words the rule (rolling twice, ending the turn before the roll, card
timing, an empty deck), the reason is the engine's own ``IllegalActionError`` message, found by
trying the action on a throw-away copy of the state.  Where a control stands for many actions
(build a road *somewhere*, trade with the bank *something*), the reason is stated directly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import Game
from ..engine.actions import (
    Action,
    BuyDevelopmentCard,
    EndTurn,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    RollDice,
)
from ..engine.apply import apply_action
from ..engine.building import can_afford
from ..engine.constants import CITY_COST, RESOURCES, ROAD_COST, SETTLEMENT_COST, cards_text
from ..engine.devcards import yop_pairs
from ..engine.errors import IllegalActionError
from ..engine.phases import (
    DISCARD,
    GAME_OVER,
    MOVE_ROBBER,
    ROAD_BUILDING,
    ROLL,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    TRADE_CONFIRM,
    TRADE_RESPONSE,
)
from ..engine.trade import maritime_rates

KEYS: tuple[str, ...] = (
    "roll",
    "end_turn",
    "road",
    "settlement",
    "city",
    "buy_development_card",
    "knight",
    "road_building",
    "year_of_plenty",
    "monopoly",
    "maritime",
    "offer_trade",
    "undo",
)
"""The controls that carry a reason when disabled (the front-end's tooltip keys)."""

NOT_NOW = "Not possible right now."


def probe(game: Game, action: Action) -> str | None:
    """The engine's message for why ``action`` is illegal now, or None if it is legal.

    Tries the action on a copy of the state; the game itself is never touched.
    """
    try:
        apply_action(game.state.copy(), game.board, game.rules, action, [])
    except IllegalActionError as exc:
        return str(exc)
    return None


def waiting_reasons(game: Game) -> dict[str, str]:
    """Reasons for every control while no human of this widget may act."""
    winner = game.winner
    if winner is not None:
        text = f"The game is over: {winner.name} won."
    else:
        text = f"Waiting for {game.names[game.state.current]}."
    return dict.fromkeys(KEYS, text)


def _blocker(game: Game, seat: int) -> str | None:
    """The one thing the phase asks for first, if the phase is not the free roll/main phase."""
    s = game.state
    phase = s.phase
    if phase == SETUP_SETTLEMENT:
        return "Setup: place a starting settlement first (it is free)."
    if phase == SETUP_ROAD:
        return "Setup: place the free road next to the settlement you just placed."
    if phase == DISCARD:
        return f"A 7 was rolled: discard {s.discards[seat]} cards first."
    if phase == MOVE_ROBBER:
        return "Move the robber first (and choose whom to rob)."
    if phase == ROAD_BUILDING:
        n = s.free_roads
        return f"Road Building: place your {n} free road{'s' if n != 1 else ''} first."
    if phase == TRADE_RESPONSE:
        proposer = s.trade[0] if s.trade is not None else s.turn_player
        return f"Answer {game.names[proposer]}'s trade offer first (accept, decline or counter)."
    if phase == TRADE_CONFIRM:
        return "Confirm the trade with a player who accepted, or cancel your offer."
    if phase == GAME_OVER:
        return "The game is over."
    return None


def _build(
    what: str, cost: tuple[int, ...], piece: int, none_left: str, no_spot: str
) -> Callable[[Game, int], str]:
    def why(game: Game, seat: int) -> str:
        s = game.state
        if s.phase == ROLL:
            return f"You must roll the dice before you build a {what}."
        if not can_afford(s.hands[seat], cost):
            return f"Not enough resources: a {what} costs {cards_text(cost)}."
        if s.pieces[seat][piece] == 0:
            return none_left
        return no_spot

    return why


def _probing(action: Action) -> Callable[[Game, int], str]:
    def why(game: Game, seat: int) -> str:
        return probe(game, action) or NOT_NOW

    return why


def _year_of_plenty(game: Game, seat: int) -> str:
    pairs = yop_pairs(game.state) or [(0, 0)]
    return probe(game, PlayYearOfPlenty(*pairs[0])) or NOT_NOW


def _trading(game: Game, seat: int) -> str | None:
    s = game.state
    if s.phase == ROLL:
        return "You must roll the dice before you trade."
    if seat != s.turn_player:
        return "Only the player whose turn it is may trade."
    if game.rules.strict_phases and s.built:
        return "Strict phases: you cannot trade after building this turn."
    return None


def _maritime(game: Game, seat: int) -> str:
    first = _trading(game, seat)
    if first:
        return first
    rates = maritime_rates(game.state, game.board, seat)
    hand = game.state.hands[seat]
    if any(hand[r] >= rates[r] for r in range(5)):
        return "The bank has none of the cards you could take."
    needs = [f"{rates[r]} {RESOURCES[r]}" for r in range(5)]
    return f"A bank trade needs {', '.join(needs[:-1])} or {needs[-1]} (your best rates)."


def _offer(game: Game, seat: int) -> str:
    first = _trading(game, seat)
    if first:
        return first
    if not any(game.state.hands[seat]):
        return "You have no cards to offer."
    return NOT_NOW


_WHY: dict[str, Callable[[Game, int], str]] = {
    "roll": _probing(RollDice()),
    "end_turn": _probing(EndTurn()),
    "road": _build(
        "road",
        ROAD_COST,
        0,
        "No roads left: each player has only 15.",
        "No free path touches your roads, settlements or cities.",
    ),
    "settlement": _build(
        "settlement",
        SETTLEMENT_COST,
        1,
        "No settlements left: each player has only 5 (build a city to get one back).",
        "No free intersection on your roads keeps the distance rule (two paths from every building).",
    ),
    "city": _build(
        "city",
        CITY_COST,
        2,
        "No cities left: each player has only 4.",
        "You have no settlement to upgrade to a city.",
    ),
    "buy_development_card": _probing(BuyDevelopmentCard()),
    "knight": _probing(PlayKnight()),
    "road_building": _probing(PlayRoadBuilding()),
    "year_of_plenty": _year_of_plenty,
    "monopoly": _probing(PlayMonopoly(0)),
    "maritime": _maritime,
    "offer_trade": _offer,
}


def reasons_for(game: Game, seat: int, legal: dict[str, Any], undo_reason: str | None) -> dict[str, str]:
    """Plain-words reasons for every control that ``legal`` (for the acting ``seat``) disables."""
    play = legal["play"]
    enabled = {
        "roll": legal["roll"],
        "end_turn": legal["end_turn"],
        "road": bool(legal["roads"]),
        "settlement": bool(legal["settlements"]),
        "city": bool(legal["cities"]),
        "buy_development_card": legal["buy_development_card"],
        "knight": play["knight"],
        "road_building": play["road_building"],
        "year_of_plenty": play["year_of_plenty"],
        "monopoly": play["monopoly"],
        "maritime": bool(legal["maritime"]),
        "offer_trade": legal["offer_trade"],
        "undo": legal["undo"],
    }
    blocker = _blocker(game, seat)
    out: dict[str, str] = {}
    for key, on in enabled.items():
        if on:
            continue
        if key == "undo":
            out[key] = undo_reason or "Nothing to take back."
        else:
            out[key] = blocker or _WHY[key](game, seat)
    return out
