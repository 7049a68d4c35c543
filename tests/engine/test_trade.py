"""the rulebook §4.4: domestic trade (only with the turn player) and maritime trade; strict_phases.

Beginner-board harbors used here: generic 3:1 on intersections 0 and 3, wool 2:1 on 1 and 5.
"""

from __future__ import annotations

import pytest

import catan_widget as cw

from .helpers import assert_illegal, hand, staged

LUMBER, BRICK, WOOL, GRAIN, ORE = range(5)
HANDS = {0: {"lumber": 2, "brick": 1}, 1: {"ore": 2, "wool": 1}, 2: {"ore": 1, "grain": 2}, 3: {"wool": 3}}


def _main(**kw: object) -> object:
    kw.setdefault("hands", HANDS)
    return staged(phase="main", roads={0: [19]}, settlements={0: [12]}, **kw)


# --- domestic trade ---------------------------------------------------------------------------
def test_offer_to_one_player_accept_and_confirm() -> None:
    game = _main()
    game.step(cw.OfferTrade(give={"lumber": 1}, want={"ore": 1}, to=1))
    assert game.phase == "trade_response"
    assert game.current_seat == 1
    assert game.legal_actions() == [cw.AcceptTrade(), cw.DeclineTrade()]
    game.step(cw.AcceptTrade())
    assert game.phase == "trade_confirm"
    assert game.current_seat == 0
    assert game.legal_actions() == [cw.ConfirmTrade(1), cw.CancelTrade()]
    game.step(cw.ConfirmTrade(1))
    assert hand(game, 0) == [1, 1, 0, 0, 1]
    assert hand(game, 1) == [1, 0, 1, 0, 1]
    assert game.phase == "main"
    assert game.current_seat == 0
    assert game.log[-1] == "Ada traded 1 lumber to Bo for 1 ore"


def test_offer_to_everyone_is_answered_in_seat_order() -> None:
    game = _main()
    game.step(cw.OfferTrade(give={"lumber": 1}, want={"ore": 1}))
    answered = []
    for answer in (cw.AcceptTrade(), cw.AcceptTrade(), cw.DeclineTrade()):
        answered.append(game.current_seat)
        game.step(answer)
    assert answered == [1, 2, 3]
    assert game.legal_actions() == [cw.ConfirmTrade(1), cw.ConfirmTrade(2), cw.CancelTrade()]
    game.step(cw.ConfirmTrade(2))
    assert hand(game, 2) == [1, 0, 0, 2, 0]
    assert hand(game, 1) == [0, 0, 1, 0, 2]


def test_a_player_without_the_cards_can_only_decline() -> None:
    game = _main()
    game.step(cw.OfferTrade(give={"lumber": 1}, want={"ore": 1}))
    game.step(cw.DeclineTrade())
    game.step(cw.AcceptTrade())
    assert game.current_seat == 3
    assert game.legal_actions() == [cw.DeclineTrade()]
    assert_illegal(game, cw.AcceptTrade(), "do not hold")


def test_declined_by_everyone_closes_the_offer() -> None:
    game = _main()
    before = [hand(game, p) for p in range(4)]
    game.step(cw.OfferTrade(give={"lumber": 1}, want={"ore": 1}))
    for _ in range(3):
        game.step(cw.DeclineTrade())
    assert game.phase == "main"
    assert game.current_seat == 0
    assert [hand(game, p) for p in range(4)] == before
    assert game.log[-1].endswith("nobody accepted")


def test_counter_offer_is_closed_on_its_terms() -> None:
    game = _main()
    game.step(cw.OfferTrade(give={"lumber": 1}, want={"ore": 1}, to=1))
    game.step(cw.CounterTrade(give={"ore": 2}, want={"lumber": 1, "brick": 1}))
    assert game.phase == "trade_confirm"
    game.step(cw.ConfirmTrade(1))
    assert hand(game, 0) == [1, 0, 0, 0, 2]
    assert hand(game, 1) == [1, 1, 1, 0, 0]


