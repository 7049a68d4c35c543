"""The moves humans make by clicking: the intents the front-end sends, validated, forgiven
when stale (:mod:`.clicks`), applied to the game with the engine as the only judge.

A mixin of :class:`~.widget.CatanWidget` (which owns the attributes declared here).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from ..engine.actions import Action, RollDice
from ..engine.errors import IllegalActionError
from ..engine.registry import error_text
from .clicks import Clicks
from .protocol import Intent, IntentError, StaleIntentError, parse_intent, short
from .settings import logger
from .undo import UndoStack

if TYPE_CHECKING:
    from ..engine import Game


class Intents:
    """``handle_message`` and what it needs: parsing, forgiving, acting, taking back."""

    if TYPE_CHECKING:  # provided by the widget
        _game: Game
        _closed: bool
        _busy: bool
        _version: int
        _clicks: Clicks
        _undo: UndoStack
        _dice: list[tuple[int, int]]
        replay_at: int | None

        @property
        def humans(self) -> list[int]:
            """Seats played by humans at this screen."""

        def _publish(self, error: str | None = None) -> None: ...

        def _start(self) -> None: ...

        def _handover(self) -> int | None: ...

        def _acting_human(self) -> int | None: ...

    def handle_message(self, msg: object) -> bool:
        """Handle one message from the front-end (what its ``model.send`` arrives at).

        Returns True when accepted.  A refused message changes nothing in the game, sets
        ``state.error`` to the reason in plain words and is logged on the ``catan_widget`` logger.
        A message made on an older view of the game is forgiven when it can be (:mod:`.clicks`):
        a repeat of a move just made is dropped silently (False, no error).
        """
        try:
            if self._closed:
                raise IntentError("This board is closed: it takes no more moves.")
            if self.replay_at is not None:
                raise IntentError("This is a replay: it takes no moves (leave the replay to play on).")
            intent = self._intent(msg)
            if intent is None:
                logger.debug("Dropped a repeated click (already done): %s", short(msg, 200))
                self._publish()
                return False
            handover = self._handover()
            if handover is not None:
                name = self._game.names[handover]
                raise IntentError(f"Pass the screen to {name} first: {name} clicks when ready.", logging.INFO)
            seat, version = self._game.current_seat, self._version
            if intent.kind == "undo":
                self._take_back()
            else:
                assert intent.action is not None
                self._act(intent.action)
            self._clicks.made(seat, version, intent)
        except IntentError as exc:
            logger.log(
                exc.level, "Refused a message from the front-end: %s (message: %s)", exc, short(msg, 200)
            )
            if not self._closed:
                self._publish(error=str(exc))
            return False
        self._publish()
        self._start()
        return True

    def _intent(self, msg: object) -> Intent | None:
        """The validated intent of ``msg``; None for a stale repeat of a move already made."""
        try:
            return parse_intent(
                msg, version=self._version, game=self._game, humans=self.humans, fresh=self._clicks.fresh
            )
        except StaleIntentError as stale:
            return self._clicks.forgive(
                stale.intent, stale.version, self._game, self._acting_human(), self._undo
            )

    def _on_msg(self, _widget: object, content: object, _buffers: object) -> None:
        try:
            self.handle_message(content)
        except Exception as exc:  # a comm handler must never raise into the kernel
            logger.exception("catan_widget: error while handling a message")
            self._publish(error=f"Internal error: {error_text(exc)}")

    def _step(self, action: Action) -> None:
        """``game.step`` with the next scripted roll, if any."""
        dice = self._dice[0] if self._dice and isinstance(action, RollDice) else None
        self._game.step(action, dice=dice)
        if dice is not None:
            self._dice.pop(0)

    def _act(self, action: Action) -> None:
        g = self._game
        seat, before = g.current_seat, g.fork()
        try:
            self._busy = True
            self._step(action)
        except IllegalActionError as exc:
            raise IntentError(str(exc), logging.INFO) from exc
        finally:
            self._busy = False
        self._clicks.moved()
        self._undo.record(seat, before, action)

    def _take_back(self) -> None:
        acting = self._acting_human()
        if not self._undo.can_undo(acting):
            raise IntentError(self._undo.reason(acting), logging.INFO)
        self._busy = True
        try:
            self._game.restore(self._undo.pop())
        finally:
            self._busy = False
        self._clicks.moved()
