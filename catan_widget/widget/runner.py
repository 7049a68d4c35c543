"""The bots: :class:`BotRunner`, the widget's part that makes the moves nobody clicks, and their task.

Those moves are the bots' and, for a human at this screen, the decline of an offer they cannot
accept or let run out (:mod:`.offers`).  The task makes them on the kernel's event loop, only
while one is due.  It holds the widget weakly, so a widget that is closed or collected stops it
at the next move; it ends by itself as soon as a human must act, the game is over or the bots are
paused, and the widget starts a new one when the game changes (its observer on ``Game``).  So a
widget waiting for a human, a closed widget and a finished game keep no live task.

Every such move is stepped on the game like any other; the game tells the widget, whose observer
draws it.  A bot that fails, or a kernel interrupt during one of these moves, pauses the bots
with a visible message (``fault``, a catalogue message worded where it is shown; logged in
English) until they are resumed.
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections.abc import Callable
from typing import Any, Protocol

from ..engine import DeclineTrade, Game
from ..engine.answer_reasons import CANNOT_PAY
from ..engine.errors import IllegalActionError
from ..engine.language import ENGLISH, Message, Words, tr, words
from ..engine.registry import error_text
from .dice import ScriptedDice
from .offers import Offers
from .protocol import short
from .seats import Seats

logger = logging.getLogger("catan_widget")


def bot_interrupted(name: str) -> Message:
    """What the widget shows after a kernel interrupt stopped a bot's move (``name``: its seat's)."""
    return tr(
        "Interrupted while the bot playing {name} moved: the bots are paused, and the game is whole. "
        "Resume the bots to go on.",
        name=name,
    )


def decline_interrupted(name: str) -> Message:
    """The same when the interrupt stopped the decline of an offer on a human's behalf."""
    return tr(
        "Interrupted while declining the offer for {name}: the bots are paused, and the game is whole. "
        "Resume the bots to go on.",
        name=name,
    )


def bots_stopped(error: str) -> Message:
    """The bots' task stopped after an error (``error``: the exception, in English)."""
    # TRANSLATORS: {error} is a program's error message, in English ("ValueError: ...")
    return tr(
        "The bots stopped after an error: {error}. The bots are paused: fix the bot, then resume them.",
        error=error,
    )


def _bot_failed(name: str, error: str) -> Message:
    # TRANSLATORS: {name} is a player whose seat a bot plays; {error} a program's error, in English
    return tr(
        "The bot playing {name} failed: {error}. The bots are paused: fix the bot, then resume them.",
        name=name,
        error=error,
    )


def _bot_illegal(name: str, action: str, error: Words) -> Message:
    # TRANSLATORS: {action} is the move as the program writes it; {error} why it is illegal
    return tr(
        "The bot playing {name} chose an illegal move ({action}): {error} "
        "The bots are paused: fix the bot, then resume them.",
        name=name,
        action=action,
        error=error,
    )


class BotHost(Protocol):
    """What the task needs from the widget."""

    def bot_delay_now(self) -> float | None:
        """Seconds before the next move nobody clicks, or None when none is due."""
        ...

    def play_one_bot_move(self) -> None:
        """Make that move now (or pause the bots with a visible message if it fails)."""
        ...


class BotsWidget(BotHost, Protocol):
    """What :class:`BotRunner` needs from the widget: its game, settings and drawing."""

    bot_delay: float
    bots_paused: bool
    replay_at: int | None

    @property
    def game(self) -> Game:
        """The live game."""
        ...

    @property
    def closed(self) -> bool:
        """True once the widget was closed."""
        ...

    def _publish(self) -> None: ...


STEP = 0.05
"""The pause is taken in slices this long, so a changed ``bot_delay`` applies at once."""

READING_HOLD = 30.0
"""The longest the bots wait for humans reading dialogs of their own, per turn (seconds from when
the first dialog of the turn opened): closing and opening dialogs again does not restart it, so a
dialog left open at an empty screen, or opened again and again, never stalls the game."""

Clock = Callable[[], float]
"""Seconds from some fixed moment (``time.monotonic``)."""


def _delay(ref: weakref.ref[BotHost]) -> float | None:
    host = ref()
    return None if host is None else host.bot_delay_now()


async def run_bots(ref: weakref.ref[BotHost]) -> None:
    """Make the host's moves nobody clicks, each once it is due, until none is."""
    while True:
        while True:
            delay = _delay(ref)  # never hold the widget across an await
            if delay is None:
                return
            if delay <= 0:
                break
            await asyncio.sleep(min(delay, STEP))
        host = ref()
        if host is None:
            return
        host.play_one_bot_move()
        del host


