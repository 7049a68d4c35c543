"""The Special Building Phase (the rulebook §11.1) and the paired players' turn (§11.2).

Most run on 4-player games with ``Rules(special_building="on")`` (staged on the beginner board):
the phase's rules do not depend on the number of seats.  Each restriction is checked on a staged
position: who acts and in what order, passing, no trade, no card played, no roll, the card bought
then, the winning timing; the option, its save and the prompt, the log and the refusals' codes.
Five- and six-player games check the default (the phase on), the order round the larger table,
the option switched off or paired, and saves and replay through the phase.
"""

from __future__ import annotations

import json

import pytest

from catan_widget import (
    BuildCity,
    BuildRoad,
    BuildSettlement,
    EndTurn,
    Game,
    MaritimeTrade,
    OfferTrade,
    RollDice,
    Rules,
)
from catan_widget.engine.actions import BuyDevelopmentCard, PlayKnight, PlayMonopoly
from catan_widget.engine.errors import REFUSALS, IllegalActionError
from catan_widget.engine.knowledge.prompts import prompt
from catan_widget.engine.phases import SPECIAL_BUILD, demand_code
from catan_widget.engine.rules.turn import paired_seat
from catan_widget.engine.viewer import ONLOOKER

from .helpers import NAMES4, assert_illegal, edge, path

ON = Rules(special_building="on")
PAIRED = Rules(special_building="paired")
SETTLEMENTS = {"Ada": [23], "Bo": [0], "Cy": [2], "Di": [40]}
SETTLEMENTS_YOU = {"Ada": [23], "You": [0], "Cy": [2], "Di": [40]}
RICH = {"lumber": 3, "brick": 3, "wool": 3, "grain": 4, "ore": 4}


def _staged(rules: Rules = ON, turn_player: str = "Ada", **placements: object) -> Game:
    placements.setdefault("settlements", SETTLEMENTS)
    game = Game(NAMES4, seed=5, board="beginner", rules=rules, first=0)
    return game.stage(turn_player=turn_player, phase="main", **placements)  # type: ignore[arg-type]


def _code(game: Game, action: object) -> str:
    with pytest.raises(IllegalActionError) as info:
        game.step(action)  # type: ignore[arg-type]
    assert game.refusal(action) == info.value.refusal  # type: ignore[arg-type]
    return info.value.code


# --- the option -------------------------------------------------------------------------------
def test_the_option_is_on_for_five_and_six_players_by_default_and_off_for_three_and_four() -> None:
    rules = Rules()
    assert rules.special_building == "auto"
    assert [rules.after_turn(n) for n in (3, 4, 5, 6)] == ["", "", "special", "special"]
    assert [ON.after_turn(n) for n in (3, 4, 5, 6)] == ["special"] * 4
    assert [Rules(special_building="off").after_turn(n) for n in (3, 4, 5, 6)] == [""] * 4
    assert PAIRED.after_turn(4) == "paired"
    with pytest.raises(ValueError, match="special_building"):
        Rules(special_building="sometimes")
    with pytest.raises(TypeError, match="special_building"):
        Rules(special_building=True)  # type: ignore[arg-type]


def test_the_option_is_saved_only_when_it_is_not_the_default() -> None:
    assert "special_building" not in Rules().to_dict()  # older saves stay byte for byte
    assert ON.to_dict()["special_building"] == "on"
    assert Rules.from_dict(ON.to_dict()) == ON
    assert Rules.from_dict(Rules().to_dict()) == Rules()
    plain = Game(NAMES4, seed=3)
    assert "special_building" not in json.loads(plain.to_json())["rules"]
    game = Game(NAMES4, seed=3, rules=PAIRED)
    saved = game.to_json()
    assert json.loads(saved)["rules"]["special_building"] == "paired"
    assert Game.from_json(saved).rules == PAIRED
    bad = json.loads(saved)
    bad["rules"]["special_building"] = 1
    with pytest.raises(ValueError, match="special_building"):
        Game.from_json(json.dumps(bad))


def test_without_the_option_four_players_go_straight_to_the_next_turn() -> None:
    game = _staged(Rules())
    game.step(EndTurn())
    assert (game.phase, game.state.turn_player, game.state.current) == ("roll", 1, 1)


# --- order, who acts, passing -----------------------------------------------------------------
def test_every_other_player_in_turn_order_from_the_left_builds_then_passes() -> None:
    game = _staged(turn_player="Cy")
    turn = game.turn
    game.step(EndTurn())
    builders = []
    while game.phase == "special_build":
        s = game.state
        assert s.phase == SPECIAL_BUILD
        assert s.turn_player == 2
        assert s.current != 2
        assert game.turn == turn  # still Cy's turn: the round and the header do not move
        assert game.current_player.name == NAMES4[s.current]
        assert game.legal_actions() == [EndTurn()]  # nothing to pay with: pass only
        builders.append(s.current)
        game.step(EndTurn())
    assert builders == [3, 0, 1]  # Di (Cy's left), then Ada, then Bo
    assert (game.phase, game.state.turn_player, game.state.current, game.turn) == ("roll", 3, 3, turn + 1)
    assert game.log[-4:] == [
        "Cy ended the turn",
        "Di passed (special build)",
        "Ada passed (special build)",
        "Bo passed (special build)",
    ]


