"""Hints at a table: the Hint button of the seat that must act, answered to that connection.

The search (``Game.hint``, from that seat's observation, a fixed amount of work) takes up to a
couple of seconds in a setup; at a table it must not stop every other seat's game meanwhile.
With a running event loop it runs on a copy of the game (``game.fork()``) in a worker thread —
the live game is never touched off the loop — and the connection is answered "pending" at once,
then with the hint once found (or "no hint" if the position changed meanwhile).  Without a loop
(plain Python, tests) it runs at once.  One search per position: later requests for it are
answered from it, each connection in its own language (the hint is kept as the engine's
:class:`~catan_widget.engine.registry.Hint` and put in words for each).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any, Protocol

from ..engine import Game
from ..engine.language import Words, words
from ..engine.registry import HINT_BUDGET, Hint
from ..widget.seats import Seats
from . import codes

if TYPE_CHECKING:
    from .connection import Connection

logger = logging.getLogger("catan_widget.table")

Position = tuple[int, int, int]
"""A position a hint is for: the game's identity, its number of moves, the seat."""


class HintsHost(Protocol):
    """What :class:`TableHints` needs from the table: its game and the views."""

    @property
    def game(self) -> Game:
        """The live game."""
        ...

    def _send_view(
        self,
        conn: Connection,
        *,
        error: Words | None = None,
        hint: dict[str, Any] | None = None,
        own: bool = False,
    ) -> None: ...


def _search(game: Game, seat: int) -> Hint:
    return game.hint(seat, budget=HINT_BUDGET)


def _words(found: Hint, conn: Connection) -> dict[str, Any]:
    """The hint as the ``hint`` of ``conn``'s view: its reason in ``conn``'s language."""
    return {**found.to_dict(), "reason": words(found.reason, conn.language)}


class TableHints:
    """Answers each connection's ``hint_request`` in the ``hint`` of a view of its own."""

    def __init__(self, host: HintsHost, seats: Seats) -> None:
        """The hints of ``host``'s human ``seats``."""
        self._host, self._seats = host, seats
        self._found: tuple[Position, Hint] | None = None
        self._waiting: dict[Position, list[tuple[Connection, int]]] = {}

    def _position(self) -> Position:
        g = self._host.game
        return (id(g), len(g.history), g.current_seat)

    def request(self, conn: Connection, request: int) -> None:
        """``conn`` asked for hint number ``request``."""
        g, seat = self._host.game, conn.seat
        if conn.role != codes.PLAYER or seat is None or seat != self._seats.acting(g):
            self._host._send_view(conn, hint={"request": request})
            return
        key = self._position()
        if self._found is not None and self._found[0] == key:
            self._host._send_view(conn, hint={**_words(self._found[1], conn), "request": request})
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._waiting[key] = [(conn, request)]
            self._answer(key, g, seat)
            return
        self._host._send_view(conn, hint={"request": request, "pending": True})
        if key in self._waiting:
            self._waiting[key].append((conn, request))
            return
        self._waiting[key] = [(conn, request)]
        future = loop.run_in_executor(None, _search, g.fork(), seat)
        future.add_done_callback(lambda done: self._done(key, done))

    def _answer(self, key: Position, game: Game, seat: int) -> None:
        try:
            found = _search(game, seat)
        except Exception:
            logger.exception("catan_widget.table: the hint search failed")
            self._reply(key, None)
            return
        self._reply(key, found)

    def _done(self, key: Position, future: asyncio.Future[Hint]) -> None:
        if future.cancelled() or future.exception() is not None:
            if not future.cancelled():
                logger.error("catan_widget.table: the hint search failed", exc_info=future.exception())
            self._reply(key, None)
            return
        self._reply(key, future.result())

    def _reply(self, key: Position, found: Hint | None) -> None:
        if found is not None:
            self._found = (key, found)
        current = key == self._position()
        for conn, request in self._waiting.pop(key, []):
            if not conn.closed:
                answer = (
                    {**_words(found, conn), "request": request}
                    if found is not None and current
                    else {"request": request}
                )
                self._host._send_view(conn, hint=answer)

    def reset(self) -> None:
        """Another game: forget the last hint."""
        self._found = None
