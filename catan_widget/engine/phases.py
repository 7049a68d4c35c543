"""The phases a game moves through, by id and by name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .errors import IllegalActionError
from .language import Message, tr

PHASES: Final[tuple[str, ...]] = (
    "setup_settlement",
    "setup_road",
    "roll",
    "discard",
    "move_robber",
    "main",
    "road_building",
    "trade_response",
    "trade_confirm",
    "game_over",
    "special_build",
)
"""Phase names; a phase's index here is its id in the state (new phases go at the end: saves
and the compiled engine know the older ids)."""
SETUP_SETTLEMENT: Final = 0
SETUP_ROAD: Final = 1
ROLL: Final = 2
DISCARD: Final = 3
MOVE_ROBBER: Final = 4
MAIN: Final = 5
ROAD_BUILDING: Final = 6
TRADE_RESPONSE: Final = 7
TRADE_CONFIRM: Final = 8
GAME_OVER: Final = 9
SPECIAL_BUILD: Final = 10
"""The Special Building Phase (the rulebook §11.1): after a turn, each other player in turn
order builds or buys, then passes; ``turn_player`` stays the one whose turn ended and
``current`` is the builder."""

PENDING: Final = 0
ACCEPTED: Final = 1
DECLINED: Final = 2
COUNTERED: Final = 3
"""Answers to a domestic trade offer."""

_DEMAND_CODES: Final[tuple[str, ...]] = (
    "setup_settlement_first",
    "setup_road_first",
    "roll_first",
    "discard_first",
    "robber_first",
    "already_rolled",
    "free_roads_first",
    "answer_trade_first",
    "confirm_trade_first",
    "game_over",
    "special_build_only",
)
"""The refusal code (:data:`.errors.REFUSALS`) of each phase's demand."""

_DEMANDS: Final[tuple[Message, ...]] = (
    tr("In setup, place a starting settlement first (it is free)."),
    tr("In setup, place the free road next to the settlement just placed."),
    tr("Roll the dice first."),
    tr("After the 7, everyone holding too many cards discards first."),
    tr("Move the robber first (and choose whom to rob)."),
    tr("The dice have already been rolled."),
    tr("Place the free roads of Road Building first."),
    tr("The trade offer must be answered first."),
    tr("The trade offer must be confirmed or cancelled first."),
    tr("The game is over."),
    tr("In the Special Building Phase a player only builds or buys development cards, then passes."),
)
"""What each phase asks for before anything else, as a sentence of its own."""


def demand_code(phase: int) -> str:
    """The refusal code of what ``phase`` asks for first (``"robber_first"``)."""
    return _DEMAND_CODES[phase]


def demand(phase: int) -> Message:
    """What ``phase`` asks for before anything else, as a sentence of its own:
    ``"Move the robber first (and choose whom to rob)."`` (its code: :func:`demand_code`).
    """
    return _DEMANDS[phase]


def not_now(kind: str, phase: int) -> IllegalActionError:
    """The refusal of an action of ``kind`` (an action kind such as ``"end_turn"``, or
    ``"trade"``) that the current ``phase`` does not allow, to raise: ``"You cannot trade now.
    Roll the dice first."`` with the code :func:`demand_code`.  Development cards are refused by
    :func:`card_not_now`.
    """
    return IllegalActionError(_DEMAND_CODES[phase], _CANNOT[kind](_DEMANDS[phase]))


def card_not_now(card: Message, phase: int) -> IllegalActionError:
    """The refusal of playing the development card ``card`` (its name,
    :func:`.constants.dev_card_word`) in a ``phase`` that does not allow it, to raise.
    """
    # TRANSLATORS: {card} is a development card's name ("Knight"); {first} is a whole sentence
    # saying what the game asks for first ("Roll the dice first.")
    text = tr("You cannot play {card} now. {first}", card=card, first=_DEMANDS[phase])
    return IllegalActionError(_DEMAND_CODES[phase], text)


def roll_first(kind: str) -> IllegalActionError:
    """The refusal of an action of ``kind`` (``"build_road"``, ``"trade"``, ...) before the
    dice are rolled, to raise (code ``roll_first``).
    """
    return IllegalActionError("roll_first", _ROLL_FIRST[kind])


_CANNOT: Final[dict[str, Callable[[Message], Message]]] = {
    # TRANSLATORS: {first} is a whole sentence: what the game asks for first ("Roll the dice first.")
    "roll": lambda first: tr("You cannot roll the dice now. {first}", first=first),
    # TRANSLATORS: {first} is a whole sentence: what the game asks for first ("Roll the dice first.")
    "end_turn": lambda first: tr("You cannot end the turn now. {first}", first=first),
    # TRANSLATORS: {first} is a whole sentence: what the game asks for first ("Roll the dice first.")
    "build_road": lambda first: tr("You cannot build a road now. {first}", first=first),
    # TRANSLATORS: {first} is a whole sentence: what the game asks for first ("Roll the dice first.")
    "build_settlement": lambda first: tr("You cannot build a settlement now. {first}", first=first),
    # TRANSLATORS: {first} is a whole sentence: what the game asks for first ("Roll the dice first.")
    "build_city": lambda first: tr("You cannot build a city now. {first}", first=first),
    # TRANSLATORS: {first} is a whole sentence: what the game asks for first ("Roll the dice first.")
    "buy_development_card": lambda first: tr("You cannot buy a development card now. {first}", first=first),
    # TRANSLATORS: {first} is a whole sentence: what the game asks for first ("Roll the dice first.")
    "trade": lambda first: tr("You cannot trade now. {first}", first=first),
}
"""Each action kind's refusal in a phase that does not allow it (the phase's demand last)."""

_ROLL_FIRST: Final[dict[str, Message]] = {
    "end_turn": tr("You must roll the dice before ending your turn."),
    "build_road": tr("You must roll the dice before you build a road."),
    "build_settlement": tr("You must roll the dice before you build a settlement."),
    "build_city": tr("You must roll the dice before you build a city."),
    "buy_development_card": tr("You must roll the dice before you buy a development card."),
    "trade": tr("You must roll the dice before you trade."),
}
"""Each action kind's refusal before the roll."""