def test_only_the_builder_acts_and_the_others_wait() -> None:
    game = _staged()
    game.step(EndTurn())
    assert game.state.current == 1  # Bo
    for seat in ("Ada", "Cy", "Di"):
        found = game.refusal(EndTurn(), seat=seat)
        assert found is not None
        assert found.code == "not_your_turn"
        assert "Bo" in found.text
        assert game.observe(seat).legal_actions() == []


def test_the_builder_builds_roads_settlements_cities_and_buys_paying_as_usual() -> None:
    game = _staged(hands={"Bo": RICH})
    game.step(EndTurn())
    legal = game.legal_actions()
    kinds = {type(a) for a in legal}
    assert {EndTurn, BuildRoad, BuildCity, BuyDevelopmentCard} <= kinds
    road = next(a for a in legal if isinstance(a, BuildRoad))
    game.step(road)
    spots = [a for a in game.legal_actions() if isinstance(a, BuildRoad)]
    game.step(spots[0])
    settlements = [a for a in game.legal_actions() if isinstance(a, BuildSettlement)]
    if settlements:
        game.step(settlements[0])
    game.step(BuildCity(0))
    game.step(BuyDevelopmentCard())
    assert game.state.node_level[0] == 2
    assert sum(game.state.dev_new[1]) == 1
    assert sum(game.state.hands[1]) < sum(RICH.values())
    assert (game.phase, game.state.current) == ("special_build", 1)
    assert [e for e in game.log if e.startswith("Bo built")]


# --- the restrictions -------------------------------------------------------------------------
def test_no_trade_of_any_kind_no_card_played_no_roll() -> None:
    game = _staged(
        hands={"Bo": {"lumber": 4, "wool": 1, "ore": 1}},
        dev_cards={"Bo": {"knight": 1, "monopoly": 1}},
    )
    game.step(EndTurn())
    legal = game.legal_actions()
    assert not any(isinstance(a, (MaritimeTrade, PlayKnight, PlayMonopoly, RollDice)) for a in legal)
    assert "offer_trade" not in game.open_kinds(1)
    assert _code(game, MaritimeTrade(0, 1)) == "special_build_no_trade"
    assert _code(game, OfferTrade((1, 0, 0, 0, 0), (0, 1, 0, 0, 0))) == "special_build_no_trade"
    assert _code(game, PlayKnight()) == "special_build_no_card"
    assert _code(game, PlayMonopoly(2)) == "special_build_no_card"
    assert _code(game, RollDice()) == "special_build_no_roll"
    assert_illegal(game, MaritimeTrade(0, 1), "Special Building Phase")
    refusals = game.refusals()
    assert refusals["maritime_trade"].code == refusals["offer_trade"].code == "special_build_no_trade"
    assert refusals["play_knight"].code == refusals["play_monopoly"].code == "special_build_no_card"
    # one sentence for every card (the control names the card): the widget sends it once
    cards = ("play_knight", "play_road_building", "play_year_of_plenty", "play_monopoly")
    assert {refusals[k].text for k in cards} == {
        "No development card is played in the Special Building Phase: only on your own turn."
    }
    assert refusals["roll"].code == "special_build_no_roll"
    assert "end_turn" not in refusals  # passing is always possible
    for code in ("special_build_no_trade", "special_build_no_card", "special_build_no_roll"):
        assert REFUSALS[code][0] == "§11.1"
        assert any(r.code == code and r.rule == "§11.1" for r in refusals.values())
    assert demand_code(SPECIAL_BUILD) == "special_build_only"
    assert REFUSALS["special_build_only"][0] == "§11.1"


def test_a_card_bought_then_is_played_on_the_buyers_next_turn_not_before() -> None:
    game = _staged(hands={"Bo": {"wool": 1, "grain": 1, "ore": 1}})
    game.step(EndTurn())
    game.step(BuyDevelopmentCard(), card=0)  # a knight
    assert game.state.dev_new[1][0] == 1
    assert _code(game, PlayKnight()) == "special_build_no_card"
    game.step(EndTurn())  # Bo passes: the card waits for Bo's turn
    assert (game.state.dev[1][0], game.state.dev_new[1][0]) == (1, 0)
    assert game.observe("Bo").dev_cards == (1, 0, 0, 0, 0)
    game.step(EndTurn())  # Cy
    game.step(EndTurn())  # Di: Bo's turn begins
    assert (game.phase, game.state.turn_player) == ("roll", 1)
    assert PlayKnight() in game.legal_actions()  # before the roll, as any card held from before
    game.step(PlayKnight())
    assert game.phase == "move_robber"


