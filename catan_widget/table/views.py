"""What each connection of a table is sent: its ``welcome`` and its ``view`` of the game, built
from its own observation only (:mod:`.frames`), in its own language.

A part of :class:`~.table.Table`.  Each change of the table makes one round of views under a new
version; the text of a view is built once per kind of viewer (role, seat, settings, language)
and shared by its connections.  A view of a connection's own (a refusal's, a hint's, a changed
setting's) has a version of its own and leaves the others' untouched.  The board of each
language and each viewer's log tail are kept, so a round words only what changed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from ..engine import ALL_SEEING, ONLOOKER, Game
from ..engine.language import Words
from ..widget.offers import Offers
from ..widget.publish import LogTail
from ..widget.runner import BotRunner
from ..widget.seats import Seats
from ..widget.undo import UndoStack
from ..widget.view import board_json
from . import codes
from .frames import Moment, Viewer, view, welcome

if TYPE_CHECKING:
    from .connection import Connection

__all__ = ["Views"]

logger = logging.getLogger("catan_widget.table")


class ViewsHost(Protocol):
    """What :class:`Views` needs from the table."""

    id: str

    @property
    def game(self) -> Game:
        """The live game."""
        ...

    @property
    def connections(self) -> list[Connection]:
        """The connections that said hello and are still open."""
        ...

    @property
    def teacher_on(self) -> bool:
        """True while the teacher's view is open."""
        ...

    def connected(self, seat: int) -> bool:
        """True while ``seat`` has a connection open."""
        ...


class Views:
    """Builds and sends the views of one table's connections."""

    def __init__(
        self, host: ViewsHost, seats: Seats, runner: BotRunner, offers: Offers, undo: UndoStack
    ) -> None:
        """The views of ``host``'s game, with its ``seats``, bots, offers and undo."""
        self._host, self._seats, self._runner, self._offers, self._undo = host, seats, runner, offers, undo
        self.version = 0
        """The version of the newest round sent to every connection."""
        self._counter = 0
        self._texts: dict[tuple[str | None, int | None, bool, bool, str], str] = {}
        self._boards: dict[str, dict[str, Any]] = {}
        self._logs: dict[tuple[int, str], LogTail] = {}
        self.now = self.moment(0)
        """The moment of the newest round."""
        self._countdown: float | None = None
        self._publishing = self._again = False
        self.callbacks: list[Callable[[], None]] = []
        """Called after every round (the table's ``on_change``)."""

    def publish(self) -> None:
        """Rounds until none is asked for (a connection that drops while views go out asks for
        one more), then the callbacks.
        """
        if self._publishing:
            self._again = True
            return
        self._publishing = True
        try:
            self._again = True
            while self._again:
                self._again = False
                self.round()
        finally:
            self._publishing = False
        for callback in list(self.callbacks):
            try:
                callback()
            except Exception:
                logger.exception("catan_widget.table: an on_change callback failed")

    def reset(self) -> None:
        """Another game: its boards are worded afresh."""
        self._boards = {}

    def next_version(self) -> int:
        """A version never sent before."""
        self._counter += 1
        return self._counter

    def moment(self, version: int) -> Moment:
        """The table as every view of ``version`` shows it: seats, who acts, the bots' fault."""
        g = self._host.game
        seats = [
            {"name": name, "kind": kind, "connected": self._host.connected(seat)}
            for seat, (name, kind) in enumerate(zip(g.names, self._seats.kinds))
        ]
        table = {"id": self._host.id, "teacher": self._host.teacher_on, "seats": seats}
        return Moment(version, tuple(self._seats.kinds), self._seats.acting(g), self._runner.fault, table)

    def changed(self) -> bool:
        """True when the table's marks (seats, presence, teacher) differ from the newest round's."""
        return self.moment(self.version).table != self.now.table

    def round(self) -> None:
        """One round: every connection its view of the game as it is now, under a new version."""
        self.version = self.next_version()
        self._texts = {}
        self.now = self.moment(self.version)
        self._countdown = self._runner.decline_in()
        for conn in self._host.connections:
            self.send(conn)

    def send(
        self,
        conn: Connection,
        *,
        error: Words | None = None,
        hint: dict[str, Any] | None = None,
        own: bool = False,
    ) -> None:
        """Send ``conn`` its view, in its language: the current one (shared text), or (``own``,
        or with ``error`` or ``hint``) a view of its own under a version of its own (the
        others' are untouched).
        """
        private = own or error is not None or hint is not None
        moment = self.now
        if private:
            moment = Moment(self.next_version(), moment.kinds, moment.acting, moment.fault, moment.table)
        key = (conn.role, conn.seat, conn.counting, conn.observing, conn.language)
        text = None if private else self._texts.get(key)
        if text is None:
            acting = moment.acting
            waits = conn.seat is not None and conn.seat == self._offers.waiting()
            who = _viewer(conn)
            text = view(
                self._host.game,
                who,
                moment,
                error=error,
                undo=(self._undo.can_undo(acting), self._undo.reason(acting, language=who.language)),
                countdown=self._countdown if waits or conn.role == codes.TEACHER_ROLE else None,
                hint=None if hint is None else {**hint, "version": moment.version},
                log=self._log_lines(who),
            )
            if not private:
                self._texts[key] = text
        conn.version = moment.version
        acting_here = moment.acting if conn.seat == moment.acting and conn.role == codes.PLAYER else None
        conn.clicks.published(moment.version, acting_here)
        conn.push(text)

    def welcome(self, conn: Connection) -> None:
        """Send ``conn`` the ``welcome``: its role, the board and the words, in its language."""
        language = conn.language
        board = self._boards.get(language)
        if board is None:
            board = self._boards[language] = board_json(self._host.game, language=language)
        conn.push(welcome(conn.seat, conn.role or "", self._host.id, board, language))

    def _log_lines(self, who: Viewer) -> list[str]:
        """The newest lines of the log as ``who`` reads them, each worded once per language."""
        viewer = ALL_SEEING if who.sees_all else ONLOOKER if who.seat is None else who.seat
        tail = self._logs.setdefault((viewer, who.language), LogTail())
        return tail.lines(self._host.game, viewer, who.language)


def _viewer(conn: Connection) -> Viewer:
    return Viewer(
        conn.seat,
        sees_all=conn.role == codes.TEACHER_ROLE,
        counting=conn.counting,
        observing=conn.observing,
        language=conn.language,
    )
