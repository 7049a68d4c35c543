"""the rulebook §3: setup in snake order, the second settlement's resources, setup roads."""

from __future__ import annotations

import pytest

from catan_widget import BuildRoad, BuildSettlement, EndTurn, Game, RollDice
from catan_widget.engine.board.topology import NODE_COUNT, NODE_EDGES, NODE_NEIGHBORS

from .helpers import NAMES3, NAMES4, SETUP4, assert_illegal, hand, new_game, play_setup


def _setup_order(game: Game, placements: list[tuple[int, int]]) -> list[int]:
    order = []
    for node, road in placements:
        order.append(game.current_seat)
        assert game.phase == "setup_settlement"
        game.step(BuildSettlement(node))
        assert game.current_seat == order[-1]
        assert game.phase == "setup_road"
        game.step(BuildRoad(road))
    return order


def test_snake_order_four_players() -> None:
    game = new_game(first=0)
    assert _setup_order(game, SETUP4) == [0, 1, 2, 3, 3, 2, 1, 0]


def test_snake_order_starts_with_the_named_player() -> None:
    game = new_game(first=2)
    assert _setup_order(game, SETUP4) == [2, 3, 0, 1, 1, 0, 3, 2]
    assert game.phase == "roll"
    assert game.current_seat == game.turn_player.seat == 2


def test_snake_order_three_players() -> None:
    game = new_game(3, first=1)
    assert _setup_order(game, SETUP4[:6]) == [1, 2, 0, 0, 2, 1]


def test_first_player_may_be_named_by_name() -> None:
    game = Game(NAMES4, seed=1, first="Cy")
    assert game.current_seat == 2


def test_starting_player_is_drawn_from_the_seed() -> None:
    firsts = [Game(NAMES4, seed=s).current_seat for s in range(40)]
    assert set(firsts) == {0, 1, 2, 3}
    assert firsts == [Game(NAMES4, seed=s).current_seat for s in range(40)]


def test_player_one_takes_the_first_normal_turn() -> None:
    game = new_game(first=1)
    play_setup(game, SETUP4)
    assert game.turn == 1
    assert game.phase == "roll"
    assert game.turn_player.seat == game.current_seat == 1
    assert game.legal_actions()[0] == RollDice()


def test_setup_is_turn_zero() -> None:
    game = new_game()
    assert game.turn == 0
    play_setup(game, SETUP4[:5])
    assert game.turn == 0


def test_only_the_second_settlement_pays_resources() -> None:
    game = new_game()
    play_setup(game, SETUP4[:4])
    assert all(p.resource_count == 0 for p in game.players)
    game.step(BuildSettlement(41))  # seat 3's second: hexes 14 fields, 15 pasture, 18 pasture
    assert hand(game, 3) == [0, 0, 2, 1, 0]
    assert game.bank["grain"] == 18
    assert game.bank["wool"] == 17


def test_second_settlement_next_to_the_desert_pays_nothing_for_it() -> None:
    game = new_game()
    play_setup(game, SETUP4[:7])
    game.step(BuildSettlement(35))  # hexes 9 (desert), 13 mountains, 14 fields
    assert hand(game, 0) == [0, 0, 0, 1, 1]
    assert sum(game.bank[r] for r in ("lumber", "brick", "wool", "grain", "ore")) == 95 - sum(
        p.resource_count for p in game.players
    )


def test_setup_pieces_are_free() -> None:
    game = new_game()
    play_setup(game, SETUP4)
    for p in game.players:
        assert p.pieces_left == {"roads": 13, "settlements": 3, "cities": 4}
        assert p.victory_points == 2
    assert sum(p.resource_count for p in game.players) == sum(
        19 - game.bank[r] for r in game.bank if r != "development_cards"
    )


def test_setup_road_must_touch_the_settlement_just_placed() -> None:
    game = new_game()
    play_setup(game, SETUP4[:4])
    game.step(BuildSettlement(41))
    assert sorted(a.edge for a in game.legal_actions()) == sorted(NODE_EDGES[41])
    assert_illegal(game, BuildRoad(0), "settlement you just placed")


def test_second_setup_road_cannot_touch_the_first_settlement() -> None:
    game = new_game()
    play_setup(game, SETUP4[:7])
    game.step(BuildSettlement(35))
    first_settlement_edges = [e for e in NODE_EDGES[12] if game.state.edge_owner[e] == -1]
    assert first_settlement_edges
    assert_illegal(game, BuildRoad(first_settlement_edges[0]), "just placed")
    assert {a.edge for a in game.legal_actions()} == set(NODE_EDGES[35])


def test_setup_road_cannot_be_on_a_taken_path() -> None:
    game = new_game()
    game.step(BuildSettlement(12))
    game.step(BuildRoad(19))  # 12-17
    game.step(BuildSettlement(22))  # neighbour of 17, not of 12
    assert BuildRoad(25) in game.legal_actions()
    assert_illegal(game, BuildRoad(19), "already")


def test_distance_rule_in_setup() -> None:
    game = new_game()
    game.step(BuildSettlement(18))
    game.step(BuildRoad(27))
    legal = {a.node for a in game.legal_actions()}
    for m in NODE_NEIGHBORS[18]:
        assert m not in legal
        assert_illegal(game, BuildSettlement(m), "distance")
    assert 18 not in legal
    assert_illegal(game, BuildSettlement(18), "occupied")
    assert legal == set(range(NODE_COUNT)) - {18, *NODE_NEIGHBORS[18]}


def test_setup_settlement_needs_no_road() -> None:
    game = new_game()
    game.step(BuildSettlement(0))
    game.step(BuildRoad(0))
    game.step(BuildSettlement(53))  # far from everything
    assert game.state.node_owner[53] == 1


@pytest.mark.parametrize("action", [RollDice(), EndTurn(), BuildRoad(0)])
def test_setup_settlement_comes_first(action: object) -> None:
    game = new_game()
    assert_illegal(game, action)


def test_no_second_settlement_before_the_setup_road() -> None:
    game = new_game()
    game.step(BuildSettlement(12))
    assert_illegal(game, BuildSettlement(40), "cannot build a settlement now")
    assert_illegal(game, RollDice(), "roll")


def test_three_player_setup_uses_three_seats() -> None:
    game = Game(NAMES3, seed=1, first=0)
    play_setup(game, SETUP4[:6])
    assert game.phase == "roll"
    assert [p.victory_points for p in game.players] == [2, 2, 2]