def test_a_card_bought_on_ones_own_turn_still_waits_for_the_next_turn() -> None:
    game = _staged(hands={"Ada": {"wool": 1, "grain": 1, "ore": 1}})
    game.step(BuyDevelopmentCard(), card=0)
    assert _code(game, PlayKnight()) == "card_bought_this_turn"
    game.step(EndTurn())
    assert game.state.dev[0][0] == 1  # ripe for Ada's next turn, unplayable in the phase anyway


def test_a_builder_who_reaches_the_winning_points_wins_at_the_start_of_their_own_turn() -> None:
    rules = Rules(special_building="on", vp_to_win=3)
    game = _staged(
        rules,
        settlements={"Ada": [23], "Bo": [0], "Cy": [2, 8], "Di": [40]},
        hands={"Cy": {"wool": 1, "grain": 1, "ore": 1}},
    )
    game.step(EndTurn())  # Ada's turn ends
    game.step(EndTurn())  # Bo passes
    game.step(BuyDevelopmentCard(), card=4)  # Cy: a victory point card, 3 points
    assert game.player("Cy").victory_points == 3
    assert not game.is_over
    assert game.phase == "special_build"
    game.step(EndTurn())  # Cy passes
    game.step(EndTurn())  # Di passes: Bo's turn, and Bo plays it out
    assert not game.is_over
    assert game.state.turn_player == 1
    game.step(RollDice(), dice=(2, 3))
    game.step(EndTurn())  # Bo's turn ends: Cy, Di, Ada may build
    assert (game.phase, game.state.current) == ("special_build", 2)
    game.step(EndTurn())
    game.step(EndTurn())
    assert not game.is_over
    game.step(EndTurn())  # Ada passes: Cy's turn starts, and Cy wins before rolling
    assert game.is_over
    assert game.winner is not None
    assert game.winner.name == "Cy"
    assert game.log[-1] == "Cy wins with 3 victory points!"
    assert game.state.dice == (2, 3)  # nobody rolled for Cy's turn


@pytest.mark.parametrize("rules", [ON, PAIRED], ids=["on", "paired"])
def test_longest_road_handed_to_the_player_whose_turn_ended_wins_only_at_their_next_turn(
    rules: Rules,
) -> None:
    """Bo's settlement in the phase cuts Ada's road, and Longest Road goes to Cy, whose turn has
    just ended: 10 points, but the turn is over, so Cy wins as her own next turn starts.
    """
    game = _staged(
        rules,
        turn_player="Cy",
        settlements={"Ada": [2]},
        cities={"Cy": [15, 21, 26, 31]},
        roads={"Ada": path(2, 5, 1, 4, 0, 3, 7), "Cy": path(40, 35, 29, 23, 18, 24), "Bo": [edge(4, 8)]},
        hands={"Bo": {"lumber": 1, "brick": 1, "wool": 1, "grain": 1}},
    )
    assert (game.state.longest, game.player("Cy").victory_points) == (0, 8)
    game.step(EndTurn())  # Cy's turn ends
    while game.current_player.name != "Bo":
        game.step(EndTurn())
    game.step(BuildSettlement(node=4))
    assert game.state.longest == 2
    assert game.player("Cy").victory_points == 10
    assert not game.is_over
    assert game.phase == "special_build"
    assert game.log[-1] == "Cy takes Longest Road from Ada (5 roads)"
    turn = game.turn
    for _ in range(20):  # Di's, Ada's and Bo's turns, each with its phase
        if game.is_over:
            break
        if game.phase == "roll":
            game.step(RollDice(), dice=(2, 3))
        game.step(EndTurn())
    assert (game.turn, game.state.turn_player) == (turn + 4, 2)  # Cy's turn starts: she wins
    assert game.winner is not None
    assert game.winner.name == "Cy"
    assert game.log[-1] == "Cy wins with 10 victory points!"


# --- words ------------------------------------------------------------------------------------
def test_the_prompt_and_the_header_name_the_builder_and_the_turn() -> None:
    game = _staged()
    game.step(EndTurn())
    assert prompt(game.observe(ONLOOKER)) == "Bo: special build — build or buy, then pass"
    assert game.prompt() == "Bo: special build — build or buy, then pass"
    assert game.prompt("Bo") == "Your special build — build or buy, then pass"
    you = Game(["Ada", "You", "Cy", "Di"], seed=5, board="beginner", rules=ON, first=0)
    you = you.stage(turn_player="Ada", phase="main", settlements=SETTLEMENTS_YOU)
    you.step(EndTurn())
    assert prompt(you.observe(ONLOOKER)) == "You: special build — build or buy, then pass"  # a name
    assert prompt(you.observe(1)) == "Your special build — build or buy, then pass"
    assert game.observe("Bo").phase == "special_build"
    assert (game.observe("Bo").turn_player, game.observe("Bo").current) == (0, 1)


