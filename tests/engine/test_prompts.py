"""The banner sentence (engine/prompts.py): who must act and what, in every phase."""

from __future__ import annotations

import pytest

import catan_widget as cw
from catan_widget.engine.board.topology import NODE_NEIGHBORS
from catan_widget.engine.knowledge.prompts import heading, round_number
from catan_widget.engine.viewer import ONLOOKER

from .helpers import NAMES4, staged

YOU4 = ["Ada", "Bot 1", "Bot 2", "Bot 3"]
"""Seat 0 reads its own turn in the second person (chosen by seat, never by name)."""
HANDS = {0: {"lumber": 2, "brick": 1}, 1: {"ore": 2, "wool": 1}, 2: {"ore": 1, "grain": 2}, 3: {"wool": 3}}


def _you(phase: str = "main", turn_player: int = 0, **kw: object) -> cw.Game:
    """A staged beginner game of Ada and three bots."""
    game = cw.Game(YOU4, seed=3, first=0)
    kw.setdefault("hands", HANDS)
    kw.setdefault("settlements", {0: [12], 2: [40]})
    return game.stage(phase=phase, turn_player=turn_player, **kw)


def test_setup_asks_the_acting_player_for_a_settlement_then_its_road() -> None:
    game = cw.Game(NAMES4, seed=1, first=1)
    assert game.prompt() == "Bo: place a settlement"
    assert game.round == 0
    game.step(game.legal_actions()[0])
    assert game.prompt() == "Bo: place a road next to it"
    you = cw.Game(YOU4, seed=1, first=0)
    assert you.prompt(0) == "Your turn — place a settlement"
    assert you.prompt(1) == "Ada: place a settlement"


def test_roll_and_main_phase_in_the_third_and_second_person() -> None:
    assert staged(phase="roll", turn_player=2).prompt() == "Cy's turn — roll the dice"
    assert _you("roll").prompt(0) == "Your turn — roll the dice"
    assert _you("main").prompt(0) == "Your turn — build, trade or end the turn"
    assert _you("main", turn_player=1).prompt(0) == "Bot 1's turn — build, trade or end the turn"


def test_a_seven_names_everyone_who_discards_and_how_many() -> None:
    game = _you("roll", hands={0: {"ore": 8}, 1: {"wool": 9}, 2: {"grain": 3}})
    game.step(cw.RollDice(), dice=(3, 4))
    assert game.phase == "discard"
    assert game.prompt(0) == "A 7! Discarding: you (4), Bot 1 (4)"
    assert game.prompt(ONLOOKER) == "A 7! Discarding: Ada (4), Bot 1 (4)"


def test_robber_and_road_building_say_who_acts() -> None:
    game = _you("roll", hands={})
    game.step(cw.RollDice(), dice=(3, 4))
    assert game.phase == "move_robber"
    assert game.prompt(0) == "Your turn — move the robber"
    assert game.prompt(2) == "Ada: move the robber"
    cards = {0: {"road_building": 1}}
    builder = staged(phase="main", roads={0: [19]}, settlements={0: [12]}, dev_cards=cards)
    builder.state.dev_new[0][:] = [0] * 5  # bought on an earlier turn: playable now
    builder.step(cw.PlayRoadBuilding())
    assert builder.phase == "road_building"
    assert builder.prompt() == "Ada: place 2 free roads"
    assert builder.prompt(0) == "Your turn — place 2 free roads"


def test_an_offer_waiting_on_you_names_its_terms_in_words() -> None:
    game = _you("main", turn_player=2, hands={0: {"wool": 2}, 2: {"ore": 1}})
    game.step(cw.OfferTrade(give={"ore": 1}, want={"wool": 1}, to=0))
    assert game.phase == "trade_response"
    assert game.current_seat == 0
    assert game.prompt(0) == "Bot 2 offers you 1 ore for 1 wool — accept, decline or counter"
    assert game.prompt(ONLOOKER) == "Bot 2 offers Ada 1 ore for 1 wool — accept, decline or counter"
    assert game.prompt(2) == "Waiting for Ada to answer your offer"
    with pytest.warns(DeprecationWarning, match="ONLOOKER"):
        assert game.prompt(None) == game.prompt(ONLOOKER)  # the old form, an onlooker


def test_an_offer_to_everyone_says_whom_it_waits_for() -> None:
    game = staged(phase="main", roads={0: [19]}, settlements={0: [12]}, hands=HANDS)
    game.step(cw.OfferTrade(give={"lumber": 1}, want={"ore": 1}))
    assert game.current_seat == 1
    assert game.prompt(0) == "Waiting for Bo, Cy and Di to answer your offer"
    assert game.prompt(2) == "Waiting for Bo, you and Di to answer Ada's offer"
    assert game.prompt(ONLOOKER) == "Ada offers Bo 1 lumber for 1 ore — accept, decline or counter"
    assert game.prompt(1) == "Ada offers you 1 lumber for 1 ore — accept, decline or counter"
    game.step(cw.DeclineTrade())
    assert game.prompt(3) == "Waiting for Cy and you to answer Ada's offer"
    game.step(cw.AcceptTrade())
    game.step(cw.DeclineTrade())
    assert game.phase == "trade_confirm"
    assert game.prompt(3) == "Ada: trade with Cy, or cancel the offer"
    assert game.prompt(2) == "Ada: trade with you, or cancel the offer"
    assert game.prompt(0) == "Trade with Cy, or cancel your offer"


