"""the rulebook §4.3 and §9: the roll of 7 — discards, moving the robber, stealing; robber options."""

from __future__ import annotations

from math import comb

import pytest

from catan_widget import Discard, EndTurn, MoveRobber, PlayKnight, RollDice, Rules
from catan_widget.engine.board.topology import HEX_COUNT

from .helpers import assert_illegal, hand, staged

SEVEN = (3, 4)
LUMBER, BRICK, WOOL, GRAIN, ORE = range(5)


def _cards(n: int) -> dict[str, int]:
    """``n`` cards spread over the resources, at most 4 of each."""
    out: dict[str, int] = {}
    names = ("lumber", "brick", "wool", "grain", "ore")
    for i in range(n):
        out[names[i % 5]] = out.get(names[i % 5], 0) + 1
    return out


@pytest.mark.parametrize(("held", "owed"), [(8, 4), (9, 4), (10, 5), (11, 5), (12, 6), (15, 7)])
def test_more_than_seven_cards_discard_half_rounded_down(held: int, owed: int) -> None:
    game = staged(settlements={0: [26]}, hands={1: _cards(held)})
    game.step(RollDice(), dice=SEVEN)
    assert game.phase == "discard"
    assert game.current_seat == 1
    assert game.state.discards[1] == owed
    assert all(sum(a.cards) == owed for a in game.legal_actions())


@pytest.mark.parametrize("held", [0, 3, 7])
def test_seven_cards_or_fewer_discard_nothing(held: int) -> None:
    game = staged(settlements={0: [26]}, hands={1: _cards(held), 2: _cards(7), 0: _cards(7)})
    game.step(RollDice(), dice=SEVEN)
    assert game.phase == "move_robber"
    assert game.current_seat == 0
    assert game.state.discards == [0, 0, 0, 0]
    assert [sum(hand(game, p)) for p in range(3)] == [7, held, 7]


def test_roller_discards_too_and_discards_go_in_seat_order_from_the_roller() -> None:
    hands = {0: _cards(5), 1: _cards(8), 2: _cards(9), 3: _cards(10)}
    game = staged(hands=hands, turn_player=2)
    game.step(RollDice(), dice=SEVEN)
    order = []
    while game.phase == "discard":
        seat = game.current_seat
        order.append((seat, game.state.discards[seat]))
        game.step(game.legal_actions()[0])
    assert order == [(2, 4), (3, 5), (1, 4)]
    assert game.phase == "move_robber"
    assert game.current_seat == 2
    assert [sum(hand(game, p)) for p in range(4)] == [5, 4, 5, 5]


def test_discard_must_total_exactly_half() -> None:
    game = staged(hands={1: {"lumber": 4, "ore": 6}})
    game.step(RollDice(), dice=SEVEN)
    assert_illegal(game, Discard({"ore": 4}), "exactly", "5")
    assert_illegal(game, Discard({"ore": 6}), "exactly", "5")
    game.step(Discard({"ore": 5}))
    assert hand(game, 1) == [4, 0, 0, 0, 1]
    assert game.bank["ore"] == 18


def test_discard_only_cards_held() -> None:
    game = staged(hands={1: {"lumber": 4, "ore": 6}})
    game.step(RollDice(), dice=SEVEN)
    assert_illegal(game, Discard({"wool": 1, "ore": 4}), "do not hold")


def test_discard_choices_are_every_way_to_discard_exactly_half() -> None:
    game = staged(hands={1: {"lumber": 4, "ore": 4}})
    game.step(RollDice(), dice=SEVEN)
    legal = game.legal_actions()
    assert len(legal) == 5  # 0..4 lumber, the rest ore
    assert len(set(legal)) == len(legal)
    game2 = staged(hands={1: {"lumber": 3, "brick": 3, "wool": 3}})
    game2.step(RollDice(), dice=SEVEN)
    expected = sum(1 for a in range(4) for b in range(4) for c in range(4) if a + b + c == 4)
    assert len(game2.legal_actions()) == expected
    assert expected < comb(9, 4)


def test_nothing_else_happens_until_discards_are_done() -> None:
    game = staged(hands={1: _cards(8)}, settlements={1: [26]})
    game.step(RollDice(), dice=SEVEN)
    assert_illegal(game, MoveRobber(11, 1), "robber")
    assert_illegal(game, EndTurn(), "end the turn")


def test_robber_must_move_to_a_different_hex() -> None:
    game = staged(robber=4)
    game.step(RollDice(), dice=SEVEN)
    assert_illegal(game, MoveRobber(4), "different hex")
    hexes = {a.hex for a in game.legal_actions()}
    assert hexes == set(range(HEX_COUNT)) - {4}
    assert_illegal(game, EndTurn(), "end the turn")


def test_robber_victims_are_opponents_touching_the_hex() -> None:
    game = staged(
        free_placement=True,
        settlements={0: [20], 1: [26], 2: [31], 3: [12]},
        hands={p: _cards(2) for p in range(4)},
    )
    game.step(RollDice(), dice=SEVEN)
    at_11 = [a.victim for a in game.legal_actions() if a.hex == 11]
    assert at_11 == [1, 2]  # seat 0 (the mover) touches hex 11 too, but is not a victim
    assert_illegal(game, MoveRobber(11, 0), "opponent")
    assert_illegal(game, MoveRobber(11, 3), "opponent")
    assert_illegal(game, MoveRobber(11), "choose whom to rob")
    assert [a.victim for a in game.legal_actions() if a.hex == 18] == [None]
    assert_illegal(game, MoveRobber(18, 1), "opponent")


