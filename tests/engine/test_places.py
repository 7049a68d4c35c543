"""Places in words (engine/places.py), checked by hand against the beginner board.

Beginner board (hex ids in reading order): 0 ore 10, 1 wool 2, 2 lumber 9, 3 grain 12,
4 brick 6, 5 wool 4, 6 brick 10, 7 grain 9, 8 lumber 11, 9 desert, 10 lumber 3, 11 ore 8,
12 lumber 8, 13 ore 3, 14 grain 4, 15 wool 5, 16 brick 5, 17 grain 6, 18 wool 11.
"""

from __future__ import annotations

import pytest

from catan_widget.engine.board.layouts import beginner_board
from catan_widget.engine.board.topology import EDGE_BETWEEN, EDGE_COUNT, HARBOR_NODES, HEX_NODES, NODE_COUNT
from catan_widget.engine.words.places import corner_name, hex_name, path_name

BOARD = beginner_board()


def corner(*hexes: int) -> int:
    """The one intersection touching all the given hexes (and, for a coastal one, only them)."""
    common = set(HEX_NODES[hexes[0]]).intersection(*(HEX_NODES[h] for h in hexes[1:]))
    if len(hexes) < 3:
        common = {n for n in common if sum(n in HEX_NODES[h] for h in range(19)) == len(hexes)}
    assert len(common) == 1, common
    return common.pop()


@pytest.mark.parametrize(
    ("hexes", "words"),
    [
        ((12, 13, 16), "the corner of 8 lumber, 5 brick and 3 ore"),  # most pips first
        ((4, 5, 1), "the corner of 6 brick, 4 wool and 2 wool"),
        ((9, 10, 14), "the corner of 4 grain, 3 lumber and the desert"),
        ((11, 15), "the coastal corner of 8 ore and 5 wool"),
    ],
)
def test_corners_are_named_by_their_hexes(hexes: tuple[int, ...], words: str) -> None:
    assert corner_name(BOARD, corner(*hexes)) == words


def test_harbor_corners_name_their_harbor() -> None:
    assert corner_name(BOARD, 0) == "the coastal corner of 10 ore (3:1 harbor)"
    a, b = HARBOR_NODES[1]  # the wool harbor on the 2 wool's north-east side
    assert {corner_name(BOARD, a), corner_name(BOARD, b)} == {
        "the coastal corner of 2 wool (2:1 wool harbor)",
        "the coastal corner of 9 lumber and 2 wool (2:1 wool harbor)",
    }


def test_paths_are_named_by_the_hexes_on_their_sides() -> None:
    inland = EDGE_BETWEEN[tuple(set(HEX_NODES[4]) & set(HEX_NODES[5]))]  # type: ignore[index]
    assert path_name(BOARD, inland) == "the path between 6 brick and 4 wool"
    a, b = HARBOR_NODES[1]
    assert path_name(BOARD, EDGE_BETWEEN[(a, b)]) == "the coast of 2 wool by 9 lumber (2:1 wool harbor)"
    top = EDGE_BETWEEN[(0, 3)]  # the 10 ore's north-west side: no other hex at its ends
    assert path_name(BOARD, top) == "the coast of 10 ore (3:1 harbor)"


def test_hexes_are_named_by_number_and_resource() -> None:
    assert hex_name(BOARD, 11) == "the 8 ore"
    assert hex_name(BOARD, 4) == "the 6 brick"
    assert hex_name(BOARD, 9) == "the desert"


def test_no_place_name_shows_an_id_and_coastal_paths_are_told_apart() -> None:
    names = [corner_name(BOARD, n) for n in range(NODE_COUNT)] + [
        path_name(BOARD, e) for e in range(EDGE_COUNT)
    ]
    assert all(w.startswith("the ") and "None" not in w for w in names)
    coast = [w for w in names if w.startswith("the coast of")]
    assert len(coast) == 30
    assert len(set(coast)) == 30
