"""Observation features for learning agents, built from ``game.observe(seat)`` only.

:func:`feature_dict` gives the dict form (board planes plus numbers), :func:`flat` the same numbers
as one ``float32`` vector (the dict's arrays ravelled in the order ``hexes``, ``nodes``,
``edges``, ``numbers``).  Players are ordered *relative to the observing seat* (0 = itself,
1 = the next seat clockwise, ...), so one policy plays every seat.  Opponents' hands appear as
card counting (``known`` lower bounds, the ``unknown`` rest, ``not_held`` resources): the
observation holds nothing else of them, so two games that differ only in what the seat cannot
know give the same vector (tests/rl/test_features.py checks it).

:func:`state_vector` is the one exception, named so: the all-seeing vector for centralised
critics (every hand and development card), from ``game.observe(ALL_SEEING)``.  Never feed it
to a policy that acts.

Every feature, with its scale, is listed in docs/rl.md ("Observation features");
:func:`feature_names` gives one name per entry of the flat vector.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from ..engine.board.layouts import Board
from ..engine.knowledge.observation import Observation, PlayerInfo
from ..engine.phases import ACCEPTED, COUNTERED, PHASES
from ..engine.viewer import ALL_SEEING
from .actions import MAX_OFFERS, Pending, topology_for

if TYPE_CHECKING:
    from ..engine.game import Game

HEX_FEATURES: Final = (
    "forest",
    "hills",
    "pasture",
    "fields",
    "mountains",
    "desert",
    "pips",
    "robber",
    "pending_robber",
)
"""Per hex: terrain one-hot, the number's chance of being rolled (``pips / 36``), the robber,
the hex chosen for a robber move still in progress."""
HARBORS: Final = (
    "harbor_generic",
    "harbor_lumber",
    "harbor_brick",
    "harbor_wool",
    "harbor_grain",
    "harbor_ore",
)
PLAYER_FEATURES: Final = (
    ("vp", 10), ("hand_size", 10), ("dev_count", 5), ("dev_new_count", 5), ("knights", 5),
    ("road_length", 15), ("longest_road", 1), ("largest_army", 1), ("roads_left", 15),
    ("settlements_left", 5), ("cities_left", 4), ("discard_due", 10),
    *((f"played_{c}", 5) for c in ("knight", "victory_point", "road_building", "year_of_plenty", "monopoly")),
    *((f"known_{r}", 10) for r in ("lumber", "brick", "wool", "grain", "ore")),
    ("unknown", 10),
    *((f"not_held_{r}", 1) for r in ("lumber", "brick", "wool", "grain", "ore")),
)  # fmt: skip
"""Per player (relative order): name and the divisor it is scaled by."""
_RES: Final = ("lumber", "brick", "wool", "grain", "ore")
_DEV: Final = ("knight", "victory_point", "road_building", "year_of_plenty", "monopoly")
_ANSWERS: Final = ("pending", "accepted", "declined", "countered")


@cache
def number_names(players: int) -> tuple[str, ...]:
    """The names of the ``numbers`` entries for a game of ``players``."""
    out = [f"phase_{p}" for p in PHASES]
    out += ["acting", "my_turn", "rolled", "dev_played", "built", "free_roads"]
    out += [f"dice_{d}" for d in range(2, 13)]
    out += [f"bank_{r}" for r in _RES] + ["deck_size", "turn"]
    out += [f"hand_{r}" for r in _RES] + [f"dev_{c}" for c in _DEV] + [f"dev_new_{c}" for c in _DEV]
    out += ["hidden_vp"] + [f"rate_{r}" for r in _RES]
    for k in range(players):
        out += [f"p{k}_{name}" for name, _ in PLAYER_FEATURES]
    out += ["trade_open"] + [f"trade_from_p{k}" for k in range(players)]
    out += [f"trade_to_p{k}" for k in range(players)] + [f"trade_give_{r}" for r in _RES]
    out += [f"trade_want_{r}" for r in _RES]
    for k in range(players):
        out += [f"p{k}_answer_{a}" for a in _ANSWERS]
        out += [f"p{k}_answer_give_{r}" for r in _RES] + [f"p{k}_answer_want_{r}" for r in _RES]
    out += ["offers_left"] + [f"pending_discard_{r}" for r in _RES]
    return tuple(out)


_PIPS: Final = tuple(0 if n == 0 else 6 - abs(7 - n) for n in range(13))


@dataclass(frozen=True)
class Shapes:
    """The shapes of the dict form for one player count (and the flat vector's length)."""

    hexes: tuple[int, int]
    nodes: tuple[int, int]
    edges: tuple[int, int]
    numbers: tuple[int]
    size: int


@cache
def shapes(players: int) -> Shapes:
    """The :class:`Shapes` of a game of ``players``."""
    topo = topology_for(players)
    hexes = (topo.hex_count, len(HEX_FEATURES))
    nodes = (topo.node_count, len(HARBORS) + 2 * players)
    edges = (topo.edge_count, players)
    numbers = (len(number_names(players)),)
    size = hexes[0] * hexes[1] + nodes[0] * nodes[1] + edges[0] * edges[1] + numbers[0]
    return Shapes(hexes, nodes, edges, numbers, size)


@cache
def feature_names(players: int) -> tuple[str, ...]:
    """One name per entry of :func:`flat`'s vector, in order."""
    topo = topology_for(players)
    out = [f"hex{h}_{f}" for h in range(topo.hex_count) for f in HEX_FEATURES]
    node_cols = [
        *HARBORS,
        *(f"settlement_p{k}" for k in range(players)),
        *(f"city_p{k}" for k in range(players)),
    ]
    out += [f"node{v}_{c}" for v in range(topo.node_count) for c in node_cols]
    out += [f"edge{e}_road_p{k}" for e in range(topo.edge_count) for k in range(players)]
    out += list(number_names(players))
    return tuple(out)


def feature_dict(obs: Observation, pending: Pending | None = None) -> dict[str, np.ndarray]:
    """The dict form of a seat's observation: ``hexes`` ``(hex, 9)``, ``nodes`` ``(node, 6 + 2
    players)``, ``edges`` ``(edge, players)`` and ``numbers``, all ``float32``.  ``pending``: a
    multi-id choice in progress (:class:`.actions.Pending`), shown to the agent.
    """
    return split(flat(obs, pending), len(obs.players))


def split(vector: np.ndarray, players: int) -> dict[str, np.ndarray]:
    """:func:`flat`'s vector of a game of ``players`` as the dict form (views into it, shaped
    as :func:`shapes` says).
    """
    sh = shapes(players)
    at = 0
    out: dict[str, np.ndarray] = {}
    parts = (("hexes", sh.hexes), ("nodes", sh.nodes), ("edges", sh.edges), ("numbers", sh.numbers))
    for name, shape in parts:
        size = shape[0] * shape[1] if len(shape) == 2 else shape[0]
        out[name] = vector[at : at + size].reshape(shape)
        at += size
    return out


def _seat_of(obs: Observation) -> int:
    seat = obs.seat
    if seat is None:
        raise ValueError("features are built from a seat's observation (game.observe(seat))")
    return seat


class _Planes:
    """One board's hex, node and edge planes for one seat and player count, ravelled, as bytes of
    counts (each plane with what it was built from: pieces and the robber change on few moves,
    and a plane is built again only when its own inputs changed), each player's counts with the
    record they were read from, and the divisors of the whole flat vector, inverted: the
    planes' counts are 0 or 1 (a hex's pips entry is 1 on a numbered hex, its divisor inverted
    ``pips / 36``), the numbers' are those of :func:`_raw`.
    """

    def __init__(self, board: Board, n: int) -> None:
        self.board = board
        self.static_hexes, self.static_nodes, self.scale = _static(board, n)
        self.turn_at = len(self.static_hexes) + len(self.static_nodes) + n * board.topo.edge_count
        self.turn_at += _offsets(n)[2] + 6
        # each plane with its inputs, in one attribute: an interrupt never splits the two
        self.hexes: tuple[tuple[int, int], bytes] = ((-1, -1), b"")
        self.nodes: tuple[tuple[tuple[int, ...], tuple[int, ...]], bytes] = (((), ()), b"")
        self.edges: tuple[tuple[int, ...], bytes] = ((), b"")
        # the three planes' counts joined, with the planes they were joined from
        self.joined: tuple[bytes, bytes, bytes, bytes] = (b"", b"", b"", b"")
        # per player in relative order, the last record counted and its counts (an observation
        # shows an unchanged player's record again, the same object)
        self.players: list[tuple[PlayerInfo | None, bytes]] = [(None, b"")] * n

    def counts(self) -> bytes:
        """The hex, node and edge planes' counts, joined (again only when a plane changed)."""
        hexes, nodes, edges = self.hexes[1], self.nodes[1], self.edges[1]
        joined = self.joined
        if joined[0] is not hexes or joined[1] is not nodes or joined[2] is not edges:
            joined = self.joined = (hexes, nodes, edges, hexes + nodes + edges)
        return joined[3]


_HEX_WIDTH: Final = len(HEX_FEATURES)
_PLANES: Final[dict[tuple[int, int, int], _Planes]] = {}
"""Per board (by identity: the entry holds the board, so its id is not reused), seat and player
count, its :class:`_Planes`."""


@lru_cache(maxsize=64)
def _static(board: Board, players: int) -> tuple[bytes, bytes, np.ndarray]:
    """The counts of the static parts of the hex and node planes of ``board`` (terrain, numbered
    hexes, harbors) and the flat vector's divisors, inverted, for a game of ``players``.
    """
    sh = shapes(players)
    width = sh.hexes[1]
    hexes = bytearray(sh.hexes[0] * width)
    pips = [1.0] * (sh.size - sh.numbers[0])
    for h, (t, n) in enumerate(zip(board.terrain, board.number)):
        hexes[h * width + t] = 1
        hexes[h * width + 6] = 1 if n else 0
        pips[h * width + 6] = _PIPS[n] / 36.0
    width = sh.nodes[1]
    nodes = bytearray(sh.nodes[0] * width)
    for v, kind in enumerate(board.node_harbor):
        if kind is not None:
            nodes[v * width + (0 if kind < 0 else kind + 1)] = 1
    scale: np.ndarray = np.concatenate([np.array(pips, dtype=np.float32), _scale(players)])
    return bytes(hexes), bytes(nodes), scale


def _planes(obs: Observation, seat: int, n: int, pending: Pending | None) -> _Planes:
    """The :class:`_Planes` of this observation's board and seat, brought up to date."""
    board = obs.board
    key = (id(board), seat, n)
    found = _PLANES.get(key)
    if found is None or found.board is not board:
        if len(_PLANES) > 256:
            _PLANES.clear()
        found = _PLANES[key] = _Planes(board, n)
    robber = (obs.robber, pending.robber_hex if pending is not None else -1)
    if found.hexes[0] != robber:
        hexes = bytearray(found.static_hexes)
        hexes[robber[0] * _HEX_WIDTH + 7] = 1
        if robber[1] >= 0:
            hexes[robber[1] * _HEX_WIDTH + 8] = 1
        found.hexes = (robber, bytes(hexes))
    owner, level = obs.node_owner, obs.node_level
    last = found.nodes[0]  # observe shows unchanged tuples again: mostly the same objects
    if not (last[0] is owner and last[1] is level) and last != (owner, level):
        nodes = bytearray(found.static_nodes)
        width = 6 + 2 * n
        for v in range(len(owner)):
            q = owner[v]
            if q >= 0:
                nodes[v * width + 6 + (level[v] - 1) * n + (q - seat) % n] = 1
        found.nodes = ((owner, level), bytes(nodes))
    roads = obs.edge_owner
    if found.edges[0] is not roads and found.edges[0] != roads:
        edges = bytearray(len(roads) * n)
        for e in range(len(roads)):
            q = roads[e]
            if q >= 0:
                edges[e * n + (q - seat) % n] = 1
        found.edges = (roads, bytes(edges))
    return found


_TURN_DIVISOR: Final = 200.0
"""The turn count is scaled by this (and counted up to 1000)."""


@cache
def _scale(players: int) -> np.ndarray:
    """The divisor of each ``numbers`` entry, inverted (raw counts times this)."""
    topo = topology_for(players)
    out = [1.0] * (len(PHASES) + 5) + [1 / 2.0] + [1.0] * 11
    out += [1 / topo.cards_per_resource] * 5 + [1 / sum(topo.deck_counts), 1 / _TURN_DIVISOR]
    out += [1 / 10.0] * 5 + [1 / 5.0] * 10 + [1 / 5.0] + [1 / 4.0] * 5
    out += [1 / d for _, d in PLAYER_FEATURES] * players
    out += [1.0] * (1 + 2 * players) + [1 / 2.0] * 10
    out += ([1.0] * 4 + [1 / 2.0] * 10) * players
    out += [1 / MAX_OFFERS] + [1 / 10.0] * 5
    scale: np.ndarray = np.array(out, dtype=np.float32)
    return scale


_TURN_SCALE: Final = float(np.float32(1 / _TURN_DIVISOR))
"""The turn's divisor inverted, as :func:`_scale` holds it."""
CLIP: Final = 10.0
"""Every scaled number is at most this (only hands or trade bundles far beyond any usual game
reach it)."""
_NONE_HELD: Final = (0, 0, 0, 0, 0)


@cache
def _offsets(players: int) -> tuple[int, int, int, int, int, int]:
    """Where the ``numbers`` segments start: flags, dice, the counts (bank to the players), the
    trade, the tail (offers left, the discard in progress); and the length.
    """
    names = number_names(players)
    first = names.index
    return (
        first("acting"),
        first("dice_2"),
        first("bank_lumber"),
        first("trade_open"),
        first("offers_left"),
        len(names),
    )


def _raw(obs: Observation, seat: int, n: int, pending: Pending | None, planes: _Planes) -> bytes:
    """The ``numbers`` entries unscaled, in :func:`number_names`' order (the turn left 0), as
    bytes: segments joined (each count past 255 made 255, clipped all the same afterwards).
    """
    # Read untyped: the record's tuples go into the lists as they are, never unpacked to native
    # ints and boxed again (compiled, that is most of the work here).
    o: Any = obs
    head = [  # flags as 0 or 1, never bools (see _counts)
        1 if o.current == seat and o.phase != "game_over" else 0,
        1 if o.turn_player == seat else 0,
        1 if o.rolled else 0,
        1 if o.dev_played else 0,
        1 if o.built else 0,
        o.free_roads,
    ]
    dice = o.dice
    cards: list[int] = list(o.bank)  # a seat's observation (flat checked it): its own cards too
    cards += (o.deck_size, 0)
    cards += o.hand
    cards += o.dev_cards
    cards += o.dev_new
    cards.append(o.hidden_vp or 0)
    cards += o.rates
    parts = [_PHASE_COUNTS[obs.phase], _counts(head), _DICE_COUNTS[0 if dice is None else dice[0] + dice[1]]]
    parts.append(_counts(cards))
    players = o.players
    kept = planes.players
    for k in range(n):
        p = players[(seat + k) % n]
        last = kept[k]
        if last[0] is p:
            parts.append(last[1])
        else:
            counts = _player_counts(p)
            kept[k] = (p, counts)
            parts.append(counts)
    parts.append(_NO_TRADE[n] if o.trade is None else _counts(_trade(obs, seat, n)))
    tail = [max(0, MAX_OFFERS - o.offers_this_turn)]
    tail += _NONE_HELD if pending is None else pending.discard
    parts.append(_counts(tail))
    return b"".join(parts)


def _counts(values: list[int]) -> bytes:
    """``values`` as bytes, a count past 255 made 255 (:func:`flat` clips it all the same)."""
    try:
        return bytes(values)
    except ValueError:
        return bytes([min(x, 255) for x in values])


def _player_counts(p: PlayerInfo) -> bytes:
    """One player's :data:`PLAYER_FEATURES` unscaled."""
    rec: Any = p  # read untyped, as in _raw
    pieces = rec.pieces
    # flags as 0 or 1, never bools: bytes() takes a list of ints far faster
    out = [
        rec.vp, rec.hand_size, rec.dev_count, rec.dev_new_count, rec.knights, rec.road_length,
        1 if rec.longest_road else 0, 1 if rec.largest_army else 0, pieces[0], pieces[1], pieces[2],
        rec.discard,
    ]  # fmt: skip
    out += rec.played
    out += rec.known
    out.append(rec.unknown)
    nh = rec.not_held
    out += [1 if r in nh else 0 for r in range(5)] if nh else _NONE_HELD
    return _counts(out)


_PHASE_COUNTS: Final = {p: bytes([int(q == p) for q in PHASES]) for p in PHASES}
"""The phase one-hot, by phase name."""
_DICE_COUNTS: Final = tuple(bytes([int(d == total) for d in range(2, 13)]) for total in range(13))
"""The dice one-hot by total (0: no roll yet, all zeros)."""
_NO_TRADE: Final = {n: bytes(1 + 16 * n + 10) for n in range(3, 7)}
"""The trade segment while no offer is open, by player count."""


def _trade(obs: Observation, seat: int, n: int) -> list[int]:
    """The open offer's segment of ``numbers`` (raw): from whom, to whom, terms, answers."""
    assert obs.trade is not None
    proposer, to, give, want = obs.trade
    trade = [0] * (1 + 2 * n)
    answers = [0] * (14 * n)
    trade[0] = 1
    trade[1 + (proposer - seat) % n] = 1
    for q in range(n) if to < 0 else (to,):
        if q != proposer:
            trade[1 + n + (q - seat) % n] = 1
    trade += give
    trade += want
    for q, (answer, agive, awant) in enumerate(obs.answers):
        at = 14 * ((q - seat) % n)
        answers[at + answer] = 1
        if answer in (ACCEPTED, COUNTERED):
            answers[at + 4 : at + 9] = agive
            answers[at + 9 : at + 14] = awant
    return trade + answers


def flat(obs: Observation, pending: Pending | None = None) -> np.ndarray:
    """The dict form of :func:`feature_dict` as one ``float32`` vector (names: :func:`feature_names`):
    the counts of the planes and of :func:`_raw` as bytes, scaled by one multiplication and
    clipped (the turn, the one count that may pass a byte, is set apart).
    """
    seat = _seat_of(obs)
    n = len(obs.players)
    planes = _planes(obs, seat, n, pending)
    numbers = _raw(obs, seat, n, pending, planes)
    # Past the 0-or-1 flags every divisor is 3 or more (no count up to 29 reaches CLIP) but the
    # trade's bundles' and the free roads' (2: no count up to 20 does; free roads are 2 at most).
    big = numbers.translate(_BELOW_30) != numbers
    if not big and obs.trade is not None:
        at = _offsets(n)
        trade = numbers[at[3] : at[4]]
        big = trade.translate(_BELOW_21) != trade
    counts = np.frombuffer(planes.counts() + numbers, _COUNTS)
    vector: np.ndarray = counts * planes.scale
    # the turn's float32 product, exact: a whole number under 2**10 times a float32 (float64 math)
    vector[planes.turn_at] = min(obs.turn, 1000) * _TURN_SCALE
    if big:
        np.minimum(vector, CLIP, out=vector)  # a huge hand or bundle stays inside the box
    return vector


_COUNTS: Final = np.dtype(np.uint8)
"""The counts' dtype (a dtype object is taken faster than the scalar type)."""
_BELOW_21: Final = bytes([c if c < 21 else 0 for c in range(256)])
_BELOW_30: Final = bytes([c if c < 30 else 0 for c in range(256)])
"""Byte tables keeping the counts that cannot pass :data:`CLIP` once scaled, by their divisors,
and making any other count 0: a segment they change holds such a count (see :func:`flat`)."""


def state_size(players: int) -> int:
    """The length of :func:`state_vector`'s vector in a game of ``players``: the flat vector's
    and 15 per player (a hand and the development cards, old and new).
    """
    return shapes(players).size + 15 * players


def state_vector(game: Game, seat: int | None = None, pending: Pending | None = None) -> np.ndarray:
    """All-seeing, for centralised critics only: :func:`flat` of ``seat``'s observation (default:
    the acting seat) followed by every player's hand (5) and development cards, old and new
    (10), in the same relative order, each clipped at :data:`CLIP` as the rest.  ``pending``:
    that seat's multi-id choice in progress, as :func:`flat` takes it.  It holds what ``seat``
    cannot know: never give it to a policy that acts.
    """
    who = game.current_seat if seat is None else seat
    everything = game.observe(ALL_SEEING, legal=False)
    n = len(game.names)
    assert everything.hands is not None
    assert everything.devs is not None
    extra = []
    for k in range(n):
        q = (who + k) % n
        d, e = everything.devs[q]
        extra += [c / 10.0 for c in everything.hands[q]] + [c / 5.0 for c in d] + [c / 5.0 for c in e]
    cards = np.minimum(np.array(extra, dtype=np.float32), CLIP)
    vector: np.ndarray = np.concatenate([flat(game.observe(who), pending), cards])
    return vector
