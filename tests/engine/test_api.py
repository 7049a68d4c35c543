"""The notebook API: legal actions, stepping, the action JSON form and the integer codec."""

from __future__ import annotations

import json

import pytest

import catan_widget as cw
from catan_widget.engine.actions import FIXED_ACTIONS, Action
from catan_widget.engine.saves.format import state_to_dict

from .helpers import NAMES4, SETUP4, new_game, play_setup, sample_positions

SEEDS = [(1, 4, "beginner"), (2, 3, "random"), (3, 4, "random")]


def _positions() -> list[cw.Game]:
    out = []
    for seed, n, board in SEEDS:
        out += sample_positions(seed, n, board=board, rules=cw.Rules(strict_phases=seed == 2), every=25)
    return out


POSITIONS = _positions()


def _snapshot(game: cw.Game) -> tuple[object, int, int]:
    return (state_to_dict(game.state), len(game.history), len(game.events))


def test_positions_cover_every_phase() -> None:
    phases = {g.phase for g in POSITIONS}
    assert phases >= {
        "setup_settlement",
        "setup_road",
        "roll",
        "discard",
        "move_robber",
        "main",
        "trade_response",
        "trade_confirm",
        "game_over",
    }


def test_legal_actions_are_deterministic() -> None:
    for game in POSITIONS:
        first = game.legal_actions()
        assert first == game.legal_actions()
        assert first == game.fork().legal_actions()
        assert len(set(first)) == len(first)
    for game in POSITIONS[::10]:
        assert game.legal_actions() == cw.Game.from_json(game.to_json()).legal_actions()


def test_legal_actions_are_in_code_order() -> None:
    # roll, end turn, builds by id, cards, then trades: ascending integer codes,
    # except confirm-with-seat before cancel when closing a trade
    for game in POSITIONS:
        codes = [cw.encode(a) for a in game.legal_actions()]
        if game.phase != "trade_confirm":
            assert codes == sorted(codes), game.phase


def test_legal_actions_empty_only_when_the_game_is_over() -> None:
    for game in POSITIONS:
        assert bool(game.legal_actions()) != game.is_over


def test_every_listed_action_steps_without_error() -> None:
    stepped = 0
    for game in POSITIONS:
        for action in game.legal_actions()[:60]:
            fork = game.fork()
            fork.step(action)
            assert fork.history[-1] == (action, None)
            stepped += 1
    assert stepped > 500


def test_every_unlisted_fixed_action_is_refused_and_changes_nothing() -> None:
    for game in POSITIONS:
        legal = set(game.legal_actions())
        before = _snapshot(game)
        for action in FIXED_ACTIONS:
            if action in legal:
                continue
            with pytest.raises(cw.IllegalActionError) as info:
                game.step(action)
            assert str(info.value), (game.phase, action)
        assert _snapshot(game) == before


def test_step_records_history_and_events() -> None:
    game = new_game()
    first = game.legal_actions()[0]
    game.step(first)
    assert game.history == [(first, None)]
    assert game.log == ["Ada built a settlement on the coastal corner of mountains 10 (3:1 harbor)"]
    assert game.events == [("settlement", 0, 0, False)]


def test_scripted_chance_is_recorded_in_the_history() -> None:
    game = new_game()
    play_setup(game, SETUP4)
    game.step(cw.RollDice(), dice=(2, 5))
    assert game.history[-1] == (cw.RollDice(), {"dice": (2, 5)})


def test_players_and_properties() -> None:
    game = new_game()
    play_setup(game, SETUP4)
    assert [p.name for p in game.players] == NAMES4
    assert game.player("Bo") == game.players[1]
    assert game.player(1).seat == 1
    assert game.current_player.name == "Ada"
    assert game.turn_player == game.players[0]
    assert game.phase == "roll"
    assert game.turn == 1
    assert game.winner is None
    assert game.robber == game.board.desert
    assert game.dice is None
    assert str(game.players[2]) == "Cy"
    assert "Ada" in repr(game)
    assert game.players[0].settlements == [12, 35]
    assert game.players[0].roads == [19, 43]
    with pytest.raises(ValueError, match="unknown player"):
        game.player("Zed")


def test_play_with_bots_by_list_dict_and_until() -> None:
    a = cw.Game(NAMES4, seed=11).play(["random", "greedy", "random", "greedy"], until=lambda g: g.turn >= 5)
    assert a.turn == 5
    b = cw.Game(NAMES4, seed=11).play(
        {"Ada": "random", "Bo": "greedy", "Cy": "random", "Di": "greedy"}, until=lambda g: g.turn >= 5
    )
    assert a.to_json() == b.to_json()
    done = cw.Game(NAMES4, seed=11).play("greedy")
    assert done.is_over
    assert done.winner is not None
    assert done.winner.victory_points >= 10


