"""One client's connection to a table: the frames it sends, checked one by one, and the frames
the table sends it.

:meth:`Connection.receive` takes one raw frame and checks, in this order: its size, the
connection's rate (a token bucket), its JSON, then the hello (the first frame must be one, with
a token of this table) and the frame's type, before the table acts on it.  A refused frame
changes nothing, is answered with a ``refused`` frame to this connection only, and counts
towards the streak that closes the connection (:data:`.limits.REFUSALS_IN_A_ROW`).  Nothing a
client sends raises out of ``receive``.  A ``ping`` is answered but does not end a streak: only
a frame the table acts on does.  The spectators' frames also draw on their table's shared budget
(:mod:`.admission`), and a hello is let in only while its link has a slot free.

Each connection has a language (:attr:`Connection.language`): the hello may name one
(``"language"``), a ``language`` frame changes it; every word the table sends it — refusals,
views, the welcome's words — is in it.  A language the table has no catalogue for is refused
(``bad_language``) and changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from typing import Any, Final, Protocol

from ..engine.language import Words, joined, languages, tr, trc, words
from ..widget.clicks import Clicks
from ..widget.protocol import short
from . import codes
from .admission import FULL, LINK_FULL, Admission
from .frames import PONG, refused
from .limits import HELLO_SECONDS, Clock, RefusalStreak, TokenBucket, too_big
from .tokens import TableTokens
from .words import check_language, close_reason

logger = logging.getLogger("catan_widget.table")

Send = Callable[[str], None]
"""Delivers one server → client frame (JSON text)."""
Close = Callable[[int, str], None]
"""Asks the transport to close the connection with a close code and a reason."""

# TRANSLATORS: why the table closed a connection (a WebSocket close reason: keep it short)
NO_HELLO: Final = trc("close reason", "no hello in time")
"""Why a connection that said no hello in time is closed."""

_HELLO_KEYS = frozenset({"type", "token", "protocol"})
_HELLO_LANGUAGE = "language"
"""The hello's one optional field: the language the connection reads."""
_FIELDS: dict[str, frozenset[str]] = {
    "ping": frozenset({"type"}),
    "intent": frozenset({"type", "body"}),
    "set": frozenset({"type", "name", "value"}),
    "language": frozenset({"type", "language"}),
}


class ConnectionHost(Protocol):
    """What a connection needs from its table (:class:`~.table.Table`)."""

    id: str
    tokens: TableTokens
    admission: Admission

    @property
    def language(self) -> str:
        """The language of a connection that names none (the host's)."""
        ...

    def _admits(self, conn: Connection, role: str, seat: int | None) -> bool: ...

    def _refused(self, conn: Connection, code: str) -> None: ...

    def _joined(self, conn: Connection) -> None: ...

    def _language_changed(self, conn: Connection) -> None: ...

    def _left(self, conn: Connection) -> None: ...

    def _intent(self, conn: Connection, body: object) -> None: ...

    def _setting(self, conn: Connection, name: object, value: object) -> None: ...


