"""``CatanWidget``: the board in a notebook — traits down, intents up, bots on a timer.

How the pieces move:

* Python → front-end: ``board`` (static, once per game), ``state`` and ``legal`` (rebuilt by
  :meth:`CatanWidget._publish` after every change, with a new ``version``), all read-only for
  the front-end.
* Settings are traits both sides may set, validated on the way in: ``bot_delay``, ``view``,
  ``show_pips``, ``theme`` and ``bots_paused``.
* front-end → Python: one custom message type carrying moves only, validated by
  :func:`.protocol.parse_intent` and applied with ``Game.step`` (the engine is the only judge).
* The widget observes its game (``Game.subscribe``): a cell that steps ``w.game`` redraws the
  board at once.  Bots play on an asyncio task that exists only while a bot must move
  (:mod:`.runner`); without a running loop (plain Python, tests) call :meth:`advance_bots`.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..engine import Game, Rules
from ..engine.board import Board
from ..engine.events import TEACHER
from ..engine.registry import Bot, error_text
from . import runner
from .clicks import Clicks
from .hints import Hints, level_of
from .intents import Intents
from .protocol import delay_seconds, short, view_seat
from .replay import Replay, counting_json
from .seats import HUMAN, SeatSpec, resolve_seats, seat_list, seat_specs
from .settings import Settings, logger
from .undo import UndoStack
from .view import board_json, legal_json, state_json

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


INTERRUPTED = (
    "Interrupted while the bot playing {name} moved: the bots are paused, and the game is whole. "
    "Resume the bots to go on."
)
"""What the widget shows after a kernel interrupt stopped a bot's move (``name``: its seat)."""


def _task_done(ref: weakref.ref[CatanWidget], task: asyncio.Task[None]) -> None:
    """The bots' task ended: an error it raised pauses the bots visibly (held weakly)."""
    w = ref()
    if w is None or task.cancelled() or task.exception() is None:
        return
    exc = task.exception()
    assert exc is not None
    w._bot_failed(f"The bots stopped after an error: {error_text(exc)}.", exc)


def _observer(widget: CatanWidget) -> Callable[[Game], None]:
    """A game observer that holds the widget weakly (and drops itself once it is gone)."""
    ref = weakref.ref(widget)

    def changed(game: Game) -> None:
        w = ref()
        if w is None:
            game.unsubscribe(changed)
        else:
            w._game_changed(game)

    return changed


