"""The fixed geometry of the base-game board: 19 hexes, 54 intersections, 72 paths.

Hexes are pointy-top with axial coordinates ``(q, r)`` within radius 2 of ``(0, 0)``.
Ids are dense and stable:

* hexes ``0..18`` in reading order: rows top to bottom (3, 4, 5, 4, 3), left to right;
* nodes (intersections) ``0..53`` sorted by their position, ``y`` then ``x`` (reading order);
* edges (paths) ``0..71`` sorted by their midpoint, ``y`` then ``x``.

Positions use integer "half units": a hex centre sits at ``X = 2q + r`` (units of √3/2) and
``Y = 3r`` (units of 1/2); its corners are ``(X, Y∓2)`` and ``(X±1, Y∓1)``.  Everything here is
computed once at import and shared by every game; nothing in it ever changes.
"""

from __future__ import annotations

import math
from typing import Final

HEX_COUNT: Final = 19
NODE_COUNT: Final = 54
EDGE_COUNT: Final = 72

#: Axial ``(q, r)`` of each hex id.
HEX_COORDS: Final[tuple[tuple[int, int], ...]] = tuple(
    (q, r) for r in range(-2, 3) for q in range(max(-2, -r - 2), min(2, -r + 2) + 1)
)

_CORNER_OFFSETS: Final = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))


def _build() -> tuple[
    tuple[tuple[int, int], ...],
    tuple[tuple[int, ...], ...],
    tuple[tuple[int, int], ...],
]:
    corner_points: list[list[tuple[int, int]]] = []
    for q, r in HEX_COORDS:
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

    def midpoint(pair: tuple[int, int]) -> tuple[int, int]:
        (ax, ay), (bx, by) = points[pair[0]], points[pair[1]]
        return (ay + by, ax + bx)

    edges = tuple(sorted(pairs, key=midpoint))
    return tuple(points), hex_nodes, edges


_BUILT = _build()
NODE_POINTS: Final = _BUILT[0]
HEX_NODES: Final = _BUILT[1]
EDGE_NODES: Final = _BUILT[2]
"""``NODE_POINTS[n]``: half-unit position; ``HEX_NODES[h]``: the 6 corners clockwise from the
top; ``EDGE_NODES[e]``: the two node ids of a path, smaller first."""

#: ``NODE_HEXES[n]``: the land hexes (1 to 3) touching node ``n``, ascending.
NODE_HEXES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(h for h in range(HEX_COUNT) if n in HEX_NODES[h]) for n in range(NODE_COUNT)
)

#: ``NODE_EDGES[n]``: the paths (2 or 3) meeting at node ``n``, ascending.
NODE_EDGES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(e for e in range(EDGE_COUNT) if n in EDGE_NODES[e]) for n in range(NODE_COUNT)
)

#: ``NODE_NEIGHBORS[n]``: the nodes one path away from ``n``, ascending.
NODE_NEIGHBORS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sorted(EDGE_NODES[e][0] + EDGE_NODES[e][1] - n for e in NODE_EDGES[n])) for n in range(NODE_COUNT)
)

#: ``EDGE_EDGES[e]``: the paths sharing a node with path ``e``, ascending.
EDGE_EDGES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sorted({f for n in EDGE_NODES[e] for f in NODE_EDGES[n] if f != e})) for e in range(EDGE_COUNT)
)

#: ``EDGE_BETWEEN[(a, b)]``: the path joining two neighbouring nodes (both orders).
EDGE_BETWEEN: Final[dict[tuple[int, int], int]] = {}
for _e, (_a, _b) in enumerate(EDGE_NODES):
    EDGE_BETWEEN[(_a, _b)] = _e
    EDGE_BETWEEN[(_b, _a)] = _e

#: ``HEX_NEIGHBORS[h]``: hexes sharing a side with hex ``h``, ascending.
HEX_NEIGHBORS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(g for g in range(HEX_COUNT) if g != h and len(set(HEX_NODES[h]) & set(HEX_NODES[g])) == 2)
    for h in range(HEX_COUNT)
)

#: Hex sides in the order of ``HEX_NODES`` corners: side ``i`` joins corners ``i`` and ``i+1``.
SIDE_NAMES: Final = ("NE", "E", "SE", "SW", "W", "NW")


def hex_side_nodes(hex_id: int, side: str) -> tuple[int, int]:
    """The two node ids of one side of a hex, e.g. ``hex_side_nodes(0, "NW")``."""
    i = SIDE_NAMES.index(side)
    nodes = HEX_NODES[hex_id]
    return nodes[i], nodes[(i + 1) % 6]


#: The 9 harbor positions on the frame, clockwise from the top-left: ``(hex, side)``.
HARBOR_SIDES: Final[tuple[tuple[int, str], ...]] = (
    (0, "NW"),
    (1, "NE"),
    (6, "NE"),
    (11, "E"),
    (15, "SE"),
    (17, "SE"),
    (16, "SW"),
    (12, "W"),
    (3, "NW"),
)

#: ``HARBOR_NODES[i]``: the two coastal nodes served by harbor position ``i``.
HARBOR_NODES: Final[tuple[tuple[int, int], ...]] = tuple(hex_side_nodes(h, s) for h, s in HARBOR_SIDES)

_SQRT3_2: Final = math.sqrt(3) / 2


def node_xy(node: int) -> tuple[float, float]:
    """Position of a node in hex units (centre-to-corner = 1), y downwards."""
    x, y = NODE_POINTS[node]
    return (round(x * _SQRT3_2, 4), round(y * 0.5, 4))


def hex_xy(hex_id: int) -> tuple[float, float]:
    """Position of a hex centre in hex units, y downwards."""
    q, r = HEX_COORDS[hex_id]
    return (round((2 * q + r) * _SQRT3_2, 4), round(3 * r * 0.5, 4))


def harbor_xy(position: int) -> tuple[float, float]:
    """Where to draw harbor ``position``: just outside the coast, facing its side."""
    hex_id, _ = HARBOR_SIDES[position]
    a, b = HARBOR_NODES[position]
    (ax, ay), (bx, by), (hx, hy) = node_xy(a), node_xy(b), hex_xy(hex_id)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    return (round(hx + (mx - hx) * 1.75, 4), round(hy + (my - hy) * 1.75, 4))


def _check() -> None:
    assert len(HEX_COORDS) == HEX_COUNT
    assert len(NODE_POINTS) == NODE_COUNT, len(NODE_POINTS)
    assert len(EDGE_NODES) == EDGE_COUNT, len(EDGE_NODES)
    coastal = {n for n in range(NODE_COUNT) if len(NODE_HEXES[n]) < 3}
    for a, b in HARBOR_NODES:
        assert a in coastal
        assert b in coastal
        assert len(set(NODE_HEXES[a]) & set(NODE_HEXES[b])) == 1


_check()