def test_counter_follows_the_same_rules_as_an_offer() -> None:
    game = _main()
    game.step(cw.OfferTrade(give={"lumber": 1}, want={"ore": 1}, to=1))
    assert_illegal(game, cw.CounterTrade(give={"ore": 3}, want={"lumber": 1}), "do not hold")
    assert_illegal(game, cw.CounterTrade(give={"ore": 1}, want={}), "gift")
    assert_illegal(game, cw.CounterTrade(give={"ore": 1}, want={"ore": 1, "lumber": 1}), "like for like")


def test_counter_the_proposer_cannot_pay_cannot_be_confirmed() -> None:
    game = _main()
    game.step(cw.OfferTrade(give={"lumber": 1}, want={"ore": 1}, to=1))
    game.step(cw.CounterTrade(give={"ore": 1}, want={"grain": 1}))
    assert game.phase == "main"  # nothing the proposer can confirm
    assert game.log[-1].endswith("nobody accepted")


def test_confirming_a_counter_the_proposer_cannot_pay_says_so() -> None:
    game = _main()
    game.step(cw.OfferTrade(give={"lumber": 1}, want={"ore": 1}))
    game.step(cw.CounterTrade(give={"ore": 1}, want={"grain": 1}))  # Ada holds no grain
    game.step(cw.AcceptTrade())
    game.step(cw.DeclineTrade())
    assert game.legal_actions()[0] == cw.ConfirmTrade(2)
    assert_illegal(game, cw.ConfirmTrade(1), "counter-offer asks for")
    refusal = game.refusal(cw.ConfirmTrade(1))
    assert refusal is not None
    assert refusal.code == "cards_not_held"


def test_proposer_may_cancel() -> None:
    game = _main()
    before = [hand(game, p) for p in range(4)]
    game.step(cw.OfferTrade(give={"lumber": 1}, want={"ore": 1}, to=1))
    game.step(cw.AcceptTrade())
    game.step(cw.CancelTrade())
    assert [hand(game, p) for p in range(4)] == before
    assert game.phase == "main"


def test_confirm_only_with_a_player_who_accepted() -> None:
    game = _main()
    game.step(cw.OfferTrade(give={"lumber": 1}, want={"ore": 1}))
    game.step(cw.AcceptTrade())
    game.step(cw.DeclineTrade())
    game.step(cw.DeclineTrade())
    assert_illegal(game, cw.ConfirmTrade(2), "accepted or countered")
    assert_illegal(game, cw.ConfirmTrade(0), "accepted or countered")


def test_no_gifts() -> None:
    game = _main()
    assert_illegal(game, cw.OfferTrade(give={"lumber": 1}, want={}, to=1), "no gifts")
    assert_illegal(game, cw.OfferTrade(give={}, want={"ore": 1}, to=1), "no gifts")


def test_no_like_for_like() -> None:
    game = _main()
    assert_illegal(game, cw.OfferTrade(give={"lumber": 1}, want={"lumber": 2}, to=1), "like for like")
    assert_illegal(
        game, cw.OfferTrade(give={"lumber": 1, "brick": 1}, want={"brick": 1, "ore": 1}), "like for like"
    )


def test_nobody_offers_cards_they_do_not_hold() -> None:
    game = _main()
    assert_illegal(game, cw.OfferTrade(give={"lumber": 3}, want={"ore": 1}, to=1), "do not hold")
    assert_illegal(game, cw.OfferTrade(give={"grain": 1}, want={"ore": 1}, to=1), "do not hold")


def test_offer_only_to_another_player_in_the_game() -> None:
    game = _main()
    assert_illegal(game, cw.OfferTrade(give={"lumber": 1}, want={"ore": 1}, to=0), "another player")
    three = staged(3, phase="main", hands={0: {"lumber": 1}})
    assert_illegal(three, cw.OfferTrade(give={"lumber": 1}, want={"ore": 1}, to=3), "another player")


