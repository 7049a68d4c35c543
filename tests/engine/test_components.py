"""the rulebook §1: the components of the base game."""

from __future__ import annotations

from collections import Counter

import pytest

from catan_widget import DEV_CARDS, RESOURCES, TERRAINS, Board, Game
from catan_widget.engine.board.layouts import GENERIC, beginner_board
from catan_widget.engine.board.topology import HARBOR_NODES, NODE_HEXES
from catan_widget.engine.constants import PIPS

from .helpers import NAMES3, NAMES4

BOARDS = [("beginner", 0), ("random", 1), ("random", 2), ("random", 99)]


def _board(kind: str, seed: int) -> Board:
    return Game(NAMES4, seed=seed, board=kind).board


@pytest.mark.parametrize(("kind", "seed"), BOARDS)
def test_nineteen_terrain_hexes_in_official_numbers(kind: str, seed: int) -> None:
    terrain = Counter(TERRAINS[t] for t in _board(kind, seed).terrain)
    assert terrain == {"forest": 4, "pasture": 4, "fields": 4, "hills": 3, "mountains": 3, "desert": 1}


@pytest.mark.parametrize(("kind", "seed"), BOARDS)
def test_eighteen_number_tokens_without_a_seven(kind: str, seed: int) -> None:
    board = _board(kind, seed)
    tokens = Counter(n for n in board.number if n)
    assert sum(tokens.values()) == 18
    assert tokens == {2: 1, 12: 1, 3: 2, 4: 2, 5: 2, 6: 2, 8: 2, 9: 2, 10: 2, 11: 2}
    assert board.number[board.desert] == 0
    assert TERRAINS[board.terrain[board.desert]] == "desert"


@pytest.mark.parametrize(("kind", "seed"), BOARDS)
def test_nine_harbors_four_generic_and_one_per_resource(kind: str, seed: int) -> None:
    board = _board(kind, seed)
    assert len(board.harbors) == 9
    assert Counter(board.harbors) == {GENERIC: 4, 0: 1, 1: 1, 2: 1, 3: 1, 4: 1}


def test_each_harbor_touches_two_coastal_intersections() -> None:
    board = beginner_board()
    assert len(HARBOR_NODES) == 9
    served = [n for pair in HARBOR_NODES for n in pair]
    assert len(set(served)) == 18
    for a, b in HARBOR_NODES:
        assert len(NODE_HEXES[a]) < 3
        assert len(NODE_HEXES[b]) < 3
        assert set(NODE_HEXES[a]) & set(NODE_HEXES[b])
    harbor_nodes = [n for n, kind in enumerate(board.node_harbor) if kind is not None]
    assert sorted(harbor_nodes) == sorted(served)


@pytest.mark.parametrize("names", [NAMES3, NAMES4])
def test_bank_starts_with_nineteen_cards_of_each_resource(names: list[str]) -> None:
    game = Game(names, seed=3)
    bank = game.bank
    assert [bank[r] for r in RESOURCES] == [19] * 5
    assert all(p.resource_count == 0 for p in game.players)


def test_development_deck_is_25_cards_14_5_2_2_2() -> None:
    game = Game(NAMES4, seed=5)
    deck = Counter(DEV_CARDS[c] for c in game.state.deck)
    assert game.bank["development_cards"] == 25
    assert deck == {"knight": 14, "victory_point": 5, "road_building": 2, "year_of_plenty": 2, "monopoly": 2}


def test_development_deck_is_shuffled_by_the_seed() -> None:
    decks = {tuple(Game(NAMES4, seed=s).state.deck) for s in range(6)}
    assert len(decks) > 1
    assert Game(NAMES4, seed=4).state.deck == Game(NAMES4, seed=4).state.deck


@pytest.mark.parametrize("names", [NAMES3, NAMES4])
def test_each_player_has_15_roads_5_settlements_4_cities(names: list[str]) -> None:
    game = Game(names, seed=3)
    for player in game.players:
        assert player.pieces_left == {"roads": 15, "settlements": 5, "cities": 4}


@pytest.mark.parametrize(("kind", "seed"), BOARDS)
def test_robber_starts_on_the_desert(kind: str, seed: int) -> None:
    game = Game(NAMES4, seed=seed, board=kind)
    assert game.robber == game.board.desert


def test_special_cards_start_unclaimed() -> None:
    game = Game(NAMES4, seed=3)
    assert game.state.longest == -1
    assert game.state.army == -1
    assert not any(p.has_longest_road or p.has_largest_army for p in game.players)


def test_pips_are_the_ways_two_dice_make_a_number() -> None:
    ways = Counter(a + b for a in range(1, 7) for b in range(1, 7))
    assert {n: ways[n] for n in PIPS} == PIPS
    assert set(PIPS) == {2, 3, 4, 5, 6, 8, 9, 10, 11, 12}
    board = beginner_board()
    assert board.pips(board.desert) == 0
    assert board.pips(4) == 5  # hills(6): a red number
    assert board.node_pips(12) == board.pips(0) + board.pips(3) + board.pips(4)


def test_board_refuses_wrong_components() -> None:
    good = beginner_board()
    two_deserts = list(good.terrain)
    two_deserts[0] = TERRAINS.index("desert")
    with pytest.raises(ValueError, match="desert"):
        Board(tuple(two_deserts), good.number, good.harbors)
    seven = list(good.number)
    seven[0] = 7
    with pytest.raises(ValueError, match="number tokens"):
        Board(good.terrain, tuple(seven), good.harbors)
    harbors = list(good.harbors)
    harbors[0] = 4
    with pytest.raises(ValueError, match="harbor"):
        Board(good.terrain, good.number, tuple(harbors))
