"""Board layouts: which terrain and number token lies on each hex, and which harbor where."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from ..constants import (
    DESERT,
    EXTENSION_NUMBER_TOKENS,
    EXTENSION_TERRAIN_COUNTS,
    NUMBER_TOKENS,
    PIPS,
    RESOURCES,
    TERRAIN_COUNTS,
    TERRAINS,
)
from ..rng import Rng
from .beginner6 import (
    BEGINNER6_HARBORS,
    BEGINNER6_NUMBERS,
    BEGINNER6_TERRAIN,
    EXTENSION_RINGS_CCW,
    SPIRAL6_TOKENS,
)
from .beginner6 import GENERIC as _GENERIC
from .topology import BASE, EXTENSION, Topology, topology_of_size

GENERIC: Final = _GENERIC
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


#: The harbor kinds each board has (sorted): the base 4 generic and one per resource; the
#: extension 5 generic, two wool and one of each other resource.
HARBOR_KINDS: Final[dict[str, tuple[int, ...]]] = {
    "base": (GENERIC,) * 4 + (0, 1, 2, 3, 4),
    "extension": (GENERIC,) * 5 + (0, 1, 2, 2, 3, 4),
}


def _terrain_words(counts: tuple[int, ...]) -> str:
    return ", ".join(f"{n} {TERRAINS[t]}" for t, n in enumerate(counts))


@dataclass(frozen=True)
class Board:
    """A layout: ``terrain[h]`` (index into TERRAINS), ``number[h]`` (0 on a desert) and
    ``harbors[i]`` (GENERIC or a resource id) for harbor position ``i``.  Its size says its
    topology: 19 hexes the base board, 30 the 5–6 player extension (``topo``).

    Derived lookups (``topo``, ``hexes_by_number``, ``node_harbor``, ``harbor_bits``: the two
    nodes and the kind bit of each harbor, ``1 << resource`` or ``1 << 5`` for a generic one;
    ``deserts`` and ``desert``, the first of them, where the robber starts) are computed once.
    """

    terrain: tuple[int, ...]
    number: tuple[int, ...]
    harbors: tuple[int, ...]
    topo: Topology = field(init=False, repr=False, compare=False)
    hexes_by_number: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    node_harbor: tuple[int | None, ...] = field(init=False, repr=False, compare=False)
    harbor_bits: tuple[tuple[int, int, int], ...] = field(init=False, repr=False, compare=False)
    desert: int = field(init=False, repr=False, compare=False)
    deserts: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        topo = topology_of_size(len(self.terrain))
        if topo is None or len(self.number) != topo.hex_count:
            raise ValueError(
                "a board needs 19 terrains and 19 numbers (or 30 and 30 for the 5-6 player extension)"
            )
        extension = topo is EXTENSION
        counts = EXTENSION_TERRAIN_COUNTS if extension else TERRAIN_COUNTS
        tokens = EXTENSION_NUMBER_TOKENS if extension else NUMBER_TOKENS
        if (
            any(t not in range(6) for t in self.terrain)
            or tuple(self.terrain.count(t) for t in range(6)) != counts
        ):
            raise ValueError(f"a board needs {_terrain_words(counts)}")
        if sorted(n for n in self.number if n) != sorted(tokens):
            raise ValueError(f"a board needs the {len(tokens)} number tokens {','.join(map(str, tokens))}")
        for h in range(topo.hex_count):
            if (self.terrain[h] == DESERT) != (self.number[h] == 0):
                raise ValueError(f"hex {h}: a desert, and only a desert, has no number")
        if tuple(sorted(self.harbors)) != HARBOR_KINDS[topo.name]:
            raise ValueError(
                "a board needs 5 generic harbors, two wool and one 2:1 harbor per other resource"
                if extension
                else "a board needs 4 generic harbors and one 2:1 harbor per resource"
            )
        by_number = tuple(tuple(h for h in range(topo.hex_count) if self.number[h] == n) for n in range(13))
        node_harbor: list[int | None] = [None] * topo.node_count
        for position, (a, b) in enumerate(topo.harbor_nodes):
            node_harbor[a] = node_harbor[b] = self.harbors[position]
        object.__setattr__(self, "topo", topo)
        object.__setattr__(self, "hexes_by_number", by_number)
        object.__setattr__(self, "node_harbor", tuple(node_harbor))
        bits = tuple(
            (a, b, 1 << (5 if kind == GENERIC else kind))
            for (a, b), kind in zip(topo.harbor_nodes, self.harbors)
        )
        object.__setattr__(self, "harbor_bits", bits)
        deserts = tuple(h for h in range(topo.hex_count) if self.terrain[h] == DESERT)
        object.__setattr__(self, "deserts", deserts)
        object.__setattr__(self, "desert", deserts[0])

    def resource(self, hex_id: int) -> int | None:
        """The resource id a hex produces, or None for the desert."""
        t = self.terrain[hex_id]
        return None if t == DESERT else t

    def pips(self, hex_id: int) -> int:
        """Pips (ways to roll) of a hex's number; 0 for the desert."""
        return PIPS.get(self.number[hex_id], 0)

    def node_pips(self, node: int) -> int:
        """Sum of pips of the hexes around a node."""
        return sum(self.pips(h) for h in self.topo.node_hexes[node])

    @property
    def hexes(self) -> list[dict[str, Any]]:
        """The hexes (19, or 30 on the extension): id, axial ``q``/``r``, terrain, resource,
        number, pips, corner nodes, neighbouring hexes.
        """
        t = self.topo
        return [
            {
                "id": h,
                "q": t.hex_coords[h][0],
                "r": t.hex_coords[h][1],
                "terrain": TERRAINS[self.terrain[h]],
                "resource": None if self.terrain[h] == DESERT else RESOURCES[self.terrain[h]],
                "number": self.number[h] or None,
                "pips": self.pips(h),
                "nodes": list(t.hex_nodes[h]),
                "neighbors": list(t.hex_neighbors[h]),
            }
            for h in range(t.hex_count)
        ]

    @property
    def nodes(self) -> list[dict[str, Any]]:
        """The intersections (54, or 80): id, touching hexes, neighbouring nodes, paths, harbor, pips."""
        t = self.topo
        return [
            {
                "id": n,
                "hexes": list(t.node_hexes[n]),
                "neighbors": list(t.node_neighbors[n]),
                "edges": list(t.node_edges[n]),
                "harbor": _harbor_name(self.node_harbor[n]),
                "pips": self.node_pips(n),
            }
            for n in range(t.node_count)
        ]

    @property
    def edges(self) -> list[dict[str, Any]]:
        """The paths (72, or 109): id and the two intersections they join."""
        return [{"id": e, "nodes": list(self.topo.edge_nodes[e])} for e in range(self.topo.edge_count)]

    @property
    def harbor_list(self) -> list[dict[str, Any]]:
        """The harbors (9, or 11): position id, kind (``"3:1"`` or a resource), rate, the two nodes."""
        return [
            {
                "id": i,
                "kind": _harbor_name(k),
                "rate": 3 if k == GENERIC else 2,
                "nodes": list(self.topo.harbor_nodes[i]),
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


def beginner_board(extension: bool = False) -> Board:
    """The printed starting map for beginners (the rulebook §2), or with ``extension`` our own
    balanced map of the 5–6 player extension (:mod:`.beginner6`).
    """
    if extension:
        return Board(BEGINNER6_TERRAIN, BEGINNER6_NUMBERS, BEGINNER6_HARBORS)
    return Board(tuple(TERRAINS.index(t) for t in _BEGINNER_TERRAIN), _BEGINNER_NUMBERS, BEGINNER_HARBORS)


def reds_touch(topo: Topology, number: list[int] | tuple[int, ...]) -> bool:
    """Whether a 6 or 8 lies beside another 6 or 8 on a board of ``topo``."""
    neighbors = topo.hex_neighbors
    return any(
        number[h] in (6, 8) and any(number[g] in (6, 8) for g in neighbors[h]) for h in range(topo.hex_count)
    )


def _spiral_order(topo: Topology, corner: int) -> tuple[int, ...]:
    """The hexes of ``topo`` in spiral order: each ring counter-clockwise from the top-left,
    started ``corner`` sixths of the way round, outside in.
    """
    if topo is BASE:
        return (
            _OUTER_RING_CCW[2 * corner :]
            + _OUTER_RING_CCW[: 2 * corner]
            + _INNER_RING_CCW[corner:]
            + _INNER_RING_CCW[:corner]
            + (_CENTER,)
        )
    order: list[int] = []
    for ring in EXTENSION_RINGS_CCW:
        k = corner * len(ring) // 6
        order += ring[k:] + ring[:k]
    return tuple(order)


def random_board(
    rng: Rng,
    *,
    spiral_tokens: bool = False,
    red_numbers_may_touch: bool = False,
    shuffle_harbors: bool = True,
    extension: bool = False,
) -> Board:
    """A shuffled board drawn from ``rng`` (the rulebook §2); with ``extension`` the 30-hex
    board of the 5–6 player extension (its tokens in a spiral follow :data:`SPIRAL6_TOKENS`, the
    terrain and the start drawn again while a 6 and an 8 touch, unless they may).
    """
    topo = EXTENSION if extension else BASE
    counts = EXTENSION_TERRAIN_COUNTS if extension else TERRAIN_COUNTS
    terrain = [t for t, n in zip(range(6), counts) for _ in range(n)]
    rng.shuffle(terrain)
    if spiral_tokens:
        while True:
            order = _spiral_order(topo, rng.below(6))
            number = [0] * topo.hex_count
            tokens = iter(SPIRAL6_TOKENS if extension else SPIRAL_TOKENS)
            for h in order:
                if terrain[h] != DESERT:
                    number[h] = next(tokens)
            if not extension or red_numbers_may_touch or not reds_touch(topo, number):
                break
            rng.shuffle(terrain)  # the extension's spiral may put reds together: another terrain
    else:
        while True:
            tokens_list = list(EXTENSION_NUMBER_TOKENS if extension else NUMBER_TOKENS)
            rng.shuffle(tokens_list)
            it = iter(tokens_list)
            number = [0 if terrain[h] == DESERT else next(it) for h in range(topo.hex_count)]
            if red_numbers_may_touch or not reds_touch(topo, number):
                break
    harbors = list(BEGINNER6_HARBORS if extension else BEGINNER_HARBORS)
    if shuffle_harbors:
        rng.shuffle(harbors)
    return Board(tuple(terrain), tuple(number), tuple(harbors))


BOARD_SALT: Final = 1
"""A game's random board is drawn from ``Rng(seed).spawn(BOARD_SALT)`` (see :func:`seeded_board`)."""


def seeded_board(
    kind: str,
    seed: int,
    *,
    spiral_tokens: bool,
    red_numbers_may_touch: bool,
    shuffle_harbors: bool,
    extension: bool = False,
) -> Board:
    """The board of a game of ``seed``: ``kind`` ``"beginner"`` (the printed map) or ``"random"``
    (drawn by :func:`random_board` with the house options given); ValueError for another kind.
    With ``extension`` (5–6 players) the extension's board of that kind.
    """
    if kind == "beginner":
        return beginner_board(extension)
    if kind == "random":
        return random_board(
            Rng(seed).spawn(BOARD_SALT),
            spiral_tokens=spiral_tokens,
            red_numbers_may_touch=red_numbers_may_touch,
            shuffle_harbors=shuffle_harbors,
            extension=extension,
        )
    raise ValueError(f"board must be 'beginner', 'random' or a Board, got {kind!r}")
