"""The dynamic state of one game: plain lists and ints, no caches, cheap to copy.

The static board (terrain, numbers, harbors) and the topology are not part of it; they are
shared by every copy (the state holds a reference to the board's immutable topology, ``topo``,
so the rules that take only a state read the board's ids from it).  ``State.copy()`` is what
makes ``Game.fork()`` cheap.
"""

from __future__ import annotations

from typing import Final

from .board.topology import BASE, Topology
from .constants import CITIES, ROADS, SETTLEMENTS
from .phases import PHASES, SETUP_SETTLEMENT
from .rng import Rng

EMPTY: Final = -1
SETTLEMENT: Final = 1
CITY: Final = 2


FIELDS: Final[tuple[str, ...]] = (
    "answers",
    "army",
    "bank",
    "built",
    "current",
    "deck",
    "dev",
    "dev_new",
    "dev_played",
    "dice",
    "dice_counts",
    "discards",
    "edge_owner",
    "first",
    "free_roads",
    "hands",
    "knights",
    "last_settlement",
    "longest",
    "n",
    "node_level",
    "node_owner",
    "phase",
    "pieces",
    "rng",
    "road_len",
    "roads",
    "robber",
    "rolled",
    "setup_step",
    "topo",
    "trade",
    "turn",
    "turn_player",
    "winner",
)
"""The attributes of a :class:`State` (its ``__slots__``; also readable when compiled)."""


class State:
    """Everything that changes during a game.  Seats are ``0..n-1``.

    Attributes (``n`` seats, ``first`` the starting seat; lists are indexed by seat unless said otherwise):
        node_owner, node_level: per node, the owning seat (-1) and 0/1 (settlement)/2 (city).
        edge_owner: per edge, the seat owning a road there (-1).
        roads: each seat's road edges, in the order built.
        hands: 5 resource counts per seat; bank: 5 counts.
        dev, dev_new: 5 development-card counts per seat: held from earlier turns / bought this turn.
        deck: the face-down development cards, drawn from the end.
        knights, road_len: knights played, longest chain.
        pieces: roads, settlements, cities left in each seat's supply.
        longest, army: seat holding Longest Road / Largest Army, or -1.
        phase, current, turn_player, turn: what happens now and who acts.
        setup_step: position in the snake order during setup.
        last_settlement: the node of the settlement just placed in setup.
        rolled, dev_played, built: flags of the current turn.
        dice: the last roll; dice_counts: rolls of 2..12 so far.
        discards: cards each seat must still discard.
        robber: hex id; free_roads: roads left from Road Building.
        trade: the open offer ``(from, to, give, want)`` or None; answers: per seat,
            ``(answer, give, want)`` where give/want are the answering seat's counter terms.
        winner: seat or -1.  rng: the game's random generator (its state is one int).
        topo: the board's topology (shared, never copied; not saved: the board says it).
    """

    __slots__ = FIELDS

    def __new__(cls, *args: object) -> State:
        """Allocate without ``__init__`` (for ``State.__new__(State)`` in ``copy``; mypyc needs it)."""
        return super().__new__(cls)

    def __init__(self, n: int, robber: int, rng: Rng, first: int, topo: Topology = BASE) -> None:
        """A fresh game for ``n`` seats before setup on a board of ``topo`` (the extension's
        has the larger bank and deck); ``first`` is the starting seat.
        """
        self.n = n
        self.first = first
        self.topo = topo
        self.node_owner = [EMPTY] * topo.node_count
        self.node_level = [0] * topo.node_count
        self.edge_owner = [EMPTY] * topo.edge_count
        self.roads: list[list[int]] = [[] for _ in range(n)]
        self.hands = [[0] * 5 for _ in range(n)]
        self.bank = [topo.cards_per_resource] * 5
        self.dev = [[0] * 5 for _ in range(n)]
        self.dev_new = [[0] * 5 for _ in range(n)]
        deck = [card for card, count in enumerate(topo.deck_counts) for _ in range(count)]
        rng.shuffle(deck)
        self.deck = deck
        self.knights = [0] * n
        self.road_len = [0] * n
        self.pieces = [[ROADS, SETTLEMENTS, CITIES] for _ in range(n)]
        self.longest = -1
        self.army = -1
        self.phase = SETUP_SETTLEMENT
        self.current = first
        self.turn_player = first
        self.turn = 0
        self.setup_step = 0
        self.last_settlement = -1
        self.rolled = False
        self.dev_played = False
        self.built = False
        self.dice: tuple[int, int] | None = None
        self.dice_counts = [0] * 11
        self.discards = [0] * n
        self.robber = robber
        self.free_roads = 0
        self.trade: tuple[int, int, tuple[int, ...], tuple[int, ...]] | None = None
        self.answers: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
        self.winner = -1
        self.rng = rng

    def setup_order(self) -> list[int]:
        """Seats in snake order: first..last, last..first."""
        forward = [(self.first + i) % self.n for i in range(self.n)]
        return forward + forward[::-1]

    def copy(self) -> State:
        """An independent copy (lists copied, immutable values shared)."""
        s = State.__new__(State)
        s.n = self.n
        s.first = self.first
        s.topo = self.topo
        s.node_owner = self.node_owner[:]
        s.node_level = self.node_level[:]
        s.edge_owner = self.edge_owner[:]
        s.roads = [r[:] for r in self.roads]
        s.hands = [h[:] for h in self.hands]
        s.bank = self.bank[:]
        s.dev = [d[:] for d in self.dev]
        s.dev_new = [d[:] for d in self.dev_new]
        s.deck = self.deck[:]
        s.knights = self.knights[:]
        s.road_len = self.road_len[:]
        s.pieces = [p[:] for p in self.pieces]
        s.longest = self.longest
        s.army = self.army
        s.phase = self.phase
        s.current = self.current
        s.turn_player = self.turn_player
        s.turn = self.turn
        s.setup_step = self.setup_step
        s.last_settlement = self.last_settlement
        s.rolled = self.rolled
        s.dev_played = self.dev_played
        s.built = self.built
        s.dice = self.dice
        s.dice_counts = self.dice_counts[:]
        s.discards = self.discards[:]
        s.robber = self.robber
        s.free_roads = self.free_roads
        s.trade = self.trade
        s.answers = self.answers[:]
        s.winner = self.winner
        s.rng = self.rng.clone()
        return s

    def phase_name(self) -> str:
        """The current phase's name."""
        return PHASES[self.phase]

    def pieces_built_vp(self, player: int) -> int:
        """VP from buildings: 1 per settlement, 2 per city on the board."""
        left = self.pieces[player]
        return (SETTLEMENTS - left[1]) + 2 * (CITIES - left[2])


def fresh_state(n: int, desert: int, seed: int, first: int, topo: Topology = BASE) -> State:
    """The state of a new game of ``n`` seats from ``seed`` (the robber on hex ``desert``),
    ``first`` to start, on a board of ``topo``: the deck shuffled by the seed's third generator.
    """
    return State(n, desert, Rng(seed).spawn(3), first, topo)


class StagedOrigin(State):
    """The position a staged game starts from, and how it was staged (see ``staging``).

    Attributes:
        free_placement: True when staged with ``free_placement=True``: its buildings may break
            the distance rule (a save records it; a save without it must obey the rule).
    """

    __slots__ = ("free_placement",)

    free_placement: bool