# --- the paired players' turn (§11.2) ---------------------------------------------------------
def test_paired_players_one_seat_builds_and_trades_with_the_bank_only() -> None:
    assert [paired_seat(0, n) for n in (3, 4, 5, 6)] == [1, 3, 3, 3]
    game = _staged(PAIRED, hands={"Di": {"lumber": 5, "brick": 1}}, dev_cards={"Di": {"knight": 1}})
    game.step(EndTurn())
    assert (game.phase, game.state.current, game.state.turn_player) == ("special_build", 3, 0)
    assert game.prompt() == "Di: paired turn — build, buy or trade with the bank, then pass"
    assert game.prompt("Di") == "Your paired turn — build, buy or trade with the bank, then pass"
    assert MaritimeTrade(0, 2) in game.legal_actions()
    assert _code(game, OfferTrade((1, 0, 0, 0, 0), (0, 1, 0, 0, 0))) == "special_build_no_trade"
    assert _code(game, PlayKnight()) == "special_build_no_card"
    assert _code(game, RollDice()) == "special_build_no_roll"
    game.step(MaritimeTrade(0, 2))
    game.step(BuildRoad(next(a.edge for a in game.legal_actions() if isinstance(a, BuildRoad))))
    game.step(EndTurn())
    assert (game.phase, game.state.turn_player, game.state.current) == ("roll", 1, 1)


# --- saves and replay -------------------------------------------------------------------------
def test_saves_and_replay_through_the_phase() -> None:
    for rules in (ON, PAIRED):
        game = Game(NAMES4, seed=11, rules=rules)
        game.play("greedy", until=lambda g: g.phase == "special_build" and g.turn > 6)
        assert game.phase == "special_build"
        text = game.to_json()
        again = Game.from_json(text)
        assert again.to_json() == text
        assert again.legal_actions() == game.legal_actions()
        assert (again.state.current, again.state.turn_player) == (game.state.current, game.state.turn_player)
        game.play("greedy", until=lambda g: g.turn > 12)
        again.play("greedy", until=lambda g: g.turn > 12)
        assert again.to_json() == game.to_json()


# --- five and six players ---------------------------------------------------------------------
NAMES6 = ["Ada", "Bo", "Cy", "Di", "Eve", "Fay"]


def _to_the_phase(n: int, rules: Rules | None = None, seed: int = 0) -> Game:
    game = Game(NAMES6[:n], seed=seed + n, rules=rules)
    game.play("random", until=lambda g: g.phase == "special_build" and g.turn > 2)
    assert game.phase == "special_build"
    return game


@pytest.mark.parametrize("n", [5, 6])
def test_five_and_six_players_have_the_phase_by_default_each_other_seat_in_turn(n: int) -> None:
    assert Rules().after_turn(n) == "special"
    game = _to_the_phase(n)
    tp, turn = game.state.turn_player, game.turn
    builders = []
    while game.phase == "special_build":
        builders.append(game.state.current)
        assert game.prompt() == f"{NAMES6[game.state.current]}: special build — build or buy, then pass"
        game.step(EndTurn())
    assert builders == [(tp + i) % n for i in range(1, n)]
    assert (game.phase, game.state.turn_player, game.turn) == ("roll", (tp + 1) % n, turn + 1)
    text = game.to_json()
    assert "special_building" not in json.loads(text)["rules"]
    assert Game.from_json(text).to_json() == text


@pytest.mark.parametrize("n", [5, 6])
def test_five_and_six_players_may_switch_the_phase_off_or_pair_the_players(n: int) -> None:
    off = Game(NAMES6[:n], seed=3, rules=Rules(special_building="off"))
    off.play("random", until=lambda g: g.turn > 3 * n)
    assert all(e[0] != "special_pass" for e in off.events)
    game = _to_the_phase(n, PAIRED)
    tp = game.state.turn_player
    assert game.state.current == (tp + 3) % n  # with six, the seat across the table
    game.step(EndTurn())
    assert (game.phase, game.state.turn_player) == ("roll", (tp + 1) % n)


def test_a_six_player_game_saves_and_replays_through_the_phase() -> None:
    game = _to_the_phase(6, seed=4)
    text = game.to_json()
    again = Game.from_json(text)
    assert again.legal_actions() == game.legal_actions()
    game.play("greedy", until=lambda g: g.turn > 20)
    again.play("greedy", until=lambda g: g.turn > 20)
    assert again.to_json() == game.to_json()
