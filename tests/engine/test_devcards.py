"""the rulebook §4.4 and §6: buying and playing development cards."""

from __future__ import annotations

import pytest

from catan_widget import (
    BuildRoad,
    BuyDevelopmentCard,
    EndTurn,
    Game,
    MoveRobber,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    RollDice,
)
from catan_widget.engine.actions import ACTION_TYPES
from catan_widget.engine.constants import MONOPOLY

from .helpers import assert_illegal, hand, path, staged

LUMBER, BRICK, WOOL, GRAIN, ORE = range(5)
CARD_MONEY = {"wool": 1, "grain": 1, "ore": 1}


def _main(**kw: object) -> Game:
    kw.setdefault("settlements", {0: [12]})
    return staged(phase="main", **kw)


def _next_turn_of_seat_0(game: Game) -> None:
    """End seat 0's turn and let seats 1..3 roll a 2 and end, back to seat 0 (roll phase)."""
    game.step(EndTurn())
    for _ in range(3):
        game.step(RollDice(), dice=(1, 1))
        game.step(EndTurn())
    assert game.current_seat == 0


# --- buying -----------------------------------------------------------------------------------
def test_buying_costs_ore_wool_grain_and_draws_a_card() -> None:
    game = _main(hands={0: CARD_MONEY})
    game.step(BuyDevelopmentCard(), card="monopoly")
    assert hand(game, 0) == [0] * 5
    assert game.bank["development_cards"] == 24
    assert game.players[0].development_cards["monopoly"] == 1
    assert game.players[0].new_development_cards["monopoly"] == 1
    assert game.players[1].development_card_count == 0


def test_random_draw_takes_the_top_of_the_deck() -> None:
    game = _main(hands={0: CARD_MONEY})
    top = game.state.deck[-1]
    game.step(BuyDevelopmentCard())
    assert game.state.dev_new[0][top] == 1


def test_no_card_from_an_empty_deck() -> None:
    cards = {
        1: {"knight": 14, "victory_point": 5},
        2: {"road_building": 2, "year_of_plenty": 2, "monopoly": 2},
    }
    game = _main(hands={0: CARD_MONEY}, dev_cards=cards)
    assert game.bank["development_cards"] == 0
    assert BuyDevelopmentCard() not in game.legal_actions()
    assert_illegal(game, BuyDevelopmentCard(), "deck is empty")


def test_scripted_draw_must_still_be_in_the_deck() -> None:
    game = _main(hands={0: CARD_MONEY}, dev_cards={1: {"monopoly": 2}})
    assert_illegal(game, BuyDevelopmentCard(), "still in the deck", card="monopoly")
    assert_illegal(game, BuyDevelopmentCard(), "unknown development card", card="dragon")


def test_no_buying_before_rolling() -> None:
    game = staged(settlements={0: [12]}, hands={0: CARD_MONEY})
    assert_illegal(game, BuyDevelopmentCard(), "roll")


# --- timing -----------------------------------------------------------------------------------
def test_card_bought_this_turn_cannot_be_played() -> None:
    game = _main(hands={0: CARD_MONEY})
    game.step(BuyDevelopmentCard(), card="knight")
    assert PlayKnight() not in game.legal_actions()
    assert_illegal(game, PlayKnight(), "bought this turn")
    _next_turn_of_seat_0(game)
    assert PlayKnight() in game.legal_actions()
    game.step(PlayKnight())
    assert game.phase == "move_robber"


def test_an_older_card_of_the_same_kind_can_be_played() -> None:
    game = _main(hands={0: CARD_MONEY}, dev_cards={0: {"knight": 1}})
    game.step(BuyDevelopmentCard(), card="knight")
    game.step(PlayKnight())
    game.step(MoveRobber(4))
    assert game.players[0].development_cards["knight"] == 1
    assert game.players[0].knights_played == 1


def test_one_development_card_per_turn() -> None:
    game = _main(dev_cards={0: {"knight": 1, "monopoly": 1}})
    game.step(PlayMonopoly("ore"))
    assert not any(isinstance(a, (PlayKnight, PlayMonopoly)) for a in game.legal_actions())
    assert_illegal(game, PlayKnight(), "one development card")


def test_one_per_turn_counts_a_card_played_before_the_roll() -> None:
    game = staged(settlements={0: [12]}, dev_cards={0: {"knight": 2}})
    game.step(PlayKnight())
    game.step(MoveRobber(4))
    assert game.phase == "roll"
    game.step(RollDice(), dice=(1, 1))
    assert_illegal(game, PlayKnight(), "one development card")


