"""Undo: the acting human takes back their own moves until new information appears."""

from __future__ import annotations

from catan_widget import BuildRoad, CatanWidget, Game
from catan_widget.widget.view import unpack_reasons

from .helpers import (
    NAMES,
    SOLO,
    deliver,
    enabled,
    intent,
    robber_options,
    send,
    spots,
    staged_game,
    take_screen,
)


def test_undo_takes_back_a_road_in_the_very_game_object() -> None:
    game = staged_game(hands={"Ada": {"lumber": 1, "brick": 1}})
    w = CatanWidget(game, SOLO)
    before, log = game.to_json(), game.log
    assert send(w, {"kind": "build_road", "edge": 12})
    assert w.legal["undo"]
    assert enabled(w, "undo")
    assert "undo" not in unpack_reasons(w.legal["reasons"]), "an enabled control has no reason"
    assert send(w, {"kind": "undo"})
    assert w.game is game
    assert game.to_json() == before
    assert game.log == log
    assert [12, 0] not in w.state["roads"]
    assert w.state["players"][0]["resources"]["lumber"] == 1


def test_undo_takes_back_several_moves_one_at_a_time() -> None:
    game = staged_game(hands={"Ada": {"lumber": 2, "brick": 2}})
    w = CatanWidget(game, SOLO)
    start = game.to_json()
    assert send(w, {"kind": "build_road", "edge": 12})
    one_road = game.to_json()
    assert send(w, {"kind": "build_road", "edge": spots(w, "build_road")[-1]})
    assert send(w, {"kind": "undo"})
    assert game.to_json() == one_road
    assert send(w, {"kind": "undo"})
    assert game.to_json() == start
    assert not w.legal["undo"]
    assert not send(w, {"kind": "undo"})
    assert game.to_json() == start


def test_a_roll_cannot_be_taken_back() -> None:
    game = staged_game(phase="roll")
    w = CatanWidget(game, SOLO)
    w.script_dice((2, 2))
    assert send(w, {"kind": "roll"})
    assert not w.legal["undo"]
    assert "a roll" in unpack_reasons(w.legal["reasons"])["undo"]
    after = game.to_json()
    assert not send(w, {"kind": "undo"})
    assert game.to_json() == after


def test_a_knight_can_be_taken_back_but_not_once_it_stole_a_card() -> None:
    game = staged_game(phase="roll", dev_cards={"Ada": {"knight": 1}}, hands={"Bo": {"ore": 1}})
    w = CatanWidget(game, SOLO)
    before = game.to_json()
    assert send(w, {"kind": "play_knight"})
    assert w.legal["undo"]
    assert send(w, {"kind": "undo"})
    assert game.to_json() == before
    assert send(w, {"kind": "play_knight"})
    assert send(w, {"kind": "move_robber", "hex": 8, "victim": 1})
    assert not w.legal["undo"]
    assert game.players[0].resources["ore"] == 1


def test_moving_the_robber_onto_nobody_can_be_taken_back() -> None:
    game = staged_game(phase="roll", dev_cards={"Ada": {"knight": 1}})
    w = CatanWidget(game, SOLO)
    assert send(w, {"kind": "play_knight"})
    empty = next(h for h, victims in robber_options(w).items() if victims == [None])
    assert send(w, {"kind": "move_robber", "hex": empty, "victim": None})
    assert w.legal["undo"]
    assert send(w, {"kind": "undo"})
    assert w.state["phase"] == "move_robber"


def test_another_players_move_ends_the_chance_to_undo() -> None:
    game = Game(players=NAMES, seed=1, first=0)
    w = CatanWidget(game, SOLO)
    assert send(w, {"kind": "build_settlement", "node": spots(w, "build_settlement")[0]})
    assert w.legal["undo"], "the settlement can be taken back while placing its road"
    assert send(w, {"kind": "build_road", "edge": spots(w, "build_road")[0]})
    assert w.legal["seat"] is None
    w.advance_bots()
    assert w.legal["seat"] == 0
    assert not w.legal["undo"]
    assert "another player's move" in unpack_reasons(w.legal["reasons"])["undo"]


def test_in_hot_seat_the_next_human_cannot_undo_the_previous_humans_move() -> None:
    game = Game(players=NAMES, seed=1, first=0)
    w = CatanWidget(game)
    assert send(w, {"kind": "build_settlement", "node": spots(w, "build_settlement")[0]})
    assert send(w, {"kind": "build_road", "edge": spots(w, "build_road")[0]})
    take_screen(w, 1)
    assert w.legal["seat"] == 1
    assert not w.legal["undo"]
    assert (
        unpack_reasons(w.legal["reasons"])["undo"]
        == "Only the player who made the last move can take it back."
    )
    before = game.to_json()
    assert not send(w, {"kind": "undo"})
    assert game.to_json() == before


def test_a_step_from_a_cell_ends_the_chance_to_undo() -> None:
    game = staged_game(hands={"Ada": {"lumber": 2, "brick": 2}})
    w = CatanWidget(game, SOLO)
    assert send(w, {"kind": "build_road", "edge": 12})
    stale = intent(w, {"kind": "undo"})
    edge = spots(w, "build_road")[-1]
    game.step(BuildRoad(edge))
    deliver(w, stale)
    assert w.state["error"] == unpack_reasons(w.legal["reasons"])["undo"]
    assert w.state["error"].startswith("You cannot take back a move once something new happened")
    assert not w.legal["undo"]
    assert {12, edge} <= set(game.players[0].roads)
