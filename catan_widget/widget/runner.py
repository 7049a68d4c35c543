"""The bots: :class:`BotRunner`, the widget's part that plays the bot seats, and their task.

The task plays bot seats on the kernel's event loop, only while a bot must move.  It holds the
widget weakly, so a widget that is closed or collected stops it at the next move; it ends by
itself as soon as a human must act, the game is over or the bots are paused, and the widget
starts a new one when the game changes (its observer on ``Game``).  So a widget waiting for a
human, a closed widget and a finished game keep no live task.

A bot's move is stepped on the game like any other; the game tells the widget, whose observer
draws it.  A bot that fails, or a kernel interrupt during its move, pauses the bots with a
visible message (``fault``) until they are resumed.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from typing import Protocol

from ..engine import Game
from ..engine.errors import IllegalActionError
from ..engine.registry import error_text
from .dice import ScriptedDice
from .protocol import short
from .seats import Seats

logger = logging.getLogger("catan_widget")

INTERRUPTED = (
    "Interrupted while the bot playing {name} moved: the bots are paused, and the game is whole. "
    "Resume the bots to go on."
)
"""What the widget shows after a kernel interrupt stopped a bot's move (``name``: its seat)."""


class BotHost(Protocol):
    """What the task needs from the widget."""

    def bot_delay_now(self) -> float | None:
        """Seconds to wait before the next bot move, or None when no bot may move now."""
        ...

    def play_one_bot_move(self) -> None:
        """Make one bot move now (or pause the bots with a visible message if it fails)."""
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

    def _publish(self, error: str | None = None) -> None: ...


STEP = 0.05
"""The pause is taken in slices this long, so a changed ``bot_delay`` applies at once."""


def _delay(ref: weakref.ref[BotHost]) -> float | None:
    host = ref()
    return None if host is None else host.bot_delay_now()


async def run_bots(ref: weakref.ref[BotHost]) -> None:
    """Play bot moves with the host's delay between them until no bot may move."""
    loop = asyncio.get_running_loop()
    while True:
        started = loop.time()
        while True:
            delay = _delay(ref)  # never hold the widget across an await
            if delay is None:
                return
            left = started + delay - loop.time()
            if left <= 0:
                break
            await asyncio.sleep(min(left, STEP))
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
    runner.failed(f"The bots stopped after an error: {error_text(exc)}.", exc)


class BotRunner:
    """Plays the bot seats of a widget: when a bot may move, one move, and the task between."""

    def __init__(self, widget: BotsWidget, seats: Seats, dice: ScriptedDice) -> None:
        """The bots of ``seats`` playing on ``widget``'s game, their moves stepped by ``dice``."""
        self._widget, self._seats, self._dice = widget, seats, dice
        self.task: asyncio.Task[None] | None = None
        self.fault: str | None = None
        """Why the bots are paused (a bot failed, or an interrupt stopped a move), or None."""

    @property
    def running(self) -> bool:
        """True while the bots' task is alive."""
        return self.task is not None and not self.task.done()

    def delay_now(self) -> float | None:
        """Seconds before the next bot move, or None when no bot may move now."""
        w = self._widget
        g = w.game
        if w.closed or self.fault is not None or w.bots_paused or g.is_over or w.replay_at is not None:
            return None
        return w.bot_delay if g.current_seat in self._seats.bots else None

    def play_one(self) -> None:
        """One bot move; a bot that fails (any exception) pauses the bots with a visible message."""
        w = self._widget
        g = w.game
        seat = g.current_seat
        name = g.names[seat]
        try:
            action = self._seats.bots[seat].choose(g.observe(seat))
        except KeyboardInterrupt:
            self.interrupted(name)
            return
        except BaseException as exc:
            self.failed(f"The bot playing {name} failed: {error_text(exc)}.", exc)
            return
        if w.closed or g is not w.game:
            return  # closed (or given another game) while the bot was thinking: drop the move
        moves = len(g.history)
        try:
            self._dice.step(g, action)  # all or nothing, an interrupt included; the widget draws it
        except KeyboardInterrupt:
            self.interrupted(name)
        except BaseException as exc:
            if not isinstance(exc, IllegalActionError) and len(g.history) > moves:
                raise  # the move was made: the error came after it
            self.failed(
                f"The bot playing {name} chose an illegal move ({short(action)}): "
                f"{error_text(exc, 300, kind=False)}",
                exc,
            )

    def advance(self, max_moves: int) -> int:
        """Play bot moves now until none may move or ``max_moves`` were made; how many were made."""
        w, moved = self._widget, 0
        while moved < max_moves and w.bot_delay_now() is not None:
            before = len(w.game.history)
            w.play_one_bot_move()
            if len(w.game.history) == before:
                break
            moved += 1
        return moved

    def interrupted(self, name: str) -> None:
        """A kernel interrupt during the move of the bot playing ``name``: the move was made
        whole or not at all, and the bots pause until resumed (as an interrupt stops a cell).
        """
        self.fault = INTERRUPTED.format(name=name)
        logger.info("%s", self.fault)
        self._pause()

    def failed(self, text: str, exc: BaseException) -> None:
        """A bot (or the bots' task) failed with ``exc``: pause the bots and say ``text``."""
        self.fault = f"{text} The bots are paused: fix the bot, then resume them."
        logger.error("%s", text, exc_info=exc)
        self._pause()

    def _pause(self) -> None:
        self._widget.bots_paused = True
        self._widget._publish()

    def start(self) -> None:
        """Start the bots' task when a bot may move and an event loop runs (a no-op otherwise)."""
        w = self._widget
        if w.closed:
            return
        task = start(w, self.task)
        if task is not None and task is not self.task:
            ref = weakref.ref(self)
            task.add_done_callback(lambda done: _task_done(ref, done))
        self.task = task

    def stop(self) -> None:
        """Cancel the bots' task."""
        if self.task is not None:
            self.task.cancel()
            self.task = None
