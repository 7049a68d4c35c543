"""the rulebook §4.4 build costs and §5 building rules: roads, settlements, cities, piece limits."""

from __future__ import annotations

from catan_widget import BuildCity, BuildRoad, BuildSettlement, BuyDevelopmentCard, Game
from catan_widget.engine.board.topology import EDGE_COUNT, EDGE_NODES, NODE_COUNT, NODE_EDGES, NODE_NEIGHBORS

from .helpers import assert_illegal, hand, path, staged

RICH = {"lumber": 5, "brick": 5, "wool": 5, "grain": 5, "ore": 5}


def _main(**kw: object) -> Game:
    kw.setdefault("hands", {0: RICH})
    return staged(phase="main", **kw)


def _road_spots(game: Game, p: int) -> set[int]:
    """Independent reading of §5: a free path touching one's road or building, never
    continuing a road through an intersection that holds an opponent's building."""
    s = game.state
    spots = set()
    for e in range(EDGE_COUNT):
        if s.edge_owner[e] != -1:
            continue
        for n in EDGE_NODES[e]:
            owner = s.node_owner[n]
            own_building = owner == p
            own_road_through_free_node = owner == -1 and any(s.edge_owner[f] == p for f in NODE_EDGES[n])
            if own_building or own_road_through_free_node:
                spots.add(e)
    return spots


# --- roads --------------------------------------------------------------------------------------
def test_road_costs_lumber_and_brick() -> None:
    game = _main(settlements={0: [12]})
    game.step(BuildRoad(19))
    assert hand(game, 0) == [4, 4, 5, 5, 5]
    assert game.bank["lumber"] == 15
    assert game.bank["brick"] == 15
    assert game.players[0].roads == [19]


def test_road_must_touch_own_road_or_building() -> None:
    game = _main(settlements={0: [12]}, roads={0: [19]})
    assert_illegal(game, BuildRoad(70), "must touch your own road")
    game.step(BuildRoad(25))  # continues the road 12-17 to 22
    game.step(BuildRoad(11))  # from the settlement 12 towards 7


def test_road_cannot_touch_only_an_opponents_road() -> None:
    game = _main(settlements={0: [12], 1: [41]}, roads={1: [59]})
    assert_illegal(game, BuildRoad(64), "must touch your own road")


def test_road_cannot_go_through_an_opponents_settlement() -> None:
    # own road 12-17, opponent settlement on 17: the road stops there
    game = _main(free_placement=True, settlements={0: [12], 1: [17]}, roads={0: [19]})
    assert_illegal(game, BuildRoad(25), "through an opponent")
    assert_illegal(game, BuildRoad(26), "through an opponent")
    assert BuildRoad(25) not in game.legal_actions()


def test_road_cannot_go_through_an_opponents_city() -> None:
    game = _main(free_placement=True, settlements={0: [12]}, cities={1: [17]}, roads={0: [19]})
    assert_illegal(game, BuildRoad(26), "through an opponent")


def test_road_may_pass_through_an_intersection_with_only_an_opponents_road() -> None:
    game = _main(settlements={0: [12]}, roads={0: [19], 1: [26]})
    game.step(BuildRoad(25))
    assert game.players[0].roads == [19, 25]
    assert game.players[0].road_length == 2


def test_road_on_a_taken_path_is_illegal() -> None:
    game = _main(settlements={0: [12]}, roads={1: [19]})
    assert_illegal(game, BuildRoad(19), "already has a road")


def test_road_needs_the_resources() -> None:
    game = _main(settlements={0: [12]}, hands={0: {"lumber": 1}})
    assert not any(isinstance(a, BuildRoad) for a in game.legal_actions())
    assert_illegal(game, BuildRoad(19), "not enough resources", "road")


def test_legal_roads_match_the_rule() -> None:
    game = _main(
        free_placement=True,
        settlements={0: [12, 41], 1: [17, 36]},
        cities={2: [22]},
        roads={0: [19, 11, 6, *path(41, 45, 40)], 1: [*path(36, 30, 24)], 2: [34]},
    )
    listed = {a.edge for a in game.legal_actions() if isinstance(a, BuildRoad)}
    assert listed == _road_spots(game, 0)
    assert 26 not in listed


def test_no_road_before_rolling() -> None:
    game = staged(settlements={0: [12]}, hands={0: RICH})
    assert_illegal(game, BuildRoad(19), "roll")


# --- settlements ------------------------------------------------------------------------------
def test_settlement_costs_lumber_brick_wool_grain() -> None:
    game = _main(settlements={0: [12]}, roads={0: path(12, 17, 22)})
    game.step(BuildSettlement(22))
    assert hand(game, 0) == [4, 4, 4, 4, 5]
    assert game.players[0].victory_points == 2
    assert game.players[0].pieces_left["settlements"] == 3


def test_settlement_needs_distance_two() -> None:
    game = _main(settlements={0: [12]}, roads={0: path(12, 17, 22)})
    assert_illegal(game, BuildSettlement(17), "distance rule")
    listed = {a.node for a in game.legal_actions() if isinstance(a, BuildSettlement)}
    assert listed == {22}


