"""the rulebook §2: the beginner board, random boards and their options, and the topology."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from catan_widget import RESOURCES, TERRAINS, Game, Rules
from catan_widget.engine.board.layouts import GENERIC, beginner_board
from catan_widget.engine.board.topology import (
    EDGE_COUNT,
    EDGE_NODES,
    HEX_COORDS,
    HEX_COUNT,
    HEX_NEIGHBORS,
    HEX_NODES,
    NODE_COUNT,
    NODE_EDGES,
    NODE_HEXES,
    NODE_NEIGHBORS,
    hex_xy,
    node_xy,
)

from .helpers import NAMES4

BEGINNER_ROWS = [
    "mountains(10) pasture(2) forest(9)",
    "fields(12) hills(6) pasture(4) hills(10)",
    "fields(9) forest(11) desert forest(3) mountains(8)",
    "forest(8) mountains(3) fields(4) pasture(5)",
    "hills(5) fields(6) pasture(11)",
]
SPIRAL = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)  # tokens A..R


def _rows(terrain: tuple[int, ...], number: tuple[int, ...]) -> list[str]:
    cells = [TERRAINS[t] + (f"({n})" if n else "") for t, n in zip(terrain, number)]
    out, start = [], 0
    for width in (3, 4, 5, 4, 3):
        out.append(" ".join(cells[start : start + width]))
        start += width
    return out


def _random_board(seed: int, **options: bool) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    board = Game(NAMES4, seed=seed, board="random", rules=Rules(**options)).board
    return board.terrain, board.number, board.harbors


def _reds_touch(number: tuple[int, ...]) -> bool:
    reds = [h for h in range(HEX_COUNT) if number[h] in (6, 8)]
    return any(set(HEX_NODES[a]) & set(HEX_NODES[b]) for a in reds for b in reds if a < b)


def test_beginner_board_is_the_printed_starting_map() -> None:
    board = beginner_board()
    assert _rows(board.terrain, board.number) == BEGINNER_ROWS


def test_beginner_harbors_at_their_printed_frame_positions() -> None:
    kinds = ["3:1" if k == GENERIC else RESOURCES[k] for k in beginner_board().harbors]
    # clockwise from the top-left of the frame
    assert kinds == ["3:1", "wool", "3:1", "3:1", "brick", "lumber", "3:1", "grain", "ore"]


def test_beginner_board_ignores_the_seed() -> None:
    a = Game(NAMES4, seed=1).board
    b = Game(NAMES4, seed=2).board
    assert a == b == beginner_board()


def test_random_board_is_seeded() -> None:
    assert _random_board(7) == _random_board(7)
    assert len({_random_board(s) for s in range(8)}) == 8


def test_random_board_red_numbers_never_touch_by_default() -> None:
    for seed in range(60):
        _, number, _ = _random_board(seed)
        assert not _reds_touch(number), seed


def test_random_board_red_numbers_may_touch_option() -> None:
    touching = sum(_reds_touch(_random_board(s, red_numbers_may_touch=True)[1]) for s in range(60))
    assert touching > 0


def _ring(distance: int) -> list[int]:
    """Hexes at ``distance`` from the centre, counter-clockwise on screen from the top-left."""
    hexes = [h for h, (q, r) in enumerate(HEX_COORDS) if max(abs(q), abs(r), abs(q + r)) == distance]

    def angle(h: int) -> float:
        x, y = hex_xy(h)
        return math.atan2(-y, x) % (2 * math.pi)  # counter-clockwise as seen on screen

    ordered = sorted(hexes, key=angle)
    top_left = min(hexes, key=lambda h: (hex_xy(h)[1], hex_xy(h)[0]))
    i = ordered.index(top_left)
    return ordered[i:] + ordered[:i]


def _spiral_layouts(terrain: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The 6 token layouts of the official spiral, one per starting corner."""
    outer, inner = _ring(2), _ring(1)
    centre = _ring(0)
    layouts = []
    for corner in range(6):
        start = outer[2 * corner]
        o = outer[2 * corner :] + outer[: 2 * corner]
        # the inner ring starts at the inner hex next to the starting corner
        j = next(k for k, h in enumerate(inner) if h in HEX_NEIGHBORS[start])
        order = o + inner[j:] + inner[:j] + centre
        number = [0] * HEX_COUNT
        tokens = iter(SPIRAL)
        for h in order:
            if TERRAINS[terrain[h]] != "desert":
                number[h] = next(tokens)
        layouts.append(tuple(number))
    return layouts


@pytest.mark.parametrize("seed", range(12))
def test_spiral_option_lays_tokens_a_to_r_counter_clockwise_skipping_the_desert(seed: int) -> None:
    terrain, number, _ = _random_board(seed, spiral_tokens=True)
    assert number in _spiral_layouts(terrain)


