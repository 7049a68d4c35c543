"""``CatanWidget``: the board in a notebook — traits down, intents up, bots on a timer.

How the pieces move:

* Python → front-end: ``board`` (static, once per game), ``state`` and ``legal`` (rebuilt by
  :meth:`CatanWidget._publish` after every change, with a new ``version``), all read-only for
  the front-end.
* Settings are traits both sides may set, validated on the way in (:mod:`.settings`).
* ``language``, the reader's (a setting): every text Python puts in the view is worded in it;
  ``words`` (Python → front-end, sent only when the language changes) holds the front-end's own
  messages in it (:mod:`.words`).  Changing it rewords the view; the game is not touched.
* front-end → Python: one custom message type carrying moves only, validated by
  :func:`.protocol.parse_intent` and applied with ``Game.step`` (the engine is the only judge).
* The widget observes its game (``Game.subscribe``): every change — a click, a bot's move, a
  take-back, a cell stepping ``w.game`` — reaches it the same way and redraws the board at once.
  Bots play on an asyncio task only while a bot must move (:mod:`.runner`); without a running
  loop (plain Python, tests) call :meth:`advance_bots`.

The widget holds the traits (traitlets and anywidget sync live there) and wires its parts, plain
objects each given what it needs: seats, clicks, intents, the bot runner, replay, hints, settings,
undo, scripted dice and the publisher that builds each update (one module each).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

import anywidget
import traitlets

from ..bots import LEVELS
from ..engine import Game, Rules
from ..engine.board.layouts import Board
from ..engine.language import Words, resolve, tr
from ..engine.registry import Bot, Hint, error_text
from . import assets
from .clicks import Clicks
from .dice import ScriptedDice
from .hints import HINT_BUDGET, Hints, level_of
from .intents import Intents
from .join import JoinWidget
from .offers import OFFER_TIMEOUT, Offers
from .protocol import delay_seconds, offer_seconds, view_seat
from .publish import Publisher
from .rematch import rematch
from .replay import Replay
from .reviewing import Reviews
from .runner import BotRunner, bot_interrupted
from .seats import Seats, SeatSpec, seat_list
from .settings import SETTINGS, Settings, logger
from .undo import UndoStack
from .view import board_json
from .watch import copy_to_replay, weak_observer
from .words import words_table

__all__ = ["CatanWidget", "bot_interrupted"]

_W = TypeVar("_W", bound="CatanWidget")


class CatanWidget(anywidget.AnyWidget):
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
        compact: the board alone, about 500 px tall (the rules tour's positions); it answers clicks.
        offer_timeout: seconds a human has to answer a trade offer before it is declined for
            them (``None``: no countdown; none in a teacher's view).  An offer a human cannot
            accept is declined for them at once, saying why.
        language: the reader's language (``"ru"``, ``"uk"``, ``"pl"``, ``"en"``, ``"en-XA"``;
            None: the process's, :func:`catan_widget.set_language`); ``w.language = "ru"``
            rewords the board at once.  ValueError for a language there is no catalogue for.
    """

    _esm = assets.bundle_text()
    _css = assets.styles_text()

    board = traitlets.Dict().tag(sync=True)
    state = traitlets.Dict().tag(sync=True)
    legal = traitlets.Dict().tag(sync=True)
    timeline = traitlets.Dict().tag(sync=True)
    summary = traitlets.Dict().tag(sync=True)
    hint = traitlets.Dict().tag(sync=True)
    review = traitlets.Dict().tag(sync=True)  # the finished game's review (see reviewing.py)
    # the settings (see settings.py): the front-end may set these and nothing else
    bot_delay = traitlets.Float(0.6).tag(sync=True)
    view = traitlets.Int(None, allow_none=True).tag(sync=True)
    show_pips = traitlets.Bool(False).tag(sync=True)
    theme = traitlets.Unicode("auto").tag(sync=True)
    bots_paused = traitlets.Bool(False).tag(sync=True)
    show_ids = traitlets.Bool(False).tag(sync=True)
    compact = traitlets.Bool(False).tag(sync=True)  # set from Python only (not a setting)
    show_counting = traitlets.Bool(False).tag(sync=True)
    replay_at = traitlets.Int(None, allow_none=True).tag(sync=True)
    ready_seat = traitlets.Int(None, allow_none=True).tag(sync=True)
    hint_request = traitlets.Int(0).tag(sync=True)
    bot_level = traitlets.Unicode("normal").tag(sync=True)
    language = traitlets.Unicode("en").tag(sync=True)
    words = traitlets.Dict().tag(sync=True)  # the front-end's messages: sent when language changes

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
        compact: bool = False,
        offer_timeout: float | None = OFFER_TIMEOUT,
        language: str | None = None,
    ) -> None:
        game = game if game is not None else Game()
        if not isinstance(game, Game):
            raise TypeError(f"CatanWidget needs a Game, got {type(game).__name__}")
        lang = resolve(language)
        self._ready = self._closed = False  # _ready: built (the traits' observers act from then on)
        self._game = game
        self._seats = Seats(game, seats, bot, teacher=teacher)
        self._clicks = Clicks()
        self._undo = UndoStack()
        self._dice = ScriptedDice()
        self._replay = Replay(self)
        self._settings = Settings(self, self._seats, self._replay)
        self._hints = Hints(self)
        self._reviews = Reviews(self)
        self._offers = Offers(self, self._seats, offer_seconds(offer_timeout))
        self._runner = BotRunner(self, self._seats, self._dice, self._offers)
        parts = (self._seats, self._clicks, self._undo, self._dice, self._runner, self._reviews)
        self._intents = Intents(self, *parts)
        self._publisher = Publisher(self, self._seats, self._replay, self._undo, self._clicks, self._runner)
        board = board_json(game, colors, lang)
        delay, view = delay_seconds(bot_delay), view_seat(viewer, len(game.names))
        ids, level = bool(show_ids), level_of(bot)
        super().__init__(
            bot_delay=delay,
            view=view,
            show_ids=ids,
            compact=bool(compact),
            bot_level=level,
            language=lang,
            words=words_table(lang),
        )
        self._colors = None if colors is None else tuple(p["color"] for p in board["players"])
        self._watch = weak_observer(self, CatanWidget._game_changed)
        game.subscribe(self._watch)
        self.on_msg(self._on_msg)
        self.board = board
        self._seats.shown_seat = self._acting_human()
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
        (``bot_delay``, ``viewer``, ``teacher``, ``colors``, ``language``).
        """
        names, seats = seat_list(players, bot)
        game = Game(players=names, seed=seed, board=board, rules=rules, first=first)
        return cls(game, seats, bot=bot, **options)

    @classmethod
    def replay(
        cls: type[_W],
        game_or_save: Game | str,
        *,
        at: int | None = None,
        viewer: int | None = None,
        show_ids: bool = False,
        colors: Sequence[str] | None = None,
        language: str | None = None,
    ) -> _W:
        """Watch a finished or loaded game again, with a timeline (``replay_at``; see :mod:`.replay`).

        ``game_or_save``: a :class:`Game` or a save (``game.to_json()`` text).  The widget shows
        a copy: the game given is never changed, and no move can be made.  ``at``: the position
        to start from (0 = the start; the end by default); ``viewer``: a seat's view, or the
        teacher's (every hand) by default; ``language``: the reader's (see the constructor).
        """
        game = copy_to_replay(game_or_save)
        w = cls(game, None, teacher=viewer is None, show_ids=show_ids, colors=colors, language=language)
        w._replay.only = True
        w.replay_at = len(game.history) if at is None else at
        if viewer is not None:
            w.view = viewer
        return w

    @classmethod
    def join(cls, link: str) -> JoinWidget:
        """A seat at a table hosted elsewhere, from its link (``http://HOST:PORT/t/<table>#k=<token>``):
        a widget whose front-end plays over the table's WebSocket, in any kernel (:mod:`.join`).
        """
        return JoinWidget(link)

    # --- the traits: checked by the settings part, acted on here -----------------------------
    @traitlets.validate(*SETTINGS)
    def _valid_setting(self, proposal: Any) -> Any:
        return self._settings.check(proposal["trait"].name, proposal["value"])

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Take settings from the front-end; anything else it tries to set is refused, and a
        refused value is logged, shown, and sent back as it was.
        """
        self._settings.take(sync_data, super().set_state)

    @traitlets.validate("state")
    def _valid_state(self, proposal: Any) -> Any:
        """The offer's countdown joins the state on its way out (``state.trade.expires_in``)."""
        return self._runner.with_countdown(proposal["value"])

    @traitlets.observe("view", "show_pips", "theme", "show_counting", "replay_at")
    def _setting_changed(self, change: Any) -> None:
        if self._ready:
            if change["name"] == "view":
                self._seats.viewed_by = self._acting_human()
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
            self._seats.shown_seat = seat
        self.ready_seat = None  # ready for the next hand-over (the front-end is told)
        self._publish()

    @traitlets.observe("bot_delay", "bots_paused")
    def _bots_setting_changed(self, change: Any) -> None:
        if change["name"] == "bots_paused" and not change["new"]:
            self._runner.fault = None
            if self._ready:
                self._publish()
        if self._ready:
            self._start()

    @traitlets.observe("hint_request")
    def _hint_requested(self, _change: Any) -> None:
        if self._ready:
            self._hints.requested()

    @traitlets.observe("language")
    def _language_changed(self, change: Any) -> None:
        """Reword the view: the front-end's words, the board's, the hint's and every update's."""
        if self._ready:
            with self.hold_sync():
                self.words = words_table(change["new"])
                self.board = board_json(self._game, self._colors, change["new"])
                self._hints.reword()
                self._reviews.reword()
                self._publish()

    @traitlets.observe("bot_level")
    def _level_changed(self, change: Any) -> None:
        if self._ready and change["new"]:
            self._seats.set_bot(self._game, LEVELS[change["new"]])
            self._publish()
            self._start()

    # --- what users read and set ---------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The live game.  Assign another game with the same number of players to show it."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"CatanWidget needs a Game, got {type(game).__name__}")
        self._seats.bind(game)
        self._game.unsubscribe(self._watch)
        self._game = game
        game.subscribe(self._watch)
        self._undo.reset()
        self._runner.reset()
        self._clicks.reset()
        self.board = board_json(game, self._colors, self.language)
        self._publish()
        self._start()

    @property
    def humans(self) -> list[int]:
        """Seats played by humans at this screen."""
        return self._seats.humans

    @property
    def teacher(self) -> bool:
        """Teacher view: every hand and development card is shown."""
        return self._seats.teacher

    @teacher.setter
    def teacher(self, on: bool) -> None:
        self._seats.teacher = bool(on)
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
    def offer_timeout(self) -> float | None:
        """Seconds a human has to answer a trade offer before it is declined for them (None: no
        countdown).  A teacher's view has none whatever this says.
        """
        return self._offers.timeout

    @offer_timeout.setter
    def offer_timeout(self, seconds: float | None) -> None:
        self._offers.timeout = offer_seconds(seconds)
        self._publish()
        self._start()

    @property
    def bots_running(self) -> bool:
        """True while the bots' task is alive (a bot must move and an event loop runs)."""
        return self._runner.running

    @property
    def closed(self) -> bool:
        """True once :meth:`close` was called: the widget refuses messages and bot moves."""
        return self._closed

    # --- actions from Python -----------------------------------------------------------------
    def handle_message(self, msg: object) -> bool:
        """Handle one message from the front-end (what its ``model.send`` arrives at).

        Returns True when accepted.  A refused message changes nothing in the game, sets
        ``state.error`` to the reason in plain words and is logged on the ``catan_widget`` logger.
        A message made on an older view of the game is forgiven when it can be (:mod:`.clicks`):
        a repeat of a move just made is dropped silently (False, no error).
        """
        return self._intents.handle(msg)

    def show_hint(self, budget: float = HINT_BUDGET) -> Hint | None:
        """Ask for the acting human's best move and show it on the board (None: no human acts,
        or a search is already under way and will answer).  ``budget``: the search work (see
        :data:`HINT_BUDGET`).  A hint for the position of the last one is that hint again.
        """
        return self._hints.show(budget)

    def refresh(self) -> None:
        """Redraw from ``w.game`` now and resume bots paused by an error.

        Steps made with ``w.game.step(...)`` show up by themselves; call this after editing the
        game's state in place (or call ``w.game.changed()``).
        """
        self._require_open()
        self._runner.reset()
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
        return self._runner.advance(max_moves)

    def new_game(self) -> Game:
        """Start and show the next game at this table, seeded from this one's (:mod:`.rematch`)."""
        self._require_open()
        self.game = rematch(self._game)
        return self._game

    def script_dice(self, *rolls: tuple[int, int]) -> None:
        """Decide the next rolls, in order, whoever rolls (for teaching): ``w.script_dice((3, 4))``."""
        self._dice.add(*rolls)

    def bot_delay_now(self) -> float | None:
        """Seconds before the next bot move, or None when no bot may move now."""
        return self._runner.delay_now()

    def play_one_bot_move(self) -> None:
        """One bot move; a bot that fails (any exception) pauses the bots with a visible message."""
        self._runner.play_one()

    def close(self) -> None:
        """Stop the bots' task, stop observing the game and close the widget."""
        self._closed = True
        game = getattr(self, "_game", None)
        if game is not None and hasattr(self, "_watch"):
            game.unsubscribe(self._watch)
        runner = getattr(self, "_runner", None)
        if runner is not None:
            runner.stop()
        super().close()

    # --- the game tells the widget -------------------------------------------------------------
    def _game_changed(self, game: Game) -> None:
        """The observer (on the thread that stepped the game, after its step): draw the change."""
        with self._publisher.drawing:
            if self._closed:
                return
            self._clicks.moved()
            self._undo.game_changed(game)
            self._runner.game_changed()
            self._reviews.game_changed()
            self._publish()
            self._start()

    def _on_msg(self, _widget: object, content: object, _buffers: object) -> None:
        try:
            self.handle_message(content)
        except Exception as exc:  # a comm handler must never raise into the kernel
            logger.exception("catan_widget: error while handling a message")
            # TRANSLATORS: {error} is a program's error message, in English
            self._publish(error=tr("Internal error: {error}", error=error_text(exc)))

    def _start(self) -> None:
        self._runner.start()

    def _require_open(self) -> None:
        if self._closed:
            raise RuntimeError("This CatanWidget is closed: make a new one to go on playing.")

    # --- what a publish reads (see .publish) ------------------------------------------------
    _kinds = property(lambda self: self._seats.kinds, doc="The kind of each seat (human, bot).")
    _version = property(lambda self: self._publisher.version, doc="The newest ``state.version``.")

    def _acting_human(self) -> int | None:
        return self._publisher.acting_human()

    def _handover(self) -> int | None:
        """In hot-seat, the human who must act next but has not taken the screen yet."""
        return self._publisher.handover()

    def _current_viewer(self) -> int | None:
        return self._publisher.current_viewer()

    def _publish(self, error: Words | None = None) -> None:
        """Send a new ``state`` and ``legal`` (one version) to the front-end, in its language."""
        self._publisher.publish(error)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        self._start()
        return super()._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        g = self._game
        seats = ", ".join(f"{n} ({k})" for n, k in zip(g.names, self._kinds))
        return f"<CatanWidget {seats}; turn {g.turn}, {g.phase}>"
