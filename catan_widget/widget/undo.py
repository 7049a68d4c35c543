"""Taking back moves: snapshots kept by the widget, never in the engine's state.

The acting human may take back their own last moves until new information appears: a roll, a
drawn development card, a steal, a monopoly (which shows everyone's hands), a concluded trade,
the end of the turn, or any move by another player (a bot, another human, a cell stepping the
game).  Each snapshot is a ``game.fork()`` taken just before the move.
"""

from __future__ import annotations

from ..engine import Game
from ..engine.actions import (
    AcceptTrade,
    Action,
    BuyDevelopmentCard,
    ConfirmTrade,
    CounterTrade,
    DeclineTrade,
    EndTurn,
    MoveRobber,
    OfferTrade,
    PlayMonopoly,
    RollDice,
)

_FINAL: tuple[type[Action], ...] = (
    RollDice,
    BuyDevelopmentCard,
    PlayMonopoly,
    EndTurn,
    OfferTrade,
    AcceptTrade,
    DeclineTrade,
    CounterTrade,
    ConfirmTrade,
)
"""Moves that reveal something or involve another player: they cannot be taken back."""

NO_UNDO_AFTER_NEWS = (
    "You cannot take back a move once something new happened "
    "(a roll, a drawn card, a steal, a trade or another player's move)."
)


def is_final(action: Action) -> bool:
    """True when ``action`` reveals new information or binds another player."""
    if isinstance(action, MoveRobber):
        return action.victim is not None
    return isinstance(action, _FINAL)


class UndoStack:
    """Snapshots of the acting human's own moves since the last new information."""

    def __init__(self) -> None:
        """An empty stack."""
        self._items: list[tuple[int, Game]] = []
        self._blocked = False

    def record(self, seat: int, before: Game, action: Action) -> None:
        """Remember ``before`` (the game just before ``seat`` played ``action``)."""
        if self._items and self._items[-1][0] != seat:
            self.clear()
        if is_final(action):
            self.clear()
            return
        self._items.append((seat, before))

    def clear(self) -> None:
        """Forget every snapshot (something new happened)."""
        self._items.clear()
        self._blocked = True

    def can_undo(self, seat: int | None) -> bool:
        """True when ``seat`` (the acting human) may take back its last move."""
        return seat is not None and bool(self._items) and self._items[-1][0] == seat

    def reason(self, seat: int | None) -> str:
        """Why ``seat`` cannot undo now, in plain words."""
        if self._items and self._items[-1][0] != seat:
            return "Only the player who made the last move can take it back."
        return NO_UNDO_AFTER_NEWS if self._blocked else "Nothing to take back yet."

    def pop(self) -> Game:
        """The snapshot before the last move (check :meth:`can_undo` first)."""
        return self._items.pop()[1]

    def __len__(self) -> int:
        return len(self._items)