class CatanWidget(Intents, Replay, Hints, Settings, anywidget.AnyWidget):
    """The Catan board for a :class:`Game`, playable by clicking.

    Args:
        game: the game to show and play (a fresh 4-player game when ``None``).  ``w.game`` is
            that very object: stepping it from a cell updates the board.
        seats: who plays each seat — a dict by player name (``{"Ada": "human", "Bo": "bot"}``;
            players left out are human), or a list by seat.  A seat is ``"human"``, ``"bot"``
            (the ``bot`` kind), a registered bot name (``"greedy"``, ``"random"``) or any object
            with ``choose(observation) -> Action``.  ``None``: every seat human (hot-seat).
        bot_delay: seconds between two bot moves, so humans can follow.
        viewer: whose hand to show: a seat, ``-1`` (teacher: every hand) or ``None`` (automatic:
            the single human, or in hot-seat the human who must act now; everything when only
            bots play or the game is over).
        teacher: show every hand and card (a teacher's view of the table).
        bot: the kind of bot behind ``"bot"`` seats.
        colors: the players' colours by seat, each its own: CSS colours of a whitelist grammar
            (``"#0072B2"``, ``"rgb(0, 114, 178)"``, ``"hsl(202, 100%, 35%)"``, ``"teal"``: see
            :mod:`catan_widget.widget.colors`; anything else is a ValueError); Okabe–Ito by default.
        show_ids: write the ids the API uses on the board (hexes, corners, paths).
    """

    # Text, not paths: anywidget watches a path for changes with a callback that holds every
    # widget, so no widget would ever be collected.
    _esm = _BUNDLE.read_text(encoding="utf-8") if _BUNDLE.is_file() else _MISSING_BUNDLE
    _css = _STYLES.read_text(encoding="utf-8") if _STYLES.is_file() else ""

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
        show_ids: bool = False,
    ) -> None:
        game = game if game is not None else Game()
        if not isinstance(game, Game):
            raise TypeError(f"CatanWidget needs a Game, got {type(game).__name__}")
        self._task: asyncio.Task[None] | None = None
        self._clicks = Clicks()
        self._closed = False
        self._ready = False
        specs = seat_specs(game, seats)
        kinds, bots = resolve_seats(game, specs, bot)
        board = board_json(game, colors)
        delay, view = delay_seconds(bot_delay), view_seat(viewer, len(game.names))
        self._game = game
        super().__init__(bot_delay=delay, view=view, show_ids=bool(show_ids), bot_level=level_of(bot))
        self._specs, self._default_bot = specs, bot
        self._colors = None if colors is None else tuple(p["color"] for p in board["players"])
        self._kinds: list[str] = kinds
        self._bots: dict[int, Bot] = bots
        self._teacher = bool(teacher)
        self._viewed_by: int | None = None
        self._shown_seat: int | None = None  # hot-seat: the human who last took the screen
        self._version = 0
        self._fault: str | None = None
        self._busy = False
        self._undo = UndoStack()
        self._dice: list[tuple[int, int]] = []
        self._watch = _observer(self)
        game.subscribe(self._watch)
        self.on_msg(self._on_msg)
        self.board = board
        self._shown_seat = self._acting_human()
        self._ready = True
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

    @traitlets.observe("view", "show_pips", "theme", "show_counting", "replay_at")
    def _setting_changed(self, change: Any) -> None:
        if self._ready:
            if change["name"] == "view":
                self._viewed_by = self._acting_human()
            self._publish()
            if change["name"] == "replay_at" and change["new"] is None:
                self._start()

    @traitlets.observe("ready_seat")
    def _ready_seat_changed(self, change: Any) -> None:
        """Hot-seat hand-over: the human who must act took the screen (a stale seat is ignored)."""
        seat = change["new"]
        if seat is None or not self._ready:
            return
        if seat == self._handover():
            self._shown_seat = seat
        self._ready = False
        self.ready_seat = None  # ready for the next hand-over (the front-end is told)
        self._ready = True
        self._publish()

    @traitlets.observe("bot_delay", "bots_paused")
    def _bots_setting_changed(self, change: Any) -> None:
        if change["name"] == "bots_paused" and not change["new"]:
            self._fault = None
            if self._ready:
                self._publish()
        if self._ready:
            self._start()

    def _resolve_bots(self) -> None:
        """Make the bots again from the seat specs (after the bot level changed)."""
        self._kinds, self._bots = resolve_seats(self._game, self._specs, self._default_bot)

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
        self._game.unsubscribe(self._watch)
        self._game, self._kinds, self._bots = game, kinds, bots
        game.subscribe(self._watch)
        self._undo = UndoStack()
        self._fault = None
        self._clicks.reset()
        self._shown_seat = self._acting_human()
        self.board = board_json(game, self._colors)
        self._publish()
        self._start()

    @property
    def humans(self) -> list[int]:
        """Seats played by humans at this screen."""
        return [i for i, kind in enumerate(self._kinds) if kind == HUMAN]

    @property
    def teacher(self) -> bool:
        """Teacher view: every hand and development card is shown."""
        return self._teacher

    @teacher.setter
    def teacher(self, on: bool) -> None:
        self._teacher = bool(on)
        self.view = None
        self._publish()

    @property
    def viewer(self) -> int | None:
        """Whose hand is shown now: a seat, ``-1`` (every hand) or ``None`` (nobody's)."""
        return self._current_viewer()

    @viewer.setter
    def viewer(self, seat: int | None) -> None:
        self.view = seat

    @property
    def bots_running(self) -> bool:
        """True while the bots' task is alive (a bot must move and an event loop runs)."""
        return self._task is not None and not self._task.done()

    @property
    def closed(self) -> bool:
        """True once :meth:`close` was called: the widget refuses messages and bot moves."""
        return self._closed

    # --- actions from Python -----------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw from ``w.game`` now and resume bots paused by an error.

        Steps made with ``w.game.step(...)`` show up by themselves; call this after editing the
        game's state in place (or call ``w.game.changed()``).
        """
        self._require_open()
        self._fault = None
        self._undo.clear()
        self._clicks.reset()
        self.bots_paused = False
        self._publish()
        self._start()

    def resume(self) -> None:
        """Resume the bots after they were paused by an error (the same as :meth:`refresh`)."""
        self.refresh()

    def advance_bots(self, max_moves: int = 10_000) -> int:
        """Play bot moves now, synchronously, until a human must act, the game ends, the bots
        are paused or ``max_moves`` were made; returns how many were made.

        With a running event loop the bots move by themselves; this is for plain Python and tests.
        """
        self._require_open()
        moved = 0
        while moved < max_moves and self.bot_delay_now() is not None:
            before = len(self._game.history)
            self.play_one_bot_move()
            if len(self._game.history) == before:
                break
            moved += 1
        return moved

    def script_dice(self, *rolls: tuple[int, int]) -> None:
        """Decide the next rolls, in order, whoever rolls (for teaching): ``w.script_dice((3, 4))``."""
        for roll in rolls:
            ok = isinstance(roll, (tuple, list)) and len(roll) == 2
            if not ok or not all(type(d) is int and 1 <= d <= 6 for d in roll):
                raise ValueError(f"a scripted roll is a pair of dice 1..6 like (3, 4), got {roll!r}")
            self._dice.append((roll[0], roll[1]))

    def close(self) -> None:
        """Stop the bots' task, stop observing the game and close the widget."""
        self._closed = True
        game = getattr(self, "_game", None)
        if game is not None and hasattr(self, "_watch"):
            game.unsubscribe(self._watch)
        task = getattr(self, "_task", None)
        if task is not None:
            task.cancel()
            self._task = None
        super().close()

    # --- the bots (see runner.py) ----------------------------------------------------------------
    def bot_delay_now(self) -> float | None:
        """Seconds before the next bot move, or None when no bot may move now."""
        g = self._game
        if self._closed or self._fault is not None or self.bots_paused or g.is_over or self._replaying():
            return None
        return self.bot_delay if g.current_seat in self._bots else None

    def play_one_bot_move(self) -> None:
        """One bot move; a bot that fails (any exception) pauses the bots with a visible message."""
        seat = self._game.current_seat
        g, name = self._game, self._game.names[seat]
        try:
            action = self._bots[seat].choose(g.observe(seat))
        except KeyboardInterrupt:
            self._interrupted(name)
            return
        except BaseException as exc:
            self._bot_failed(f"The bot playing {name} failed: {error_text(exc)}.", exc)
            return
        if self._closed or g is not self._game:
            return  # closed (or given another game) while the bot was thinking: drop the move
        try:
            self._busy = True
            self._step(action)  # all or nothing, an interrupt included
        except KeyboardInterrupt:
            self._interrupted(name)
            return
        except BaseException as exc:
            self._bot_failed(
                f"The bot playing {name} chose an illegal move ({short(action)}): "
                f"{error_text(exc, 300, kind=False)}",
                exc,
            )
            return
        finally:
            self._busy = False
        self._clicks.moved()
        self._undo.clear()
        self._publish()

    def _interrupted(self, name: str) -> None:
        """A kernel interrupt during the move of the bot playing ``name``: the move was made
        whole or not at all, and the bots pause until resumed (as an interrupt stops a cell).
        """
        self._fault = INTERRUPTED.format(name=name)
        logger.info("%s", self._fault)
        self.bots_paused = True
        self._publish()

    def _bot_failed(self, text: str, exc: BaseException) -> None:
        self._fault = f"{text} The bots are paused: fix the bot, then resume them."
        logger.error("%s", text, exc_info=exc)
        self.bots_paused = True
        self._publish()

    def _start(self) -> None:
        if not self._closed:
            self._task = runner.start(self, self._task)
            if self._task is not None:
                ref = weakref.ref(self)
                self._task.add_done_callback(lambda task: _task_done(ref, task))

    # --- internals -----------------------------------------------------------------------------
    def _require_open(self) -> None:
        if self._closed:
            raise RuntimeError("This CatanWidget is closed: make a new one to go on playing.")

    def _game_changed(self, game: Game) -> None:
        """The observer: a cell (or anything but this widget) changed the game."""
        if self._busy or self._closed:
            return
        self._clicks.moved()
        self._undo.clear()
        self._publish()
        self._start()

    def _acting_human(self) -> int | None:
        g = self._game
        current = g.current_seat
        return current if self._kinds[current] == HUMAN and not g.is_over else None

    def _current_viewer(self) -> int | None:
        if self.view is not None:
            return self.view
        humans = self.humans
        if self._teacher or not humans or self._game.is_over:
            return TEACHER
        if len(humans) == 1:
            return humans[0]
        if self._handover() is not None:
            return None  # nobody's hand until the next human takes the screen
        return self._acting_human()

    def _handover(self) -> int | None:
        """In hot-seat, the human who must act next but has not taken the screen yet (every hand
        is hidden and no move is taken until the front-end sets ``ready_seat`` to that seat).
        """
        if self._teacher or self.view is not None or len(self.humans) < 2 or self._replaying():
            return None
        acting = self._acting_human()
        return None if acting is None or acting == self._shown_seat else acting

    def _expire_view(self) -> None:
        """In hot-seat, a view picked by one human ends when another human must act."""
        if self.view is None or len(self.humans) < 2:
            return
        acting = self._acting_human()
        if acting is not None and acting != self._viewed_by:
            self._ready = False
            self.view = None
            self._ready = True

    def _publish(self, error: str | None = None) -> None:
        """Send a new ``state`` and ``legal`` (one version) to the front-end."""
        self._version += 1
        if not self._replaying():  # a replay is watched: no hand-over between seats
            self._expire_view()
        handover = self._handover()
        g, acting = self._shown(), None if self._replaying() or handover is not None else self._acting_human()
        viewer = self._current_viewer()
        humans = self.humans
        marks_seat = next(
            (s for s in (handover, acting) if s is not None), humans[0] if len(humans) == 1 else None
        )
        state = state_json(
            g, viewer, self._kinds, version=self._version, error=error or self._fault, marks_seat=marks_seat
        )
        state["handover"] = None if handover is None else {"seat": handover, "name": g.names[handover]}
        if self.show_counting and viewer is not None and viewer >= 0:
            counting_json(g.observe(viewer, legal=False), state["players"])
        legal = legal_json(
            g,
            acting,
            version=self._version,
            undo=self._undo.can_undo(acting),
            undo_reason=self._undo.reason(acting),
        )
        self._clicks.published(self._version, legal["seat"])
        with self.hold_sync():
            self._refresh_replay_traits()
            self.state = state
            self.legal = legal

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        self._start()
        return super()._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        g = self._game
        seats = ", ".join(f"{n} ({k})" for n, k in zip(g.names, self._kinds))
        return f"<CatanWidget {seats}; turn {g.turn}, {g.phase}>"
