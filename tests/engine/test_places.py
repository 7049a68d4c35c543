"""Places in words (engine/words/places.py), checked by hand against the beginner board: one
name for each place (a hex by terrain and number, "mountains 8"), in every language.

Beginner board (hex ids in reading order): 0 ore 10, 1 wool 2, 2 lumber 9, 3 grain 12,
4 brick 6, 5 wool 4, 6 brick 10, 7 grain 9, 8 lumber 11, 9 desert, 10 lumber 3, 11 ore 8,
12 lumber 8, 13 ore 3, 14 grain 4, 15 wool 5, 16 brick 5, 17 grain 6, 18 wool 11.
"""

from __future__ import annotations

import pytest

from catan_widget.engine.board.layouts import GENERIC, beginner_board
from catan_widget.engine.board.topology import EDGE_BETWEEN, EDGE_COUNT, HARBOR_NODES, HEX_NODES, NODE_COUNT
from catan_widget.engine.constants import WOOL, terrain_word
from catan_widget.engine.language import trc, words
from catan_widget.engine.words.places import (
    corner_name,
    corner_place,
    harbor_label,
    harbor_words,
    hex_name,
    hex_place,
    path_name,
    path_place,
)

MOUNTAINS = 4

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
        ((12, 13, 16), "the corner of forest 8, hills 5 and mountains 3"),  # most pips first
        ((4, 5, 1), "the corner of hills 6, pasture 4 and pasture 2"),
        ((9, 10, 14), "the corner of fields 4, forest 3 and desert"),
        ((11, 15), "the coastal corner of mountains 8 and pasture 5"),
    ],
)
def test_corners_are_named_by_their_hexes(hexes: tuple[int, ...], words: str) -> None:
    assert corner_name(BOARD, corner(*hexes)) == words


def test_harbor_corners_name_their_harbor() -> None:
    assert corner_name(BOARD, 0) == "the coastal corner of mountains 10 (3:1 harbor)"
    a, b = HARBOR_NODES[1]  # the wool harbor on the 2 wool's north-east side
    assert {corner_name(BOARD, a), corner_name(BOARD, b)} == {
        "the coastal corner of pasture 2 (2:1 wool harbor)",
        "the coastal corner of forest 9 and pasture 2 (2:1 wool harbor)",
    }


def test_paths_are_named_by_the_hexes_on_their_sides() -> None:
    inland = EDGE_BETWEEN[tuple(set(HEX_NODES[4]) & set(HEX_NODES[5]))]  # type: ignore[index]
    assert path_name(BOARD, inland) == "the path between hills 6 and pasture 4"
    a, b = HARBOR_NODES[1]
    assert path_name(BOARD, EDGE_BETWEEN[(a, b)]) == "the coast of pasture 2 by forest 9 (2:1 wool harbor)"
    top = EDGE_BETWEEN[(0, 3)]  # mountains 10's north-west side: no other hex at its ends
    assert path_name(BOARD, top) == "the coast of mountains 10 (3:1 harbor)"


def test_hexes_are_named_by_terrain_and_number() -> None:
    assert hex_name(BOARD, 11) == "mountains 8"
    assert hex_name(BOARD, 4) == "hills 6"
    assert hex_name(BOARD, 9) == "desert"
    assert hex_place(BOARD, 11) == trc("hex", "{terrain} {number}", terrain=terrain_word(MOUNTAINS), number=8)


def test_harbors_are_named_by_their_rate() -> None:
    assert harbor_words(GENERIC) == "3:1 harbor"
    assert harbor_words(WOOL) == "2:1 wool harbor"
    assert harbor_words(None) == ""
    assert harbor_label(None) is None


def test_places_are_words_in_any_language() -> None:
    assert hex_name(BOARD, 11, language="en-XA").startswith("[")
    pseudo = corner_name(BOARD, 0, language="en-XA")
    assert pseudo.startswith("[")
    assert "10" in pseudo
    assert path_name(BOARD, 0, language="en") == words(path_place(BOARD, 0), "en")
    assert corner_name(BOARD, 0) == str(corner_place(BOARD, 0))


def test_no_place_name_shows_an_id_and_coastal_paths_are_told_apart() -> None:
    names = [corner_name(BOARD, n) for n in range(NODE_COUNT)] + [
        path_name(BOARD, e) for e in range(EDGE_COUNT)
    ]
    assert all(w.startswith("the ") and "None" not in w for w in names)
    coast = [w for w in names if w.startswith("the coast of")]
    assert len(coast) == 30
    assert len(set(coast)) == 30
