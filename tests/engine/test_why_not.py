"""``why_not`` and ``reasons``: the rule an action breaks, in words, from the checks ``step`` makes.

On positions sampled from seeded random games (every phase, trades included, several house
options), every fixed action's ``why_not`` is None exactly when the action is listed as legal,
and otherwise is the message ``step`` raises; its ``refusal`` carries the code and rulebook
section ``step``'s error carries, from the table of codes.  ``reasons()`` names exactly the
disabled controls.  A few sentences and codes are checked word for word on staged positions
(beginner board).
"""

from __future__ import annotations

from functools import cache

import pytest

from catan_widget import (
    BuildCity,
    BuildSettlement,
    EndTurn,
    Game,
    IllegalActionError,
    MaritimeTrade,
    OfferTrade,
    RollDice,
    Rules,
)
from catan_widget.engine.actions import (
    FIXED_ACTIONS,
    AcceptTrade,
    Action,
    BuyDevelopmentCard,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
)
from catan_widget.engine.errors import REFUSALS, Refusal
from catan_widget.engine.phases import MAIN, ROLL, demand, demand_code
from catan_widget.engine.saves.format import state_to_dict
from catan_widget.engine.words.reasons import CONTROLS

from .helpers import NAMES3, path, sample_positions

# the control of one action: its reason is the message that stepping this action raises
_SINGLE: dict[str, Action] = {
    "roll": RollDice(),
    "end_turn": EndTurn(),
    "buy_development_card": BuyDevelopmentCard(),
    "play_knight": PlayKnight(),
    "play_road_building": PlayRoadBuilding(),
    "play_monopoly": PlayMonopoly(0),
    "accept_trade": AcceptTrade(),
}


@cache
def _positions() -> tuple[Game, ...]:
    beginner = sample_positions(61, 4, trade_rate=0.3, every=40)
    options = Rules(
        strict_phases=True, friendly_robber=True, robber_may_return_to_desert=False, discard_limit=5
    )
    varied = sample_positions(62, 3, board="random", rules=options, trade_rate=0.3, every=40)
    return tuple(beginner + varied)


def _refusal(game: Game, action: Action) -> str | None:
    """The message of the IllegalActionError that stepping ``action`` raises, or None."""
    error = _error(game, action)
    return None if error is None else error.text


def _error(game: Game, action: Action) -> IllegalActionError | None:
    """The IllegalActionError that stepping ``action`` raises, or None."""
    try:
        game.step(action)
    except IllegalActionError as exc:
        return exc
    return None


def _offer_steps(game: Game) -> bool:
    """True when some domestic offer (one held card for one other card) steps now."""
    hand = game.state.hands[game.current_seat]
    held = next((r for r in range(5) if hand[r]), None)
    if held is None:
        return False
    give, want = [0] * 5, [0] * 5
    give[held], want[(held + 1) % 5] = 1, 1
    return _refusal(game.fork(), OfferTrade(tuple(give), tuple(want))) is None


def test_why_not_is_none_exactly_for_the_legal_actions_and_else_the_step_message() -> None:
    phases, codes = set(), set()
    for game in _positions():
        legal = set(game.legal_actions())
        fork = game.fork()
        before = state_to_dict(fork.state)
        for action in FIXED_ACTIONS:
            reason = game.why_not(action)
            found = game.refusal(action)
            if action in legal:
                assert reason is None, (action, game.phase)
                assert found is None
            else:
                assert reason is not None, (action, game.phase)
                error = _error(fork, action)
                assert error is not None
                assert error.text == reason
                assert found == error.refusal
                assert (found.code, found.rule, found.text) == (error.code, REFUSALS[error.code][0], reason)
                codes.add(error.code)
        assert state_to_dict(fork.state) == before  # every refusal left the fork unchanged
        phases.add(game.phase)
    assert phases >= {"setup_settlement", "setup_road", "roll", "discard", "move_robber", "main"}
    assert phases >= {"road_building", "trade_response", "trade_confirm", "game_over"}
    assert len(codes) >= 25, sorted(codes)  # many rules met, every one with its code


def test_reasons_name_exactly_the_controls_with_no_legal_action() -> None:
    for game in _positions():
        if game.is_over:
            continue
        enabled = {a.kind for a in game.legal_actions()}
        if _offer_steps(game):
            enabled.add("offer_trade")
        if "counter_trade" in game.open_kinds(game.current_seat):
            enabled.add("counter_trade")
        reasons = game.reasons()
        assert set(reasons) == set(CONTROLS) - enabled, game.phase
        assert all(isinstance(text, str) and text for text in reasons.values())
        refusals = game.refusals()
        assert {kind: r.text for kind, r in refusals.items()} == reasons
        assert all(r.code in REFUSALS and r.rule == REFUSALS[r.code][0] for r in refusals.values())


