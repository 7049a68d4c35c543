"""The three traits: shapes as in docs/protocol.md, hidden hands, reasons, and update size."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from catan_widget import BuyDevelopmentCard, CatanWidget, Game, Rules
from catan_widget.engine.constants import DEV_CARDS, RESOURCES
from catan_widget.widget.view import board_json, legal_json, state_json

from .helpers import NAMES, SOLO, mid_game, send, staged_game, wire_bytes

PROTOCOL = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
_DATA_KEYS = {*RESOURCES, *DEV_CARDS}


def _doc_keys(trait: str) -> set[str]:
    """Every key named in the JSON example of ``trait`` in docs/protocol.md."""
    text = PROTOCOL.read_text(encoding="utf-8")
    start = text.index(f"## Trait `{trait}`")
    block = text[text.index("```json", start) : text.index("```\n", text.index("```json", start) + 7)]
    return {k for k in re.findall(r'"([A-Za-z_]\w*)"\s*:', block) if k not in _DATA_KEYS}


def _keys(value: Any) -> set[str]:
    """Every dict key in ``value``, recursively (seat numbers and card/resource names left out)."""
    out: set[str] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            if not k.isdigit() and k not in _DATA_KEYS:
                out.add(k)
            out |= _keys(v)
    elif isinstance(value, list):
        for v in value:
            out |= _keys(v)
    return out


def test_board_json_has_exactly_the_documented_keys() -> None:
    board = board_json(Game(players=NAMES, seed=1))
    assert _keys(board) == _doc_keys("board")
    counts = [len(board[k]) for k in ("hexes", "nodes", "edges", "harbors", "players")]
    assert counts == [19, 54, 72, 9, 4]
    desert = next(h for h in board["hexes"] if h["terrain"] == "desert")
    assert (desert["resource"], desert["number"], desert["pips"]) == (None, None, 0)
    assert board["hexes"][0] == {
        "id": 0, "q": 0, "r": -2, "x": -1.7321, "y": -3.0,
        "terrain": "mountains", "resource": "ore", "number": 10, "pips": 3,
    }  # fmt: skip
    assert sorted(h["rate"] for h in board["harbors"]) == [2, 2, 2, 2, 2, 3, 3, 3, 3]
    assert [p["color"] for p in board["players"]] == ["#0072B2", "#D55E00", "#009E73", "#CC79A7"]


def test_state_json_has_exactly_the_documented_keys() -> None:
    game = staged_game(hands={"Ada": {"wool": 2}, "Bo": {"ore": 2}}, dev_cards={"Ada": {"knight": 1}})
    w = CatanWidget(game, {"Ada": "human", "Bo": "human", "Cy": "bot", "Di": "bot"}, teacher=True)
    assert send(w, {"kind": "offer_trade", "give": {"wool": 1}, "want": {"ore": 1}, "to": 1})
    assert send(w, {"kind": "counter_trade", "give": {"ore": 2}, "want": {"wool": 1}})
    assert isinstance(w.state["trade"]["responses"]["1"], dict)
    assert _keys(w.state) == _doc_keys("state")


def test_legal_json_has_exactly_the_documented_keys() -> None:
    seen: set[str] = set()
    w = CatanWidget(staged_game(hands={"Ada": {"wool": 4}}), SOLO)
    assert w.legal["maritime"]
    seen |= _keys(w.legal)
    w = CatanWidget(staged_game(phase="roll", dev_cards={"Ada": {"knight": 1}}), SOLO)
    assert send(w, {"kind": "play_knight"})
    assert w.legal["robber"]
    seen |= _keys(w.legal)
    w = CatanWidget(staged_game(turn_player=1, phase="roll"), SOLO)
    seen |= _keys(w.legal)
    assert seen == _doc_keys("legal")


def test_view_functions_match_the_widget_traits() -> None:
    game = staged_game(hands={"Ada": {"ore": 3}})
    w = CatanWidget(game, SOLO)
    v = w.state["version"]
    assert w.state == state_json(game, 0, ["human", "bot", "bot", "bot"], version=v, bot_delay=0.6)
    legal = legal_json(game, 0, version=v, undo=False, undo_reason="Nothing to take back yet.")
    assert w.legal == legal
    assert w.board == board_json(game)


def test_solo_player_sees_only_their_own_hand() -> None:
    game = staged_game(hands={"Ada": {"ore": 3}, "Bo": {"wool": 2}}, dev_cards={"Bo": {"victory_point": 1}})
    w = CatanWidget(game, SOLO)
    ada, bo = w.state["players"][0], w.state["players"][1]
    assert w.state["viewer"] == 0
    assert ada["resources"] == {"lumber": 0, "brick": 0, "wool": 0, "grain": 0, "ore": 3}
    assert ada["vp_hidden"] == 0
    assert ada["dev_cards"] == {}
    assert (bo["resources"], bo["dev_cards"], bo["dev_new"], bo["vp_hidden"]) == (None, None, None, None)
    assert (bo["resource_count"], bo["dev_count"], bo["vp"]) == (2, 1, 2)


def test_hot_seat_shows_only_the_hand_of_the_human_who_must_act() -> None:
    game = staged_game(hands={"Ada": {"ore": 1}, "Bo": {"wool": 1}, "Cy": {"grain": 1}}, phase="roll")
    w = CatanWidget(game, {"Ada": "human", "Bo": "human", "Cy": "human", "Di": "bot"})
    shown = [p["resources"] is not None for p in w.state["players"]]
    assert (w.state["viewer"], shown) == (0, [True, False, False, False])
    w.script_dice((2, 3))
    assert send(w, {"kind": "roll"})
    assert send(w, {"kind": "end_turn"})
    shown = [p["resources"] is not None for p in w.state["players"]]
    assert (w.state["viewer"], shown) == (1, [False, True, False, False])


def test_hot_seat_hides_every_hand_while_a_bot_acts() -> None:
    game = staged_game(turn_player=3, phase="roll")
    w = CatanWidget(game, {"Ada": "human", "Bo": "human", "Cy": "human", "Di": "bot"})
    assert w.state["viewer"] is None
    assert all(p["resources"] is None for p in w.state["players"])
    assert w.legal["seat"] is None


def test_a_view_picked_in_hot_seat_ends_when_the_next_human_must_act() -> None:
    game = staged_game(phase="main")
    w = CatanWidget(game, {"Ada": "human", "Bo": "human", "Cy": "bot", "Di": "bot"})
    assert send(w, {"kind": "set_view", "seat": -1})
    assert all(p["resources"] is not None for p in w.state["players"])
    assert send(w, {"kind": "end_turn"})
    assert w.state["viewer"] == 1
    assert w.state["players"][0]["resources"] is None


def test_teacher_view_reveals_every_hand_and_card() -> None:
    game = staged_game(hands={"Bo": {"wool": 2}}, dev_cards={"Cy": {"victory_point": 1, "knight": 2}})
    w = CatanWidget(game, SOLO, teacher=True)
    assert w.state["viewer"] == -1
    players = w.state["players"]
    assert all(p["resources"] is not None for p in players)
    assert players[1]["resources"]["wool"] == 2
    assert players[2]["dev_cards"] == {"knight": 2, "victory_point": 1}
    assert players[2]["vp_hidden"] == 1
    assert w.legal["seat"] == 0, "the teacher view changes what is shown, not who acts"


def test_set_view_minus_one_reveals_all_and_null_returns_to_automatic() -> None:
    w = CatanWidget(staged_game(hands={"Bo": {"wool": 2}}), SOLO)
    assert send(w, {"kind": "set_view", "seat": -1})
    assert w.state["players"][1]["resources"] == {"lumber": 0, "brick": 0, "wool": 2, "grain": 0, "ore": 0}
    assert send(w, {"kind": "set_view", "seat": None})
    assert w.state["viewer"] == 0
    assert w.state["players"][1]["resources"] is None


def test_a_bot_only_widget_shows_every_hand() -> None:
    w = CatanWidget.play(["bot", "bot", "bot"], seed=4)
    assert w.state["viewer"] == -1
    assert w.legal["seat"] is None
    w.advance_bots(max_moves=40)
    assert all(p["resources"] is not None for p in w.state["players"])


def test_every_hand_is_shown_once_the_game_is_over() -> None:
    game = Game(players=NAMES, seed=5, rules=Rules(vp_to_win=3))
    game.stage(settlements={0: [12, 40], 1: [23]}, hands={"Ada": {"grain": 2, "ore": 3}}, phase="main")
    w = CatanWidget(game, SOLO)
    assert send(w, {"kind": "build_city", "node": 12})
    assert w.state["winner"] == 0
    assert w.state["phase"] == "game_over"
    assert w.state["viewer"] == -1
    assert w.legal["seat"] is None
    assert w.legal["reasons"]["roll"] == "The game is over: Ada won."


def test_reasons_before_the_roll_say_to_roll_first() -> None:
    w = CatanWidget(staged_game(phase="roll"), SOLO)
    reasons = w.legal["reasons"]
    assert w.legal["roll"]
    assert "roll" not in reasons
    assert reasons["end_turn"] == "You must roll the dice before ending your turn."
    assert reasons["road"] == "You must roll the dice before you build a road."
    assert reasons["buy_development_card"] == "You must roll the dice before you buy a development card."
    assert reasons["maritime"] == reasons["offer_trade"] == "You must roll the dice before you trade."
    assert reasons["knight"] == "You have no knight card to play."


def test_reasons_after_the_roll_name_the_missing_cards() -> None:
    w = CatanWidget(staged_game(hands={"Ada": {"wool": 1}}), SOLO)
    reasons = w.legal["reasons"]
    assert w.legal["end_turn"]
    assert set(reasons) == {
        "roll", "road", "settlement", "city", "buy_development_card", "knight", "road_building",
        "year_of_plenty", "monopoly", "maritime", "undo",
    }  # fmt: skip
    assert reasons["roll"] == "You have already rolled the dice this turn."
    assert reasons["road"] == "Not enough resources: a road costs 1 lumber, 1 brick."
    assert reasons["city"] == "Not enough resources: a city costs 2 grain, 3 ore."
    rates = "4 lumber, 4 brick, 4 wool, 4 grain or 4 ore"
    assert reasons["maritime"] == f"A bank trade needs {rates} (your best rates)."
    assert reasons["undo"] == "Nothing to take back yet."


def test_reasons_while_discarding_say_what_the_phase_asks_first() -> None:
    game = staged_game(hands={"Ada": {"ore": 8}}, phase="roll")
    w = CatanWidget(game, SOLO)
    w.script_dice((1, 6))
    assert send(w, {"kind": "roll"})
    assert w.legal["discard"] == 4
    assert w.legal["reasons"]["end_turn"] == "A 7 was rolled: discard 4 cards first."


def test_a_card_bought_this_turn_is_shown_as_new_and_its_reason_says_so() -> None:
    game = staged_game(hands={"Ada": {"wool": 1, "grain": 1, "ore": 1}})
    w = CatanWidget(game, SOLO)
    game.step(BuyDevelopmentCard(), card="knight")
    w.refresh()
    assert w.state["players"][0]["dev_cards"] == {"knight": 1}
    assert w.state["players"][0]["dev_new"] == {"knight": 1}
    assert not w.legal["play"]["knight"]
    assert "bought this turn" in w.legal["reasons"]["knight"]


def test_a_mid_game_state_update_fits_in_4_kb() -> None:
    game = mid_game()
    w = CatanWidget(game, SOLO)
    player_view = wire_bytes(w.state)
    w.teacher = True
    teacher_view = wire_bytes(w.state)
    print(f"state update: {player_view} B (player view), {teacher_view} B (teacher view)")
    assert len(w.state["log"]) == 40
    assert player_view <= 4096
    assert teacher_view <= 4096


def test_while_a_bot_acts_every_control_says_whom_the_game_waits_for() -> None:
    w = CatanWidget(staged_game(turn_player=1, phase="roll"), SOLO)
    reasons = w.legal["reasons"]
    assert w.legal["seat"] is None
    assert not any(w.legal[k] for k in ("roll", "end_turn", "roads", "settlements", "offer_trade", "undo"))
    assert len(reasons) == 13
    assert set(reasons.values()) == {"Waiting for Bo."}


def test_a_fixed_viewer_shows_that_seat_whoever_acts() -> None:
    w = CatanWidget(staged_game(hands={"Cy": {"ore": 2}}), SOLO, viewer=2)
    assert w.viewer == 2 == w.state["viewer"]
    assert w.state["players"][2]["resources"]["ore"] == 2
    assert w.state["players"][0]["resources"] is None
    w.viewer = None
    assert w.state["viewer"] == 0
