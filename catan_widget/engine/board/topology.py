"""The fixed geometry of the boards: the base game's 19 hexes, 54 intersections and 72 paths,
and the 5–6 player extension's 30 hexes, 80 intersections and 109 paths.

Hexes are pointy-top with axial coordinates ``(q, r)`` (``s = -q - r``): the base board is the
radius-2 hexagon around ``(0, 0)``; the extension's land is ``-3 <= r <= 3``, ``-3 <= q <= 2``,
``-2 <= s <= 3`` (rows of 3-4-5-6-5-4-3, containing the base board).  On each board ids are dense
and stable:

* hexes in reading order: rows top to bottom, left to right;
* nodes (intersections) sorted by their position, ``y`` then ``x`` (reading order);
* edges (paths) sorted by their midpoint, ``y`` then ``x``.

Positions use integer "half units": a hex centre sits at ``X = 2q + r`` (units of √3/2) and
``Y = 3r`` (units of 1/2); its corners are ``(X, Y∓2)`` and ``(X±1, Y∓1)``.  Both boards share
this frame, so the base hexes sit at the same place on either.

Design: one immutable :class:`Topology` object per board size (:data:`BASE`, :data:`EXTENSION`)
holds every table; a :class:`~catan_widget.engine.board.layouts.Board` carries its topology and
the rules read it from there (the state keeps the same reference, so a hot loop costs one
attribute load more than a module constant, and nothing is copied by ``fork``).  The module-level
names (``HEX_COUNT``, ``NODE_HEXES``, ...) are the base board's, unchanged: the API, the saves and
the notebooks read them.  Everything here is computed once at import; nothing ever changes.
"""

from __future__ import annotations

import math
from typing import Final

from ..constants import (
    CARDS_PER_RESOURCE,
    DEV_DECK_COUNTS,
    EXTENSION_CARDS_PER_RESOURCE,
    EXTENSION_DEV_DECK_COUNTS,
)

_CORNER_OFFSETS: Final = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
#: Hex sides in the order of ``hex_nodes`` corners: side ``i`` joins corners ``i`` and ``i+1``.
SIDE_NAMES: Final = ("NE", "E", "SE", "SW", "W", "NW")
_SQRT3_2: Final = math.sqrt(3) / 2