def test_spiral_option_starts_from_different_corners() -> None:
    firsts = set()
    for seed in range(30):
        terrain, number, _ = _random_board(seed, spiral_tokens=True)
        firsts.add(_spiral_layouts(terrain).index(number))
    assert len(firsts) > 1


def test_shuffled_tokens_are_not_the_spiral() -> None:
    spiral_like = 0
    for seed in range(10):
        terrain, number, _ = _random_board(seed)
        spiral_like += number in _spiral_layouts(terrain)
    assert spiral_like < 10


def test_harbor_shuffle_option() -> None:
    printed = beginner_board().harbors
    fixed = {_random_board(s, shuffle_harbors=False)[2] for s in range(10)}
    assert fixed == {printed}
    shuffled = {_random_board(s, shuffle_harbors=True)[2] for s in range(10)}
    assert len(shuffled) > 1
    for kinds in shuffled:
        assert Counter(kinds) == Counter(printed)


def test_topology_has_19_hexes_54_intersections_72_paths() -> None:
    assert HEX_COUNT == len(HEX_NODES) == 19
    assert NODE_COUNT == len(NODE_HEXES) == 54
    assert EDGE_COUNT == len(EDGE_NODES) == 72
    assert len({n for nodes in HEX_NODES for n in nodes}) == 54
    assert len(set(EDGE_NODES)) == 72
    # Euler: V - E + F = 2 with the 19 hexes and the outer face
    assert NODE_COUNT - EDGE_COUNT + HEX_COUNT + 1 == 2


def test_topology_adjacency_is_consistent() -> None:
    for h in range(HEX_COUNT):
        assert len(set(HEX_NODES[h])) == 6
        for n in HEX_NODES[h]:
            assert h in NODE_HEXES[n]
    for n in range(NODE_COUNT):
        assert 1 <= len(NODE_HEXES[n]) <= 3
        assert len(NODE_EDGES[n]) == len(NODE_NEIGHBORS[n]) in (2, 3)
        for e in NODE_EDGES[n]:
            assert n in EDGE_NODES[e]
        for m in NODE_NEIGHBORS[n]:
            assert n in NODE_NEIGHBORS[m]
            assert m != n
    for a, b in EDGE_NODES:
        assert a < b
        assert b in NODE_NEIGHBORS[a]
        assert set(NODE_HEXES[a]) & set(NODE_HEXES[b])
    for h in range(HEX_COUNT):
        for g in HEX_NEIGHBORS[h]:
            assert h in HEX_NEIGHBORS[g]
    assert len(HEX_NEIGHBORS[9]) == 6  # the centre hex


def test_topology_coast_has_30_intersections_and_30_paths() -> None:
    coastal = {n for n in range(NODE_COUNT) if len(NODE_HEXES[n]) < 3}
    assert len(coastal) == 30
    coast_paths = [
        e for e, (a, b) in enumerate(EDGE_NODES) if len(set(NODE_HEXES[a]) & set(NODE_HEXES[b])) == 1
    ]
    assert len(coast_paths) == 30


def test_topology_ids_are_in_reading_order() -> None:
    points = [node_xy(n) for n in range(NODE_COUNT)]
    assert points == sorted(points, key=lambda p: (p[1], p[0]))
    centres = [hex_xy(h) for h in range(HEX_COUNT)]
    assert centres == sorted(centres, key=lambda p: (p[1], p[0]))
    mids = [((node_xy(a)[1] + node_xy(b)[1]) / 2, (node_xy(a)[0] + node_xy(b)[0]) / 2) for a, b in EDGE_NODES]
    assert mids == sorted(mids)


def test_neighbouring_intersections_are_one_unit_apart() -> None:
    for a, b in EDGE_NODES:
        (ax, ay), (bx, by) = node_xy(a), node_xy(b)
        assert math.isclose(math.hypot(ax - bx, ay - by), 1.0, abs_tol=1e-3)


def test_board_lists_its_topology_with_documented_ids() -> None:
    board = Game(seed=1).board
    hexes, nodes, edges, harbors = board.hexes, board.nodes, board.edges, board.harbor_list
    assert [h["id"] for h in hexes] == list(range(19))
    assert [n["id"] for n in nodes] == list(range(54))
    assert [e["id"] for e in edges] == list(range(72))
    desert = next(h for h in hexes if h["terrain"] == "desert")
    assert desert["number"] is None
    assert desert["pips"] == 0
    for e in edges:
        a, b = e["nodes"]
        assert b in nodes[a]["neighbors"]
        assert e["id"] in nodes[a]["edges"]
    assert sorted(h["kind"] for h in harbors) == sorted(
        ["3:1"] * 4 + ["brick", "grain", "lumber", "ore", "wool"]
    )
    for harbor in harbors:
        for n in harbor["nodes"]:
            assert nodes[n]["harbor"] == harbor["kind"]
