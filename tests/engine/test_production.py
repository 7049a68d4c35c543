"""the rulebook §4.1–4.2: the roll and production, the robber's block and the bank shortage.

On the beginner board an 8 is rolled on hex 11 (mountains: ore; corners 20 25 26 31 32 37) and
hex 12 (forest: lumber; corners 28 33 34 38 39 43).
"""

from __future__ import annotations

import pytest

from catan_widget import EndTurn, RollDice

from .helpers import assert_illegal, hand, staged

LUMBER, BRICK, WOOL, GRAIN, ORE = range(5)


def test_settlement_gets_one_card_and_city_two() -> None:
    game = staged(settlements={0: [26]}, cities={1: [38]})
    game.step(RollDice(), dice=(4, 4))
    assert hand(game, 0) == [0, 0, 0, 0, 1]
    assert hand(game, 1) == [2, 0, 0, 0, 0]
    assert game.bank["ore"] == 18
    assert game.bank["lumber"] == 17
    assert game.phase == "main"
    assert game.log[-1] == "Ada rolled 8 (4+4): Ada +1 ore, Bo +2 lumber"


def test_every_player_produces_not_only_the_roller() -> None:
    game = staged(settlements={2: [26], 3: [31]}, turn_player=1)
    game.step(RollDice(), dice=(2, 6))
    assert hand(game, 2)[ORE] == 1
    assert hand(game, 3)[ORE] == 1
    assert hand(game, 1) == [0] * 5


def test_each_building_on_the_hex_is_paid() -> None:
    game = staged(free_placement=True, settlements={0: [26, 31]}, cities={0: [37]})
    game.step(RollDice(), dice=(3, 5))
    assert hand(game, 0)[ORE] == 4


def test_only_hexes_showing_the_number_produce() -> None:
    game = staged(settlements={0: [26], 1: [12]})  # 12 touches hexes 0, 3, 4 (10, 12, 6)
    game.step(RollDice(), dice=(2, 3))  # 5: hexes 15 and 16
    assert hand(game, 0) == [0] * 5
    assert hand(game, 1) == [0] * 5
    assert game.log[-1].endswith("nobody produces")


def test_robber_blocks_its_hex() -> None:
    game = staged(settlements={0: [26]}, cities={1: [38]}, robber=11)
    game.step(RollDice(), dice=(4, 4))
    assert hand(game, 0) == [0] * 5
    assert hand(game, 1) == [2, 0, 0, 0, 0]


def test_roll_of_seven_produces_nothing() -> None:
    game = staged(settlements={0: [26]}, cities={1: [38]})
    game.step(RollDice(), dice=(3, 4))
    assert hand(game, 0) == [0] * 5
    assert hand(game, 1) == [0] * 5
    assert game.phase == "move_robber"


def test_bank_shortage_single_player_owed_gets_what_is_left() -> None:
    game = staged(cities={0: [26]}, hands={2: {"ore": 18}})
    assert game.bank["ore"] == 1
    game.step(RollDice(), dice=(4, 4))
    assert hand(game, 0)[ORE] == 1
    assert game.bank["ore"] == 0


def test_bank_shortage_single_player_owed_by_two_buildings() -> None:
    game = staged(settlements={0: [26, 31]}, hands={2: {"ore": 18}})
    game.step(RollDice(), dice=(4, 4))
    assert hand(game, 0)[ORE] == 1
    assert game.bank["ore"] == 0


def test_bank_shortage_two_players_owed_nobody_gets_it() -> None:
    game = staged(settlements={0: [26], 1: [31], 3: [38]}, hands={2: {"ore": 18}})
    game.step(RollDice(), dice=(4, 4))
    assert hand(game, 0)[ORE] == 0
    assert hand(game, 1)[ORE] == 0
    assert game.bank["ore"] == 1
    assert hand(game, 3)[LUMBER] == 1  # other resources are still paid


def test_bank_shortage_only_counts_what_is_owed() -> None:
    game = staged(settlements={0: [26], 1: [31]}, hands={2: {"ore": 17}})
    assert game.bank["ore"] == 2
    game.step(RollDice(), dice=(4, 4))
    assert hand(game, 0)[ORE] == hand(game, 1)[ORE] == 1
    assert game.bank["ore"] == 0


def test_empty_bank_pays_nothing() -> None:
    game = staged(settlements={0: [26]}, hands={2: {"ore": 19}})
    game.step(RollDice(), dice=(4, 4))
    assert hand(game, 0)[ORE] == 0
    assert game.bank["ore"] == 0


def test_roll_is_recorded() -> None:
    game = staged(settlements={0: [26]})
    game.step(RollDice(), dice=(6, 5))
    assert game.dice == (6, 5)
    assert game.state.dice_counts[11 - 2] == 1
    assert sum(game.state.dice_counts) == 1


def test_random_dice_are_two_dice() -> None:
    totals = set()
    for seed in range(40):
        game = staged(seed=seed, settlements={0: [26]})
        game.step(RollDice())
        a, b = game.dice
        assert 1 <= a <= 6
        assert 1 <= b <= 6
        totals.add(a + b)
    assert len(totals) > 5


def test_roll_is_mandatory_before_ending_the_turn() -> None:
    game = staged(settlements={0: [26]})
    assert game.legal_actions() == [RollDice()]
    assert_illegal(game, EndTurn(), "roll")


def test_roll_only_once_per_turn() -> None:
    game = staged(settlements={0: [26]})
    game.step(RollDice(), dice=(2, 2))
    assert RollDice() not in game.legal_actions()
    assert_illegal(game, RollDice(), "already rolled")


@pytest.mark.parametrize("dice", [(0, 3), (3, 7), (1.0, 2), (1, 2, 3), "34", (True, 1)])
def test_scripted_dice_must_be_real_dice(dice: object) -> None:
    game = staged(settlements={0: [26]})
    assert_illegal(game, RollDice(), "dice", dice=dice)