def test_any_card_is_playable_before_rolling() -> None:
    cards = {"knight": 1, "road_building": 1, "year_of_plenty": 1, "monopoly": 1}
    game = staged(settlements={0: [12]}, dev_cards={0: cards})
    legal = game.legal_actions()
    assert legal[0] == RollDice()
    assert PlayKnight() in legal
    assert PlayRoadBuilding() in legal
    assert PlayMonopoly(ORE) in legal
    assert PlayYearOfPlenty(ORE, ORE) in legal
    game.step(PlayYearOfPlenty("ore", "grain"))
    assert game.phase == "roll"
    assert hand(game, 0) == [0, 0, 0, 1, 1]


def test_cards_are_played_only_on_ones_own_turn() -> None:
    game = staged(hands={1: {"ore": 8}}, dev_cards={1: {"knight": 1}})
    game.step(RollDice(), dice=(3, 4))
    assert game.current_seat == 1  # discarding on seat 0's turn
    assert_illegal(game, PlayKnight(), "cannot play knight now")


def test_playing_a_card_one_does_not_have() -> None:
    game = _main()
    assert_illegal(game, PlayMonopoly("ore"), "no monopoly card")
    assert_illegal(game, PlayRoadBuilding(), "no road building card")


# --- knight -----------------------------------------------------------------------------------
def test_knight_moves_the_robber_and_steals_without_discards() -> None:
    hands = {0: {"ore": 10}, 1: {"wool": 9}}
    game = staged(settlements={0: [12], 1: [26]}, hands=hands, dev_cards={0: {"knight": 1}})
    game.step(PlayKnight())
    assert game.phase == "move_robber"
    assert game.state.discards == [0, 0, 0, 0]
    game.step(MoveRobber(11, 1))
    assert hand(game, 0) == [0, 0, 1, 0, 10]
    assert hand(game, 1) == [0, 0, 8, 0, 0]
    assert game.players[0].knights_played == 1
    assert game.players[0].development_cards["knight"] == 0
    assert game.phase == "roll"


def test_knight_robber_must_move() -> None:
    game = _main(dev_cards={0: {"knight": 1}}, robber=4)
    game.step(PlayKnight())
    assert_illegal(game, MoveRobber(4), "different hex")


# --- road building ----------------------------------------------------------------------------
def test_road_building_places_two_free_roads() -> None:
    game = _main(dev_cards={0: {"road_building": 1}})
    game.step(PlayRoadBuilding())
    assert game.phase == "road_building"
    assert all(isinstance(a, BuildRoad) for a in game.legal_actions())
    game.step(BuildRoad(19))
    assert game.phase == "road_building"
    game.step(BuildRoad(25))
    assert game.phase == "main"
    assert hand(game, 0) == [0] * 5
    assert game.players[0].pieces_left["roads"] == 13


def test_road_building_follows_the_road_rules() -> None:
    game = _main(
        dev_cards={0: {"road_building": 1}},
        free_placement=True,
        settlements={0: [12], 1: [17]},
        roads={0: [19]},
    )
    game.step(PlayRoadBuilding())
    assert_illegal(game, BuildRoad(25), "through an opponent")
    assert_illegal(game, BuildRoad(70), "must touch")


def test_road_building_with_one_road_left_places_one() -> None:
    fourteen = path(0, 3, 7, 11, 16, 21, 27, 33, 38, 43, 47, 51, 48, 52, 49)
    game = _main(settlements={0: [0]}, roads={0: fourteen}, dev_cards={0: {"road_building": 1}})
    game.step(PlayRoadBuilding())
    game.step(BuildRoad(70))
    assert game.phase == "main"
    assert game.players[0].pieces_left["roads"] == 0


def test_road_building_ends_early_without_a_legal_spot() -> None:
    # seat 0's only building is hemmed in: one free path, beyond it an opponent's settlement
    game = _main(
        free_placement=True,
        settlements={0: [0], 1: [4]},
        roads={1: [0]},
        dev_cards={0: {"road_building": 1}},
    )
    game.step(PlayRoadBuilding())
    assert game.legal_actions() == [BuildRoad(1)]
    game.step(BuildRoad(1))
    assert game.phase == "main"