class Topology:
    """The ids and adjacency of one board size (see the module docstring for the id order).

    Attributes:
        name: ``"base"`` or ``"extension"``.
        hex_count, node_count, edge_count: how many hexes, intersections and paths.
        hex_coords: axial ``(q, r)`` of each hex.
        node_points: each node's half-unit position.
        hex_nodes: a hex's 6 corners clockwise from the top.
        edge_nodes: the two nodes of a path, smaller first.
        node_hexes: the land hexes (1 to 3) touching a node, ascending.
        node_edges: the paths (2 or 3) meeting at a node, ascending.
        node_neighbors: the nodes one path away, ascending.
        edge_edges: the paths sharing a node with a path, ascending.
        edge_between: the path joining two neighbouring nodes (both orders).
        hex_neighbors: hexes sharing a side with a hex, ascending.
        harbor_sides: the harbor positions on the frame, clockwise from the top-left: ``(hex, side)``.
        harbor_nodes: the two coastal nodes served by each harbor position.
        cards_per_resource, deck_counts: the components that come with this board: the bank's
            cards of each resource and the development deck's cards of each kind.
    """

    def __init__(
        self,
        name: str,
        hex_coords: tuple[tuple[int, int], ...],
        harbor_sides: tuple[tuple[int, str], ...],
        cards_per_resource: int,
        deck_counts: tuple[int, ...],
    ) -> None:
        """Build every table of a board from its hexes' axial coordinates and its harbor sides."""
        self.name = name
        self.cards_per_resource = cards_per_resource
        self.deck_counts = deck_counts
        self.hex_coords = hex_coords
        corner_points: list[list[tuple[int, int]]] = []
        for q, r in hex_coords:
            cx, cy = 2 * q + r, 3 * r
            corner_points.append([(cx + dx, cy + dy) for dx, dy in _CORNER_OFFSETS])
        points = sorted({p for corners in corner_points for p in corners}, key=lambda p: (p[1], p[0]))
        index = {p: i for i, p in enumerate(points)}
        hex_nodes = tuple(tuple(index[p] for p in corners) for corners in corner_points)
        pairs: set[tuple[int, int]] = set()
        for nodes in hex_nodes:
            for i in range(6):
                a, b = nodes[i], nodes[(i + 1) % 6]
                pairs.add((min(a, b), max(a, b)))
        edge_nodes = tuple(
            sorted(
                pairs, key=lambda e: (points[e[0]][1] + points[e[1]][1], points[e[0]][0] + points[e[1]][0])
            )
        )
        hexes, nodes_n, edges_n = len(hex_coords), len(points), len(edge_nodes)
        self.hex_count: int = hexes
        self.node_count: int = nodes_n
        self.edge_count: int = edges_n
        self.node_points: tuple[tuple[int, int], ...] = tuple(points)
        self.hex_nodes: tuple[tuple[int, ...], ...] = hex_nodes
        self.edge_nodes: tuple[tuple[int, int], ...] = edge_nodes
        self.node_hexes: tuple[tuple[int, ...], ...] = tuple(
            tuple(h for h in range(hexes) if n in hex_nodes[h]) for n in range(nodes_n)
        )
        node_edges = tuple(tuple(e for e in range(edges_n) if n in edge_nodes[e]) for n in range(nodes_n))
        self.node_edges: tuple[tuple[int, ...], ...] = node_edges
        self.node_neighbors: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(edge_nodes[e][0] + edge_nodes[e][1] - n for e in node_edges[n]))
            for n in range(nodes_n)
        )
        self.edge_edges: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted({f for n in edge_nodes[e] for f in node_edges[n] if f != e})) for e in range(edges_n)
        )
        between: dict[tuple[int, int], int] = {}
        for e, (a, b) in enumerate(edge_nodes):
            between[(a, b)] = e
            between[(b, a)] = e
        self.edge_between: dict[tuple[int, int], int] = between
        self.hex_neighbors: tuple[tuple[int, ...], ...] = tuple(
            tuple(g for g in range(hexes) if g != h and len(set(hex_nodes[h]) & set(hex_nodes[g])) == 2)
            for h in range(hexes)
        )
        self.harbor_sides: tuple[tuple[int, str], ...] = harbor_sides
        self.harbor_nodes: tuple[tuple[int, int], ...] = tuple(
            self.hex_side_nodes(h, s) for h, s in harbor_sides
        )
        self._check()

    def __repr__(self) -> str:
        """``Topology('base': 19 hexes, 54 nodes, 72 edges)``."""
        counts = f"{self.hex_count} hexes, {self.node_count} nodes, {self.edge_count} edges"
        return f"Topology({self.name!r}: {counts})"

    def hex_side_nodes(self, hex_id: int, side: str) -> tuple[int, int]:
        """The two node ids of one side of a hex, e.g. ``BASE.hex_side_nodes(0, "NW")``."""
        i = SIDE_NAMES.index(side)
        nodes = self.hex_nodes[hex_id]
        return nodes[i], nodes[(i + 1) % 6]

    def node_xy(self, node: int) -> tuple[float, float]:
        """Position of a node in hex units (centre-to-corner = 1), y downwards."""
        x, y = self.node_points[node]
        return (round(x * _SQRT3_2, 4), round(y * 0.5, 4))

    def hex_xy(self, hex_id: int) -> tuple[float, float]:
        """Position of a hex centre in hex units, y downwards."""
        q, r = self.hex_coords[hex_id]
        return (round((2 * q + r) * _SQRT3_2, 4), round(3 * r * 0.5, 4))

    def harbor_xy(self, position: int) -> tuple[float, float]:
        """Where to draw harbor ``position``: just outside the coast, facing its side."""
        hex_id = self.harbor_sides[position][0]
        a, b = self.harbor_nodes[position]
        (ax, ay), (bx, by), (hx, hy) = self.node_xy(a), self.node_xy(b), self.hex_xy(hex_id)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        return (round(hx + (mx - hx) * 1.75, 4), round(hy + (my - hy) * 1.75, 4))

    def _check(self) -> None:
        coastal = {n for n in range(self.node_count) if len(self.node_hexes[n]) < 3}
        served: set[int] = set()
        for a, b in self.harbor_nodes:
            if not (
                a in coastal and b in coastal and len(set(self.node_hexes[a]) & set(self.node_hexes[b])) == 1
            ):
                raise AssertionError(f"{self.name}: harbor ({a}, {b}) is not on the coast")
            if a in served or b in served:
                raise AssertionError(f"{self.name}: harbors share node {a} or {b}")
            served |= {a, b}


def _hexagon(radius: int) -> tuple[tuple[int, int], ...]:
    return tuple(
        (q, r)
        for r in range(-radius, radius + 1)
        for q in range(max(-radius, -r - radius), min(radius, -r + radius) + 1)
    )


