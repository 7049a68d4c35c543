"""The moves humans make by clicking: the intents the front-end sends, validated, forgiven
when stale (:mod:`.clicks`), applied to the game with the engine as the only judge.

:class:`Intents` is a part of :class:`~.widget.CatanWidget`.  An accepted move is stepped on the
game (or a take-back restored); the game tells the widget, whose observer draws it.  A refused
or dropped message changes nothing and gets its answer here: one new version, with the reason
(worded in the widget's language when the publish makes the update; logged in English).
"""

from __future__ import annotations

import logging
from typing import Protocol

from ..engine import Game
from ..engine.actions import Action
from ..engine.errors import IllegalActionError
from ..engine.language import Words, tr
from .clicks import Clicks
from .dice import ScriptedDice
from .protocol import (
    DIALOG,
    NEW_GAME,
    REVIEW,
    Intent,
    IntentError,
    StaleIntentError,
    message_type,
    parse_dialog,
    parse_intent,
    parse_new_game,
    short,
)
from .reviewing import Reviews
from .runner import BotRunner
from .seats import Seats
from .settings import logger
from .undo import UndoStack


class IntentsWidget(Protocol):
    """What :class:`Intents` needs from the widget: its game, its state and its drawing."""

    replay_at: int | None
    _version: int

    @property
    def game(self) -> Game:
        """The live game."""
        ...

    @property
    def closed(self) -> bool:
        """True once the widget was closed."""
        ...

    def _handover(self) -> int | None: ...

    def _publish(self, error: Words | None = None) -> None: ...

    def new_game(self) -> Game:
        """Start the next game at this table (see :mod:`.rematch`)."""
        ...


class Intents:
    """``handle_message`` and what it needs: parsing, forgiving, acting, taking back."""

    def __init__(
        self,
        widget: IntentsWidget,
        seats: Seats,
        clicks: Clicks,
        undo: UndoStack,
        dice: ScriptedDice,
        runner: BotRunner,
        reviews: Reviews,
    ) -> None:
        """The intents of ``widget``'s humans (``seats``), forgiven by ``clicks``, taken back by
        ``undo``, their moves stepped by ``dice``; ``runner``'s bots wait while a human reads a
        dialog of their own; ``reviews`` answers the Review button.
        """
        self._widget, self._seats, self._clicks, self._undo, self._dice = widget, seats, clicks, undo, dice
        self._runner, self._reviews = runner, reviews

    def handle(self, msg: object) -> bool:
        """Handle one message from the front-end; True when accepted (see
        :meth:`CatanWidget.handle_message <catan_widget.widget.widget.CatanWidget.handle_message>`).
        """
        w = self._widget
        try:
            if w.closed:
                raise IntentError(tr("This board is closed: it takes no more moves."))
            kind = message_type(msg)
            if kind == DIALOG:
                return self._dialog(msg)
            if kind == REVIEW:
                return self._reviews.handle(msg)
            if w.replay_at is not None:
                raise IntentError(tr("This is a replay: it takes no moves (leave the replay to play on)."))
            if kind == NEW_GAME:
                parse_new_game(msg, version=w._version, game=w.game)
                w.new_game()
                return True
            intent = self._intent(msg)
            if intent is None:
                logger.debug("Dropped a repeated click (already done): %s", short(msg, 200))
                w._publish()
                return False
            handover = w._handover()
            if handover is not None:
                # TRANSLATORS: hot-seat: {name} is the player whose turn comes at this shared screen
                text = tr(
                    "Pass the screen to {name} first: {name} clicks when ready.", name=w.game.names[handover]
                )
                raise IntentError(text, logging.INFO)
            seat, version = w.game.current_seat, w._version
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
            if not w.closed:
                w._publish(error=exc.message)
            return False
        return True

    def _dialog(self, msg: object) -> bool:
        """A dialog of the viewer's own opened or closed: the bots wait while it is open (nothing
        is drawn: nothing changed).
        """
        opened = parse_dialog(msg)
        if not self._seats.humans:
            raise IntentError(tr("No human plays at this screen: no dialog holds the bots."), logging.INFO)
        self._runner.reading(opened)
        return True

    def _intent(self, msg: object) -> Intent | None:
        """The validated intent of ``msg``; None for a stale repeat of a move already made."""
        w = self._widget
        g = w.game
        try:
            return parse_intent(
                msg, version=w._version, game=g, humans=self._seats.humans, fresh=self._clicks.fresh
            )
        except StaleIntentError as stale:
            return self._clicks.forgive(stale.intent, stale.version, g, self._seats.acting(g), self._undo)

    def _act(self, action: Action) -> None:
        g = self._widget.game
        try:
            with self._undo.expecting(g.current_seat, g.fork(), action):
                self._dice.step(g, action)
        except IllegalActionError as exc:
            raise IntentError(exc.message, logging.INFO) from exc

    def _take_back(self) -> None:
        g = self._widget.game
        acting = self._seats.acting(g)
        if not self._undo.can_undo(acting):
            raise IntentError(self._undo.why(acting), logging.INFO)
        with self._undo.taking_back() as snapshot:
            g.restore(snapshot)
