"""``Table``: the sole authority for one game played by people each at their own device.

The table holds the game, the seats (human or bot), the tokens, and the widget's own parts for
what a game needs besides its rules: the bot runner and the offers' countdown
(:mod:`catan_widget.widget.runner`, :mod:`~catan_widget.widget.offers`), the undo snapshots, the
scripted dice and the forgiving of stale clicks (one :class:`~catan_widget.widget.clicks.Clicks`
per connection).  Moves are validated with :mod:`catan_widget.widget.protocol` and stepped with
``Game.step``: the engine is the only judge.

The table observes its game (``Game.subscribe``): after every change — a human's move, a bot's,
a take-back — it writes the save (atomically, :mod:`.store`) and sends every connection its view
(:mod:`.views`).  Its other parts: who gets a connection (:mod:`.admission`), seats changing hands
and links rotated (:mod:`.handover`).  Everything happens on one thread: the bots move on an
asyncio task of the running loop (:meth:`Table.start`), or synchronously with
:meth:`Table.advance_bots`.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import os
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..engine import Game
from ..engine.language import Words, get_language, resolve, trc
from ..widget.dice import ScriptedDice
from ..widget.offers import Offers
from ..widget.protocol import delay_seconds, offer_seconds
from ..widget.rematch import rematch
from ..widget.runner import BotRunner
from ..widget.seats import Seats
from ..widget.undo import UndoStack
from ..widget.watch import weak_observer
from . import codes
from .admission import FULL, Admission
from .connection import Close, Connection, Send
from .defaults import BOT_DELAY, IDLE_TIMEOUT, OFFER_TIMEOUT
from .handover import Handover, check_idle_timeout
from .hints import TableHints
from .limits import Clock
from .moves import Moves
from .ops import REFUSALS, presence, slow_move
from .settings import SETTINGS, check_setting
from .store import Sidecar, Store, TableFileError
from .tokens import TableTokens, check_table_id, new_table_id
from .views import Views

__all__ = ["SETTINGS", "Connection", "Table"]

logger = logging.getLogger("catan_widget.table")


# TRANSLATORS: why the table closed a connection (a WebSocket close reason: keep it short)
_CLOSED = trc("close reason", "the table is closed")


class Table:
    """One game at a table of devices: seats, tokens, bots, views, the save.

    Args:
        game: the game played at this table (``table.game`` is that very object).
        seats: who plays each seat, as for ``CatanWidget``: a dict by player name
            (``{"Ada": "human", "Cy": "bot"}``; players left out are human) or a list by seat;
            a seat is ``"human"``, ``"bot"`` (the ``bot`` kind) or a registered bot's name.
        table_id: the table's id (``[a-z0-9]{1,32}``); random by default.
        bot: the kind of bot behind ``"bot"`` seats.
        save: where to keep the game's exact save, rewritten after every move, with the table's
            sidecar ``<save>.table.json`` (mode 0600: the tokens); None: nothing is written.
        offer_timeout: seconds a human has to answer an offer before it is declined for them
            (None: no countdown).
        bot_delay: seconds between two bot moves.
        tokens: the tokens to use (keys: the seat as text, ``"spectator"``, ``"teacher"``);
            the others are made at random.
        language: the language of a connection that names none in its hello (a seat may
            choose its own: docs/table-protocol.md); None: the process's default
            (:func:`~catan_widget.engine.language.get_language`) when the connection joins.
        idle_timeout: seconds a human seat may leave its move unmade before a bot plays it (its
            link stays, to give it back with :meth:`give_to_human`); None: never.
        admission: the slots of each link, of the spectators and of sockets before their hello
            (:class:`~.admission.Admission`).
        clock: the clock of the bots' waits, the offers' countdown and the idle timeout.
    """

    def __init__(
        self,
        game: Game,
        seats: Mapping[str, str] | Sequence[str],
        *,
        table_id: str | None = None,
        bot: str = "greedy",
        save: str | os.PathLike[str] | None = None,
        offer_timeout: float | None = OFFER_TIMEOUT,
        bot_delay: float = BOT_DELAY,
        tokens: Mapping[str, str] | None = None,
        language: str | None = None,
        idle_timeout: float | None = IDLE_TIMEOUT,
        admission: Admission | None = None,
        clock: Clock = time.monotonic,
    ) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"a Table needs a Game, got {type(game).__name__}")
        self.id = new_table_id() if table_id is None else check_table_id(table_id)
        self._language = None if language is None else resolve(language)
        self._game = game
        self._seats = Seats(game, seats, bot)
        if save is not None and not all(isinstance(s, str) for s in [*self._seats.specs, bot]):
            raise TypeError("a saved table's seats are 'human', 'bot' or a registered bot's name")
        self.tokens = TableTokens.make(self._seats.humans, tokens)
        if any(s >= len(game.names) for s in self.tokens.seats):
            raise ValueError(f"tokens: this game has seats 0..{len(game.names) - 1}")
        self.bot_delay = delay_seconds(bot_delay)
        self.bots_paused = False
        self.replay_at: int | None = None  # a table is never a replay (the runner's host reads it)
        self._closed = self._started = False
        self._undo, self._dice = UndoStack(), ScriptedDice()
        self._offers = Offers(self, self._seats, offer_seconds(offer_timeout), clock=clock)
        self._runner = BotRunner(
            self, self._seats, self._dice, self._offers, clock=clock, explain_declines=False
        )
        self._moves = Moves(self, self._seats, self._undo, self._dice, self._runner)
        self._seating = Handover(self, self._seats, idle_timeout, clock)
        self.admission = admission if admission is not None else Admission()
        """The slots of this table's connections (:mod:`.admission`)."""
        self.counts: collections.Counter[tuple[str, str]] = collections.Counter()
        """What happened at this table, for ``/metrics``: ``("refusals", code)``, ``("moves", "")``."""
        self._connections: list[Connection] = []
        self._hints = TableHints(self, self._seats)
        self._views = Views(self, self._seats, self._runner, self._offers, self._undo)
        self._store = None if save is None else Store(save)
        self._watch = weak_observer(self, Table._game_changed)
        game.subscribe(self._watch)
        self._write_sidecar()
        self._write_game()
        self._publish()

    @classmethod
    def restore(
        cls,
        save: str | os.PathLike[str],
        *,
        language: str | None = None,
        idle_timeout: float | None = IDLE_TIMEOUT,
    ) -> Table:
        """The table saved at ``save``: the same game, seats, tokens and id (``language`` and
        ``idle_timeout`` as for a new table: the files hold neither).  Raises
        :class:`~.store.TableFileError` when the save or its sidecar is missing, corrupt or
        does not belong to the other; nothing is half-loaded.
        """
        game, side = Store(save).load()
        try:
            return cls(
                game,
                list(side.seats),
                table_id=side.table_id,
                bot=side.bot,
                save=save,
                offer_timeout=side.offer_timeout,
                bot_delay=side.bot_delay,
                tokens=side.tokens,
                language=language,
                idle_timeout=idle_timeout,
            )
        except (ValueError, TypeError) as exc:
            raise TableFileError(f"{Store(save).sidecar}: {exc}") from None

    # --- what the host reads -------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The live game."""
        return self._game

    @property
    def language(self) -> str:
        """The language of a connection that names none: the table's, else the process's."""
        return self._language if self._language is not None else get_language()

    @property
    def closed(self) -> bool:
        """True once :meth:`close` was called."""
        return self._closed

    @property
    def kinds(self) -> list[str]:
        """Each seat's kind: ``"human"`` or ``"bot"``."""
        return list(self._seats.kinds)

    @property
    def humans(self) -> list[int]:
        """The seats played by humans."""
        return self._seats.humans

    @property
    def connections(self) -> list[Connection]:
        """The connections that said hello and are still open."""
        return [c for c in self._connections if c.authenticated]

    @property
    def offer_timeout(self) -> float | None:
        """Seconds a human has to answer an offer before it is declined for them (None: never)."""
        return self._offers.timeout

    @property
    def version(self) -> int:
        """The version of the newest views sent to every connection."""
        return self._views.version

    def connected(self, seat: int) -> bool:
        """True while ``seat`` has a connection open."""
        return any(c.seat == seat and c.role == codes.PLAYER for c in self.connections)

    @property
    def teacher_on(self) -> bool:
        """True while the teacher's all-seeing view is open (every player is shown so)."""
        return any(c.role == codes.TEACHER_ROLE for c in self.connections)

    # --- what the host does --------------------------------------------------------------------
    def connect(
        self, send: Send, close: Close, *, clock: Clock = time.monotonic, address: str | None = None
    ) -> Connection:
        """A new connection (not yet authenticated): ``send`` delivers one frame to it,
        ``close(code, reason)`` asks its transport to close.  ``clock`` times its rate limit;
        ``address`` is the peer's, for the operator's log.  With a running event loop it is
        closed (4408) if no hello comes within 10 seconds; when the sockets before their hello
        hold every slot of theirs, the oldest of them is closed (4503) to let this one in.
        """
        conn = Connection(self, send, close, clock, address)
        if self._closed:
            conn.close(1001, _CLOSED)
            return conn
        oldest = self.admission.crowded(self._connections)
        if oldest is not None:
            self._refused(oldest, str(codes.CLOSE_FULL))
            oldest.close(codes.CLOSE_FULL, FULL)
        self._connections.append(conn)
        return conn

    def on_change(self, callback: Callable[[Table], None]) -> None:
        """Call ``callback(table)`` after every change sent to the connections."""
        self._views.callbacks.append(lambda: callback(self))

    def give_to_bot(self, seat: int, bot: str | None = None, *, rotate: bool = True) -> None:
        """From now on a bot (``bot``, or the table's kind) plays ``seat``.  Its link is
        rotated (``rotate``): the old token opens nothing and its connections are closed (4401);
        :meth:`give_to_human` gives the seat back with the new one.  ``rotate=False`` keeps the
        link (a player who only stepped away: they still see their seat).
        """
        self._seating.give_to_bot(self._check_seat(seat), bot, rotate=rotate)

    def give_to_human(self, seat: int) -> None:
        """From now on a human plays ``seat``, with its current token (made now if it never had one)."""
        self._seating.give_to_human(self._check_seat(seat))

    def rotate(self, seat: int) -> str:
        """A new link for ``seat``: its new token (the old one opens nothing, and the
        connections holding it are closed with 4401).  ValueError for a seat no human was given.
        """
        return self._seating.rotate(self._check_seat(seat))

    def rotate_spectators(self) -> str:
        """A new spectators' link: the new token; every spectator is disconnected (4401)."""
        return self._seating.rotate_spectators()

    @property
    def idle_timeout(self) -> float | None:
        """Seconds a human seat may leave its move unmade before a bot plays it (None: never)."""
        return self._seating.idle_timeout

    @idle_timeout.setter
    def idle_timeout(self, seconds: float | None) -> None:
        self._seating.idle_timeout = check_idle_timeout(seconds)
        self._seating.watch()

    def check_idle(self) -> int | None:
        """Give the seat that owes the move to a bot when it has been idle ``idle_timeout``
        seconds (the table checks by itself on a running loop); the seat, or None.
        """
        return self._seating.check_idle()

    def unpause(self) -> None:
        """The bots go on now: the wait for a human reading a dialog ends for this turn (a
        dialog opened again in it holds them no more).
        """
        self._runner.release()
        self._kick()

    def script_dice(self, *rolls: tuple[int, int]) -> None:
        """Decide the next rolls, in order, whoever rolls: ``table.script_dice((3, 4))``."""
        self._dice.add(*rolls)

    def start(self) -> None:
        """Play the bots (and the offers' countdown) on a task of the running event loop, from
        now on whenever a move nobody clicks is due; raises RuntimeError without a running loop.
        """
        asyncio.get_running_loop()
        self._started = True
        self._runner.start()
        self._seating.watch()

    def stop(self) -> None:
        """Stop the bots' task (:meth:`advance_bots` still plays them)."""
        self._started = False
        self._runner.stop()

    def advance_bots(self, max_moves: int = 10_000) -> int:
        """Play the moves nobody clicks now, without waiting, until a human must act, the game
        ends or ``max_moves`` were made; how many were made.
        """
        return 0 if self._closed else self._runner.advance(max_moves)

    def resume(self) -> None:
        """Resume the bots after a bot failed (``state.error`` said why)."""
        self._runner.fault = None
        self.bots_paused = False
        self._publish()
        self._kick()

    def new_game(self) -> Game:
        """The next game at this table (same players, seats and tokens; its seed drawn from this
        one's); every connection is welcomed to it again.
        """
        game = rematch(self._game)
        self._game.unsubscribe(self._watch)
        self._seats.bind(game)
        self._game = game
        game.subscribe(self._watch)
        self._undo.reset()
        self._runner.reset()
        for conn in self._connections:
            conn.clicks.reset()
        self._views.reset()
        self._hints.reset()
        self._write_game()
        for conn in self.connections:
            self._views.welcome(conn)
        self._publish()
        self._kick()
        return game

    def close(self) -> None:
        """Stop the bots, stop observing the game and close every connection (1001)."""
        self._closed = True
        self.stop()
        self._seating.stop()
        self._game.unsubscribe(self._watch)
        for conn in list(self._connections):
            conn.close(1001, _CLOSED)

    # --- the runner's and the offers' host --------------------------------------------------
    def bot_delay_now(self) -> float | None:
        """Seconds before the next move nobody clicks, or None when none is due."""
        return self._runner.delay_now()

    def play_one_bot_move(self) -> None:
        """One move nobody clicks (a bot's, or a decline due for a human)."""
        self._runner.play_one()

    def _handover(self) -> int | None:
        return None  # every human is at their own screen

    # --- the game tells the table ------------------------------------------------------------
    def _game_changed(self, game: Game) -> None:
        if self._closed or game is not self._game:
            return
        for conn in self._connections:
            conn.clicks.moved()
        self._undo.game_changed(game)
        self._runner.game_changed()
        self._write_game()
        self._publish()
        self._kick()
        self._seating.watch()

    def _seat_changed(self) -> None:
        self._undo.clear()
        self._write_sidecar()
        self._publish()
        self._kick()
        self._seating.watch()

    def _kick(self) -> None:
        if self._started and not self._closed:
            self._runner.start()

    # --- views -------------------------------------------------------------------------------
    def _publish(self, error: Words | None = None) -> None:
        """Send every connection its view of the game as it is now (a new version).  ``error``
        is ignored: at a table a refusal is told only to the connection that was refused.
        """
        self._views.publish()

    def _send_view(
        self,
        conn: Connection,
        *,
        error: Words | None = None,
        hint: dict[str, Any] | None = None,
        own: bool = False,
    ) -> None:
        """Send ``conn`` its view (:meth:`.views.Views.send`)."""
        self._views.send(conn, error=error, hint=hint, own=own)

    # --- what connections ask ----------------------------------------------------------------
    def _admits(self, conn: Connection, role: str, seat: int | None) -> bool:
        """True when ``conn``'s link (``role`` and ``seat``) has a slot free for it."""
        return self.admission.admits(role, seat, self._connections)

    def _refused(self, conn: Connection, code: str) -> None:
        """``conn`` was refused (a refusal code, or a close code as text): counted, and summarised
        for the operator.
        """
        self.counts["refusals", code] += 1
        REFUSALS.count(code, conn.address)

    def _moved(self, conn: Connection, seconds: float) -> None:
        """``conn``'s move was made, its save written and its views sent in ``seconds``."""
        self.counts["moves", ""] += 1
        slow_move(self.id, conn.seat, seconds)

    def _joined(self, conn: Connection) -> None:
        """``conn`` said hello: welcome it, and tell everyone when that changed the table."""
        presence("join", self.id, conn.role, conn.seat, conn.address)
        self._views.welcome(conn)
        if self._views.changed():
            self._publish()
        else:
            self._send_view(conn)

    def _language_changed(self, conn: Connection) -> None:
        """``conn`` reads another language now: its words again (the welcome), then its view."""
        self._views.welcome(conn)
        self._send_view(conn, own=True)

    def _left(self, conn: Connection) -> None:
        if conn in self._connections:
            self._connections.remove(conn)
            if conn.role is not None:
                presence("leave", self.id, conn.role, conn.seat, conn.address)
        if conn.role is not None and not self._closed and self._views.changed():
            self._publish()

    def _setting(self, conn: Connection, name: object, value: object) -> None:
        found = check_setting(conn, name, value)
        if found is None:
            return
        name, checked = found
        conn.accepted()
        if name == "show_counting" and checked != conn.counting:
            conn.counting = bool(checked)
            self._send_view(conn, own=True)
        elif name == "observation" and checked != conn.observing:
            conn.observing = bool(checked)
            self._send_view(conn, own=True)
        elif name == "hint_request":
            self._hints.request(conn, int(checked))

    def _intent(self, conn: Connection, body: object) -> None:
        self._moves.handle(conn, body)

    # --- files -------------------------------------------------------------------------------
    def _check_seat(self, seat: object) -> int:
        if type(seat) is not int or not 0 <= seat < len(self._game.names):
            raise ValueError(f"a seat is a number 0..{len(self._game.names) - 1}")
        return seat

    def _write_game(self) -> None:
        if self._store is not None:
            try:
                self._store.write_game(self._game)
            except OSError:
                logger.exception("catan_widget.table: could not write the save of table %s", self.id)

    def _write_sidecar(self) -> None:
        if self._store is None:
            return
        g = self._game
        side = Sidecar(
            self.id,
            tuple(g.names),
            tuple(str(s) for s in self._seats.specs),
            str(self._seats.default_bot),
            self.tokens.to_dict(),
            self._offers.timeout,
            self.bot_delay,
        )
        self._store.write_sidecar(side)

    def __repr__(self) -> str:
        g = self._game
        seats = ", ".join(f"{n} ({k})" for n, k in zip(g.names, self._seats.kinds))
        return f"<Table {self.id}: {seats}; turn {g.turn}, {g.phase}>"
