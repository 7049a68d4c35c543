"""Board layouts: which terrain and number token lies on each hex, and which harbor where."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from ..constants import DESERT, NUMBER_TOKENS, PIPS, RESOURCES, TERRAINS
from ..rng import Rng
from .topology import (
    EDGE_COUNT,
    EDGE_NODES,
    HARBOR_NODES,
    HEX_COORDS,
    HEX_COUNT,
    HEX_NEIGHBORS,
    HEX_NODES,
    NODE_COUNT,
    NODE_EDGES,
    NODE_HEXES,
    NODE_NEIGHBORS,
)

GENERIC: Final = -1
"""Harbor kind of a 3:1 harbor; a 2:1 harbor's kind is its resource id."""

_BEGINNER_TERRAIN: Final = (
    *("mountains", "pasture", "forest"),
    *("fields", "hills", "pasture", "hills"),
    *("fields", "forest", "desert", "forest", "mountains"),
    *("forest", "mountains", "fields", "pasture"),
    *("hills", "fields", "pasture"),
)
_BEGINNER_NUMBERS: Final = (10, 2, 9, 12, 6, 4, 10, 9, 11, 0, 3, 8, 8, 3, 4, 5, 5, 6, 11)
#: Harbor kinds of the printed frame, clockwise from the top-left (see topology.HARBOR_SIDES).
BEGINNER_HARBORS: Final = (GENERIC, 2, GENERIC, GENERIC, 1, 0, GENERIC, 3, 4)
#: The official spiral's token order (tokens A..R).
SPIRAL_TOKENS: Final = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)
_OUTER_RING_CCW: Final = (0, 3, 7, 12, 16, 17, 18, 15, 11, 6, 2, 1)
_INNER_RING_CCW: Final = (4, 8, 13, 14, 10, 5)
_CENTER: Final = 9


@dataclass(frozen=True)
class Board:
    """A layout: ``terrain[h]`` (index into TERRAINS), ``number[h]`` (0 on the desert) and
    ``harbors[i]`` (GENERIC or a resource id) for harbor position ``i``.

    Derived lookups (``hexes_by_number``, ``node_harbor``, ``harbor_bits``: the two nodes and
    the kind bit of each harbor,
    ``1 << resource`` or ``1 << 5`` for a generic one;, ``desert``) are computed once.
    """

    terrain: tuple[int, ...]
    number: tuple[int, ...]
    harbors: tuple[int, ...]
    hexes_by_number: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    node_harbor: tuple[int | None, ...] = field(init=False, repr=False, compare=False)
    harbor_bits: tuple[tuple[int, int, int], ...] = field(init=False, repr=False, compare=False)
    desert: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.terrain) != HEX_COUNT or len(self.number) != HEX_COUNT:
            raise ValueError("a board needs 19 terrains and 19 numbers")
        if sorted(self.terrain) != sorted([0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5]):
            raise ValueError("a board needs 4 forest, 3 hills, 4 pasture, 4 fields, 3 mountains, 1 desert")
        if sorted(n for n in self.number if n) != sorted(NUMBER_TOKENS):
            raise ValueError("a board needs the 18 number tokens 2,3,3,4,4,5,5,6,6,8,8,9,9,10,10,11,11,12")
        for h in range(HEX_COUNT):
            if (self.terrain[h] == DESERT) != (self.number[h] == 0):
                raise ValueError(f"hex {h}: the desert, and only the desert, has no number")
        if sorted(self.harbors) != [GENERIC] * 4 + [0, 1, 2, 3, 4]:
            raise ValueError("a board needs 4 generic harbors and one 2:1 harbor per resource")
        by_number = tuple(tuple(h for h in range(HEX_COUNT) if self.number[h] == n) for n in range(13))
        node_harbor: list[int | None] = [None] * NODE_COUNT
        for position, (a, b) in enumerate(HARBOR_NODES):
            node_harbor[a] = node_harbor[b] = self.harbors[position]
        object.__setattr__(self, "hexes_by_number", by_number)
        object.__setattr__(self, "node_harbor", tuple(node_harbor))
        bits = tuple(
            (a, b, 1 << (5 if kind == GENERIC else kind)) for (a, b), kind in zip(HARBOR_NODES, self.harbors)
        )
        object.__setattr__(self, "harbor_bits", bits)
        object.__setattr__(self, "desert", self.terrain.index(DESERT))

    def resource(self, hex_id: int) -> int | None:
        """The resource id a hex produces, or None for the desert."""
        t = self.terrain[hex_id]
        return None if t == DESERT else t

    def pips(self, hex_id: int) -> int:
        """Pips (ways to roll) of a hex's number; 0 for the desert."""
        return PIPS.get(self.number[hex_id], 0)

    def node_pips(self, node: int) -> int:
        """Sum of pips of the hexes around a node."""
        return sum(self.pips(h) for h in NODE_HEXES[node])

    @property
    def hexes(self) -> list[dict[str, Any]]:
        """The 19 hexes: id, axial ``q``/``r``, terrain, resource, number, pips, corner nodes."""
        return [
            {
                "id": h,
                "q": HEX_COORDS[h][0],
                "r": HEX_COORDS[h][1],
                "terrain": TERRAINS[self.terrain[h]],
                "resource": None if self.terrain[h] == DESERT else RESOURCES[self.terrain[h]],
                "number": self.number[h] or None,
                "pips": self.pips(h),
                "nodes": list(HEX_NODES[h]),
                "neighbors": list(HEX_NEIGHBORS[h]),
            }
            for h in range(HEX_COUNT)
        ]

    @property
    def nodes(self) -> list[dict[str, Any]]:
        """The 54 intersections: id, touching hexes, neighbouring nodes, paths, harbor, pips."""
        return [
            {
                "id": n,
                "hexes": list(NODE_HEXES[n]),
                "neighbors": list(NODE_NEIGHBORS[n]),
                "edges": list(NODE_EDGES[n]),
                "harbor": _harbor_name(self.node_harbor[n]),
                "pips": self.node_pips(n),
            }
            for n in range(NODE_COUNT)
        ]

    @property
    def edges(self) -> list[dict[str, Any]]:
        """The 72 paths: id and the two intersections they join."""
        return [{"id": e, "nodes": list(EDGE_NODES[e])} for e in range(EDGE_COUNT)]

    @property
    def harbor_list(self) -> list[dict[str, Any]]:
        """The 9 harbors: position id, kind (``"3:1"`` or a resource), rate, the two nodes."""
        return [
            {
                "id": i,
                "kind": _harbor_name(k),
                "rate": 3 if k == GENERIC else 2,
                "nodes": list(HARBOR_NODES[i]),
            }
            for i, k in enumerate(self.harbors)
        ]

    def to_dict(self) -> dict[str, Any]:
        """Plain-data form for saves: terrain names, numbers, harbor kinds."""
        return {
            "terrain": [TERRAINS[t] for t in self.terrain],
            "number": list(self.number),
            "harbors": [("3:1" if k == GENERIC else RESOURCES[k]) for k in self.harbors],
        }

    @classmethod
    def from_dict(cls, data: object) -> Board:
        """Rebuild from :meth:`to_dict` output, validating every field."""
        if not isinstance(data, dict) or set(data) != {"terrain", "number", "harbors"}:
            raise ValueError("board must be an object with terrain, number and harbors")
        terrain, number, harbors = data["terrain"], data["number"], data["harbors"]
        if not (isinstance(terrain, list) and all(t in TERRAINS for t in terrain)):
            raise ValueError("board.terrain must list terrain names")
        if not (isinstance(number, list) and all(type(n) is int for n in number)):
            raise ValueError("board.number must list integers")
        kinds = ("3:1", *RESOURCES)
        if not (isinstance(harbors, list) and all(k in kinds for k in harbors)):
            raise ValueError("board.harbors must list '3:1' or resource names")
        return cls(
            tuple(TERRAINS.index(t) for t in terrain),
            tuple(number),
            tuple(GENERIC if k == "3:1" else RESOURCES.index(k) for k in harbors),
        )