class Connection:
    """A client of one table: unauthenticated until its hello, then a ``role`` (player,
    spectator, teacher) and, for a player, a ``seat``.
    """

    def __init__(
        self, table: ConnectionHost, send: Send, close: Close, clock: Clock, address: str | None = None
    ) -> None:
        """A new connection to ``table`` (made by :meth:`Table.connect`) from ``address`` (the
        peer's IP address, for the operator's log; None: in process).
        """
        self._table, self._send, self._close, self._clock = table, send, close, clock
        self.address = address
        """The peer's address (for the operator's log and metrics), or None in process."""
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
        self.language: str = table.language
        """The language every word sent to this connection is in (the hello's, a ``language``
        frame's, else the table's)."""
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
            self.refuse(codes.BAD_TYPE, tr("The table could not handle that frame."))

    def _receive(self, frame: str | bytes) -> None:
        if not isinstance(frame, (str, bytes)):
            self.refuse(codes.BAD_TYPE, tr("A frame is JSON text."))
            return
        if too_big(frame):
            self.refuse(codes.TOO_BIG, tr("Refused a frame over 16 KiB."))
            return
        if not self._bucket.take() or (
            self.role == codes.SPECTATOR and not self._table.admission.spectators_may_send(self._clock)
        ):
            self.refuse(codes.RATE, tr("Too many frames: slow down."))
            return
        msg = _parse(frame)
        if msg is None:
            self.refuse(codes.BAD_JSON, tr("A frame must be one JSON object."))
            return
        kind = msg.get("type")
        if not isinstance(kind, str):
            self.refuse(codes.BAD_TYPE, tr("A frame needs a type."))
            return
        if self.role is None:
            if kind != "hello":
                self.refuse(codes.NOT_HELLO, tr("Say hello with your token first."))
                return
            self._hello(msg)
            return
        fields = _FIELDS.get(kind)
        if fields is None:
            text = tr("You said hello already.") if kind == "hello" else tr("Unknown frame type.")
            self.refuse(codes.BAD_TYPE, text)
            return
        if set(msg) != fields:
            # TRANSLATORS: {kind} is a frame's type and {fields} its field names, as the protocol spells them
            text = tr("A {kind} frame has exactly the fields {fields}.", kind=kind, fields=_names(fields))
            self.refuse(codes.BAD_TYPE, text)
            return
        if kind == "ping":  # answered, but a streak of refusals goes on (pings cannot hide it)
            self.push(PONG)
        elif kind == "intent":
            self._table._intent(self, msg["body"])
        elif kind == "language":
            self._language(msg["language"])
        else:
            self._table._setting(self, msg["name"], msg["value"])

    def _hello(self, msg: dict[str, Any]) -> None:
        keys = set(msg)
        if (
            not _HELLO_KEYS <= keys <= _HELLO_KEYS | {_HELLO_LANGUAGE}
            or msg["protocol"] != codes.PROTOCOL
            or type(msg["protocol"]) is not int
        ):
            # TRANSLATORS: "token", "protocol" and "language" are the protocol's field names
            text = tr(
                "A hello has the fields token and protocol ({protocol}), and may have language.",
                protocol=codes.PROTOCOL,
            )
            self.refuse(codes.BAD_TYPE, text)
            return
        language = self.language
        if _HELLO_LANGUAGE in msg:
            checked = self._checked_language(msg[_HELLO_LANGUAGE])
            if checked is None:
                return
            language = checked
        found = self._table.tokens.find(msg["token"])
        self.language = language  # the answer to this hello is in its language, a refusal too
        if found is None:
            self.refuse(codes.BAD_TOKEN, tr("That is not a token of this table."))
            # TRANSLATORS: why the table closed a connection (a WebSocket close reason: keep it short)
            self.close(codes.CLOSE_BAD_TOKEN, trc("close reason", "bad token"))
            return
        role, seat = found
        if not self._table._admits(self, role, seat):
            self._table._refused(self, str(codes.CLOSE_FULL))
            self.close(codes.CLOSE_FULL, FULL if role == codes.SPECTATOR else LINK_FULL)
            return
        self._cancel_timer()
        self.accepted()
        self.role, self.seat = role, seat
        self._table._joined(self)

    def _language(self, value: object) -> None:
        """A ``language`` frame: the language changes (the table welcomes this connection
        again, in it), stays (nothing is sent) or is refused (``bad_language``).
        """
        language = self._checked_language(value)
        if language is None:
            return
        self.accepted()
        if language != self.language:
            self.language = language
            self._table._language_changed(self)

    def _checked_language(self, value: object) -> str | None:
        """``value`` as a language of the catalogues, or None once refused (and logged)."""
        try:
            return check_language(value)
        except ValueError:
            logger.debug(
                "catan_widget.table: %s asked for a language there is no catalogue for: %s",
                self._who(),
                short(value, 40),
            )
            there = joined(languages())
            # TRANSLATORS: {languages} lists language codes ("en, uk and pl")
            text = tr("The table does not speak that language; it speaks {languages}.", languages=there)
            self.refuse(codes.BAD_LANGUAGE, text)
            return None

    # --- answers ------------------------------------------------------------------------------
    def accepted(self) -> None:
        """The frame was accepted: the refusal streak starts again."""
        self._streak.accepted()

    def refuse(self, code: str, reason: Words, intent_version: int | None = None) -> None:
        """Refuse the frame being handled: a ``refused`` frame (``reason`` in this connection's
        language, naming the refused intent's version when given), and the connection closed
        once it was refused :data:`.limits.REFUSALS_IN_A_ROW` times in a row.
        """
        logger.debug("catan_widget.table: refused a frame of %s (%s)", self._who(), code)
        self._table._refused(self, code)
        self.push(refused(code, words(reason, self.language), intent_version))
        if self._streak.refused() and not self.closed:
            # TRANSLATORS: why the table closed a connection (a WebSocket close reason: keep it short)
            self.close(codes.CLOSE_REFUSED, trc("close reason", "refused too often"))

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

    def close(self, code: int, reason: Words) -> None:
        """Close this connection (``code`` of the protocol; ``reason`` in its language) and
        leave the table.
        """
        if self.closed:
            return
        self.drop()
        try:
            self._close(code, close_reason(reason, self.language))
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
            self.close(codes.CLOSE_NO_HELLO, NO_HELLO)

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


def _names(fields: frozenset[str]) -> Words:
    """A frame's field names as one list (the protocol's own words: not translated)."""
    return joined(sorted(fields))


def _parse(frame: str | bytes) -> dict[str, Any] | None:
    """The frame's JSON object, or None (not UTF-8, not JSON, too deep, not an object)."""
    try:
        text = frame.decode("utf-8") if isinstance(frame, bytes) else frame
        msg = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return msg if isinstance(msg, dict) else None