BASE: Final = Topology(
    "base",
    _hexagon(2),
    ((0, "NW"), (1, "NE"), (6, "NE"), (11, "E"), (15, "SE"), (17, "SE"), (16, "SW"), (12, "W"), (3, "NW")),
    CARDS_PER_RESOURCE,
    DEV_DECK_COUNTS,
)
"""The base game's board (3–4 players)."""

EXTENSION: Final = Topology(
    "extension",
    tuple((q, r) for r in range(-3, 4) for q in range(max(-3, -r - 3), min(2, -r + 2) + 1)),
    # 11 of the 38 coastal sides, three or four sides apart, clockwise from the top-left.
    (
        *((0, "NW"), (2, "NW"), (6, "NE"), (17, "NE"), (22, "E"), (29, "E")),
        *((28, "SE"), (27, "W"), (18, "SW"), (12, "NW"), (3, "W")),
    ),
    EXTENSION_CARDS_PER_RESOURCE,
    EXTENSION_DEV_DECK_COUNTS,
)
"""The 5–6 player extension's board."""

TOPOLOGIES: Final[dict[str, Topology]] = {"base": BASE, "extension": EXTENSION}
"""The boards by name."""

MAX_HEX_COUNT: Final = 30
MAX_NODE_COUNT: Final = 80
MAX_EDGE_COUNT: Final = 109
"""The largest board's counts (the range an action's id may take before a board is known)."""


def topology_of_size(hexes: int) -> Topology | None:
    """The topology with ``hexes`` hexes (19 or 30), or None."""
    return BASE if hexes == BASE.hex_count else EXTENSION if hexes == EXTENSION.hex_count else None


# --- the base board's tables under the names the API has always had ------------------------
HEX_COUNT: Final = 19
NODE_COUNT: Final = 54
EDGE_COUNT: Final = 72
#: Axial ``(q, r)`` of each hex id.
HEX_COORDS: Final = BASE.hex_coords
NODE_POINTS: Final = BASE.node_points
HEX_NODES: Final = BASE.hex_nodes
EDGE_NODES: Final = BASE.edge_nodes
"""``NODE_POINTS[n]``: half-unit position; ``HEX_NODES[h]``: the 6 corners clockwise from the
top; ``EDGE_NODES[e]``: the two node ids of a path, smaller first."""
#: ``NODE_HEXES[n]``: the land hexes (1 to 3) touching node ``n``, ascending.
NODE_HEXES: Final = BASE.node_hexes
#: ``NODE_EDGES[n]``: the paths (2 or 3) meeting at node ``n``, ascending.
NODE_EDGES: Final = BASE.node_edges
#: ``NODE_NEIGHBORS[n]``: the nodes one path away from ``n``, ascending.
NODE_NEIGHBORS: Final = BASE.node_neighbors
#: ``EDGE_EDGES[e]``: the paths sharing a node with path ``e``, ascending.
EDGE_EDGES: Final = BASE.edge_edges
#: ``EDGE_BETWEEN[(a, b)]``: the path joining two neighbouring nodes (both orders).
EDGE_BETWEEN: Final = BASE.edge_between
#: ``HEX_NEIGHBORS[h]``: hexes sharing a side with hex ``h``, ascending.
HEX_NEIGHBORS: Final = BASE.hex_neighbors
#: The 9 harbor positions on the frame, clockwise from the top-left: ``(hex, side)``.
HARBOR_SIDES: Final = BASE.harbor_sides
#: ``HARBOR_NODES[i]``: the two coastal nodes served by harbor position ``i``.
HARBOR_NODES: Final = BASE.harbor_nodes


def hex_side_nodes(hex_id: int, side: str) -> tuple[int, int]:
    """The two node ids of one side of a base-board hex, e.g. ``hex_side_nodes(0, "NW")``."""
    return BASE.hex_side_nodes(hex_id, side)


def node_xy(node: int) -> tuple[float, float]:
    """Position of a base-board node in hex units (centre-to-corner = 1), y downwards."""
    return BASE.node_xy(node)


def hex_xy(hex_id: int) -> tuple[float, float]:
    """Position of a base-board hex centre in hex units, y downwards."""
    return BASE.hex_xy(hex_id)


def harbor_xy(position: int) -> tuple[float, float]:
    """Where to draw base-board harbor ``position``: just outside the coast, facing its side."""
    return BASE.harbor_xy(position)


if (BASE.hex_count, BASE.node_count, BASE.edge_count) != (HEX_COUNT, NODE_COUNT, EDGE_COUNT) or (
    EXTENSION.hex_count,
    EXTENSION.node_count,
    EXTENSION.edge_count,
) != (MAX_HEX_COUNT, MAX_NODE_COUNT, MAX_EDGE_COUNT):
    raise AssertionError("board counts")
