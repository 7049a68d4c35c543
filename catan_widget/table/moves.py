"""The moves a table's connections send: validated with the widget's protocol, forgiven when
stale by the connection's own clicks, stepped with ``Game.step`` (through the scripted dice and
the undo snapshots), or refused with a code of docs/table-protocol.md.

A part of :class:`~.table.Table`, like the widget's parts: what differs from a widget is that a
connection may act only for its own seat, and that a refusal is answered to that connection
alone (its ``refused`` frame, then its view saying why, under a version of its own), in that
connection's language.  A spectator's (or the teacher's) move is refused with the code alone: no
view is built for it, so a flood of them costs the table next to nothing.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any, Protocol

from ..engine import Game
from ..engine.errors import IllegalActionError
from ..engine.language import Words, tr
from ..widget.dice import ScriptedDice
from ..widget.protocol import (
    DIALOG,
    NEW_GAME,
    IntentError,
    StaleIntentError,
    message_type,
    parse_dialog,
    parse_intent,
    parse_new_game,
)
from ..widget.runner import BotRunner
from ..widget.seats import Seats
from ..widget.undo import UndoStack
from . import codes

if TYPE_CHECKING:
    from .connection import Connection


class MovesHost(Protocol):
    """What :class:`Moves` needs from the table: its game, the next game, and the views."""

    @property
    def game(self) -> Game:
        """The live game."""
        ...

    def new_game(self) -> Game:
        """Start the next game at this table."""
        ...

    def _moved(self, conn: Connection, seconds: float) -> None: ...

    def _send_view(
        self,
        conn: Connection,
        *,
        error: Words | None = None,
        hint: dict[str, Any] | None = None,
        own: bool = False,
    ) -> None: ...


class _RefusedError(Exception):
    """A well-formed move the table refuses, with what to say (a catalogue message)."""

    def __init__(self, message: Words) -> None:
        super().__init__(message)
        self.message = message


class Moves:
    """Handles each connection's ``intent`` frames."""

    def __init__(
        self, host: MovesHost, seats: Seats, undo: UndoStack, dice: ScriptedDice, runner: BotRunner
    ) -> None:
        """The moves of ``host``'s human ``seats``, taken back with ``undo``, stepped by ``dice``;
        ``runner``'s bots wait while a human reads a dialog of their own.
        """
        self._host, self._seats, self._undo, self._dice, self._runner = host, seats, undo, dice, runner

    def handle(self, conn: Connection, body: object) -> None:
        """A move (or ``dialog``, ``new_game``) from ``conn``: done, or refused with a code."""
        kind = message_type(body)
        try:
            if kind == DIALOG:  # any viewer's front-end says so; only a seated human holds the bots
                opened = parse_dialog(body)
                conn.accepted()
                if conn.role == codes.PLAYER and conn.seat in self._seats.humans:
                    self._runner.reading(opened)
                return
            if conn.role != codes.PLAYER or conn.seat is None:  # a code, never a whole view
                conn.refuse(codes.SPECTATING, tr("Only a player's own seat can move."))
                return
            if kind == NEW_GAME:
                parse_new_game(body, version=conn.version, game=self._host.game)
                conn.accepted()
                self._host.new_game()
                return
            self._act(conn, body)
        except IntentError as exc:
            code = codes.BAD_INTENT if exc.level >= logging.WARNING else self._why_code(conn)
            self._refuse(conn, code, exc.message, body)
        except _RefusedError as refused:
            self._refuse(conn, self._why_code(conn), refused.message, body)

    def _act(self, conn: Connection, body: object) -> None:
        started = time.perf_counter()
        g, seat = self._host.game, conn.seat
        assert seat is not None
        acting = self._seats.acting(g)
        try:
            intent = parse_intent(
                body, version=conn.version, game=g, humans=self._seats.humans, fresh=conn.clicks.fresh
            )
        except StaleIntentError as stale:
            # the connection's own clicks: only ever its own seat's moves are compared
            forgiven = conn.clicks.forgive(stale.intent, stale.version, g, acting, self._undo)
            if forgiven is None:  # a repeat of this connection's last move: done already
                conn.accepted()
                self._host._send_view(conn, own=True)
                return
            intent = forgiven
        if acting != seat:
            raise _RefusedError(g.waiting_text(language=conn.language))
        version = conn.version
        if intent.kind == "undo":
            if not self._undo.can_undo(seat):
                raise _RefusedError(self._undo.reason(seat, language=conn.language))
            conn.accepted()
            with self._undo.taking_back() as snapshot:
                g.restore(snapshot)
        else:
            assert intent.action is not None
            try:
                with self._undo.expecting(seat, g.fork(), intent.action):
                    self._dice.step(g, intent.action)
            except IllegalActionError as exc:
                raise _RefusedError(exc.message) from exc
            conn.accepted()
        conn.clicks.made(seat, version, intent)
        self._host._moved(conn, time.perf_counter() - started)

    def _why_code(self, conn: Connection) -> str:
        """The code of a well-formed move refused: another seat must act, or the rules say no."""
        g = self._host.game
        return codes.ILLEGAL if g.is_over or self._seats.acting(g) == conn.seat else codes.NOT_YOUR_TURN

    def _refuse(self, conn: Connection, code: str, reason: Words, body: object) -> None:
        """A refused move: the ``refused`` frame (with the version the intent ``body`` was made
        on, when it names a whole number), then (if still open) its view saying why, both in
        ``conn``'s language.
        """
        made_on = body.get("version") if isinstance(body, dict) else None
        conn.refuse(code, reason, made_on if type(made_on) is int else None)
        if not conn.closed:
            self._host._send_view(conn, error=reason)