def test_steal_takes_one_card() -> None:
    game = staged(settlements={1: [26]}, hands={1: {"ore": 2, "wool": 1}})
    game.step(RollDice(), dice=SEVEN)
    game.step(MoveRobber(11, 1), steal="ore")
    assert hand(game, 1) == [0, 0, 1, 0, 1]
    assert hand(game, 0) == [0, 0, 0, 0, 1]
    assert game.robber == 11
    assert game.phase == "main"
    assert game.log[-1] == "Ada moved the robber to mountains 8 and stole a card from Bo"
    assert game.events[-1] == ("robber", 0, 11, 1, ORE)


def test_random_steal_moves_exactly_one_card_the_victim_held() -> None:
    for seed in range(25):
        game = staged(seed=seed, settlements={1: [26]}, hands={1: {"ore": 2, "wool": 1, "grain": 3}})
        game.step(RollDice(), dice=SEVEN)
        game.step(MoveRobber(11, 1))
        taken = [r for r in range(5) if hand(game, 0)[r]]
        assert sum(hand(game, 0)) == 1
        assert sum(hand(game, 1)) == 5
        assert taken[0] in (WOOL, GRAIN, ORE)


def test_scripted_steal_must_be_a_card_the_victim_holds() -> None:
    game = staged(settlements={1: [26]}, hands={1: {"ore": 2}})
    game.step(RollDice(), dice=SEVEN)
    assert_illegal(game, MoveRobber(11, 1), "victim holds", steal="wool")


def test_nothing_is_stolen_from_a_victim_without_cards() -> None:
    game = staged(settlements={1: [26]}, hands={0: {"wool": 1}})
    game.step(RollDice(), dice=SEVEN)
    game.step(MoveRobber(11, 1))
    assert hand(game, 0) == [0, 0, 1, 0, 0]
    assert hand(game, 1) == [0] * 5
    assert game.log[-1] == "Ada moved the robber to mountains 8, but Bo had no cards"
    assert game.events[-1] == ("robber", 0, 11, 1, -1)


def test_robber_may_return_to_the_desert_by_default() -> None:
    game = staged(robber=4)
    game.step(RollDice(), dice=SEVEN)
    desert = game.board.desert
    assert MoveRobber(desert) in game.legal_actions()
    game.step(MoveRobber(desert))
    assert game.robber == desert


def test_option_robber_may_not_return_to_the_desert() -> None:
    game = staged(robber=4, rules=Rules(robber_may_return_to_desert=False))
    game.step(RollDice(), dice=SEVEN)
    desert = game.board.desert
    assert desert not in {a.hex for a in game.legal_actions()}
    assert_illegal(game, MoveRobber(desert), "desert")


# Six inner intersections whose hexes cover every hex but the desert (9), two per opponent.
COVER = {1: [8, 14], 2: [22, 31], 3: [39, 45]}


def test_friendly_robber_spares_players_with_two_visible_points() -> None:
    rules = Rules(friendly_robber=True)
    game = staged(rules=rules, settlements={1: [8, 14], 2: [22, 31], 3: [39]}, robber=9)
    game.step(RollDice(), dice=SEVEN)
    hexes = sorted({a.hex for a in game.legal_actions()})
    assert hexes == [14, 17, 18]  # all the others touch a player with 2 or fewer points
    assert_illegal(game, MoveRobber(0, 1), "friendly robber")


def test_friendly_robber_spares_the_mover_too_when_they_have_two_points_or_fewer() -> None:
    rules = Rules(friendly_robber=True)
    settlements = {0: [50], 1: [8, 14], 2: [22, 31], 3: [39]}  # the mover's one point on hex 18
    game = staged(rules=rules, settlements=settlements, robber=9)
    game.step(RollDice(), dice=SEVEN)
    assert sorted({a.hex for a in game.legal_actions()}) == [14, 17]
    assert_illegal(game, MoveRobber(18), "friendly robber")


def test_friendly_robber_allows_any_hex_when_no_other_is_possible() -> None:
    game = staged(rules=Rules(friendly_robber=True), settlements=COVER, robber=9)
    game.step(RollDice(), dice=SEVEN)
    hexes = sorted({a.hex for a in game.legal_actions()})
    assert hexes == [h for h in range(HEX_COUNT) if h != 9]


def test_friendly_robber_does_not_protect_three_points() -> None:
    game = staged(
        rules=Rules(friendly_robber=True), settlements={1: [8, 14, 53], 2: [22, 31], 3: [39]}, robber=9
    )
    game.step(RollDice(), dice=SEVEN)
    hexes = {a.hex for a in game.legal_actions()}
    assert {0, 1, 2, 4, 5, 6, 18}.issubset(hexes)  # seat 1 has 3 points: fair game
    assert 3 not in hexes  # seat 2 has 2


def test_friendly_robber_off_by_default() -> None:
    game = staged(settlements=COVER, robber=9)
    game.step(RollDice(), dice=SEVEN)
    assert len({a.hex for a in game.legal_actions()}) == HEX_COUNT - 1


def test_discard_limit_option() -> None:
    rules = Rules(discard_limit=9)
    game = staged(rules=rules, hands={1: _cards(9), 2: _cards(10)})
    game.step(RollDice(), dice=SEVEN)
    assert game.state.discards == [0, 0, 5, 0]
    assert game.current_seat == 2


def test_friendly_robber_applies_to_knights_too() -> None:
    rules = Rules(friendly_robber=True)
    game = staged(
        rules=rules, settlements={1: [8, 14], 2: [22, 31], 3: [39]}, robber=9, dev_cards={0: {"knight": 1}}
    )
    game.step(PlayKnight())
    assert sorted({a.hex for a in game.legal_actions()}) == [14, 17, 18]
