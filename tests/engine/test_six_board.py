"""The 5–6 player extension's components (issue 23), read from the public API: its board, tokens,
harbors, bank, deck, pieces, setup order and robber."""

from __future__ import annotations

from collections import Counter

import pytest

from catan_widget import DEV_CARDS, RESOURCES, TERRAINS, Board, Game, Rules
from catan_widget.engine.board.layouts import GENERIC, beginner_board, reds_touch
from catan_widget.engine.board.topology import BASE, EXTENSION
from catan_widget.engine.constants import EXTENSION_NUMBER_TOKENS

NAMES5 = ["Ada", "Bo", "Cy", "Di", "Ed"]
NAMES6 = [*NAMES5, "Fy"]
BOARDS = [("beginner", 0), ("random", 1), ("random", 2), ("random", 99), ("random", 2026)]


def _game(kind: str, seed: int, names: list[str] = NAMES6) -> Game:
    return Game(names, seed=seed, board=kind)


@pytest.mark.parametrize(("kind", "seed"), BOARDS)
@pytest.mark.parametrize("names", [NAMES5, NAMES6])
def test_thirty_hexes_in_the_extension_counts(kind: str, seed: int, names: list[str]) -> None:
    board = _game(kind, seed, names).board
    assert len(board.hexes) == 30
    terrain = Counter(h["terrain"] for h in board.hexes)
    assert terrain == {"desert": 2, "hills": 5, "mountains": 5, "pasture": 6, "fields": 6, "forest": 6}


def test_the_land_is_the_issues_axial_rows() -> None:
    hexes = _game("beginner", 0).board.hexes
    coords = {(h["q"], h["r"]) for h in hexes}
    assert coords == {(q, r) for r in range(-3, 4) for q in range(-3, 3) if -2 <= -q - r <= 3}
    rows = Counter(h["r"] for h in hexes)
    assert [rows[r] for r in range(-3, 4)] == [3, 4, 5, 6, 5, 4, 3]
    assert set(BASE.hex_coords) <= coords  # it contains the base board


@pytest.mark.parametrize(("kind", "seed"), BOARDS)
def test_twenty_eight_tokens_none_on_a_desert(kind: str, seed: int) -> None:
    board = _game(kind, seed).board
    tokens = Counter(h["number"] for h in board.hexes if h["number"])
    assert sum(tokens.values()) == 28
    assert tokens == {2: 2, 12: 2, **dict.fromkeys((3, 4, 5, 6, 8, 9, 10, 11), 3)}
    assert all(h["number"] is None for h in board.hexes if h["terrain"] == "desert")


@pytest.mark.parametrize("seed", range(40))
def test_random_boards_keep_six_and_eight_apart(seed: int) -> None:
    board = _game("random", seed).board
    reds = {h["id"] for h in board.hexes if h["number"] in (6, 8)}
    assert len(reds) == 6
    for h in board.hexes:
        if h["id"] in reds:
            assert not reds & set(h["neighbors"]), (seed, h["id"])


@pytest.mark.parametrize(("kind", "seed"), BOARDS)
def test_eleven_harbors_five_generic_two_wool_one_each_other(kind: str, seed: int) -> None:
    harbors = _game(kind, seed).board.harbor_list
    assert len(harbors) == 11
    assert Counter(h["kind"] for h in harbors) == {
        "3:1": 5,
        "wool": 2,
        "brick": 1,
        "lumber": 1,
        "grain": 1,
        "ore": 1,
    }
    assert Counter(h["rate"] for h in harbors) == {3: 5, 2: 6}
    served = [n for h in harbors for n in h["nodes"]]
    assert len(set(served)) == 22
    nodes = _game(kind, seed).board.nodes
    for n in served:
        assert len(nodes[n]["hexes"]) < 3  # on the coast


@pytest.mark.parametrize("names", [NAMES5, NAMES6])
def test_bank_holds_24_of_each_resource_and_the_deck_34(names: list[str]) -> None:
    game = Game(names, seed=3)
    assert [game.bank[r] for r in RESOURCES] == [24] * 5
    assert game.bank["development_cards"] == 34
    deck = Counter(DEV_CARDS[c] for c in game.state.deck)
    assert deck == {"knight": 20, "victory_point": 5, "road_building": 3, "year_of_plenty": 3, "monopoly": 3}