def start(host: BotHost, current: asyncio.Task[None] | None) -> asyncio.Task[None] | None:
    """The running task, or a new one when a bot may move and an event loop runs (else None)."""
    if current is not None and not current.done():
        return current
    if host.bot_delay_now() is None:
        return None
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return None
    return loop.create_task(run_bots(weakref.ref(host)))


def _task_done(ref: weakref.ref[BotRunner], task: asyncio.Task[None]) -> None:
    """The bots' task ended: an error it raised pauses the bots visibly (held weakly)."""
    runner = ref()
    if runner is None or task.cancelled() or task.exception() is None:
        return
    exc = task.exception()
    assert exc is not None
    runner.failed(bots_stopped(error_text(exc)), exc)


class BotRunner:
    """Makes the moves nobody clicks: the bots', and the declines on a human's behalf; when one is
    due, one move, and the task between.
    """

    def __init__(
        self,
        widget: BotsWidget,
        seats: Seats,
        dice: ScriptedDice,
        offers: Offers,
        *,
        clock: Clock = time.monotonic,
        explain_declines: bool = True,
    ) -> None:
        """The bots of ``seats`` and the answers of ``offers`` on ``widget``'s game, stepped by
        ``dice``, timed by ``clock``.  ``explain_declines``: a decline made for a human who
        cannot pay carries that reason (a hot-seat screen); False: it reads like the human's own
        plain decline (a table, where the others must not learn what a hidden hand lacks).
        """
        self._widget, self._seats, self._dice, self._offers = widget, seats, dice, offers
        self._clock = clock
        self._explain = explain_declines
        self.task: asyncio.Task[None] | None = None
        self.fault: Words | None = None
        """Why the bots are paused (a bot failed, or an interrupt stopped a move), or None."""
        self._since = clock()
        """When the pause before the next bot move began (the game's last change)."""
        self._open = False
        """True while a dialog of a human's own is open: the bots wait, within the turn's hold."""
        self._hold: tuple[object, float] | None = None
        """The turn whose reading hold began (:meth:`_turn`) and when: one hold per turn."""

    def reading(self, opened: bool) -> None:
        """A dialog of a human's own opened (``True``) or closed: while one is open the bots wait,
        for at most :data:`READING_HOLD` seconds a turn from the first opening in it (closing
        and opening again does not restart it).  An offer's countdown keeps running (it is the
        human's own time to answer, shown in the offer's dialog).
        """
        self._open = bool(opened)
        if self._open:
            self._hold_of_turn()

    def release(self) -> None:
        """The host lets the bots go on: the reading hold of this turn ends (a dialog opened
        again this turn holds them no more).
        """
        self._hold = (self._turn(), self._clock() - READING_HOLD)

    def holding(self) -> float | None:
        """Seconds the bots still wait for a reader this turn, or None when no dialog holds them."""
        if not self._open:
            return None
        left = self._hold_of_turn() + READING_HOLD - self._clock()
        return left if left > 0 else None

    def _turn(self) -> object:
        """The turn a reading hold belongs to: the game and its turn (in the setup, where every
        placement is turn 0, each seat's placement is a turn of its own).
        """
        g = self._widget.game
        return (id(g), g.turn, g.current_seat if g.turn == 0 else None)

    def _hold_of_turn(self) -> float:
        """When this turn's reading hold began (now, the first time it is asked for this turn)."""
        turn = self._turn()
        if self._hold is None or self._hold[0] != turn:
            self._hold = (turn, self._clock())
        return self._hold[1]

    @property
    def running(self) -> bool:
        """True while the bots' task is alive."""
        return self.task is not None and not self.task.done()

    def game_changed(self) -> None:
        """The game changed: the pause before the next bot move starts now."""
        self._since = self._clock()

    def reset(self) -> None:
        """Go on afresh (another game, or a refresh): no fault, no dialog open, a
        whole pause.
        """
        self.fault = None
        self._open = False
        self._hold = None
        self.game_changed()

    def _stopped(self) -> bool:
        w = self._widget
        return (
            w.closed or self.fault is not None or w.bots_paused or w.replay_at is not None or w.game.is_over
        )

    def delay_now(self) -> float | None:
        """Seconds before the next move nobody clicks (a bot's, or a decline for a human), or
        None when none is due.
        """
        if self._stopped():
            return None
        w = self._widget
        if w.game.current_seat in self._seats.bots:
            due = self._since + w.bot_delay - self._clock()
            return max(0.0, due, self.holding() or 0.0)
        return self._offers.due_in()

    def decline_in(self) -> float | None:
        """The countdown's seconds left before an offer is declined for the human it waits on
        (None: no countdown runs: no such offer, the countdown is off, or the bots are stopped).
        """
        if self._stopped() or self._offers.cannot_accept() is not None:
            return None
        return self._offers.due_in()

    def with_countdown(self, state: dict[str, Any]) -> dict[str, Any]:
        """``state`` with the countdown's seconds left in ``trade.expires_in`` while one runs."""
        left = self.decline_in()
        if left is not None and state.get("trade"):
            state["trade"]["expires_in"] = round(left, 1)
        return state

    def play_one(self) -> None:
        """One bot move, or the decline due for a human; a failure (any exception) pauses the
        bots with a visible message.
        """
        w = self._widget
        g = w.game
        seat = g.current_seat
        if seat not in self._seats.bots:
            self._decline_for(g, seat)
            return
        name = g.names[seat]
        try:
            action = self._seats.bots[seat].choose(g.observe(seat))
        except KeyboardInterrupt:
            self.interrupted(bot_interrupted(name))
            return
        except BaseException as exc:
            self.failed(_bot_failed(name, error_text(exc)), exc)
            return
        if w.closed or g is not w.game:
            return  # closed (or given another game) while the bot was thinking: drop the move
        moves = len(g.history)
        try:
            self._dice.step(g, action)  # all or nothing, an interrupt included; the widget draws it
        except KeyboardInterrupt:
            self.interrupted(bot_interrupted(name))
        except BaseException as exc:
            if not isinstance(exc, IllegalActionError) and len(g.history) > moves:
                raise  # the move was made: the error came after it
            why: Words = error_text(exc, 300, kind=False)
            if isinstance(exc, IllegalActionError) and not isinstance(exc.message, str):
                why = exc.message  # the engine's reason, worded in the reader's language
            self.failed(_bot_illegal(name, short(action), why), exc)

    def _decline_for(self, g: Game, seat: int) -> None:
        """Decline the offer waiting on the human at ``seat``, if a decline is due; when they
        cannot accept it and declines are explained, the decline carries that reason (the log
        says it in the engine's words: "You decline: you do not hold the cards asked for").
        """
        due = self._offers.due_in()
        if due is None or due > 0:
            return
        cannot = self._explain and self._offers.cannot_accept() is not None
        reason = CANNOT_PAY if cannot else None
        try:
            self._dice.step(g, DeclineTrade(reason=reason))  # recorded like any move; drawn
        except KeyboardInterrupt:
            self.interrupted(decline_interrupted(g.names[seat]))
            return
        except IllegalActionError as exc:
            self.failed(bots_stopped(error_text(exc)), exc)
            return

    def advance(self, max_moves: int) -> int:
        """Make the moves nobody clicks now, without waiting, until none is due, a countdown runs
        (the human may still answer) or ``max_moves`` were made; how many were made.
        """
        w, moved = self._widget, 0
        while moved < max_moves and w.bot_delay_now() is not None:
            if w.game.current_seat not in self._seats.bots and self.decline_in() is not None:
                break
            before = len(w.game.history)
            w.play_one_bot_move()
            if len(w.game.history) == before:
                break
            moved += 1
        return moved

    def interrupted(self, text: Words) -> None:
        """A kernel interrupt during a move (``text`` says whose): the move was made whole or not
        at all, and the bots pause until resumed (as an interrupt stops a cell).
        """
        self.fault = text
        logger.info("%s", words(text, ENGLISH))
        self._pause()

    def failed(self, text: Words, exc: BaseException) -> None:
        """A bot (or the bots' task) failed with ``exc``: pause the bots and say ``text`` (a
        whole message, saying that the bots are paused).
        """
        self.fault = text
        logger.error("%s", words(text, ENGLISH), exc_info=exc)
        self._pause()

    def _pause(self) -> None:
        self._widget.bots_paused = True
        self._widget._publish()

    def start(self) -> None:
        """Start the bots' task when a move is due and an event loop runs (a no-op otherwise)."""
        w = self._widget
        if w.closed:
            return
        task = start(w, self.task)
        if task is not None and task is not self.task:
            self._since = self._clock()  # a new task: a whole pause before its first bot move
            ref = weakref.ref(self)
            task.add_done_callback(lambda done: _task_done(ref, done))
        self.task = task

    def stop(self) -> None:
        """Cancel the bots' task."""
        if self.task is not None:
            self.task.cancel()
            self.task = None