def test_game_refuses_bad_setups() -> None:
    with pytest.raises(ValueError, match="3 to 6"):
        cw.Game(["A", "B"])
    with pytest.raises(ValueError, match="3 to 6"):
        cw.Game(["A", "B", "C", "D", "E", "F", "G"])
    with pytest.raises(ValueError, match="distinct"):
        cw.Game(["A", "A", "B"])
    with pytest.raises(ValueError, match="board"):
        cw.Game(NAMES4, board="hexagon")
    with pytest.raises(TypeError, match="seed"):
        cw.Game(NAMES4, seed="7")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown player"):
        cw.Game(NAMES4, first="Zed")


def test_rules_refuse_bad_options() -> None:
    with pytest.raises(TypeError, match="vp_to_win"):
        cw.Rules(vp_to_win="10")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="friendly_robber"):
        cw.Rules(friendly_robber=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="vp_to_win"):
        cw.Rules(vp_to_win=2)
    with pytest.raises(ValueError, match="discard_limit"):
        cw.Rules(discard_limit=-1)
    with pytest.raises(ValueError, match="unknown rules option"):
        cw.Rules.from_dict({"dragons": True})


# --- actions as values --------------------------------------------------------------------------
def test_actions_accept_resource_names_or_ids() -> None:
    assert cw.MaritimeTrade("ore", "wool") == cw.MaritimeTrade(4, 2)
    assert cw.PlayYearOfPlenty("ore", "brick") == cw.PlayYearOfPlenty(1, 4)
    assert cw.Discard({"ore": 2, "wool": 1}) == cw.Discard((0, 0, 1, 0, 2))
    assert hash(cw.Discard({"ore": 2})) == hash(cw.Discard((0, 0, 0, 0, 2)))
    assert len({cw.RollDice(), cw.RollDice(), cw.EndTurn()}) == 2


def test_actions_read_as_plain_words() -> None:
    assert str(cw.BuildRoad(17)) == "build a road on path 17"
    assert str(cw.MoveRobber(4, 2)) == "move the robber to hex 4 and rob seat 2"
    assert str(cw.OfferTrade({"wool": 2}, {"ore": 1}, 1)) == "offer 2 wool for 1 ore to seat 1"
    assert str(cw.Discard({"ore": 2, "lumber": 1})) == "discard 1 lumber, 2 ore"


SAMPLES: list[Action] = [
    cw.Discard({"ore": 4}),
    cw.Discard((1, 2, 3, 4, 5)),
    cw.Discard((95, 0, 0, 0, 95)),
    cw.OfferTrade({"lumber": 1}, {"ore": 2}),
    cw.OfferTrade({"lumber": 1, "wool": 3}, {"ore": 2}, to=0),
    cw.OfferTrade((0, 0, 0, 0, 95), (95, 0, 0, 0, 0), to=3),
    cw.CounterTrade({"grain": 2}, {"brick": 1}),
    cw.CounterTrade((0, 0, 0, 0, 0), (0, 0, 0, 0, 0)),
]


@pytest.mark.parametrize("action", [*FIXED_ACTIONS, *SAMPLES], ids=str)
def test_action_json_round_trip(action: Action) -> None:
    data = cw.action_to_dict(action)
    assert json.loads(json.dumps(data)) == data
    assert cw.action_from_dict(json.loads(json.dumps(data))) == action
    assert data["kind"] == action.kind


def _fixed_codes_by_hand() -> dict[int, Action]:
    """Every action without card counts and its code, written out from the codec's documented
    layout (not from ``FIXED_ACTIONS``): roll 0, end turn 1, the 72 roads from 2, the 54
    settlements from 74, the 54 cities from 128, buy 182, knight 183, road building 184, the 15
    year-of-plenty pairs (first <= second) from 185, the 5 monopolies from 200, the 95 robber
    moves from 205 (by hex; no victim, then seats 0-3), the 20 bank trades from 300 (by the
    resource given, then the one taken), accept 320, decline 321, cancel 322, confirm with seat
    0-3 from 323.
    """
    codes: dict[int, Action] = {0: cw.RollDice(), 1: cw.EndTurn()}
    for e in range(72):
        codes[2 + e] = cw.BuildRoad(e)
    for n in range(54):
        codes[74 + n] = cw.BuildSettlement(n)
        codes[128 + n] = cw.BuildCity(n)
    codes[182], codes[183], codes[184] = cw.BuyDevelopmentCard(), cw.PlayKnight(), cw.PlayRoadBuilding()
    code = 185
    for a in range(5):
        for b in range(a, 5):
            codes[code] = cw.PlayYearOfPlenty(a, b)
            code += 1
    for r in range(5):
        codes[200 + r] = cw.PlayMonopoly(r)
    for h in range(19):
        codes[205 + 5 * h] = cw.MoveRobber(h)
        for v in range(4):
            codes[205 + 5 * h + 1 + v] = cw.MoveRobber(h, v)
    for g in range(5):
        for t in range(5):
            if t != g:
                codes[300 + 4 * g + (t if t < g else t - 1)] = cw.MaritimeTrade(g, t)
    codes[320], codes[321], codes[322] = cw.AcceptTrade(), cw.DeclineTrade(), cw.CancelTrade()
    for p in range(4):
        codes[323 + p] = cw.ConfirmTrade(p)
    return codes


