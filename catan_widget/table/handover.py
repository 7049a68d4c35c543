"""Seats changing hands at a table: a seat given to a bot or back to a human, a link rotated (a
new token, and every connection holding the old one closed), and a human seat left idle past the
host's ``idle_timeout`` handed to a bot.

A part of :class:`~.table.Table`.  A rotated link's connections are closed with 4401 (the token
no longer opens anything: the page does not reconnect); the table's sidecar is written with the
new token at once, so a restored table knows only the new one.
"""

from __future__ import annotations

import asyncio
import math
from typing import TYPE_CHECKING, Final, Protocol

from ..engine import Game
from ..engine.language import trc
from ..engine.registry import make_bot
from ..widget.seats import BOT, HUMAN, Seats
from . import codes
from .limits import Clock
from .ops import event
from .tokens import TableTokens

if TYPE_CHECKING:
    from .connection import Connection

__all__ = ["REPLACED", "Handover"]

# TRANSLATORS: why the table closed a connection (a WebSocket close reason: keep it short)
REPLACED: Final = trc("close reason", "this link was replaced")
"""Why the connections of a rotated link are closed."""


class HandoverHost(Protocol):
    """What :class:`Handover` needs from the table."""

    id: str
    tokens: TableTokens

    @property
    def game(self) -> Game:
        """The live game."""
        ...

    @property
    def connections(self) -> list[Connection]:
        """The connections that said hello and are still open."""
        ...

    def _seat_changed(self) -> None: ...

    def _write_sidecar(self) -> None: ...


class Handover:
    """Gives seats to bots and humans, rotates links and watches for idle human seats."""

    def __init__(self, host: HandoverHost, seats: Seats, idle_timeout: float | None, clock: Clock) -> None:
        """The seats of ``host``; ``idle_timeout``: seconds a human may leave their move unmade
        before a bot plays their seat (None: never), timed by ``clock``.
        """
        self._host, self._seats, self._clock = host, seats, clock
        self.idle_timeout = check_idle_timeout(idle_timeout)
        self._idle: tuple[object, float] | None = None
        """The position a human was last seen to owe a move in, and since when."""
        self._timer: asyncio.TimerHandle | None = None

    def give_to_bot(self, seat: int, bot: str | None = None, *, rotate: bool = True) -> None:
        """A bot (``bot``, or the table's kind) plays ``seat`` from now on; with ``rotate``
        the seat's link is replaced (its connections closed), else it stays.
        """
        spec = BOT if bot is None else bot
        made = make_bot(self._seats.default_bot if spec == BOT else spec, self._host.game.seed, seat)
        self._seats.specs[seat] = spec
        self._seats.kinds[seat] = BOT
        self._seats.bots[seat] = made
        if rotate and self._host.tokens.seat(seat) is not None:
            self._host.tokens.rotate_seat(seat)
            self._close(codes.PLAYER, seat)
        self._host._seat_changed()

    def give_to_human(self, seat: int) -> None:
        """A human plays ``seat`` from now on, with its current link (made now if it never had one)."""
        self._host.tokens.ensure_seat(seat)
        self._seats.specs[seat] = HUMAN
        self._seats.kinds[seat] = HUMAN
        self._seats.bots.pop(seat, None)
        self._host._seat_changed()

    def rotate(self, seat: int) -> str:
        """A new link for ``seat``: returns its token; the old one's connections are closed."""
        if self._host.tokens.seat(seat) is None:
            raise ValueError(f"seat {seat} has no link to rotate: no human was ever given it")
        token = self._host.tokens.rotate_seat(seat)
        self._host._write_sidecar()
        self._close(codes.PLAYER, seat)
        event(
            "rotate",
            "table %s: the link of seat %d was rotated",
            self._host.id,
            seat,
            table=self._host.id,
            seat=seat,
        )
        return token

    def rotate_spectators(self) -> str:
        """A new spectators' link: returns its token; every spectator's connection is closed."""
        token = self._host.tokens.rotate_spectator()
        self._host._write_sidecar()
        self._close(codes.SPECTATOR, None)
        event("rotate", "table %s: the spectators' link was rotated", self._host.id, table=self._host.id)
        return token

    def _close(self, role: str, seat: int | None) -> None:
        for conn in self._host.connections:
            if conn.role == role and conn.seat == seat:
                conn.close(codes.CLOSE_BAD_TOKEN, REPLACED)

    # --- idle seats ------------------------------------------------------------------------------
    def idle_seat(self) -> tuple[int, float] | None:
        """The human seat that owes the move now and the seconds it has owed it (None: no human
        owes one, or the idle timeout is off).  An offer's answer is left to its own countdown.
        """
        g = self._host.game
        seat = self._seats.acting(g)
        if self.idle_timeout is None or g.is_over or seat is None or seat in self._seats.bots:
            return None
        if g.phase == "trade_response":
            return None
        position = (id(g), id(g.state), len(g.history), seat)
        now = self._clock()
        if self._idle is None or self._idle[0] != position:
            self._idle = (position, now)
        return seat, now - self._idle[1]

    def check_idle(self) -> int | None:
        """Give the idle seat to a bot once it has owed its move ``idle_timeout`` seconds (its
        link stays: the host can give it back); the seat handed over, or None.
        """
        found = self.idle_seat()
        if found is None or self.idle_timeout is None or found[1] < self.idle_timeout:
            return None
        seat = found[0]
        event(
            "idle",
            "table %s: seat %d was idle %.0f s: a bot plays it",
            self._host.id,
            seat,
            found[1],
            table=self._host.id,
            seat=seat,
        )
        self.give_to_bot(seat, rotate=False)
        return seat

    def watch(self) -> None:
        """Check for an idle seat when the timeout would run out (with a running event loop)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        found = self.idle_seat()
        if found is None or self.idle_timeout is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._timer = loop.call_later(max(0.0, self.idle_timeout - found[1]) + 0.05, self._due)

    def _due(self) -> None:
        self._timer = None
        if self.check_idle() is None:
            self.watch()

    def stop(self) -> None:
        """Stop watching (the table closed)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


def check_idle_timeout(value: float | None) -> float | None:
    """``value`` as seconds of idle timeout (a positive finite number) or None; ValueError otherwise."""
    if value is None:
        return None
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not math.isfinite(value)
        or value <= 0
    ):
        raise ValueError(f"idle_timeout must be a positive number of seconds or None, got {value!r}")
    return float(value)