def test_settlement_distance_counts_opponents_too() -> None:
    game = _main(settlements={0: [12], 1: [28]}, roads={0: path(12, 17, 22)})
    assert_illegal(game, BuildSettlement(22), "distance rule")


def test_settlement_must_touch_own_road() -> None:
    game = _main(settlements={0: [12]}, roads={0: [19], 1: [34]})
    assert_illegal(game, BuildSettlement(28), "own roads")
    assert_illegal(game, BuildSettlement(45), "own roads")


def test_settlement_on_an_occupied_intersection_is_illegal() -> None:
    game = _main(settlements={0: [12], 1: [22]}, roads={0: path(12, 17, 22)})
    assert_illegal(game, BuildSettlement(22), "occupied")


def test_settlement_needs_the_resources() -> None:
    game = _main(settlements={0: [12]}, roads={0: path(12, 17, 22)}, hands={0: {"lumber": 1, "brick": 1}})
    assert_illegal(game, BuildSettlement(22), "not enough resources")


def test_legal_settlements_match_the_rule() -> None:
    game = _main(
        settlements={0: [12], 1: [30]},
        roads={0: path(12, 17, 22, 28, 34, 29, 35), 1: path(30, 24)},
    )
    listed = {a.node for a in game.legal_actions() if isinstance(a, BuildSettlement)}
    s = game.state
    expected = {
        n
        for n in range(NODE_COUNT)
        if s.node_owner[n] == -1
        and all(s.node_owner[m] == -1 for m in NODE_NEIGHBORS[n])
        and any(s.edge_owner[e] == 0 for e in NODE_EDGES[n])
    }
    assert listed == expected == {22, 28, 29, 34}  # not 17 (next to 12) nor 35 (next to 30)


# --- cities -----------------------------------------------------------------------------------
def test_city_upgrades_own_settlement_and_returns_it_to_supply() -> None:
    game = _main(settlements={0: [12, 41]})
    player = game.players[0]
    assert player.pieces_left == {"roads": 15, "settlements": 3, "cities": 4}
    game.step(BuildCity(12))
    assert player.pieces_left == {"roads": 15, "settlements": 4, "cities": 3}
    assert player.cities == [12]
    assert player.settlements == [41]
    assert player.victory_points == 3
    assert hand(game, 0) == [5, 5, 5, 3, 2]
    assert game.bank["ore"] == 17


def test_city_only_on_own_settlement() -> None:
    game = _main(settlements={0: [12], 1: [41]}, cities={0: [31]})
    assert_illegal(game, BuildCity(41), "your own settlements")
    assert_illegal(game, BuildCity(0), "your own settlements")
    assert_illegal(game, BuildCity(31), "your own settlements")
    assert [a.node for a in game.legal_actions() if isinstance(a, BuildCity)] == [12]


def test_city_needs_three_ore_two_grain() -> None:
    game = _main(settlements={0: [12]}, hands={0: {"ore": 2, "grain": 2}})
    assert_illegal(game, BuildCity(12), "not enough resources", "city")


# --- piece limits -----------------------------------------------------------------------------
FIFTEEN = path(0, 3, 7, 11, 16, 21, 27, 33, 38, 43, 47, 51, 48, 52, 49, 53)


def test_no_sixteenth_road() -> None:
    assert len(FIFTEEN) == 15
    game = _main(settlements={0: [0]}, roads={0: FIFTEEN})
    assert game.players[0].pieces_left["roads"] == 0
    assert not any(isinstance(a, BuildRoad) for a in game.legal_actions())
    assert_illegal(game, BuildRoad(1), "only 15")


def test_no_sixth_settlement() -> None:
    game = _main(settlements={0: [0, 5, 10, 41, 51]}, roads={0: path(51, 48, 44)})
    assert game.players[0].pieces_left["settlements"] == 0
    assert not any(isinstance(a, BuildSettlement) for a in game.legal_actions())
    assert_illegal(game, BuildSettlement(44), "only 5")


def test_city_frees_a_settlement_for_the_sixth_spot() -> None:
    game = _main(settlements={0: [0, 5, 10, 41, 51]}, roads={0: path(51, 48, 44)})
    game.step(BuildCity(0))
    game.step(BuildSettlement(44))
    assert game.players[0].pieces_left == {"roads": 13, "settlements": 0, "cities": 3}


def test_no_fifth_city() -> None:
    game = _main(cities={0: [0, 5, 10, 41]}, settlements={0: [51]})
    assert game.players[0].pieces_left["cities"] == 0
    assert not any(isinstance(a, BuildCity) for a in game.legal_actions())
    assert_illegal(game, BuildCity(51), "only 4")


def test_staging_refuses_more_pieces_than_the_supply() -> None:
    import pytest

    with pytest.raises(ValueError, match="supply"):
        staged(settlements={0: [0, 5, 10, 41, 51, 53]})


def test_no_build_for_another_kind_of_action() -> None:
    game = _main(settlements={0: [12]}, hands={0: {"ore": 1}})
    assert BuyDevelopmentCard() not in game.legal_actions()
    assert_illegal(game, BuyDevelopmentCard(), "not enough resources", "development card")