@pytest.mark.parametrize("names", [NAMES5, NAMES6])
def test_each_colour_has_5_settlements_4_cities_15_roads(names: list[str]) -> None:
    game = Game(names, seed=3)
    assert len(game.players) == len(names)
    for player in game.players:
        assert player.pieces_left == {"roads": 15, "settlements": 5, "cities": 4}


@pytest.mark.parametrize(("kind", "seed"), BOARDS)
def test_the_robber_starts_on_a_desert(kind: str, seed: int) -> None:
    game = _game(kind, seed)
    assert TERRAINS[game.board.terrain[game.robber]] == "desert"


@pytest.mark.parametrize("names", [NAMES5, NAMES6])
def test_setup_goes_round_and_back_in_snake_order(names: list[str]) -> None:
    game = Game(names, seed=11)
    order = []
    while game.state.phase_name().startswith("setup"):
        order.append(game.state.current)
        game.step(game.legal_actions()[0])
    n = len(names)
    first = order[0]
    forward = [(first + i) % n for i in range(n)]
    assert order[::2] == forward + forward[::-1]  # a settlement then its road, per seat
    assert order[1::2] == order[::2]
    assert game.state.phase_name() == "roll"


def test_the_beginner_map_is_fixed_and_balanced() -> None:
    board = beginner_board(extension=True)
    assert board == _game("beginner", 5).board == _game("beginner", 6, NAMES5).board
    assert board.topo is EXTENSION
    share = {r: 88 * n / 28 for r, n in zip(range(5), (6, 5, 6, 6, 5))}
    for r in range(5):
        pips = sum(board.pips(h) for h in range(30) if board.terrain[h] == r)
        assert abs(pips - share[r]) < 1.5, (TERRAINS[r], pips)
    assert not reds_touch(board.topo, board.number)
    for h in range(30):
        for g in board.topo.hex_neighbors[h]:
            assert board.terrain[g] != board.terrain[h]
    assert max(board.node_pips(n) for n in range(EXTENSION.node_count)) <= 12
    assert not set(board.deserts) & {h for h in range(30) if len(board.topo.hex_neighbors[h]) < 6}


def test_the_extension_topology_counts() -> None:
    assert (EXTENSION.hex_count, EXTENSION.node_count, EXTENSION.edge_count) == (30, 80, 109)
    assert all(len(ns) in (2, 3) for ns in EXTENSION.node_neighbors)
    assert all(1 <= len(hs) <= 3 for hs in EXTENSION.node_hexes)
    for e, (a, b) in enumerate(EXTENSION.edge_nodes):
        assert EXTENSION.edge_between[(a, b)] == EXTENSION.edge_between[(b, a)] == e


def test_boards_must_fit_the_number_of_players() -> None:
    with pytest.raises(ValueError, match="extension"):
        Game(NAMES6, board=Game(["A", "B", "C"], seed=1).board)
    with pytest.raises(ValueError, match="base board"):
        Game(["A", "B", "C", "D"], board=beginner_board(extension=True))
    good = beginner_board(extension=True)
    with pytest.raises(ValueError, match="harbor"):
        Board(good.terrain, good.number, (GENERIC,) * 11)
    with pytest.raises(ValueError, match="28 number tokens"):
        Board(good.terrain, (2,) * 30, good.harbors)


@pytest.mark.parametrize("players", [5, 6])
@pytest.mark.parametrize("kind", ["beginner", "random"])
def test_random_bots_play_a_whole_extension_game_and_it_saves(players: int, kind: str) -> None:
    game = Game(NAMES6[:players], seed=7, board=kind).play("random")
    assert game.is_over
    assert game.winner is not None
    text = game.to_json()
    loaded = Game.from_json(text)
    assert loaded.to_json() == text
    assert loaded.board.topo is EXTENSION


@pytest.mark.parametrize("seed", range(30))
def test_spiral_tokens_on_the_extension_keep_reds_apart(seed: int) -> None:
    board = Game(NAMES6, seed=seed, board="random", rules=Rules(spiral_tokens=True)).board
    assert Counter(n for n in board.number if n) == Counter(EXTENSION_NUMBER_TOKENS)
    assert not reds_touch(board.topo, board.number)
    touching = Game(
        NAMES6, seed=seed, board="random", rules=Rules(spiral_tokens=True, red_numbers_may_touch=True)
    )
    assert Counter(n for n in touching.board.number if n) == Counter(EXTENSION_NUMBER_TOKENS)