def test_only_the_turn_player_proposes() -> None:
    game = _main()
    game.step(cw.OfferTrade(give={"lumber": 1}, want={"ore": 1}, to=1))
    assert game.current_seat == 1
    assert_illegal(game, cw.OfferTrade(give={"ore": 1}, want={"wool": 1}, to=2), "whose turn")
    assert_illegal(game, cw.ConfirmTrade(1), "no answered trade")


def test_other_players_cannot_trade_among_themselves_while_discarding() -> None:
    game = staged(hands={1: {"ore": 8}, 2: {"wool": 1}})
    game.step(cw.RollDice(), dice=(3, 4))
    assert game.current_seat == 1
    assert_illegal(game, cw.OfferTrade(give={"ore": 1}, want={"wool": 1}, to=2), "whose turn")
    game.step(cw.Discard({"ore": 4}))


def test_no_trade_before_rolling() -> None:
    game = staged(hands=HANDS)
    assert_illegal(game, cw.OfferTrade(give={"lumber": 1}, want={"ore": 1}, to=1), "roll")
    assert_illegal(game, cw.MaritimeTrade("lumber", "ore"), "roll")


def test_answers_need_an_open_offer() -> None:
    game = _main()
    for action in (cw.AcceptTrade(), cw.DeclineTrade(), cw.CounterTrade({"lumber": 1}, {"ore": 1})):
        assert_illegal(game, action, "no trade offer")
    assert_illegal(game, cw.CancelTrade(), "no trade offer")


def test_turn_cannot_end_while_an_offer_is_open() -> None:
    game = _main()
    game.step(cw.OfferTrade(give={"lumber": 1}, want={"ore": 1}, to=1))
    game.step(cw.AcceptTrade())
    assert_illegal(game, cw.EndTurn(), "end the turn")
    assert_illegal(game, cw.BuildRoad(25), "road")


# --- maritime trade ---------------------------------------------------------------------------
def test_maritime_four_to_one_without_a_harbor() -> None:
    game = staged(phase="main", settlements={0: [12]}, hands={0: {"lumber": 4}})
    legal = [a for a in game.legal_actions() if isinstance(a, cw.MaritimeTrade)]
    assert legal == [cw.MaritimeTrade(LUMBER, r) for r in (BRICK, WOOL, GRAIN, ORE)]
    game.step(cw.MaritimeTrade("lumber", "ore"))
    assert hand(game, 0) == [0, 0, 0, 0, 1]
    assert game.bank["lumber"] == 19
    assert game.bank["ore"] == 18
    assert game.log[-1] == "Ada traded 4 lumber with the bank for 1 ore"


def test_maritime_three_cards_are_not_enough_without_a_harbor() -> None:
    game = staged(phase="main", settlements={0: [12]}, hands={0: {"lumber": 3}})
    assert not any(isinstance(a, cw.MaritimeTrade) for a in game.legal_actions())
    assert_illegal(game, cw.MaritimeTrade("lumber", "ore"), "needs 4")


def test_maritime_three_to_one_with_a_generic_harbor() -> None:
    game = staged(phase="main", settlements={0: [3]}, hands={0: {"lumber": 3, "ore": 3}})
    game.step(cw.MaritimeTrade("lumber", "grain"))
    game.step(cw.MaritimeTrade("ore", "grain"))
    assert hand(game, 0) == [0, 0, 0, 2, 0]


def test_maritime_two_to_one_with_a_special_harbor() -> None:
    game = staged(phase="main", settlements={0: [5]}, hands={0: {"wool": 2, "ore": 3}})
    game.step(cw.MaritimeTrade("wool", "brick"))
    assert hand(game, 0) == [0, 1, 0, 0, 3]
    # the wool harbor gives no better rate for ore
    assert_illegal(game, cw.MaritimeTrade("ore", "brick"), "needs 4")


