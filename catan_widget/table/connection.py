"""One client's connection to a table: the frames it sends, checked one by one, and the frames
the table sends it.

:meth:`Connection.receive` takes one raw frame and checks, in this order: its size, the
connection's rate (a token bucket), its JSON, then the hello (the first frame must be one, with
a token of this table) and the frame's type, before the table acts on it.  A refused frame
changes nothing, is answered with a ``refused`` frame to this connection only, and counts
towards the streak that closes the connection (:data:`.limits.REFUSALS_IN_A_ROW`).  Nothing a
client sends raises out of ``receive``.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from typing import Any, Protocol

from ..widget.clicks import Clicks
from . import codes
from .frames import PONG, refused
from .limits import HELLO_SECONDS, Clock, RefusalStreak, TokenBucket, too_big
from .tokens import TableTokens

logger = logging.getLogger("catan_widget.table")

Send = Callable[[str], None]
"""Delivers one server → client frame (JSON text)."""
Close = Callable[[int, str], None]
"""Asks the transport to close the connection with a close code and a reason."""

_HELLO_KEYS = frozenset({"type", "token", "protocol"})
_FIELDS: dict[str, frozenset[str]] = {
    "ping": frozenset({"type"}),
    "intent": frozenset({"type", "body"}),
    "set": frozenset({"type", "name", "value"}),
}


class ConnectionHost(Protocol):
    """What a connection needs from its table (:class:`~.table.Table`)."""

    id: str
    tokens: TableTokens

    def _joined(self, conn: Connection) -> None: ...

    def _left(self, conn: Connection) -> None: ...

    def _intent(self, conn: Connection, body: object) -> None: ...

    def _setting(self, conn: Connection, name: object, value: object) -> None: ...


class Connection:
    """A client of one table: unauthenticated until its hello, then a ``role`` (player,
    spectator, teacher) and, for a player, a ``seat``.
    """

    def __init__(self, table: ConnectionHost, send: Send, close: Close, clock: Clock) -> None:
        """A new connection to ``table`` (made by :meth:`Table.connect`)."""
        self._table, self._send, self._close = table, send, close
        self._bucket = TokenBucket(clock=clock)
        self._streak = RefusalStreak()
        self.role: str | None = None
        """``"player"``, ``"spectator"`` or ``"teacher"`` once the hello was accepted (None before)."""
        self.seat: int | None = None
        """The seat this connection plays (a player's), else None."""
        self.counting = False
        """The ``show_counting`` setting of this connection."""
        self.observing = False
        """The ``observation`` setting: this connection's views carry its viewer's observation."""
        self.clicks = Clicks()
        """The versions this connection was sent and its own last moves (forgiving its clicks)."""
        self.version = 0
        """The newest version this connection was sent."""
        self.closed = False
        self._timer: asyncio.TimerHandle | None = None
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is not None:
            self._timer = loop.call_later(HELLO_SECONDS, self._no_hello)

    @property
    def authenticated(self) -> bool:
        """True once the hello was accepted (and until the connection closes)."""
        return self.role is not None and not self.closed

    # --- frames in ----------------------------------------------------------------------------
    def receive(self, frame: str | bytes) -> None:
        """One raw client frame: checked, then acted on or refused (never raises)."""
        if self.closed:
            return
        try:
            self._receive(frame)
        except Exception:  # a bug must not take the server down; the client is told
            logger.exception("catan_widget.table: error while handling a frame of %s", self._who())
            self.refuse(codes.BAD_TYPE, "The table could not handle that frame.")

    def _receive(self, frame: str | bytes) -> None:
        if not isinstance(frame, (str, bytes)):
            self.refuse(codes.BAD_TYPE, "A frame is JSON text.")
            return
        if too_big(frame):
            self.refuse(codes.TOO_BIG, "Refused a frame over 16 KiB.")
            return
        if not self._bucket.take():
            self.refuse(codes.RATE, "Too many frames: slow down.")
            return
        msg = _parse(frame)
        if msg is None:
            self.refuse(codes.BAD_JSON, "A frame must be one JSON object.")
            return
        kind = msg.get("type")
        if not isinstance(kind, str):
            self.refuse(codes.BAD_TYPE, "A frame needs a type.")
            return
        if self.role is None:
            if kind != "hello":
                self.refuse(codes.NOT_HELLO, "Say hello with your token first.")
                return
            self._hello(msg)
            return
        fields = _FIELDS.get(kind)
        if fields is None:
            text = "You said hello already." if kind == "hello" else "Unknown frame type."
            self.refuse(codes.BAD_TYPE, text)
            return
        if set(msg) != fields:
            self.refuse(codes.BAD_TYPE, f"A {kind} frame has exactly the fields {', '.join(sorted(fields))}.")
            return
        if kind == "ping":
            self.accepted()
            self.push(PONG)
        elif kind == "intent":
            self._table._intent(self, msg["body"])
        else:
            self._table._setting(self, msg["name"], msg["value"])

    def _hello(self, msg: dict[str, Any]) -> None:
        if set(msg) != _HELLO_KEYS or msg["protocol"] != codes.PROTOCOL or type(msg["protocol"]) is not int:
            self.refuse(
                codes.BAD_TYPE, f"A hello has exactly the fields token and protocol ({codes.PROTOCOL})."
            )
            return
        found = self._table.tokens.find(msg["token"])
        if found is None:
            self.refuse(codes.BAD_TOKEN, "That is not a token of this table.")
            self.close(codes.CLOSE_BAD_TOKEN, "bad token")
            return
        self._cancel_timer()
        self.accepted()
        self.role, self.seat = found
        self._table._joined(self)

    # --- answers ------------------------------------------------------------------------------
    def accepted(self) -> None:
        """The frame was accepted: the refusal streak starts again."""
        self._streak.accepted()

    def refuse(self, code: str, reason: str, intent_version: int | None = None) -> None:
        """Refuse the frame being handled: a ``refused`` frame (naming the refused intent's
        version when given), and the connection closed once it was refused
        :data:`.limits.REFUSALS_IN_A_ROW` times in a row.
        """
        logger.info("catan_widget.table: refused a frame of %s (%s)", self._who(), code)
        self.push(refused(code, reason, intent_version))
        if self._streak.refused() and not self.closed:
            self.close(codes.CLOSE_REFUSED, "refused too often")

    def push(self, text: str) -> None:
        """Send one frame; a transport that fails drops the connection."""
        if self.closed:
            return
        try:
            self._send(text)
        except Exception:
            logger.warning(
                "catan_widget.table: sending to %s failed; dropping it", self._who(), exc_info=True
            )
            self.drop()

    def close(self, code: int, reason: str) -> None:
        """Close this connection (``code`` of the protocol) and leave the table."""
        if self.closed:
            return
        self.drop()
        try:
            self._close(code, reason)
        except Exception:
            logger.warning("catan_widget.table: closing %s failed", self._who(), exc_info=True)

    def drop(self) -> None:
        """The transport went away: leave the table (a no-op when done already)."""
        if self.closed:
            return
        self.closed = True
        self._cancel_timer()
        self._table._left(self)

    def _no_hello(self) -> None:
        self._timer = None
        if self.role is None and not self.closed:
            self.close(codes.CLOSE_NO_HELLO, "no hello in time")

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _who(self) -> str:
        if self.role == codes.PLAYER and self.seat is not None:
            return f"seat {self.seat} of table {self._table.id}"
        return f"a {self.role or 'new'} connection of table {self._table.id}"

    def __repr__(self) -> str:
        return f"<Connection: {self._who()}{' (closed)' if self.closed else ''}>"


def _parse(frame: str | bytes) -> dict[str, Any] | None:
    """The frame's JSON object, or None (not UTF-8, not JSON, too deep, not an object)."""
    try:
        text = frame.decode("utf-8") if isinstance(frame, bytes) else frame
        msg = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return msg if isinstance(msg, dict) else None
