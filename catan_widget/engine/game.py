"""``Game``: the notebook-facing object that owns one game of Catan."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .actions import Action
from .apply import apply_action
from .board import Board, beginner_board, random_board
from .errors import IllegalActionError
from .events import Events, render
from .legal import legal_actions
from .phases import GAME_OVER
from .players import PlayerView
from .rng import Rng
from .rules import Rules
from .state import State

if TYPE_CHECKING:
    from ..bots import Bot

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
        self._log: list[str] = []

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
        """Every event so far in plain words, oldest first."""
        log, events = self._log, self.events
        if len(log) < len(events):
            log.extend(render(e, self.names, self.board) for e in events[len(log) :])
        return list(log)

    # --- playing ------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Legal actions of the acting player, in a deterministic order (open-ended domestic
        trade offers and counter-offers are validated by :meth:`step` but not listed).
        """
        return legal_actions(self.state, self.board, self.rules)

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
        if not isinstance(action, Action):
            raise IllegalActionError(f"Not an action: {action!r} (use e.g. RollDice(), BuildRoad(edge=17)).")
        chance: Chance | None = None
        if dice is not None or card is not None or steal is not None:
            chance = _chance(dice, card, steal)
            dice, card, steal = chance.get("dice"), chance.get("card"), chance.get("steal")
        ev = self.events
        mark = len(ev)
        try:
            apply_action(self.state, self.board, self.rules, action, ev, dice, card, steal)
        except IllegalActionError:
            del ev[mark:]
            raise
        self.history.append((action, chance))

    def play(
        self,
        bots: str | Bot | Sequence[str | Bot] | Mapping[str, str | Bot] = "random",
        until: Callable[[Game], bool] | None = None,
        max_steps: int = 100_000,
    ) -> Game:
        """Advance the game with bots until ``until(game)`` is true or the game ends.

        ``bots``: one bot for every seat (``"random"``, ``"greedy"`` or a Bot), a list by seat,
        or a dict by player name.  Bots are seeded from the game's seed.  Returns the game.
        """
        from ..bots import make_bots

        seats = make_bots(self, bots)
        for _ in range(max_steps):
            if self.is_over or (until is not None and until(self)):
                break
            self.step(seats[self.state.current].choose(self))
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
        g._log = self._log[:]
        return g

    def restore(self, snapshot: Game) -> None:
        """Make this game what ``snapshot`` (an earlier :meth:`fork` of it) was: state,
        history and log.  Used to take back moves; raises ValueError for another game.
        """
        if snapshot.names != self.names or snapshot.seed != self.seed or snapshot.board != self.board:
            raise ValueError("restore() takes a fork of this same game")
        other = snapshot.fork()
        self.state, self.origin = other.state, other.origin
        self.history, self.events, self._log = other.history, other.events, other._log

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
        chance["dice"] = (dice[0], dice[1])
    if card is not None:
        if isinstance(card, str):
            if card not in DEV_CARDS:
                raise IllegalActionError(f"Unknown development card {card!r}; one of {', '.join(DEV_CARDS)}.")
            card = DEV_CARDS.index(card)
        chance["card"] = card
    if steal is not None:
        chance["steal"] = to_resource(steal, "steal")
    return chance
