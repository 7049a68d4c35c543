"""Taking back moves: snapshots kept by the widget, never in the engine's state.

The acting human may take back their own last moves until new information appears: a roll, a
drawn development card, a steal, a monopoly (which shows everyone's hands), a concluded trade,
the end of the turn, or any move by another player (a bot, another human, a cell stepping the
game).  Each snapshot is a ``game.fork()`` taken just before the move.

The stack learns what happened from the game itself: the widget tells it every change the game
reports (:meth:`UndoStack.game_changed`).  A change that is the move it was told to expect
(:meth:`UndoStack.expecting`: that seat's action, one move past the snapshot) is recorded, the
take-back it handed out (:meth:`UndoStack.taking_back`) keeps the older snapshots, and any other
change (a bot's move, a cell's step, an edit) clears the stack.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

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
from ..engine.language import Message, tr, words

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

NO_UNDO_AFTER_NEWS = tr(
    "You cannot take back a move once something new happened "
    "(a roll, a drawn card, a steal, a trade or another player's move)."
)
"""Why Undo is off once new information appeared."""
NOT_YOUR_MOVE = tr("Only the player who made the last move can take it back.")
"""Why Undo is off for a human who did not make the last move."""
NOTHING_YET = tr("Nothing to take back yet.")
"""Why Undo is off before any move was made."""


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
        self._expected: tuple[int | None, Game, Action | None] | None = None

    @contextmanager
    def expecting(self, seat: int, before: Game, action: Action) -> Iterator[None]:
        """While the block runs, ``seat`` plays ``action`` on the game ``before`` is a fork of:
        the change it reports is recorded (nothing is, if the move is refused).
        """
        self._expected = (seat, before, action)
        try:
            yield
        finally:
            self._expected = None

    @contextmanager
    def taking_back(self) -> Iterator[Game]:
        """The snapshot before the last move, for the block to restore the game to (check
        :meth:`can_undo` first); the change that restore reports drops it from the stack.
        """
        self._expected = (None, self._items[-1][1], None)
        try:
            yield self._items[-1][1]
        finally:
            self._expected = None

    def game_changed(self, game: Game) -> None:
        """The game reported a change: record the move expected, drop the snapshot restored by
        a take-back, and forget every snapshot after anything else.
        """
        expected, self._expected = self._expected, None
        if expected is not None:
            seat, before, action = expected
            done = len(before.history)
            if action is None and len(game.history) == done:
                self._items.pop()  # the take-back itself
                return
            moved = len(game.history) == done + 1 and game.history[-1][0] == action
            if seat is not None and action is not None and moved:
                self.record(seat, before, action)
                return
        self.clear()

    def record(self, seat: int, before: Game, action: Action) -> None:
        """Remember ``before`` (the game just before ``seat`` played ``action``)."""
        if self._items and self._items[-1][0] != seat:
            self.clear()
        if is_final(action):
            self.clear()
            return
        self._items.append((seat, before))

    def reset(self) -> None:
        """Empty, as new (another game is shown)."""
        self.clear()
        self._blocked = False

    def clear(self) -> None:
        """Forget every snapshot (something new happened)."""
        self._items.clear()
        self._expected = None
        self._blocked = True

    def can_undo(self, seat: int | None) -> bool:
        """True when ``seat`` (the acting human) may take back its last move."""
        return seat is not None and bool(self._items) and self._items[-1][0] == seat

    def why(self, seat: int | None) -> Message:
        """Why ``seat`` cannot undo now, as a message."""
        if self._items and self._items[-1][0] != seat:
            return NOT_YOUR_MOVE
        return NO_UNDO_AFTER_NEWS if self._blocked else NOTHING_YET

    def reason(self, seat: int | None, *, language: str | None = None) -> str:
        """Why ``seat`` cannot undo now, in plain words in ``language`` (default: the process's)."""
        return words(self.why(seat), language)

    def __len__(self) -> int:
        return len(self._items)
