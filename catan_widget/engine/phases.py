"""The phases a game moves through, by id and by name."""

from __future__ import annotations

PHASES: tuple[str, ...] = (
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
(
    SETUP_SETTLEMENT,
    SETUP_ROAD,
    ROLL,
    DISCARD,
    MOVE_ROBBER,
    MAIN,
    ROAD_BUILDING,
    TRADE_RESPONSE,
    TRADE_CONFIRM,
    GAME_OVER,
) = range(10)

PENDING, ACCEPTED, DECLINED, COUNTERED = range(4)
"""Answers to a domestic trade offer."""
