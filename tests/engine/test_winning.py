"""the rulebook §8: winning — on one's own turn, hidden VP cards included; the vp_to_win option."""

from __future__ import annotations

import pytest

from catan_widget import (
    BuildCity,
    BuildSettlement,
    BuyDevelopmentCard,
    EndTurn,
    IllegalActionError,
    RollDice,
    Rules,
)

from .helpers import path, staged

SETTLE = {"lumber": 1, "brick": 1, "wool": 1, "grain": 1}
CITY = {"grain": 2, "ore": 3}
NINE = {0: [0, 5, 10, 41, 51]}  # 5 settlements, with 2 cities: 9 VP


def test_victory_points_add_up() -> None:
    game = staged(
        settlements={0: [0, 5]},
        cities={0: [41]},
        dev_cards={0: {"victory_point": 1}},
        knights={0: 3},
        roads={0: path(20, 26, 32, 37, 42, 46)},
    )
    me = game.players[0]
    assert me.has_largest_army
    assert me.has_longest_road
    assert me.victory_points == 2 + 2 + 1 + 2 + 2
    assert me.public_victory_points == 8


def test_points_below_the_target_do_not_win() -> None:
    game = staged(
        phase="main",
        cities={0: [20, 47]},
        settlements={0: [0, 5, 10]},
        roads={0: path(41, 45, 49)},
        hands={0: SETTLE},
    )
    assert game.players[0].victory_points == 7
    game.step(BuildSettlement(49))
    assert game.players[0].victory_points == 8
    assert game.winner is None
    assert game.phase == "main"


def test_tenth_point_wins_the_game() -> None:
    game = staged(phase="main", cities={0: [20, 47]}, free_placement=True, settlements=NINE, hands={0: CITY})
    assert game.players[0].victory_points == 9
    game.step(BuildCity(0))
    assert game.winner is not None
    assert game.winner.seat == 0
    assert game.is_over
    assert game.phase == "game_over"
    assert game.legal_actions() == []
    assert game.log[-1] == "Ada wins with 10 victory points!"
    with pytest.raises(IllegalActionError, match="over"):
        game.step(EndTurn())


def test_hidden_victory_point_cards_count_for_the_win() -> None:
    game = staged(
        phase="main",
        cities={0: [20, 47]},
        settlements={0: [0, 5, 10, 41]},
        dev_cards={0: {"victory_point": 1}},
        hands={0: {"wool": 1, "grain": 1, "ore": 1}},
    )
    assert game.players[0].victory_points == 9
    assert game.players[0].public_victory_points == 8
    game.step(BuyDevelopmentCard(), card="victory_point")  # a card bought this turn counts too
    assert game.winner is not None
    assert game.winner.seat == 0


def test_points_on_someone_elses_turn_do_not_win_until_their_own_turn() -> None:
    game = staged(cities={1: [20, 47, 53]}, settlements={1: [0, 5, 10, 41]}, turn_player=0)
    assert game.players[1].victory_points == 10
    game.step(RollDice(), dice=(1, 1))
    assert game.winner is None
    game.step(EndTurn())
    assert game.winner is not None
    assert game.winner.seat == 1
    assert game.turn_player.seat == 1


def test_longest_road_moving_on_another_turn_wins_only_on_own_turn() -> None:
    # seat 2: 8 VP and a 5-road chain; seat 0 holds Longest Road with 7; seat 1 breaks it
    left = path(0, 3, 7, 11, 16, 21, 27, 33)
    game = staged(
        phase="main",
        turn_player=1,
        roads={0: left, 1: path(16, 22), 2: path(2, 6, 10, 15, 20, 26)},
        cities={2: [2, 42, 47]},
        settlements={2: [13, 50]},
        hands={1: SETTLE},
    )
    assert game.players[0].has_longest_road
    assert game.players[2].victory_points == 8
    game.step(BuildSettlement(16))
    assert game.players[2].has_longest_road
    assert game.players[2].victory_points == 10
    assert game.winner is None
    game.step(EndTurn())
    assert game.winner is not None
    assert game.winner.seat == 2


@pytest.mark.parametrize(("target", "wins"), [(6, True), (7, True), (8, False), (10, False)])
def test_vp_to_win_option(target: int, wins: bool) -> None:
    game = staged(
        rules=Rules(vp_to_win=target),
        phase="main",
        cities={0: [20]},
        settlements={0: [0, 5, 10, 41]},
        hands={0: CITY},
    )
    game.step(BuildCity(0))
    assert game.players[0].victory_points == 7
    assert (game.winner is not None) == wins


def test_vp_to_win_twelve_needs_twelve() -> None:
    game = staged(
        rules=Rules(vp_to_win=12),
        phase="main",
        cities={0: [20, 47, 53]},
        settlements={0: [0, 5, 10, 41]},
        hands={0: CITY},
    )
    game.step(BuildCity(0))
    assert game.players[0].victory_points == 11
    assert game.winner is None
