"""The phases a game moves through, by id and by name."""

from __future__ import annotations

from typing import Final

from .errors import IllegalActionError

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

_DEMANDS: Final[tuple[str, ...]] = (
    "in setup, place a starting settlement first (it is free)",
    "in setup, place the free road next to the settlement just placed",
    "roll the dice first",
    "after the 7, everyone holding too many cards discards first",
    "move the robber first (and choose whom to rob)",
    "the dice have already been rolled",
    "place the free roads of Road Building first",
    "the trade offer must be answered first",
    "the trade offer must be confirmed or cancelled first",
    "the game is over",
    "in the Special Building Phase a player only builds or buys development cards, then passes",
)
"""What each phase asks for before anything else, in words."""


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


def demand_code(phase: int) -> str:
    """The refusal code of what ``phase`` asks for first (``"robber_first"``)."""
    return _DEMAND_CODES[phase]


def not_now(what: str, phase: int) -> IllegalActionError:
    """The refusal of an action that the current ``phase`` does not allow, to raise:
    ``"You cannot trade now: roll the dice first."`` with the code :func:`demand_code`.
    """
    return IllegalActionError(_DEMAND_CODES[phase], f"You cannot {what} now: {_DEMANDS[phase]}.")


def demand(phase: int) -> str:
    """What ``phase`` asks for before anything else, as a sentence of its own:
    ``"Move the robber first (and choose whom to rob)."`` (its code: :func:`demand_code`).
    """
    text = _DEMANDS[phase]
    return f"{text[0].upper()}{text[1:]}."
