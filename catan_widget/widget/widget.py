"""``CatanWidget``: the board in a notebook — traits down, intents up, bots on a timer.

How the pieces move:

* Python → front-end: three synced traits, ``board`` (static, once per game), ``state`` and
  ``legal`` (rebuilt by :meth:`CatanWidget._publish` after every change, with a new ``version``).
* front-end → Python: one custom message type, validated by :func:`.protocol.parse_intent`,
  applied with ``Game.step`` (the engine is the only judge of the rules).
* Bots: an asyncio task on the kernel's running loop plays bot seats with ``bot_delay`` seconds
  between moves.  Without a running loop (plain Python, tests) call :meth:`advance_bots`.
* A cell that steps ``w.game`` directly: the same task polls a cheap fingerprint of the game
  (the ``State`` object's identity plus the lengths of ``history`` and ``events``, which every
  ``step``, ``stage`` and load changes) a few times a second and redraws when it moved, so no
  engine hook is needed and nothing is missed while the kernel is idle.  After editing the
  state in place (``w.game.state.hands[0][2] = 5``) call :meth:`refresh`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..bots import Bot
from ..engine import Game, Rules
from ..engine.actions import Action, RollDice
from ..engine.board import Board
from ..engine.errors import IllegalActionError
from .protocol import IntentError, delay_seconds, parse_intent, short, view_seat
from .seats import HUMAN, SeatSpec, resolve_seats, seat_list, seat_specs
from .undo import UndoStack
from .view import TEACHER, board_json, legal_json, state_json

logger = logging.getLogger("catan_widget")
logger.addHandler(logging.NullHandler())

POLL_SECONDS = 0.25
"""How often the background task looks for changes made to ``w.game`` from a cell."""

_STATIC = Path(__file__).resolve().parent.parent / "static"
_BUNDLE = _STATIC / "widget.js"
_STYLES = _STATIC / "widget.css"
_MISSING_BUNDLE = """\
export default {
  render({ el }) {
    el.textContent = "catan-widget: the front-end bundle catan_widget/static/widget.js is missing; " +
      "run `npm ci && npm run build`.";
  },
};
"""


class CatanWidget(anywidget.AnyWidget):
    """The Catan board for a :class:`Game`, playable by clicking.

    Args:
        game: the game to show and play (a fresh 4-player game when ``None``).  ``w.game`` is
            that very object: stepping it from a cell updates the board.
        seats: who plays each seat — a dict by player name (``{"Ada": "human", "Bo": "bot"}``;
            players left out are human), or a list by seat.  A seat is ``"human"``, ``"bot"``
            (the ``bot`` kind), ``"greedy"``, ``"random"`` or any object with
            ``choose(game) -> Action``.  ``None``: every seat human (hot-seat).
        bot_delay: seconds between two bot moves, so humans can follow.
        viewer: whose hand to show: a seat, ``-1`` (teacher: every hand) or ``None`` (automatic:
            the single human, or in hot-seat the human who must act now; everything when only
            bots play or the game is over).
        teacher: show every hand and card (a teacher's view of the table).
        bot: the kind of bot behind ``"bot"`` seats.
        colors: the players' colours by seat (CSS colours); Okabe–Ito by default.
    """

    _esm = _BUNDLE if _BUNDLE.is_file() else _MISSING_BUNDLE
    _css = _STYLES if _STYLES.is_file() else ""

    board = traitlets.Dict().tag(sync=True)
    state = traitlets.Dict().tag(sync=True)
    legal = traitlets.Dict().tag(sync=True)

    def __init__(
        self,
        game: Game | None = None,
        seats: Mapping[Any, SeatSpec] | Sequence[SeatSpec] | None = None,
        *,
        bot_delay: float = 0.6,
        viewer: int | None = None,
        teacher: bool = False,
        bot: SeatSpec = "greedy",
        colors: Sequence[str] | None = None,
    ) -> None:
        game = game if game is not None else Game()
        if not isinstance(game, Game):
            raise TypeError(f"CatanWidget needs a Game, got {type(game).__name__}")
        self._task: asyncio.Task[None] | None = None
        self._closed = False
        specs = seat_specs(game, seats)
        kinds, bots = resolve_seats(game, specs, bot)
        board = board_json(game, colors)
        delay, fixed_viewer = delay_seconds(bot_delay), view_seat(viewer, len(game.names))
        super().__init__()
        self._game = game
        self._specs, self._default_bot, self._colors = specs, bot, colors
        self._kinds: list[str] = kinds
        self._bots: dict[int, Bot] = bots
        self._bot_delay = delay
        self._fixed_viewer = fixed_viewer
        self._teacher = bool(teacher)
        self._peek: tuple[int, int | None] | None = None
        self._show_pips = False
        self._version = 0
        self._fault: str | None = None
        self._undo = UndoStack()
        self._dice: list[tuple[int, int]] = []
        self._seen: tuple[object, int, int] = (None, -1, -1)
        self.on_msg(self._on_msg)
        self.board = board
        self._publish()
        self._start()

    @classmethod
    def play(
        cls,
        players: Sequence[str | Bot] = ("You", "bot", "bot", "bot"),
        *,
        seed: int | None = None,
        board: str | Board = "beginner",
        rules: Rules | None = None,
        bot: SeatSpec = "greedy",
        first: str | int | None = None,
        **options: Any,
    ) -> CatanWidget:
        """One line to a playable game: ``CatanWidget.play(["You", "bot", "bot", "bot"], seed=1)``.

        Each ``"bot"`` entry becomes a bot called "Bot 1", "Bot 2", ...; any other string is a
        human player's name (several names: hot-seat).  ``first`` names the starting player
        (a name or seat; drawn from the seed by default).  ``options`` go to the constructor
        (``bot_delay``, ``viewer``, ``teacher``, ``colors``).
        """
        names, seats = seat_list(players, bot)
        game = Game(players=names, seed=seed, board=board, rules=rules, first=first)
        return cls(game, seats, bot=bot, **options)

    # --- what users read and set ---------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The live game.  Assign another game with the same number of players to show it."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"CatanWidget needs a Game, got {type(game).__name__}")
        if len(game.names) != len(self._specs):
            raise ValueError(f"the widget has {len(self._specs)} seats; that game has {len(game.names)}")
        kinds, bots = resolve_seats(game, self._specs, self._default_bot)
        self._game, self._kinds, self._bots = game, kinds, bots
        self._undo = UndoStack()
        self._fault = None
        self.board = board_json(game, self._colors)
        self._publish()

    @property
    def humans(self) -> list[int]:
        """Seats played by humans at this screen."""
        return [i for i, kind in enumerate(self._kinds) if kind == HUMAN]

    @property
    def bot_delay(self) -> float:
        """Seconds between two bot moves."""
        return self._bot_delay

    @bot_delay.setter
    def bot_delay(self, seconds: float) -> None:
        self._bot_delay = delay_seconds(seconds)
        self._publish()

    @property
    def teacher(self) -> bool:
        """Teacher view: every hand and development card is shown."""
        return self._teacher

    @teacher.setter
    def teacher(self, on: bool) -> None:
        self._teacher = bool(on)
        self._peek = None
        self._publish()

    @property
    def viewer(self) -> int | None:
        """Whose hand is shown now: a seat, ``-1`` (every hand) or ``None`` (nobody's)."""
        return self._current_viewer()

    @viewer.setter
    def viewer(self, seat: int | None) -> None:
        self._fixed_viewer = view_seat(seat, len(self._game.names))
        self._peek = None
        self._publish()

    @property
    def bots_running(self) -> bool:
        """True while the background task plays the bots (there is a running event loop)."""
        return self._task is not None and not self._task.done()

    # --- actions from Python -----------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw from ``w.game`` now and resume bots paused by an error.

        Steps made with ``w.game.step(...)`` show up by themselves; call this after editing the
        game's state in place, or to redraw at once in plain Python.
        """
        self._fault = None
        self._undo.clear()
        self._publish()
        self._start()

    def advance_bots(self, max_moves: int = 10_000) -> int:
        """Play bot moves now, synchronously, until a human must act, the game ends or
        ``max_moves`` were made; returns how many were made.

        With a running event loop the bots move by themselves; this is for plain Python and tests.
        """
        self._sync()
        fault = self._fault
        moved = 0
        while moved < max_moves and self._bot_move():
            moved += 1
        if moved or self._fault != fault:
            self._publish()
        return moved

    def script_dice(self, *rolls: tuple[int, int]) -> None:
        """Decide the next rolls, in order, whoever rolls (for teaching): ``w.script_dice((3, 4))``."""
        for roll in rolls:
            ok = isinstance(roll, (tuple, list)) and len(roll) == 2
            if not ok or not all(type(d) is int and 1 <= d <= 6 for d in roll):
                raise ValueError(f"a scripted roll is a pair of dice 1..6 like (3, 4), got {roll!r}")
            self._dice.append((roll[0], roll[1]))

    def handle_message(self, msg: object) -> bool:
        """Handle one message from the front-end (what its ``model.send`` arrives at).

        Returns True when accepted.  A refused message changes nothing in the game, sets
        ``state.error`` to the reason in plain words and is logged on the ``catan_widget`` logger.
        """
        self._sync()
        try:
            intent = parse_intent(msg, version=self._version, game=self._game, humans=self.humans)
            if intent.kind == "act":
                assert intent.action is not None
                self._act(intent.action)
            elif intent.kind == "undo":
                self._take_back()
            elif intent.kind == "set_view":
                self._peek = None if intent.seat is None else (intent.seat, self._acting_human())
            elif intent.kind == "toggle_pips":
                self._show_pips = not self._show_pips
            elif intent.kind == "set_bot_delay":
                assert intent.seconds is not None
                self._bot_delay = intent.seconds
        except IntentError as exc:
            logger.log(
                exc.level, "Refused a message from the front-end: %s (message: %s)", exc, short(msg, 200)
            )
            self._publish(error=str(exc))
            return False
        self._publish()
        return True

    def close(self) -> None:
        """Stop the bots' task and close the widget."""
        self._closed = True
        task = getattr(self, "_task", None)
        if task is not None:
            task.cancel()
            self._task = None
        super().close()

    # --- internals -----------------------------------------------------------------------------
    def _on_msg(self, _widget: object, content: object, _buffers: object) -> None:
        try:
            self.handle_message(content)
        except Exception as exc:  # a comm handler must never raise into the kernel
            logger.exception("catan_widget: error while handling a message")
            self._publish(error=f"Internal error: {exc!r}")

    def _acting_human(self) -> int | None:
        g = self._game
        current = g.state.current
        return current if self._kinds[current] == HUMAN and not g.is_over else None

    def _current_viewer(self) -> int | None:
        if self._peek is not None:
            return self._peek[0]
        if self._fixed_viewer is not None:
            return self._fixed_viewer
        humans = self.humans
        if self._teacher or not humans or self._game.is_over:
            return TEACHER
        if len(humans) == 1:
            return humans[0]
        return self._acting_human()

    def _expire_peek(self) -> None:
        """In hot-seat, a view chosen by one human ends when another human must act."""
        if self._peek is None or len(self.humans) < 2:
            return
        acting = self._acting_human()
        if acting is not None and acting != self._peek[1]:
            self._peek = None

    def _publish(self, error: str | None = None) -> None:
        """Send a new ``state`` and ``legal`` (one version) to the front-end."""
        self._version += 1
        self._expire_peek()
        g, acting = self._game, self._acting_human()
        state = state_json(
            g,
            self._current_viewer(),
            self._kinds,
            version=self._version,
            error=error or self._fault,
            bot_delay=self._bot_delay,
            show_pips=self._show_pips,
        )
        legal = legal_json(
            g,
            acting,
            version=self._version,
            undo=self._undo.can_undo(acting),
            undo_reason=self._undo.reason(acting),
        )
        with self.hold_sync():
            self.state = state
            self.legal = legal
        self._seen = self._fingerprint()

    def _fingerprint(self) -> tuple[object, int, int]:
        g = self._game
        return (g.state, len(g.history), len(g.events))

    def _sync(self) -> bool:
        """Redraw if the game moved behind the widget's back (a cell stepped ``w.game``)."""
        seen, now = self._seen, self._fingerprint()
        if seen[0] is now[0] and seen[1:] == now[1:]:
            return False
        self._undo.clear()
        self._publish()
        return True

    def _step(self, action: Action) -> None:
        """``game.step`` with the next scripted roll, if any."""
        dice = self._dice[0] if self._dice and isinstance(action, RollDice) else None
        self._game.step(action, dice=dice)
        if dice is not None:
            self._dice.pop(0)

    def _act(self, action: Action) -> None:
        g = self._game
        seat, before = g.state.current, g.fork()
        try:
            self._step(action)
        except IllegalActionError as exc:
            raise IntentError(str(exc), logging.INFO) from exc
        self._undo.record(seat, before, action)

    def _take_back(self) -> None:
        acting = self._acting_human()
        if not self._undo.can_undo(acting):
            raise IntentError(self._undo.reason(acting), logging.INFO)
        self._game.restore(self._undo.pop())

    def _bot_seat(self) -> int | None:
        g = self._game
        if g.is_over or self._fault is not None:
            return None
        current = g.state.current
        return current if current in self._bots else None

    def _bot_move(self) -> bool:
        """One bot move, if a bot must act; False when none did (or the bot failed)."""
        seat = self._bot_seat()
        if seat is None:
            return False
        g = self._game
        name = g.names[seat]
        try:
            action = self._bots[seat].choose(g.fork())
        except Exception as exc:
            return self._bot_failed(f"The bot playing {name} failed: {exc!r}.", exc)
        try:
            self._step(action)
        except Exception as exc:
            return self._bot_failed(
                f"The bot playing {name} chose an illegal move ({short(action)}): {exc}", exc
            )
        self._undo.clear()
        return True

    def _bot_failed(self, text: str, exc: BaseException) -> bool:
        self._fault = f"{text} Bots are paused: fix the bot, then call refresh()."
        logger.error("%s", text, exc_info=exc)
        return False

    def _start(self) -> None:
        """Start the bots' task on the running event loop, if there is one."""
        if self._closed or self.bots_running:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._task = loop.create_task(self._run())
        self._task.add_done_callback(self._task_done)

    async def _run(self) -> None:
        """Play the bots with a pause between moves; redraw when a cell moved the game."""
        while True:
            self._sync()
            if self._bot_seat() is None:
                await asyncio.sleep(POLL_SECONDS)
                continue
            await asyncio.sleep(self._bot_delay)
            self._sync()
            fault = self._fault
            if self._bot_move() or self._fault != fault:
                self._publish()

    def _task_done(self, task: asyncio.Task[None]) -> None:
        if task.cancelled():
            return
        exc = task.exception()
        if exc is None:
            return
        logger.error("catan_widget: the bots' task stopped", exc_info=exc)
        self._fault = f"The bots stopped after an error: {exc!r}. Call refresh() to restart them."
        self._publish()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        self._sync()
        self._start()
        return super()._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        g = self._game
        seats = ", ".join(f"{n} ({k})" for n, k in zip(g.names, self._kinds))
        return f"<CatanWidget {seats}; turn {g.turn}, {g.phase}>"