def _harbor_name(kind: int | None) -> str | None:
    if kind is None:
        return None
    return "3:1" if kind == GENERIC else RESOURCES[kind]


def beginner_board() -> Board:
    """The printed starting map for beginners (the rulebook §2)."""
    return Board(tuple(TERRAINS.index(t) for t in _BEGINNER_TERRAIN), _BEGINNER_NUMBERS, BEGINNER_HARBORS)


def _reds_touch(number: list[int]) -> bool:
    return any(
        number[h] in (6, 8) and any(number[g] in (6, 8) for g in HEX_NEIGHBORS[h]) for h in range(HEX_COUNT)
    )


def random_board(
    rng: Rng,
    *,
    spiral_tokens: bool = False,
    red_numbers_may_touch: bool = False,
    shuffle_harbors: bool = True,
) -> Board:
    """A shuffled board drawn from ``rng`` (the rulebook §2)."""
    terrain = [t for t, n in zip(range(6), (4, 3, 4, 4, 3, 1)) for _ in range(n)]
    rng.shuffle(terrain)
    if spiral_tokens:
        corner = rng.below(6)
        order = (
            _OUTER_RING_CCW[2 * corner :]
            + _OUTER_RING_CCW[: 2 * corner]
            + _INNER_RING_CCW[corner:]
            + _INNER_RING_CCW[:corner]
            + (_CENTER,)
        )
        number = [0] * HEX_COUNT
        tokens = iter(SPIRAL_TOKENS)
        for h in order:
            if terrain[h] != DESERT:
                number[h] = next(tokens)
    else:
        while True:
            tokens_list = list(NUMBER_TOKENS)
            rng.shuffle(tokens_list)
            it = iter(tokens_list)
            number = [0 if terrain[h] == DESERT else next(it) for h in range(HEX_COUNT)]
            if red_numbers_may_touch or not _reds_touch(number):
                break
    harbors = list(BEGINNER_HARBORS)
    if shuffle_harbors:
        rng.shuffle(harbors)
    return Board(tuple(terrain), tuple(number), tuple(harbors))


BOARD_SALT: Final = 1
"""A game's random board is drawn from ``Rng(seed).spawn(BOARD_SALT)`` (see :func:`seeded_board`)."""


def seeded_board(
    kind: str, seed: int, *, spiral_tokens: bool, red_numbers_may_touch: bool, shuffle_harbors: bool
) -> Board:
    """The board of a game of ``seed``: ``kind`` ``"beginner"`` (the printed map) or ``"random"``
    (drawn by :func:`random_board` with the house options given); ValueError for another kind.
    """
    if kind == "beginner":
        return beginner_board()
    if kind == "random":
        return random_board(
            Rng(seed).spawn(BOARD_SALT),
            spiral_tokens=spiral_tokens,
            red_numbers_may_touch=red_numbers_may_touch,
            shuffle_harbors=shuffle_harbors,
        )
    raise ValueError(f"board must be 'beginner', 'random' or a Board, got {kind!r}")