def test_integer_codes_of_fixed_actions_follow_the_documented_layout() -> None:
    by_hand = _fixed_codes_by_hand()
    assert sorted(by_hand) == list(range(327)), "the layout written out above has no gaps"
    for code, action in by_hand.items():
        assert cw.encode(action) == code, action
        assert cw.decode(code) == action, code
    assert len(FIXED_ACTIONS) == 327
    assert set(FIXED_ACTIONS) == set(by_hand.values())


@pytest.mark.parametrize("action", SAMPLES, ids=str)
def test_integer_codec_round_trip_of_card_actions(action: Action) -> None:
    code = cw.encode(action)
    assert code >= len(FIXED_ACTIONS)
    assert cw.decode(code) == action


def test_integer_codes_are_distinct_across_kinds() -> None:
    codes = [cw.encode(a) for a in [*FIXED_ACTIONS, *SAMPLES]]
    assert len(set(codes)) == len(codes)


def test_integer_codec_is_stable() -> None:
    # the numbers a saved ML dataset holds, computed by hand: changing them must be deliberate
    assert cw.encode(cw.RollDice()) == 0
    assert cw.encode(cw.EndTurn()) == 1
    assert cw.encode(cw.BuildRoad(0)) == 2
    assert cw.encode(cw.BuildRoad(71)) == 73
    assert cw.encode(cw.BuildSettlement(0)) == 74
    assert cw.encode(cw.BuildCity(53)) == 181
    assert cw.encode(cw.PlayYearOfPlenty("lumber", "lumber")) == 185
    assert cw.encode(cw.PlayYearOfPlenty("brick", "lumber")) == 186  # the pair is unordered: (0, 1)
    assert cw.encode(cw.PlayYearOfPlenty("ore", "ore")) == 199
    assert cw.encode(cw.MoveRobber(0)) == 205
    assert cw.encode(cw.MoveRobber(18, 3)) == 299
    assert cw.encode(cw.MaritimeTrade("lumber", "brick")) == 300
    assert cw.encode(cw.MaritimeTrade("ore", "grain")) == 319
    assert cw.encode(cw.AcceptTrade()) == 320
    assert cw.encode(cw.ConfirmTrade(3)) == 326
    # card-carrying actions: 327 + counts as a base-96 number (lumber the most significant)
    assert cw.encode(cw.Discard({})) == 327
    assert cw.encode(cw.Discard({"ore": 1})) == 328
    assert cw.encode(cw.Discard({"lumber": 1, "ore": 2})) == 327 + 96**4 + 2
    assert cw.encode(cw.CounterTrade({}, {})) == 327 + 96**5
    assert cw.encode(cw.CounterTrade({"lumber": 1}, {"ore": 1})) == 327 + 96**5 + 96**4 * 96**5 + 1
    assert cw.encode(cw.OfferTrade({}, {}, to=0)) == 327 + 96**5 + 96**10
    assert cw.encode(cw.OfferTrade({"ore": 1}, {"wool": 2}, to=2)) == 327 + 96**5 + 96**10 + (
        (2 * 96**5 + 1) * 96**5 + 2 * 96**2
    )
    assert cw.encode(cw.OfferTrade({}, {})) == 327 + 96**5 + 96**10 + 4 * 96**10  # to everyone


def test_play_passes_clockwise_and_wraps_around() -> None:
    game = cw.Game(["Ada", "Bo", "Cy"], seed=3, first=1)
    play_setup(game, SETUP4[:6])
    seats = []
    for _ in range(4):
        seats.append(game.turn_player.seat)
        game.step(cw.RollDice(), dice=(1, 1))
        game.step(cw.EndTurn())
    assert seats == [1, 2, 0, 1]
    assert game.turn == 5


def test_restore_puts_an_earlier_fork_back_in_place() -> None:
    game = cw.Game(seed=4)
    game.play("random", until=lambda g: g.turn >= 3)
    snapshot = game.fork()
    saved, log = game.to_json(), game.log
    same_object = game
    game.play("random", until=lambda g: g.turn >= 6)
    assert game.to_json() != saved
    game.restore(snapshot)
    assert same_object.to_json() == saved
    assert same_object.log == log
    game.play("random", until=lambda g: g.turn >= 4)  # the restored game plays on
    assert snapshot.to_json() == saved, "restoring copies the snapshot; it stays untouched"
    with pytest.raises(ValueError, match="fork of this same game"):
        game.restore(cw.Game(seed=5))