def test_maritime_harbor_counts_with_a_city() -> None:
    game = staged(phase="main", cities={0: [1]}, hands={0: {"wool": 2}})
    game.step(cw.MaritimeTrade("wool", "lumber"))
    assert hand(game, 0) == [1, 0, 0, 0, 0]


def test_maritime_harbor_of_an_opponent_does_not_count() -> None:
    game = staged(phase="main", settlements={0: [12], 1: [5]}, hands={0: {"wool": 2}})
    assert_illegal(game, cw.MaritimeTrade("wool", "lumber"), "needs 4")


def test_maritime_bank_must_hold_the_card() -> None:
    hands = {0: {"lumber": 4}, 1: {"ore": 10}, 2: {"ore": 9}}
    game = staged(phase="main", settlements={0: [12]}, hands=hands)
    assert game.bank["ore"] == 0
    assert cw.MaritimeTrade("lumber", "ore") not in game.legal_actions()
    assert_illegal(game, cw.MaritimeTrade("lumber", "ore"), "bank has no ore")


def test_maritime_no_like_for_like() -> None:
    game = staged(phase="main", settlements={0: [12]}, hands={0: {"lumber": 4}})
    assert_illegal(game, cw.MaritimeTrade("lumber", "lumber"), "like for like")


# --- strict phases ----------------------------------------------------------------------------
STRICT_HANDS = {0: {"lumber": 6, "brick": 1}, 1: {"ore": 1}}


@pytest.mark.parametrize("strict", [False, True])
def test_trade_before_building_always_allowed(strict: bool) -> None:
    game = staged(
        rules=cw.Rules(strict_phases=strict), phase="main", settlements={0: [12]}, hands=STRICT_HANDS
    )
    game.step(cw.MaritimeTrade("lumber", "ore"))
    game.step(cw.BuildRoad(19))
    assert game.players[0].pieces_left["roads"] == 14


def test_strict_phases_forbid_trading_after_building() -> None:
    rules = cw.Rules(strict_phases=True)
    game = staged(rules=rules, phase="main", settlements={0: [12]}, hands=STRICT_HANDS)
    game.step(cw.BuildRoad(19))
    assert not any(isinstance(a, cw.MaritimeTrade) for a in game.legal_actions())
    assert_illegal(game, cw.MaritimeTrade("lumber", "ore"), "strict")
    assert_illegal(game, cw.OfferTrade(give={"lumber": 1}, want={"ore": 1}, to=1), "strict")


def test_default_allows_trading_after_building() -> None:
    game = staged(phase="main", settlements={0: [12]}, hands=STRICT_HANDS)
    game.step(cw.BuildRoad(19))
    game.step(cw.MaritimeTrade("lumber", "ore"))
    game.step(cw.OfferTrade(give={"lumber": 1}, want={"ore": 1}, to=1))
    assert game.phase == "trade_response"
    assert hand(game, 0)[ORE] == 1


def test_strict_phases_count_buying_a_card_as_building() -> None:
    rules = cw.Rules(strict_phases=True)
    hands = {0: {"lumber": 4, "wool": 1, "grain": 1, "ore": 1}}
    game = staged(rules=rules, phase="main", settlements={0: [12]}, hands=hands)
    game.step(cw.BuyDevelopmentCard())
    assert_illegal(game, cw.MaritimeTrade("lumber", "ore"), "strict")


def test_best_rate_per_resource_with_several_harbors() -> None:
    game = staged(phase="main", settlements={0: [3, 5]}, hands={0: {"wool": 2, "ore": 3, "grain": 2}})
    game.step(cw.MaritimeTrade("wool", "lumber"))  # 2:1 wool harbor
    game.step(cw.MaritimeTrade("ore", "lumber"))  # 3:1 generic harbor
    assert_illegal(game, cw.MaritimeTrade("grain", "lumber"), "needs 3")
    assert hand(game, 0) == [2, 0, 0, 2, 0]
