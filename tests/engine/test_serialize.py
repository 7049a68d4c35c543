"""Saves: exact round trips, and loads that refuse anything truncated, edited or inconsistent."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from catan_widget import (
    BuildRoad,
    BuildSettlement,
    BuyDevelopmentCard,
    EndTurn,
    Game,
    MoveRobber,
    OfferTrade,
    RollDice,
    Rules,
    SaveError,
)

from .helpers import NAMES3, NAMES4, SETUP4, TradingBot, new_game, play_setup, staged


def _played(seed: int = 5, steps: int = 400, n: int = 4, board: str = "beginner", **rules: Any) -> Game:
    game = Game(NAMES4[:n], seed=seed, board=board, rules=Rules(**rules))
    bot = TradingBot(seed, trade_rate=0.2)
    for _ in range(steps):
        if game.is_over:
            break
        game.step(bot.choose(game))
    return game


def _short() -> Game:
    """A short game with setup, a roll, a build and scripted chance."""
    game = new_game()
    play_setup(game, SETUP4)
    game.step(RollDice(), dice=(5, 5))
    game.step(EndTurn())
    game.step(RollDice(), dice=(3, 4))
    game.step(MoveRobber(1))  # nobody on hex 1
    return game


def _edited(game: Game, edit: Any) -> str:
    data = json.loads(game.to_json())
    edit(data)
    return json.dumps(data)


def assert_refused(text: object, *words: str) -> str:
    with pytest.raises(SaveError) as info:
        Game.from_json(text)  # type: ignore[arg-type]
    message = str(info.value)
    assert len(message) <= 300, message
    assert message.isprintable(), message
    for word in words:
        assert word.lower() in message.lower(), f"{word!r} not in {message!r}"
    return message


# --- round trips ------------------------------------------------------------------------------
GAMES = {
    "fresh": new_game,
    "mid_setup": lambda: _played(steps=5),
    "short_scripted": _short,
    "mid_game_trades": lambda: _played(steps=500),
    "random_board_3p_options": lambda: _played(
        seed=8, steps=700, n=3, board="random", strict_phases=True, vp_to_win=8, friendly_robber=True
    ),
    "finished": lambda: Game(NAMES4, seed=12).play("greedy"),
    "staged": lambda: staged(settlements={0: [12], 1: [26]}, roads={0: [19]}, hands={0: {"ore": 3}}),
}


@pytest.mark.parametrize("name", list(GAMES))
def test_save_round_trip_is_byte_identical(name: str) -> None:
    game = GAMES[name]()
    text = game.to_json()
    loaded = Game.from_json(text)
    assert loaded.to_json() == text
    assert loaded.log == game.log
    assert loaded.legal_actions() == game.legal_actions()


def test_loaded_game_continues_exactly_like_the_original() -> None:
    game = _played(steps=300)
    loaded = Game.from_json(game.to_json())
    game.play("random", max_steps=300)
    loaded.play("random", max_steps=300)
    assert loaded.to_json() == game.to_json()


def test_staged_game_saves_its_origin_and_replays_from_it() -> None:
    game = staged(
        phase="main",
        settlements={0: [12], 1: [26]},
        roads={0: [19]},
        hands={0: {"lumber": 2, "brick": 2, "wool": 1, "grain": 1, "ore": 1}, 1: {"ore": 2}},
        dev_cards={0: {"knight": 1}},
        knights={2: 2},
        robber=4,
    )
    game.step(BuildRoad(25))
    game.step(BuyDevelopmentCard(), card="monopoly")
    game.step(OfferTrade({"lumber": 1}, {"ore": 1}, to=1))
    data = json.loads(game.to_json())
    assert data["origin"] is not None
    assert data["origin"]["robber"] == 4
    loaded = Game.from_json(game.to_json())
    assert loaded.to_json() == game.to_json()
    assert loaded.phase == "trade_response"
    assert loaded.players[2].knights_played == 2


def test_save_holds_the_schema_and_the_whole_history() -> None:
    game = _short()
    data = json.loads(game.to_json())
    assert data["schema"] == 1
    assert set(data) == {
        "schema",
        "players",
        "seed",
        "rules",
        "board",
        "board_kind",
        "origin",
        "actions",
        "state",
    }
    assert data["board_kind"] == "beginner"
    assert len(data["actions"]) == len(game.history)
    assert data["actions"][-2] == [{"kind": "roll"}, {"dice": [3, 4]}]


# --- refusals ---------------------------------------------------------------------------------
def test_truncated_save_is_refused() -> None:
    text = _short().to_json()
    assert_refused(text[: len(text) // 2], "truncated")
    assert_refused("", "not valid json")


def test_save_of_another_schema_is_refused() -> None:
    def bump(d: dict[str, Any]) -> None:
        d["schema"] = 2

    assert_refused(_edited(_short(), bump), "schema")


def test_extra_or_missing_fields_are_refused() -> None:
    def extra(d: dict[str, Any]) -> None:
        d["cheat"] = True

    def missing(d: dict[str, Any]) -> None:
        del d["actions"]

    def missing_state_field(d: dict[str, Any]) -> None:
        del d["state"]["bank"]

    assert_refused(_edited(_short(), extra), "unexpected", "cheat")
    assert_refused(_edited(_short(), missing), "missing", "actions")
    assert_refused(_edited(_short(), missing_state_field), "missing", "bank")


def test_edited_hand_with_twenty_cards_of_a_resource_is_refused() -> None:
    def twenty(d: dict[str, Any]) -> None:
        d["state"]["hands"][0][4] += 19 - sum(h[4] for h in d["state"]["hands"]) - d["state"]["bank"][4] + 1

    assert_refused(_edited(_short(), twenty), "20 cards of ore", "19")


def test_edited_hand_that_still_adds_up_is_refused() -> None:
    def moved(d: dict[str, Any]) -> None:
        d["state"]["hands"][2][0] += 1
        d["state"]["bank"][0] -= 1

    assert_refused(_edited(_short(), moved), "does not follow from its actions", "hands")


def test_edited_board_is_refused() -> None:
    def two_deserts(d: dict[str, Any]) -> None:
        d["board"]["terrain"][0] = "desert"

    def gold(d: dict[str, Any]) -> None:
        d["board"]["terrain"][0] = "goldfield"

    def moved_numbers(d: dict[str, Any]) -> None:  # the 10 in the first roll now pays other spots
        numbers = d["board"]["number"]
        i, j = numbers.index(10), numbers.index(5)
        numbers[i], numbers[j] = numbers[j], numbers[i]

    assert_refused(_edited(_short(), two_deserts), "desert")
    assert_refused(_edited(_short(), gold), "board.terrain")
    assert_refused(_edited(_short(), moved_numbers), "not the beginner board")


def test_illegal_action_in_the_history_is_refused() -> None:
    def illegal(d: dict[str, Any]) -> None:
        d["actions"][2] = [{"kind": "build_settlement", "node": 17}, None]  # next to 12

    assert_refused(_edited(_short(), illegal), "action #2 cannot be replayed", "distance rule")


def test_unknown_action_in_the_history_is_refused() -> None:
    def unknown(d: dict[str, Any]) -> None:
        d["actions"][0] = [{"kind": "teleport"}, None]

    assert_refused(_edited(_short(), unknown), "action #0", "unknown action kind")


def test_state_that_does_not_follow_from_the_actions_is_refused() -> None:
    def dropped(d: dict[str, Any]) -> None:
        d["actions"].pop()

    def scripted(d: dict[str, Any]) -> None:
        d["actions"][-4][1] = {"dice": [2, 4]}  # the first roll: 6 instead of 10

    assert_refused(_edited(_short(), dropped), "does not follow")
    assert_refused(_edited(_short(), scripted), "does not follow")


def test_edited_pieces_are_refused() -> None:
    def extra_road(d: dict[str, Any]) -> None:
        d["state"]["edge_owner"][71] = 1
        d["state"]["roads"][1].append(71)

    assert_refused(_edited(_short(), extra_road), "pieces in supply")


@pytest.mark.parametrize(
    ("path", "value", "words"),
    [
        (("seed",), "7", "seed"),
        (("players",), "Ada", "players"),
        (("players",), ["Ada", "Bo"], "3 to 6"),
        (("rules", "vp_to_win"), "10", "vp_to_win"),
        (("rules", "dragons"), True, "dragons"),
        (("actions",), {}, "actions must be a list"),
        (("actions", 0), {"kind": "roll"}, "action #0"),
        (("actions", 0, 1), {"dice": [3, 4], "luck": 1}, "chance"),
        (("state", "turn"), "3", "state.turn"),
        (("state", "rng"), None, "state.rng"),
        (("state", "hands", 0), [0, 0, 0], "state.hands[0]"),
        (("state", "phase"), "lunch", "unknown phase"),
        (("state", "robber"), 19, "robber"),
        (("state", "node_owner", 0), 7, "node_owner[0]"),
        (("state", "deck", 0), "knight", "state.deck"),
        (("state",), [], "state must be an object"),
        (("board",), None, "board must be an object"),
    ],
)
def test_wrong_types_are_refused(path: tuple[Any, ...], value: object, words: str) -> None:
    def put(d: dict[str, Any]) -> None:
        target: Any = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    assert_refused(_edited(_short(), put), words)


@pytest.mark.parametrize("text", [None, 7, "[]", '"save"', "null"])
def test_non_saves_are_refused(text: object) -> None:
    assert_refused(text)


@pytest.mark.parametrize("seed", [2**64, -(2**64), 2**10000, -(10**400)])
def test_a_seed_longer_than_64_bits_is_refused_before_anything_is_replayed(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    from catan_widget.engine.saves import format as serialize

    def not_reached(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the loader went on past a refused seed")

    text = _edited(_short(), lambda d: d.update(seed=seed))
    monkeypatch.setattr(serialize, "state_from_dict", not_reached)
    monkeypatch.setattr(serialize, "_replay", not_reached)
    message = assert_refused(text, "seed", "at most 64 bits")
    assert f"{seed.bit_length()}-bit" in message


@pytest.mark.parametrize("seed", [2**64 - 1, -(2**64) + 1, -1, 0])
def test_every_64_bit_seed_saves_and_loads(seed: int) -> None:
    game = Game(NAMES3, seed=seed, board="random")
    game.play("random", until=lambda g: len(g.history) >= 30)
    text = game.to_json()
    loaded = Game.from_json(text)
    assert loaded.seed == seed
    assert loaded.to_json() == text


def _leaves(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(data, dict):
        return [p for k, v in data.items() for p in _leaves(v, (*prefix, k))] + [prefix]
    if isinstance(data, list):
        return [p for i, v in enumerate(data) for p in _leaves(v, (*prefix, i))] + [prefix]
    return [prefix]


def test_any_corrupted_field_is_refused_with_a_save_error() -> None:
    game = staged(
        phase="main", settlements={0: [12], 1: [26]}, roads={0: [19]}, hands={0: {"lumber": 1, "brick": 1}}
    )
    game.step(BuildRoad(25))
    game.step(EndTurn())
    good = json.loads(game.to_json())
    paths = [p for p in _leaves(good) if p]
    rng = random.Random(3)
    for path in rng.sample(paths, 250):
        for value in (None, "x", -2, 10**30, [], {}, 1.5, True):
            data = copy.deepcopy(good)
            target = data
            for key in path[:-1]:
                target = target[key]
            if target[path[-1]] == value and type(target[path[-1]]) is type(value):
                continue
            target[path[-1]] = value
            text = json.dumps(data)
            try:
                loaded = Game.from_json(text)
            except SaveError:
                continue
            # accepted (a harmless spelling such as an empty chance {}): then it is a complete
            # game in exactly the saved state, and its own save loads back unchanged
            assert json.loads(loaded.to_json())["state"] == data["state"], path
            assert Game.from_json(loaded.to_json()).to_json() == loaded.to_json()


def test_refused_load_leaves_no_game_behind() -> None:
    text = _short().to_json()
    result = None
    with pytest.raises(SaveError):
        result = Game.from_json(text[:-1])
    assert result is None


def test_three_player_save_round_trip() -> None:
    game = Game(NAMES3, seed=4, board="random")
    game.play("random", until=lambda g: g.turn >= 12)
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


def test_save_is_stable_across_forks() -> None:
    game = _played(steps=250)
    assert game.fork().to_json() == game.to_json()
    game.fork().step(game.legal_actions()[0])
    assert Game.from_json(game.to_json()).to_json() == game.to_json()
    assert BuildSettlement(0) != BuildSettlement(1)


@pytest.mark.parametrize(
    ("phase", "words"),
    [
        ("trade_response", "state.trade"),
        ("trade_confirm", "state.trade"),
        ("discard", "state.discards"),
        ("road_building", "state.free_roads"),
        ("game_over", "state.winner"),
        ("setup_road", "last_settlement"),
    ],
)
def test_edited_staged_save_with_an_impossible_phase_is_refused(phase: str, words: str) -> None:
    # with no actions after the staged origin, only the state's own consistency can catch this
    game = staged(settlements={0: [12]}, turn_player=0)

    def edit(d: dict[str, Any]) -> None:
        d["origin"]["phase"] = d["state"]["phase"] = phase

    assert_refused(_edited(game, edit), words)


def test_edited_save_with_the_wrong_player_to_act_is_refused() -> None:
    game = staged(settlements={0: [12]}, turn_player=0)

    def edit(d: dict[str, Any]) -> None:
        d["origin"]["current"] = d["state"]["current"] = 2

    assert_refused(_edited(game, edit), "state.current")


def test_a_random_board_swapped_for_another_valid_layout_is_rejected() -> None:
    game = Game(seed=11, board="random")
    data = json.loads(game.to_json())
    other = json.loads(Game(seed=12, board="random").to_json())["board"]
    data["board"] = other
    with pytest.raises(SaveError, match="not the random board of seed 11"):
        Game.from_json(json.dumps(data))


# --- staged positions and the distance rule ----------------------------------------------------
def test_stage_refuses_buildings_that_break_the_distance_rule() -> None:
    game = new_game()
    before = game.to_json()
    with pytest.raises(ValueError, match=r"distance rule: 12 and 17 \(pass free_placement=True"):
        game.stage(settlements={0: [12], 1: [17]})  # 12 and 17 are one path apart
    with pytest.raises(ValueError, match="12 and 17, 17 and 22"):
        game.stage(settlements={0: [12, 22]}, cities={1: [17]})
    assert game.to_json() == before, "a refused stage changes nothing"
    game.stage(settlements={0: [12, 22], 1: [40]})  # two paths apart: fine
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


def test_stage_with_free_placement_allows_an_impossible_position() -> None:
    game = staged(settlements={0: [12], 1: [17]}, hands={0: {"ore": 3}}, free_placement=True)
    assert game.players[0].settlements == [12]
    assert game.players[1].settlements == [17]
    with pytest.raises(ValueError, match="free_placement"):
        new_game().stage(settlements={0: [12]}, free_placement="yes")


def test_free_placement_round_trips_in_the_save() -> None:
    game = staged(phase="main", settlements={0: [12], 1: [17]}, roads={0: [19]}, free_placement=True)
    game.step(EndTurn())
    game.step(RollDice(), dice=(2, 3))
    text = game.to_json()
    data = json.loads(text)
    assert data["origin"]["free_placement"] is True
    assert "free_placement" not in data["state"]
    loaded = Game.from_json(text)
    assert loaded.to_json() == text
    assert loaded.fork().to_json() == text
    # the flag is recorded even where the position happens to keep the rule
    legal = staged(settlements={0: [12]}, free_placement=True).to_json()
    assert json.loads(legal)["origin"]["free_placement"] is True
    assert Game.from_json(legal).to_json() == legal


def test_a_save_without_the_flag_keeps_the_old_bytes() -> None:
    game = staged(settlements={0: [12], 1: [26]})
    assert '"free_placement"' not in game.to_json()


def test_hand_edited_save_breaking_the_distance_rule_is_refused() -> None:
    flagged = staged(settlements={0: [12], 1: [17]}, free_placement=True)

    def unflag(d: dict[str, Any]) -> None:
        del d["origin"]["free_placement"]

    assert_refused(_edited(flagged, unflag), "origin", "distance rule", "12-17", "free_placement")

    def false(d: dict[str, Any]) -> None:
        d["origin"]["free_placement"] = False

    def one(d: dict[str, Any]) -> None:
        d["origin"]["free_placement"] = 1

    assert_refused(_edited(flagged, false), "origin.free_placement")
    assert_refused(_edited(flagged, one), "origin.free_placement")

    def neighbour(d: dict[str, Any]) -> None:  # a settlement of Bo's moved next to Ada's, everywhere
        for state in (d["origin"], d["state"]):
            state["node_owner"][26], state["node_level"][26] = -1, 0
            state["node_owner"][17], state["node_level"][17] = 1, 1

    assert_refused(_edited(staged(settlements={0: [12], 1: [26]}), neighbour), "distance rule", "12-17")
