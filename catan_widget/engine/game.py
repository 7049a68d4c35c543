"""``Game``: the notebook-facing object that owns one game of Catan."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .actions import Action
from .apply import Move, apply_action, apply_listed
from .autoplay import play_among
from .board import Board, beginner_board, random_board
from .counting import Baseline, CardCounter
from .errors import IllegalActionError
from .events import Events, describe
from .legal import legal_actions
from .observation import Observation, observe
from .phases import DISCARD, GAME_OVER
from .players import PlayerView
from .reasons import control_reasons, open_kinds, why_not
from .registry import BotSpec, Hint, choose_among_of, chooser, hint_for, make_bots
from .rng import Rng
from .rules import Rules
from .state import State
from .trade import maritime_rates

Observer = Callable[["Game"], None]
"""A callback told after every change of a game (a step, a staged position, a restore)."""

Chance = dict[str, Any]
"""Scripted chance of one step: any of ``dice`` (pair), ``card`` (id), ``steal`` (resource)."""


class Game:
    """One game of the Catan base game for 3 or 4 players.

    Args:
        players: 3 or 4 distinct names, in seating (clockwise) order.
        seed: decides the board (when random), the starting player, the deck, the dice and
            steals; ``None`` draws a fresh seed (kept in ``game.seed``).
        board: ``"beginner"`` (the printed starting map), ``"random"``, or a :class:`Board`.
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
        if not 3 <= len(names) <= 4:
            raise ValueError("The base game is for 3 or 4 players.")
        if not all(isinstance(n, str) and n.strip() for n in names) or len(set(names)) != len(names):
            raise ValueError("Players must be distinct, non-empty names.")
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        if type(seed) is not int:
            raise TypeError(f"seed must be an int, got {seed!r}")
        self.rules: Rules = rules if rules is not None else Rules()
        if not isinstance(self.rules, Rules):
            raise TypeError("rules must be a Rules(...) value")
        self.names: list[str] = names
        self.seed: int = seed
        root = Rng(seed)
        self.board_kind: str = "custom" if isinstance(board, Board) else str(board)
        if isinstance(board, Board):
            self.board: Board = board
        elif board == "beginner":
            self.board = beginner_board()
        elif board == "random":
            r = self.rules
            self.board = random_board(
                root.spawn(1),
                spiral_tokens=r.spiral_tokens,
                red_numbers_may_touch=r.red_numbers_may_touch,
                shuffle_harbors=r.shuffle_harbors,
            )
        else:
            raise ValueError(f"board must be 'beginner', 'random' or a Board, got {board!r}")
        start = self._seat_of(first) if first is not None else root.spawn(2).below(len(names))
        self.state: State = State(len(names), self.board.desert, root.spawn(3), start)
        self.origin: State | None = None
        self.history: list[tuple[Action, Chance | None]] = []
        self.events: Events = []
        self._init_caches()

    def _init_caches(self, baseline: Baseline | None = None) -> None:
        self.baseline = baseline
        """What was public when the game started from a position (see counting.Baseline)."""
        self._logs: dict[int | None, list[str]] = {}
        self._logs_of: object = None
        self._counters: dict[int | None, CardCounter] = {}
        self._observers: list[Observer] = []
        self._listed: tuple[State | None, int, tuple[Action, ...]] = (None, 0, ())
        """The last legal list: for this state object at this history length (see step)."""

    # --- who and what -------------------------------------------------------------------------
    def _seat_of(self, who: str | int) -> int:
        if isinstance(who, str) and who in self.names:
            return self.names.index(who)
        if type(who) is int and 0 <= who < len(self.names):
            return who
        raise ValueError(f"unknown player {who!r}")

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
        from .prompts import round_number

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
        from .constants import RESOURCES

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
        """Every event so far in plain words as an onlooker sees them, oldest first."""
        return self.log_for(None)

    def log_for(self, viewer: int | None) -> list[str]:
        """The log as seat ``viewer`` reads it (``None``: an onlooker; ``-1``: all-seeing): the
        robbed player and the thief see which card moved, a buyer sees the card bought.
        """
        events = self.events
        if self._logs_of is not events:  # a staged position, a restore or a load
            self._logs, self._logs_of = {}, events
        log = self._logs.setdefault(viewer, [])
        if len(log) > len(events):
            del log[:]
        if len(log) < len(events):
            names, board = self.names, self.board
            log.extend(describe(e, names, board, viewer) for e in events[len(log) :])
        return list(log)

    # --- what a seat knows ----------------------------------------------------------------------
    def observe(self, seat: int | str | None, *, legal: bool = True) -> Observation:
        """What ``seat`` (a seat or a name) knows now: see :mod:`.observation`.  ``None`` is
        the all-seeing observation, for a teacher's view or the analysis of a finished game.
        ``legal=False`` leaves out the list of legal actions (cheaper, for views).
        """
        return observe(self, None if seat is None else self._seat_of(seat), legal=legal)

    def determinize(self, seat: int | str, rng: random.Random | int) -> Game:
        """An independent game identical in everything ``seat`` knows, with everything hidden
        from it (opponents' unknown cards, the deck's order, future dice) redrawn from ``rng``.
        """
        return self.observe(seat).determinize(rng)

    def hint(self, seat: int | str | None = None, budget: float = 1.0) -> Hint:
        """The search bot's best move for ``seat`` (default: the one acting now) and a one-line
        reason, decided from that seat's observation only within ``budget`` seconds.
        """
        who = self.state.current if seat is None else self._seat_of(seat)
        if who != self.state.current or self.is_over:
            raise IllegalActionError(f"No hint for {self.names[who]}: {self.waiting_text()}")
        return hint_for(self.observe(who), budget)

    def card_counter(self, viewer: int | None) -> CardCounter:
        """The card counting of ``viewer`` (None: an onlooker), caught up with the events."""
        counter = self._counters.get(viewer)
        if counter is None:
            counter = self._counters[viewer] = CardCounter(len(self.names), viewer, self.baseline)
        counter.update(self.events)
        return counter

    def maritime_rates(self, seat: int) -> list[int]:
        """``seat``'s best bank rate per resource (4, 3 or 2), by resource id."""
        return maritime_rates(self.state, self.board, seat)

    # --- why not -------------------------------------------------------------------------------
    def why_not(self, action: Action, seat: int | str | None = None) -> str | None:
        """None when ``action`` is legal now for ``seat`` (default: the seat that must act),
        else the rule it breaks in words: the very check :meth:`step` makes.
        """
        p = self.state.current if seat is None else self._seat_of(seat)
        if not isinstance(action, Action):
            return f"Not an action: {action!r:.60} (use e.g. RollDice(), BuildRoad(edge=17))."
        if p != self.state.current or self.is_over:
            return self.waiting_text()
        return why_not(Move(self.state, self.board, self.rules, p), action)

    def reasons(
        self, seat: int | str | None = None, *, legal: Sequence[Action] | None = None
    ) -> dict[str, str]:
        """Why each control is disabled now, keyed by action kind (``"build_road"``, ...), for
        ``seat`` (default: the seat that must act).  A seat that need not act gets, for every
        control, whom the game waits for.  ``legal``: the seat's legal actions when the caller
        already listed them (an observation's ``legal``), so they are not listed again.
        """
        from .reasons import CONTROLS

        p = self.state.current if seat is None else self._seat_of(seat)
        if p != self.state.current or self.is_over:
            return dict.fromkeys(CONTROLS, self.waiting_text())
        if legal is None:
            discarding = self.state.phase == DISCARD  # no control is a discard: skip listing them
            legal = [] if discarding else self.legal_actions()
        return control_reasons(Move(self.state, self.board, self.rules, p), legal)

    def open_kinds(self, seat: int) -> tuple[str, ...]:
        """Open-ended action kinds ``seat`` may use now (``offer_trade``, ``counter_trade``)."""
        return open_kinds(Move(self.state, self.board, self.rules, seat))

    def waiting_text(self) -> str:
        """Whom the game waits for (or who won), in words."""
        if self.is_over:
            return f"The game is over: {self.names[self.state.winner]} won."
        return f"Waiting for {self.names[self.state.current]}."

    def prompt(self, viewer: int | str | None = None) -> str:
        """Who must act now and what, in one sentence for ``viewer`` (a seat or name; ``None``:
        an onlooker): ``"Bot 2 offers you 1 ore for 1 wool — accept, decline or counter"``,
        ``"Your turn — roll the dice"``, ``"A 7! Discarding: Ada (4), Bo (5)"`` (see :mod:`.prompts`).
        """
        from .prompts import prompt

        seat = None if viewer is None or viewer == -1 else self._seat_of(viewer)
        return prompt(self.observe(None, legal=False), seat)

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
        trade offers and counter-offers are validated by :meth:`step` but not listed).
        """
        listed = legal_actions(self.state, self.board, self.rules)
        self._listed = (self.state, len(self.history), tuple(listed))
        return listed

    def step(
        self,
        action: Action,
        *,
        dice: tuple[int, int] | None = None,
        card: int | str | None = None,
        steal: int | str | None = None,
    ) -> None:
        """Apply one action of the acting player.

        ``dice``, ``card`` and ``steal`` script chance for teaching (a roll, the card drawn,
        the resource stolen).  Raises :class:`IllegalActionError` naming the broken rule; the
        game is then unchanged.
        """
        history = self.history
        if dice is None and card is None and steal is None:
            state, at, listed = self._listed
            if (
                state is self.state  # listed for this very position
                and at == len(history)
                and apply_listed(state, self.board, self.rules, action, self.events, listed, at > 0)
            ):
                history.append((action, None))
                if self._observers:
                    self.changed()
                return
        if not isinstance(action, Action):
            raise IllegalActionError(
                f"Not an action: {action!r:.60} (use e.g. RollDice(), BuildRoad(edge=17))."
            )
        if self.state.phase == GAME_OVER:
            raise IllegalActionError(self.waiting_text())
        chance: Chance | None = None
        if dice is not None or card is not None or steal is not None:
            chance = _chance(dice, card, steal)
            dice, card, steal = chance.get("dice"), chance.get("card"), chance.get("steal")
        ev = self.events
        mark = len(ev)
        try:
            apply_action(self.state, self.board, self.rules, action, ev, dice, card, steal, len(history) > 0)
        except IllegalActionError:
            del ev[mark:]
            raise
        history.append((action, chance))
        if self._observers:
            self.changed()

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
        just its legal actions; when every seat has one, the loop runs in the compiled engine).
        Named bots are seeded from the game's seed.  Returns the game.
        """
        made = make_bots(self.names, self.seed, bots)
        among = [choose_among_of(bot) for bot in made]
        if all(among):
            play_among(self, [pick for pick in among if pick], until, max_steps)  # compiled loop
            return self
        seats = [chooser(bot) for bot in made]
        for _ in range(max_steps):
            state = self.state
            if state.phase == GAME_OVER or (until is not None and until(self)):
                break
            seat = state.current
            self.step(seats[seat](self, seat))
        return self

    def fork(self) -> Game:
        """An independent copy: same state, history and seed; stepping it leaves this one alone."""
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
        from .staging import staged_origin, too_close

        g = cls.__new__(cls)
        g.rules, g.names, g.seed, g.board = rules, list(names), seed, board
        g.board_kind = "custom"
        g.state = state
        g.origin = staged_origin(state, free_placement=bool(too_close(state.node_owner)))
        g.history = []
        g.events = []
        g._init_caches(baseline)
        return g

    def restore(self, snapshot: Game) -> None:
        """Make this game what ``snapshot`` (an earlier :meth:`fork` of it) was: state,
        history and log.  Used to take back moves; raises ValueError for another game.
        """
        if snapshot.names != self.names or snapshot.seed != self.seed or snapshot.board != self.board:
            raise ValueError("restore() takes a fork of this same game")
        other = snapshot.fork()
        self.state, self.origin = other.state, other.origin
        self.history, self.events = other.history, other.events
        self.changed()

    # --- saving -------------------------------------------------------------------------------
    def to_json(self) -> str:
        """The exact save: seed, rules, board, every action and the resulting state."""
        from .serialize import game_to_json

        return game_to_json(self)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """Load a save; raises :class:`SaveError` saying what is wrong (nothing half-loads)."""
        from .serialize import game_from_json

        return game_from_json(text)

    def stage(self, **placements: Any) -> Game:
        """Set up a position directly (for teaching and tests); see :func:`staging.stage`."""
        from .staging import stage

        stage(self, **placements)
        self.changed()
        return self

    def __repr__(self) -> str:
        who = self.names[self.state.current]
        return f"<Game turn {self.turn}, {self.phase}, {who} to act, seed {self.seed}>"


def _chance(dice: object, card: object, steal: object) -> Chance:
    from .actions import to_resource
    from .constants import DEV_CARDS

    chance: Chance = {}
    if dice is not None:
        if not isinstance(dice, (tuple, list)) or len(dice) != 2:
            raise IllegalActionError(f"Scripted dice must be a pair like (3, 4), got {dice!r}.")
        if not all(type(d) is int and 1 <= d <= 6 for d in dice):  # before the (compiled) rules
            raise IllegalActionError(f"Scripted dice must be a pair of numbers 1..6, got {tuple(dice)!r}.")
        chance["dice"] = (dice[0], dice[1])
    if card is not None:
        if isinstance(card, str):
            if card not in DEV_CARDS:
                raise IllegalActionError(f"Unknown development card {card!r}; one of {', '.join(DEV_CARDS)}.")
            card = DEV_CARDS.index(card)
        if type(card) is not int:  # checked here, before the (compiled) rules see it
            raise IllegalActionError(f"A scripted draw must be a card id still in the deck, got {card!r}.")
        chance["card"] = card
    if steal is not None:
        chance["steal"] = to_resource(steal, "steal")
    return chance