def test_your_own_offer_reads_in_the_second_person() -> None:
    game = _you("main", hands={0: {"lumber": 1}, 1: {"ore": 1}})
    game.step(cw.OfferTrade(give={"lumber": 1}, want={"ore": 1}))
    assert game.prompt(0) == "Waiting for Bot 1, Bot 2 and Bot 3 to answer your offer"
    assert game.prompt(1) == "Ada offers you 1 lumber for 1 ore — accept, decline or counter"
    assert game.prompt(2) == "Waiting for Bot 1, you and Bot 3 to answer Ada's offer"
    assert game.prompt(1, language="en-XA").startswith("[")
    named = cw.Game(["You", "Bo", "Cy"], seed=3, first=0).stage(
        phase="main", turn_player=0, hands={0: {"lumber": 1}, 1: {"ore": 1}}
    )
    named.step(cw.OfferTrade(give={"lumber": 1}, want={"ore": 1}))
    assert named.prompt(1) == "You offers you 1 lumber for 1 ore — accept, decline or counter"  # just a name


def _spread(count: int) -> list[int]:
    """``count`` intersections no two of which are neighbours."""
    chosen: list[int] = []
    for n in range(54):
        if len(chosen) < count and all(n not in NODE_NEIGHBORS[c] for c in chosen):
            chosen.append(n)
    return chosen


def test_the_winner_is_announced() -> None:
    cities, towns = _spread(6)[:3], _spread(6)[3:]
    game = _you("roll", cities={0: cities}, settlements={0: towns}, hands={0: {"grain": 2, "ore": 3}})
    game.step(cw.RollDice(), dice=(2, 3))
    game.step(cw.BuildCity(node=towns[0]))
    assert game.is_over
    assert game.prompt(0) == "You win the game!"
    assert game.prompt(ONLOOKER) == "Ada wins the game!"
    named = staged(phase="roll", cities={1: cities}, settlements={1: towns}, turn_player=1)
    named.state.hands[1][3:] = [2, 3]
    named.step(cw.RollDice(), dice=(2, 3))
    named.step(cw.BuildCity(node=towns[0]))
    assert named.prompt() == "Bo wins the game!"


def test_rounds_count_every_seat_having_played_once() -> None:
    assert [round_number(t, 4) for t in (0, 1, 4, 5, 8, 9)] == [0, 1, 1, 2, 2, 3]
    assert [round_number(t, 3) for t in (1, 3, 4, 107)] == [1, 1, 2, 36]
    game = cw.Game(NAMES4, seed=5).play(bots="greedy", until=lambda g: g.turn >= 9)
    assert game.turn == 9
    assert game.round == 3


def test_the_heading_names_the_round_and_whose_turn_it_is() -> None:
    game = cw.Game(["Ada", "Bo", "Cy"], seed=5)
    assert game.state.current == 0
    assert heading(game.observe(ONLOOKER)) == "Setup · Ada's turn"
    assert heading(game.observe(0)) == "Setup · Your turn"
    game.play(bots="greedy", until=lambda g: g.turn >= 4 and g.phase == "roll")
    assert game.state.turn_player == 0  # turn 4 of three seats: Ada again, in round 2
    assert heading(game.observe(ONLOOKER)) == "Round 2 · Ada's turn"
    assert heading(game.observe(0)) == "Round 2 · Your turn"
    assert heading(game.observe(ONLOOKER), 0) == "Round 2 · Your turn"
    game.play(bots="greedy", until=lambda g: g.turn >= 5 and g.phase == "roll")
    assert heading(game.observe(ONLOOKER)) == "Round 2 · Bo's turn"
    assert heading(game.observe(0)) == heading(game.observe(ONLOOKER))  # not the reader's turn
    assert heading(game.observe(0), language="en-XA").startswith("[")
    game.play(bots="greedy")
    assert heading(game.observe(ONLOOKER)) == f"Round {game.round}"


def test_an_offer_the_reader_cannot_pay_is_not_shown_as_one_to_accept() -> None:
    from catan_widget.engine.actions import OfferTrade

    game = cw.Game(players=["Ada", "Bo", "Cy"], seed=3)
    game.play(bots="greedy", until=lambda g: g.turn >= 6 and g.phase == "main")
    p = game.current_seat
    other = (p + 1) % 3
    give = [0] * 5
    give[max(range(5), key=lambda r: game.state.hands[p][r])] = 1
    want = [0] * 5
    short = next(r for r in range(5) if not give[r])
    want[short] = game.state.hands[other][short] + 1  # more than Bo holds
    game.step(OfferTrade(give=tuple(give), want=tuple(want), to=other))
    text = game.prompt(other)
    assert "you do not hold the cards asked for" in text
    assert "accept" not in text
    assert "accept, decline or counter" in game.prompt(ONLOOKER)  # an onlooker is not told the hand
