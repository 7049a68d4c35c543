"""The bots' task: plays bot seats on the kernel's event loop, only while a bot must move.

The task holds the widget weakly, so a widget that is closed or collected stops it at the next
move; it ends by itself as soon as a human must act, the game is over or the bots are paused,
and the widget starts a new one when the game changes (its observer on ``Game``).  So a widget
waiting for a human, a closed widget and a finished game keep no live task.
"""

from __future__ import annotations

import asyncio
import weakref
from typing import Protocol


class BotHost(Protocol):
    """What the task needs from the widget."""

    def bot_delay_now(self) -> float | None:
        """Seconds to wait before the next bot move, or None when no bot may move now."""
        ...

    def play_one_bot_move(self) -> None:
        """Make one bot move now (or pause the bots with a visible message if it fails)."""
        ...


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
