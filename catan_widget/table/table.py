"""``Table``: the sole authority for one game played by people each at their own device.

The table holds the game, the seats (human or bot), the tokens, and the widget's own parts for
what a game needs besides its rules: the bot runner and the offers' countdown
(:mod:`catan_widget.widget.runner`, :mod:`~catan_widget.widget.offers`), the undo snapshots, the
scripted dice and the forgiving of stale clicks (one :class:`~catan_widget.widget.clicks.Clicks`
per connection).  Moves are validated with :mod:`catan_widget.widget.protocol` and stepped with
``Game.step``: the engine is the only judge.

The table observes its game (``Game.subscribe``): after every change — a human's move, a bot's,
a take-back — it writes the save (atomically, :mod:`.store`) and sends every connection its view,
built from its own observation only (:mod:`.frames`): a seat's, the onlooker's for spectators,
the all-seeing one for the teacher.  The text of a view is built once per change for each kind
of viewer (and language: each connection reads its own) and shared by its connections.
Everything happens on one thread: the bots move on an
asyncio task of the running loop (:meth:`Table.start`), or synchronously with
:meth:`Table.advance_bots`.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..engine import ALL_SEEING, ONLOOKER, Game
from ..engine.language import Words, get_language, resolve, trc
from ..engine.registry import make_bot
from ..widget.dice import ScriptedDice
from ..widget.offers import Offers
from ..widget.protocol import delay_seconds, offer_seconds
from ..widget.publish import LogTail
from ..widget.rematch import rematch
from ..widget.runner import BotRunner
from ..widget.seats import BOT, HUMAN, Seats
from ..widget.undo import UndoStack
from ..widget.view import board_json
from ..widget.watch import weak_observer
from . import codes
from .connection import Close, Connection, Send
from .frames import Moment, Viewer, view, welcome
from .hints import TableHints
from .limits import Clock
from .moves import Moves
from .settings import SETTINGS, check_setting
from .store import Sidecar, Store, TableFileError
from .tokens import TableTokens, check_table_id, new_table_id

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
    """

    def __init__(
        self,
        game: Game,
        seats: Mapping[str, str] | Sequence[str],
        *,
        table_id: str | None = None,
        bot: str = "greedy",
        save: str | os.PathLike[str] | None = None,
        offer_timeout: float | None = 20.0,
        bot_delay: float = 0.6,
        tokens: Mapping[str, str] | None = None,
        language: str | None = None,
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
        self._version = self._counter = 0
        self._publishing = self._again = False
        self._undo, self._dice = UndoStack(), ScriptedDice()
        self._offers = Offers(self, self._seats, offer_seconds(offer_timeout))
        self._runner = BotRunner(self, self._seats, self._dice, self._offers)
        self._moves = Moves(self, self._seats, self._undo, self._dice, self._runner)
        self._connections: list[Connection] = []
        self._callbacks: list[Callable[[Table], None]] = []
        self._texts: dict[tuple[str | None, int | None, bool, bool, str], str] = {}
        self._hints = TableHints(self, self._seats)
        self._boards: dict[str, dict[str, Any]] = {}
        self._logs: dict[tuple[int, str], LogTail] = {}
        self._store = None if save is None else Store(save)
        self._watch = weak_observer(self, Table._game_changed)
        game.subscribe(self._watch)
        self._write_sidecar()
        self._write_game()
        self._publish()

    @classmethod
    def restore(cls, save: str | os.PathLike[str], *, language: str | None = None) -> Table:
        """The table saved at ``save``: the same game, seats, tokens and id (``language`` as
        for a new table: a save holds no words).  Raises
        :class:`~.store.TableFileError` when the save or its sidecar is missing, corrupt or
        does not belong to the other; nothing is half-loaded.
        """
        game, side = Store(save).load()
        humans = [seat for seat, spec in enumerate(side.seats) if spec == HUMAN]
        missing = [seat for seat in humans if str(seat) not in side.tokens]
        if missing:
            raise TableFileError(f"{Store(save).sidecar}: no token for the human seat(s) {missing}")
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
        return self._version

    def connected(self, seat: int) -> bool:
        """True while ``seat`` has a connection open."""
        return any(c.seat == seat and c.role == codes.PLAYER for c in self.connections)

    @property
    def teacher_on(self) -> bool:
        """True while the teacher's all-seeing view is open (every player is shown so)."""
        return any(c.role == codes.TEACHER_ROLE for c in self.connections)

    # --- what the host does --------------------------------------------------------------------
    def connect(self, send: Send, close: Close, *, clock: Clock = time.monotonic) -> Connection:
        """A new connection (not yet authenticated): ``send`` delivers one frame to it,
        ``close(code, reason)`` asks its transport to close.  ``clock`` times its rate limit.
        With a running event loop it is closed (4408) if no hello comes within 10 seconds.
        """
        conn = Connection(self, send, close, clock)
        if self._closed:
            conn.close(1001, _CLOSED)
            return conn
        self._connections.append(conn)
        return conn

    def on_change(self, callback: Callable[[Table], None]) -> None:
        """Call ``callback(table)`` after every change sent to the connections."""
        self._callbacks.append(callback)

    def give_to_bot(self, seat: int, bot: str | None = None) -> None:
        """From now on a bot (``bot``, or the table's kind) plays ``seat``; its token stays, so
        the seat can be given back with :meth:`give_to_human`.
        """
        seat = self._check_seat(seat)
        spec = BOT if bot is None else bot
        made = make_bot(self._seats.default_bot if spec == BOT else spec, self._game.seed, seat)
        self._seats.specs[seat] = spec
        self._seats.kinds[seat] = BOT
        self._seats.bots[seat] = made
        self._seat_changed()

    def give_to_human(self, seat: int) -> None:
        """From now on a human plays ``seat``, with its token (made now if it never had one)."""
        seat = self._check_seat(seat)
        self.tokens.ensure_seat(seat)
        self._seats.specs[seat] = HUMAN
        self._seats.kinds[seat] = HUMAN
        self._seats.bots.pop(seat, None)
        self._seat_changed()

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
        self._boards = {}
        self._hints.reset()
        self._write_game()
        for conn in self.connections:
            self._welcome(conn)
        self._publish()
        self._kick()
        return game

    def close(self) -> None:
        """Stop the bots, stop observing the game and close every connection (1001)."""
        self._closed = True
        self.stop()
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

    def _seat_changed(self) -> None:
        self._undo.clear()
        self._write_sidecar()
        self._publish()
        self._kick()

    def _kick(self) -> None:
        if self._started and not self._closed:
            self._runner.start()

    # --- views -------------------------------------------------------------------------------
    def _next_version(self) -> int:
        self._counter += 1
        return self._counter

    def _moment(self, version: int) -> Moment:
        g = self._game
        seats = [
            {"name": name, "kind": kind, "connected": self.connected(seat)}
            for seat, (name, kind) in enumerate(zip(g.names, self._seats.kinds))
        ]
        table = {"id": self.id, "teacher": self.teacher_on, "seats": seats}
        return Moment(version, tuple(self._seats.kinds), self._seats.acting(g), self._runner.fault, table)

    def _publish(self, error: Words | None = None) -> None:
        """Send every connection its view of the game as it is now (a new version).  ``error``
        is ignored: at a table a refusal is told only to the connection that was refused.
        """
        if self._publishing:  # a connection dropped while views went out: one more round after
            self._again = True
            return
        self._publishing = True
        try:
            self._again = True
            while self._again:
                self._again = False
                self._version = self._next_version()
                self._texts = {}
                self._now = self._moment(self._version)
                self._countdown = self._runner.decline_in()
                for conn in self.connections:
                    self._send_view(conn)
        finally:
            self._publishing = False
        for callback in list(self._callbacks):
            try:
                callback(self)
            except Exception:
                logger.exception("catan_widget.table: an on_change callback failed")

    def _viewer(self, conn: Connection) -> Viewer:
        return Viewer(
            conn.seat,
            sees_all=conn.role == codes.TEACHER_ROLE,
            counting=conn.counting,
            observing=conn.observing,
            language=conn.language,
        )

    def _send_view(
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
        moment = self._now
        if private:
            moment = Moment(self._next_version(), moment.kinds, moment.acting, moment.fault, moment.table)
        key = (conn.role, conn.seat, conn.counting, conn.observing, conn.language)
        text = None if private else self._texts.get(key)
        if text is None:
            acting = moment.acting
            waits = conn.seat is not None and conn.seat == self._offers.waiting()
            who = self._viewer(conn)
            text = view(
                self._game,
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

    def _log_lines(self, who: Viewer) -> list[str]:
        """The newest lines of the log as ``who`` reads them, each worded once per language."""
        viewer = ALL_SEEING if who.sees_all else ONLOOKER if who.seat is None else who.seat
        tail = self._logs.setdefault((viewer, who.language), LogTail())
        return tail.lines(self._game, viewer, who.language)

    # --- what connections ask ----------------------------------------------------------------
    def _joined(self, conn: Connection) -> None:
        """``conn`` said hello: welcome it, and tell everyone when that changed the table."""
        before = self._now.table
        self._welcome(conn)
        if self._moment(self._version).table != before:
            self._publish()
        else:
            self._send_view(conn)

    def _language_changed(self, conn: Connection) -> None:
        """``conn`` reads another language now: its words again (the welcome), then its view."""
        self._welcome(conn)
        self._send_view(conn, own=True)

    def _welcome(self, conn: Connection) -> None:
        language = conn.language
        board = self._boards.get(language)
        if board is None:
            board = self._boards[language] = board_json(self._game, language=language)
        conn.push(welcome(conn.seat, conn.role or "", self.id, board, language))

    def _left(self, conn: Connection) -> None:
        if conn in self._connections:
            self._connections.remove(conn)
        if (
            conn.role is not None
            and not self._closed
            and self._moment(self._version).table != self._now.table
        ):
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
