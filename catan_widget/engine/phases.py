"""The phases a game moves through, by id and by name."""

from __future__ import annotations

from typing import Final

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
)
"""Phase names; a phase's index here is its id in the state."""
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
)
"""What each phase asks for before anything else, in words."""


def not_now(what: str, phase: int) -> str:
    """The sentence for an action that the current ``phase`` does not allow:
    ``"You cannot trade now: roll the dice first."``.
    """
    return f"You cannot {what} now: {_DEMANDS[phase]}."


def demand(phase: int) -> str:
    """What ``phase`` asks for before anything else, as a sentence of its own:
    ``"Move the robber first (and choose whom to rob)."``.
    """
    text = _DEMANDS[phase]
    return f"{text[0].upper()}{text[1:]}."


def is_not_now(text: str, phase: int) -> bool:
    """Whether ``text`` is :func:`not_now`'s sentence for ``phase`` (whatever the action)."""
    return text.startswith("You cannot ") and text.endswith(f" now: {_DEMANDS[phase]}.")
