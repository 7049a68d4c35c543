"""The notebook API: legal actions, stepping, the action JSON form and the integer codec."""

from __future__ import annotations

import json

import pytest

from catan_widget import (
    AcceptTrade,
    BuildRoad,
    CounterTrade,
    Discard,
    EndTurn,
    Game,
    IllegalActionError,
    MaritimeTrade,
    MoveRobber,
    OfferTrade,
    PlayYearOfPlenty,
    RollDice,
    Rules,
    action_from_dict,
    action_to_dict,
    decode,
    encode,
)
from catan_widget.engine.actions import FIXED_ACTIONS, Action
from catan_widget.engine.serialize import state_to_dict

from .helpers import NAMES4, SETUP4, new_game, play_setup, sample_positions

SEEDS = [(1, 4, "beginner"), (2, 3, "random"), (3, 4, "random")]


def _positions() -> list[Game]:
    out = []
    for seed, n, board in SEEDS:
        out += sample_positions(seed, n, board=board, rules=Rules(strict_phases=seed == 2), every=25)
    return out


POSITIONS = _positions()


def _snapshot(game: Game) -> tuple[object, int, int]:
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
        assert game.legal_actions() == Game.from_json(game.to_json()).legal_actions()


def test_legal_actions_are_in_code_order() -> None:
    # roll, end turn, builds by id, cards, then trades: ascending integer codes,
    # except confirm-with-seat before cancel when closing a trade
    for game in POSITIONS:
        codes = [encode(a) for a in game.legal_actions()]
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
            with pytest.raises(IllegalActionError) as info:
                game.step(action)
            assert str(info.value), (game.phase, action)
        assert _snapshot(game) == before


def test_step_records_history_and_events() -> None:
    game = new_game()
    first = game.legal_actions()[0]
    game.step(first)
    assert game.history == [(first, None)]
    assert game.log == ["Ada built a settlement on intersection 0"]
    assert game.events == [("settlement", 0, 0)]


def test_scripted_chance_is_recorded_in_the_history() -> None:
    game = new_game()
    play_setup(game, SETUP4)
    game.step(RollDice(), dice=(2, 5))
    assert game.history[-1] == (RollDice(), {"dice": (2, 5)})


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
    a = Game(NAMES4, seed=11).play(["random", "greedy", "random", "greedy"], until=lambda g: g.turn >= 5)
    assert a.turn == 5
    b = Game(NAMES4, seed=11).play(
        {"Ada": "random", "Bo": "greedy", "Cy": "random", "Di": "greedy"}, until=lambda g: g.turn >= 5
    )
    assert a.to_json() == b.to_json()
    done = Game(NAMES4, seed=11).play("greedy")
    assert done.is_over
    assert done.winner is not None
    assert done.winner.victory_points >= 10


def test_game_refuses_bad_setups() -> None:
    with pytest.raises(ValueError, match="3 or 4"):
        Game(["A", "B"])
    with pytest.raises(ValueError, match="3 or 4"):
        Game(["A", "B", "C", "D", "E"])
    with pytest.raises(ValueError, match="distinct"):
        Game(["A", "A", "B"])
    with pytest.raises(ValueError, match="board"):
        Game(NAMES4, board="hexagon")
    with pytest.raises(TypeError, match="seed"):
        Game(NAMES4, seed="7")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown player"):
        Game(NAMES4, first="Zed")


def test_rules_refuse_bad_options() -> None:
    with pytest.raises(TypeError, match="vp_to_win"):
        Rules(vp_to_win="10")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="friendly_robber"):
        Rules(friendly_robber=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="vp_to_win"):
        Rules(vp_to_win=2)
    with pytest.raises(ValueError, match="discard_limit"):
        Rules(discard_limit=-1)
    with pytest.raises(ValueError, match="unknown rules option"):
        Rules.from_dict({"dragons": True})


# --- actions as values --------------------------------------------------------------------------
def test_actions_accept_resource_names_or_ids() -> None:
    assert MaritimeTrade("ore", "wool") == MaritimeTrade(4, 2)
    assert PlayYearOfPlenty("ore", "brick") == PlayYearOfPlenty(1, 4)
    assert Discard({"ore": 2, "wool": 1}) == Discard((0, 0, 1, 0, 2))
    assert hash(Discard({"ore": 2})) == hash(Discard((0, 0, 0, 0, 2)))
    assert len({RollDice(), RollDice(), EndTurn()}) == 2


def test_actions_read_as_plain_words() -> None:
    assert str(BuildRoad(17)) == "build a road on path 17"
    assert str(MoveRobber(4, 2)) == "move the robber to hex 4 and rob seat 2"
    assert str(OfferTrade({"wool": 2}, {"ore": 1}, 1)) == "offer 2 wool for 1 ore to seat 1"
    assert str(Discard({"ore": 2, "lumber": 1})) == "discard 1 lumber, 2 ore"


SAMPLES: list[Action] = [
    Discard({"ore": 4}),
    Discard((1, 2, 3, 4, 5)),
    Discard((95, 0, 0, 0, 95)),
    OfferTrade({"lumber": 1}, {"ore": 2}),
    OfferTrade({"lumber": 1, "wool": 3}, {"ore": 2}, to=0),
    OfferTrade((0, 0, 0, 0, 95), (95, 0, 0, 0, 0), to=3),
    CounterTrade({"grain": 2}, {"brick": 1}),
    CounterTrade((0, 0, 0, 0, 0), (0, 0, 0, 0, 0)),
]


@pytest.mark.parametrize("action", [*FIXED_ACTIONS, *SAMPLES], ids=str)
def test_action_json_round_trip(action: Action) -> None:
    data = action_to_dict(action)
    assert json.loads(json.dumps(data)) == data
    assert action_from_dict(json.loads(json.dumps(data))) == action
    assert data["kind"] == action.kind


def test_integer_codes_of_fixed_actions_are_their_index() -> None:
    for code, action in enumerate(FIXED_ACTIONS):
        assert encode(action) == code
        assert decode(code) == action
    assert len(set(FIXED_ACTIONS)) == len(FIXED_ACTIONS)


@pytest.mark.parametrize("action", SAMPLES, ids=str)
def test_integer_codec_round_trip_of_card_actions(action: Action) -> None:
    code = encode(action)
    assert code >= len(FIXED_ACTIONS)
    assert decode(code) == action


def test_integer_codes_are_distinct_across_kinds() -> None:
    codes = [encode(a) for a in [*FIXED_ACTIONS, *SAMPLES]]
    assert len(set(codes)) == len(codes)


def test_integer_codec_is_stable() -> None:
    # changing these numbers breaks every saved ML dataset: a change here must be deliberate
    assert encode(RollDice()) == 0
    assert encode(EndTurn()) == 1
    assert encode(BuildRoad(0)) == 2
    assert encode(AcceptTrade()) == len(FIXED_ACTIONS) - 7
    assert len(FIXED_ACTIONS) == 2 + 72 + 54 + 54 + 3 + 15 + 5 + 19 * 5 + 20 + 3 + 4


def test_play_passes_clockwise_and_wraps_around() -> None:
    game = Game(["Ada", "Bo", "Cy"], seed=3, first=1)
    play_setup(game, SETUP4[:6])
    seats = []
    for _ in range(4):
        seats.append(game.turn_player.seat)
        game.step(RollDice(), dice=(1, 1))
        game.step(EndTurn())
    assert seats == [1, 2, 0, 1]
    assert game.turn == 5


def test_restore_puts_an_earlier_fork_back_in_place() -> None:
    game = Game(seed=4)
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
        game.restore(Game(seed=5))