def test_road_building_with_no_road_left_spends_the_card_and_builds_nothing() -> None:
    fifteen = path(0, 3, 7, 11, 16, 21, 27, 33, 38, 43, 47, 51, 48, 52, 49, 53)
    game = _main(settlements={0: [0]}, roads={0: fifteen}, dev_cards={0: {"road_building": 1}})
    assert PlayRoadBuilding() in game.legal_actions()
    game.step(PlayRoadBuilding())
    assert game.phase == "main"
    assert game.players[0].development_cards["road_building"] == 0
    assert game.players[0].roads == sorted(fifteen)
    assert_illegal(game, PlayKnight(), "one development card")


def test_road_building_with_no_legal_spot_spends_the_card_and_builds_nothing() -> None:
    # seat 0's only building is hemmed in on every side by seat 1's roads
    game = _main(settlements={0: [0]}, roads={1: [0, 1]}, dev_cards={0: {"road_building": 1}})
    assert not [a for a in game.legal_actions() if isinstance(a, BuildRoad)]
    game.step(PlayRoadBuilding())
    assert game.phase == "main"
    assert game.players[0].development_cards["road_building"] == 0
    assert game.players[0].roads == []


def test_road_building_before_the_roll_returns_to_the_roll() -> None:
    game = staged(settlements={0: [12]}, dev_cards={0: {"road_building": 1}})
    game.step(PlayRoadBuilding())
    game.step(BuildRoad(19))
    game.step(BuildRoad(25))
    assert game.phase == "roll"


# --- year of plenty ---------------------------------------------------------------------------
def test_year_of_plenty_takes_two_cards_from_the_bank() -> None:
    game = _main(dev_cards={0: {"year_of_plenty": 1}})
    game.step(PlayYearOfPlenty("brick", "brick"))
    assert hand(game, 0) == [0, 2, 0, 0, 0]
    assert game.bank["brick"] == 17


def test_year_of_plenty_bank_must_hold_the_cards() -> None:
    game = _main(dev_cards={0: {"year_of_plenty": 1}}, hands={1: {"ore": 18}})
    assert game.bank["ore"] == 1
    legal = [a for a in game.legal_actions() if isinstance(a, PlayYearOfPlenty)]
    assert PlayYearOfPlenty(ORE, ORE) not in legal
    assert PlayYearOfPlenty(GRAIN, ORE) in legal
    assert len(legal) == 14  # 15 pairs minus ore+ore
    assert_illegal(game, PlayYearOfPlenty("ore", "ore"), "bank does not hold")
    game.step(PlayYearOfPlenty("ore", "grain"))
    assert game.bank["ore"] == 0


# --- monopoly ---------------------------------------------------------------------------------
def test_monopoly_takes_every_card_of_the_resource() -> None:
    hands = {0: {"ore": 1}, 1: {"ore": 3, "wool": 1}, 2: {"ore": 2}, 3: {"grain": 4}}
    game = _main(dev_cards={0: {"monopoly": 1}}, hands=hands)
    game.step(PlayMonopoly("ore"))
    assert hand(game, 0) == [0, 0, 0, 0, 6]
    assert hand(game, 1) == [0, 0, 1, 0, 0]
    assert hand(game, 2) == [0] * 5
    assert hand(game, 3) == [0, 0, 0, 4, 0]
    assert game.log[-1] == "Ada played Monopoly: took 5 ore (3 ore from Bo, 2 ore from Cy)"
    assert game.events[-1] == ("play", 0, MONOPOLY, (ORE, (0, 3, 2, 0)))


# --- victory point cards ----------------------------------------------------------------------
def test_victory_point_cards_are_never_played() -> None:
    assert not any("victory" in t.kind for t in ACTION_TYPES)
    game = _main(dev_cards={0: {"victory_point": 2}})
    assert all(a.kind in ("end_turn", "build_road", "maritime_trade") for a in game.legal_actions())


def test_victory_point_cards_count_but_stay_hidden() -> None:
    game = _main(dev_cards={0: {"victory_point": 2}})
    me = game.players[0]
    assert me.victory_points == 3
    assert me.public_victory_points == 1
    assert me.development_card_count == 2


@pytest.mark.parametrize("card", ["knight", "road_building", "year_of_plenty", "monopoly"])
def test_played_cards_leave_the_hand(card: str) -> None:
    game = _main(dev_cards={0: {card: 1}})
    action = {
        "knight": PlayKnight(),
        "road_building": PlayRoadBuilding(),
        "year_of_plenty": PlayYearOfPlenty("ore", "ore"),
        "monopoly": PlayMonopoly("ore"),
    }[card]
    game.step(action)
    assert game.players[0].development_cards[card] == 0
    assert game.state.dev_played