def test_the_reason_of_a_one_action_control_is_what_stepping_it_says() -> None:
    for game in _positions()[::2]:
        if game.is_over:
            continue  # see test_after_the_game_every_control_says_who_won
        refusals = game.refusals()
        for kind, action in _SINGLE.items():
            if kind in refusals:
                error = _error(game.fork(), action)
                assert error is not None
                expected = error.refusal
                phase = game.state.phase
                if phase not in (ROLL, MAIN) and error.code == demand_code(phase):
                    # a phase that asks for one thing says just that
                    expected = Refusal(error.code, error.rule, demand(phase))
                assert refusals[kind] == expected, (kind, game.phase)


def test_a_phase_that_asks_for_one_thing_says_it_for_every_control_it_blocks() -> None:
    game = _ada("roll", hands={"Ada": {"lumber": 4, "brick": 1}})
    game.step(RollDice(), dice=(3, 4))
    assert game.phase == "move_robber"
    reasons = game.reasons()
    first = "Move the robber first (and choose whom to rob)."
    assert reasons["build_road"] == first
    assert reasons["end_turn"] == first
    assert reasons["maritime_trade"] == first
    assert reasons["accept_trade"] == "There is no trade offer to answer."
    stepping = "You cannot end the turn now. Move the robber first (and choose whom to rob)."
    assert game.why_not(EndTurn()) == stepping


# --- sentences, word for word -------------------------------------------------------------------


def _ada(phase: str, **placements: object) -> Game:
    """A 3-player staged position for Ada (seat 0) to play."""
    placements.setdefault("settlements", {"Ada": [23], "Bo": [0], "Cy": [2]})
    game = Game(NAMES3, seed=1, first=0)
    return game.stage(turn_player="Ada", phase=phase, **placements)  # type: ignore[arg-type]


def test_before_the_roll_building_buying_trading_and_ending_wait_for_the_dice() -> None:
    reasons = _ada("roll", hands={"Ada": {"lumber": 4, "brick": 1}}).reasons()
    assert "roll" not in reasons
    assert reasons["build_road"] == "You must roll the dice before you build a road."
    assert reasons["buy_development_card"] == "You must roll the dice before you buy a development card."
    assert reasons["maritime_trade"] == "You must roll the dice before you trade."
    assert reasons["offer_trade"] == "You must roll the dice before you trade."
    assert reasons["end_turn"] == "You must roll the dice before ending your turn."


def test_not_enough_resources_names_the_cost() -> None:
    game = _ada("main", hands={"Ada": {"grain": 2, "ore": 2}})
    reasons = game.reasons()
    assert reasons["build_city"] == "Not enough resources: a city costs 2 grain, 3 ore."
    assert reasons["build_road"] == "Not enough resources: a road costs 1 lumber, 1 brick."
    assert game.why_not(BuildCity(23)) == "Not enough resources: a city costs 2 grain, 3 ore."
    assert (
        reasons["maritime_trade"]
        == "A bank trade needs 4 lumber, 4 brick, 4 wool, 4 grain or 4 ore (your best rates)."
    )


def test_a_road_with_the_cards_but_nowhere_to_go_says_so() -> None:
    game = _ada("main", settlements={"Bo": [0], "Cy": [2]}, hands={"Ada": {"lumber": 1, "brick": 1}})
    assert game.reasons()["build_road"] == "No free path touches your roads, settlements or cities."


def test_after_the_roll_rolling_again_is_refused() -> None:
    game = _ada("main")
    assert game.why_not(RollDice()) == "You have already rolled the dice this turn."
    assert game.reasons()["roll"] == "You have already rolled the dice this turn."


def test_a_seat_that_is_not_acting_is_told_whom_the_game_waits_for() -> None:
    game = _ada("main", hands={"Bo": {"lumber": 4}})
    assert game.why_not(MaritimeTrade("lumber", "ore"), seat="Bo") == "Waiting for Ada."
    assert game.why_not(EndTurn(), seat=1) == "Waiting for Ada."
    assert game.reasons("Bo") == dict.fromkeys(CONTROLS, "Waiting for Ada.")
    assert game.why_not(EndTurn(), seat="Ada") is None


def test_after_the_game_every_control_says_who_won() -> None:
    game = Game(NAMES3, seed=1, first=0, rules=Rules(vp_to_win=3)).stage(
        settlements={"Ada": [23, 8], "Bo": [0], "Cy": [2]},
        roads={"Ada": path(23, 29, 34)},
        hands={"Ada": {"lumber": 1, "brick": 1, "wool": 1, "grain": 1}},
        turn_player="Ada",
        phase="main",
    )
    game.step(BuildSettlement(34))  # a third point
    assert game.is_over
    assert game.reasons() == dict.fromkeys(CONTROLS, "The game is over: Ada won.")
    assert game.why_not(EndTurn(), seat="Bo") == "The game is over: Ada won."
    # the winner's own why_not, and step, must say the same as the controls
    assert game.why_not(EndTurn()) == "The game is over: Ada won."
    assert _refusal(game, EndTurn()) == "The game is over: Ada won."


@pytest.mark.parametrize("bad", [None, "roll", 3])
def test_why_not_names_something_that_is_not_an_action(bad: object) -> None:
    assert _ada("main").why_not(bad).startswith("Not an action")  # type: ignore[arg-type,union-attr]
