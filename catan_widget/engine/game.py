"""``Game``: the notebook-facing object that owns one game of Catan."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .actions import Action
from .board.layouts import Board, seeded_board
from .board.topology import EXTENSION
from .constants import RESOURCES
from .errors import IllegalActionError, Refusal
from .knowledge.counting import Baseline, CardCounter
from .knowledge.determinize import register_game
from .knowledge.observation import Observation, Seen
from .knowledge.prompts import prompt, round_number
from .knowledge.reads import counter_of, listed, observe_game, read_whole
from .language import resolve, tr
from .names import check_names, seat_of
from .options import Rules, check_seed
from .phases import GAME_OVER
from .players import PlayerView
from .registry import BotSpec, Hint, hint_for, make_bots
from .rng import Rng
from .rules import atomic
from .rules.apply import Move
from .rules.atomic import turn
from .rules.autoplay import play_bots
from .rules.chance import Chance
from .rules.events import Events
from .rules.trade import maritime_rates, open_kinds
from .saves.format import Saved, game_from_json, game_to_json
from .saves.staging import stage, staged_origin, too_close
from .state import State, fresh_state
from .viewer import ALL_SEEING, ONLOOKER, Viewer, check_viewer
from .words.log import describe
from .words.reasons import seat_refusal, seat_refusals, waiting

Observer = Callable[["Game"], None]
"""A callback told after every change of a game (a step, a staged position, a restore)."""


class Game:
    """One game of Catan: the base game for 3 or 4 players, the 5–6 player extension for 5 or 6
    (its 30-hex board, bank of 24 per resource and deck of 34).

    Args:
        players: 3 to 6 distinct names, in seating (clockwise) order: visible text of at most 24
            characters, spaces around trimmed (:func:`.names.check_names` says why one is refused).
        seed: decides the board (when random), the starting player, the deck, the dice and
            steals; ``None`` draws a fresh seed (kept in ``game.seed``).
        board: ``"beginner"`` (the printed starting map; for 5–6 players our own balanced map),
            ``"random"``, or a :class:`Board` (of 30 hexes for 5–6 players, of 19 for 3–4).
        rules: house options (:class:`Rules`).
        first: the starting player (name or seat); drawn from the seed when ``None``.
    """

    def __init__(
        self,
        players: Sequence[str] = ("Ada", "Bo", "Cy", "Di"),
        seed: int | None = None,
        board: str | Board = "beginner",
        rules: Rules | None = None,
        first: str | int | None = None,
    ) -> None:
        names = list(players)
        if not 3 <= len(names) <= 6:
            raise ValueError("The game is for 3 to 6 players (5 and 6 play the extension).")
        names = check_names(names)  # visible, at most 24 characters, distinct; trimmed
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        if type(seed) is not int:
            raise TypeError(f"seed must be an int, got {seed!r}")
        check_seed(seed)  # at most 64 bits, as a save's
        self.rules: Rules = rules if rules is not None else Rules()
        if not isinstance(self.rules, Rules):
            raise TypeError("rules must be a Rules(...) value")
        self.names: list[str] = names
        self.seed: int = seed
        self.board_kind: str = "custom" if isinstance(board, Board) else str(board)
        extension = len(names) >= 5
        if isinstance(board, Board):
            self.board: Board = board
            if (board.topo is EXTENSION) != extension:
                raise ValueError(
                    "5 or 6 players need the extension's board (30 hexes), 3 or 4 the base board (19 hexes)"
                )
        else:
            self.board = seeded_board(board, seed, **self.rules.board_options(), extension=extension)
        start = self._seat_of(first) if first is not None else Rng(seed).spawn(2).below(len(names))
        self.state: State = fresh_state(len(names), self.board.desert, seed, start, self.board.topo)
        self.origin: State | None = None
        self.history: list[tuple[Action, Chance | None]] = []
        self.events: Events = []
        self._init_caches()

    def _init_caches(self, baseline: Baseline | None = None) -> None:
        self.baseline = baseline
        """What was public when the game started from a position (see counting.Baseline)."""
        self._logs: dict[tuple[Viewer, str], list[str]] = {}
        """Per (viewer, language), the log in words so far (made when read, not when stepped)."""
        self._logs_of: object = None
        self._counters: dict[Viewer, CardCounter] = {}
        self._seen: dict[Viewer, Seen] = {}
        """Per viewer, what it was last shown (``observe`` shows the unchanged parts again)."""
        self._observers: list[Observer] = []
        self._listed: tuple[State | None, int, tuple[Action, ...]] = (None, 0, ())
        """The last legal list: for this state object at this history length (see step)."""
        self._holders: list[int] = []
        """Threads queued to step this game, the one stepping first (see :mod:`.rules.atomic`)."""

    def __reduce__(self) -> tuple[Callable[..., Game], tuple[type[Game], str, Baseline | None]]:
        """Pickled as its exact save (the compiled state is a native class pickle cannot take
        apart) and its card-counting baseline; without observers and caches (a copy is stepped
        on its own).
        """
        return (_unpickled, (type(self), self.to_json(), self.baseline))

    # --- who and what -------------------------------------------------------------------------
    def _seat_of(self, who: str | int) -> int:
        return seat_of(self.names, who)

    @property
    def players(self) -> list[PlayerView]:
        """Live views of every player, by seat."""
        return [PlayerView(self, i) for i in range(len(self.names))]

    def player(self, who: str | int) -> PlayerView:
        """The view of one player, by name or seat."""
        return PlayerView(self, self._seat_of(who))

    @property
    def current_player(self) -> PlayerView:
        """The player who must act now (a discarding or answering player included)."""
        return PlayerView(self, self.state.current)

    @property
    def current_seat(self) -> int:
        """Seat of the player who must act now."""
        return self.state.current

    @property
    def turn_player(self) -> PlayerView:
        """The player whose turn it is."""
        return PlayerView(self, self.state.turn_player)

    @property
    def phase(self) -> str:
        """The phase name: setup_settlement, setup_road, roll, discard, move_robber, main,
        road_building, trade_response, trade_confirm or game_over.
        """
        return self.state.phase_name()

    @property
    def turn(self) -> int:
        """Turn number: 0 during setup, then 1, 2, ... (each player's turn counts one)."""
        return self.state.turn

    @property
    def round(self) -> int:
        """Round number: 0 during setup, then 1, 2, ... (a round: every seat had one turn)."""
        return round_number(self.state.turn, len(self.names))

    @property
    def winner(self) -> PlayerView | None:
        """The winner, or None while the game goes on."""
        w = self.state.winner
        return None if w < 0 else PlayerView(self, w)

    @property
    def is_over(self) -> bool:
        """True once somebody has won."""
        return self.state.phase == GAME_OVER

    @property
    def bank(self) -> dict[str, int]:
        """Resource cards left in the bank, plus ``development_cards`` left in the deck."""
        out = dict(zip(RESOURCES, self.state.bank))
        out["development_cards"] = len(self.state.deck)
        return out

    @property
    def robber(self) -> int:
        """The hex id under the robber."""
        return self.state.robber

    @property
    def dice(self) -> tuple[int, int] | None:
        """The last roll."""
        return self.state.dice

    @property
    def log(self) -> list[str]:
        """Every event so far in plain words as an onlooker sees them, oldest first, in the
        process's language (:meth:`log_for` takes a viewer and a language).
        """
        return list(self._log(ONLOOKER))

    def log_for(self, viewer: Viewer | str | None, *, language: str | None = None) -> list[str]:
        """The log as ``viewer`` reads it (a seat or name, :data:`.viewer.ONLOOKER` or
        :data:`.viewer.ALL_SEEING`), in ``language`` (default: the process's): the robbed
        player and the thief see which card moved, a buyer sees the card bought; a seat reads
        its own moves in the second person ("You rolled 8").  ``None`` (an onlooker) is
        deprecated.
        """
        v = check_viewer(self._named(viewer), len(self.names), none=ONLOOKER, where="log_for")
        return list(self._log(v, language))

    def _log(self, viewer: Viewer, language: str | None = None) -> list[str]:
        """The cached log of ``viewer`` in ``language``, caught up with the events (not a copy):
        worded when read, never while stepping.
        """
        events = self.events
        if self._logs_of is not events:  # a staged position, a restore or a load
            self._logs, self._logs_of = {}, events
        lang = resolve(language)
        log = self._logs.setdefault((viewer, lang), [])
        if len(log) > len(events):
            del log[:]
        if len(log) < len(events):
            names, board = self.names, self.board
            log.extend(describe(e, names, board, viewer, language=lang) for e in events[len(log) :])
        return log

    def _named(self, viewer: object) -> object:
        """A player's name as their seat; anything else as it is (for :func:`.viewer.check_viewer`)."""
        return self._seat_of(viewer) if isinstance(viewer, str) else viewer

    # --- what a viewer knows --------------------------------------------------------------------
    def observe(self, viewer: Viewer | str | None, *, legal: bool = True, shown: bool = False) -> Observation:
        """What ``viewer`` knows now: a seat (or a name), :data:`.viewer.ONLOOKER` (no hand at
        all) or :data:`.viewer.ALL_SEEING` (every hand: a teacher's view, the analysis of a
        finished game); see :mod:`.knowledge.observation`.  ``legal=False`` leaves out the list of legal
        actions (cheaper, for views).  ``shown=True`` adds what a screen shows that viewer
        (:class:`.observation.Shown`: its log, the controls' reasons, the newest events).
        ``None`` (all-seeing) is deprecated.
        """
        v = check_viewer(self._named(viewer), len(self.names), none=ALL_SEEING, where="observe")
        return read_whole(self, observe_game, self, v, legal, shown)

    def determinize(self, seat: int | str, rng: random.Random | int) -> Game:
        """An independent game identical in everything ``seat`` knows, with everything hidden
        from it (opponents' unknown cards, the deck's order, future dice) redrawn from ``rng``.
        What ``seat`` knew there goes with it through ``fork``, pickling and copying; its save
        (``to_json``) holds the position only, so a game loaded from it counts cards from nothing.
        """
        found: Game = self.observe(self._seat_of(seat)).determinize(rng)
        return found

    def hint(self, seat: int | str | None = None, budget: float = 1.0) -> Hint:
        """The search bot's best move for ``seat`` (default: the one acting now) and a one-line
        reason, decided from that seat's observation only within ``budget`` seconds.
        """
        who = self.state.current if seat is None else self._seat_of(seat)
        if who != self.state.current or self.is_over:
            why = waiting(self.state, self.names)
            # TRANSLATORS: {reason} is a whole sentence: whom the game waits for, or who won
            text = tr("No hint for {name}: {reason}", name=self.names[who], reason=why.message)
            raise IllegalActionError(why.code, text)
        return hint_for(self.observe(who), budget)

    def card_counter(self, viewer: Viewer | str | None) -> CardCounter:
        """The card counting of ``viewer`` (a seat or name, ONLOOKER or ALL_SEEING), caught up
        with the events.  ``None`` (an onlooker) is deprecated.
        """
        v = check_viewer(self._named(viewer), len(self.names), none=ONLOOKER, where="card_counter")
        return counter_of(self, v)

    def maritime_rates(self, seat: int) -> list[int]:
        """``seat``'s best bank rate per resource (4, 3 or 2), by resource id."""
        return maritime_rates(self.state, self.board, seat)

    # --- why not -------------------------------------------------------------------------------
    def why_not(
        self, action: Action, seat: int | str | None = None, *, language: str | None = None
    ) -> str | None:
        """None when ``action`` is legal now for ``seat`` (default: the seat that must act),
        else the rule it breaks in words of ``language`` (default: the process's, see
        :func:`.language.set_language`): the very check :meth:`step` makes.  The same with
        its code and rulebook section: :meth:`refusal`.
        """
        found = self.refusal(action, seat)
        return None if found is None else found.words(language)

    def refusal(
        self, action: Action, seat: int | str | None = None, *, language: str | None = None
    ) -> Refusal | None:
        """:meth:`why_not` as a :class:`.errors.Refusal`: ``code`` (stable: compare codes, never
        sentences), ``rule`` (``"§5"``) and ``.text`` in ``language`` (``.words(other)``: any).
        """
        p = self.state.current if seat is None else self._seat_of(seat)
        found = seat_refusal(Move(self.state, self.board, self.rules, p), self.names, action)
        return found if found is None or language is None else found.in_language(language)

    def reasons(
        self,
        seat: int | str | None = None,
        *,
        legal: Sequence[Action] | None = None,
        language: str | None = None,
    ) -> dict[str, str]:
        """Why each control is disabled now, keyed by action kind (``"build_road"``, ...), for
        ``seat`` (default: the seat that must act), in words of ``language`` (default: the
        process's).  A seat that need not act gets, for every control, whom the game waits for.
        ``legal``: the seat's legal actions when the caller already listed them (an
        observation's ``legal``), so they are not listed again.
        """
        found = self.refusals(seat, legal=legal)
        return {kind: why.words(language) for kind, why in found.items()}

    def refusals(
        self, seat: int | str | None = None, *, legal: Sequence[Action] | None = None
    ) -> dict[str, Refusal]:
        """:meth:`reasons` as :class:`Refusal` records (code, rulebook section and sentence)."""
        p = self.state.current if seat is None else self._seat_of(seat)
        return seat_refusals(
            Move(self.state, self.board, self.rules, p), self.names, legal, self.legal_actions
        )

    def open_kinds(self, seat: int) -> tuple[str, ...]:
        """Open-ended action kinds ``seat`` may use now (``offer_trade``, ``counter_trade``)."""
        return open_kinds(self.state, self.rules, seat)

    def waiting_text(self, *, language: str | None = None) -> str:
        """Whom the game waits for (or who won), in words of ``language`` (default: the
        process's).
        """
        return waiting(self.state, self.names).words(language)

    def prompt(self, viewer: Viewer | str | None = ONLOOKER, *, language: str | None = None) -> str:
        """Who must act now and what, in one sentence for ``viewer`` (a seat or name, ONLOOKER
        or ALL_SEEING; ``None``, an onlooker, is deprecated) in ``language`` (default: the
        process's); the seat's own turn reads in the second person:
        ``"Bot 2 offers you 1 ore for 1 wool — accept, decline or counter"``,
        ``"Your turn — roll the dice"``, ``"A 7! Discarding: Ada (4), Bo (5)"``
        (see :mod:`.knowledge.prompts`).
        """
        v = check_viewer(self._named(viewer), len(self.names), none=ONLOOKER, where="prompt")
        return prompt(read_whole(self, observe_game, self, v, False, False), language=language)

    # --- observers -----------------------------------------------------------------------------
    def subscribe(self, observer: Observer) -> None:
        """Call ``observer(game)`` after every change: a step, a staged position, a restore."""
        if observer not in self._observers:
            self._observers.append(observer)

    def unsubscribe(self, observer: Observer) -> None:
        """Stop calling ``observer``; a no-op when it was not subscribed."""
        if observer in self._observers:
            self._observers.remove(observer)

    def changed(self) -> None:
        """Tell the observers the game changed (after editing ``game.state`` in place)."""
        self._listed = (None, 0, ())
        for observer in list(self._observers):
            observer(self)

    # --- playing ------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Legal actions of the acting player, in a deterministic order (open-ended domestic
        trade offers and counter-offers are validated by :meth:`step` but not listed): of one
        whole position, also while another thread steps the game (:func:`.knowledge.reads.listed`).
        """
        return listed(self)

    step = atomic.step  # kept in rules/atomic.py, with the take-back and the threads' turns

    def play(
        self,
        bots: BotSpec | Sequence[BotSpec] | Mapping[str, BotSpec] = "random",
        until: Callable[[Game], bool] | None = None,
        max_steps: int = 100_000,
    ) -> Game:
        """Advance the game with bots until ``until(game)`` is true or the game ends.

        ``bots``: one bot for every seat (a registered name such as ``"random"`` or ``"greedy"``,
        or an object with ``choose(observation)``), a list by seat, or a dict by player name.
        Each bot sees only its seat's :meth:`observe` (a bot with ``choose_among`` is handed
        just its legal actions).  Named bots are seeded from the game's seed.  The loop is the
        engine's one play loop (:func:`.rules.autoplay.play_bots`, compiled), which tournaments run
        too; every step is all or nothing, as with :meth:`step`.  Returns the game.
        """
        play_bots(self, make_bots(self.names, self.seed, bots), until, max_steps)
        return self

    def start_state(self) -> State:
        """The state this game's history starts from: the staged origin, or the fresh game's."""
        if self.origin is not None:
            return self.origin
        return fresh_state(len(self.names), self.board.desert, self.seed, self.state.first, self.board.topo)

    def fork(self) -> Game:
        """An independent copy: same state, history and seed; stepping it leaves this one alone."""
        return read_whole(self, self._copy)

    def _copy(self) -> Game:
        g = Game.__new__(Game)
        g.rules, g.names, g.seed, g.board = self.rules, self.names, self.seed, self.board
        g.board_kind = self.board_kind
        g.state = self.state.copy()
        g.origin = self.origin
        g.history = self.history[:]
        g.events = self.events[:]
        g._init_caches(self.baseline)
        return g

    @classmethod
    def _of(cls, parts: Saved, baseline: Baseline | None = None) -> Game:
        """A game made of ``parts`` as they are (checked already: a copy's, a save's)."""
        g = cls.__new__(cls)
        g.rules, g.names, g.seed, g.board = parts.rules, parts.names, parts.seed, parts.board
        g.board_kind = parts.board_kind
        g.state, g.origin, g.history, g.events = parts.state, parts.origin, parts.history, parts.events
        g._init_caches(baseline)
        return g

    def _parts(self) -> Saved:
        """The game's parts, shared (not copied): what a save holds."""
        return Saved(
            self.names,
            self.seed,
            self.rules,
            self.board,
            self.board_kind,
            self.origin,
            self.history,
            self.events,
            self.state,
        )

    @classmethod
    def from_position(
        cls,
        names: list[str],
        board: Board,
        rules: Rules,
        state: State,
        *,
        seed: int,
        baseline: Baseline | None = None,
    ) -> Game:
        """A game that starts from ``state`` (as a staged one does): empty history and log;
        ``baseline`` is what was public then (cards played, offers this turn, card counting).
        """
        origin = staged_origin(state, free_placement=bool(too_close(state.node_owner, state.topo)))
        return cls._of(Saved(list(names), seed, rules, board, "custom", origin, [], [], state), baseline)

    def restore(self, snapshot: Game) -> None:
        """Make this game what ``snapshot`` (an earlier :meth:`fork` of it) was: state,
        history and log.  Used to take back moves; raises ValueError for another game.
        """
        if snapshot.names != self.names or snapshot.seed != self.seed or snapshot.board != self.board:
            raise ValueError("restore() takes a fork of this same game")
        other = snapshot.fork()
        with turn(self._holders):
            self._replace(other.state, other.origin, other.history, other.events)
        self.changed()

    def _replace(
        self, state: State, origin: State | None, history: list[Any], events: Events, *, staged: bool = False
    ) -> None:
        """Swap in a whole position at once: one dict update, so no interrupt lands between them.
        ``staged``: a new position, whose card counting starts from nothing (no baseline).
        """
        parts: dict[str, Any] = {"state": state, "origin": origin, "history": history, "events": events}
        if staged:
            parts.update(baseline=None, _counters={})
        vars(self).update(parts, _listed=(None, 0, ()))

    # --- saving -------------------------------------------------------------------------------
    def to_json(self) -> str:
        """The exact save: seed, rules, board, every action and the resulting state."""
        with turn(self._holders):  # never a position half-way through another thread's step
            return game_to_json(self._parts())

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Load a save; raises :class:`SaveError` saying what is wrong (nothing half-loads)."""
        return cls._of(game_from_json(text))

    def stage(self, **placements: Any) -> Game:
        """Set up a position directly (for teaching and tests); see :func:`.saves.staging.stage`."""
        with turn(self._holders):
            state, origin = stage(self.state, self.names, **placements)
            self._replace(state, origin, [], [("staged", state.turn_player)], staged=True)
        self.changed()
        return self

    def __repr__(self) -> str:
        who = self.names[self.state.current]
        return f"<Game turn {self.turn}, {self.phase}, {who} to act, seed {self.seed}>"


def _unpickled(cls: type[Game], save: str, baseline: Baseline | None) -> Game:
    """A pickled game again: its save loaded (checked and replayed) and its baseline."""
    return cls._of(game_from_json(save), baseline)


register_game(Game.from_position)  # determinized games are Games (determinize.py does not import this module)
