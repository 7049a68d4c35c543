"""Five and six players in the widget (issue 23): the extension's board as the ``board`` trait,
the Special Building Phase in ``state`` and ``legal`` (its prompt, its controls, its refusals
with the engine's words), hot-seat hand-overs through the phase, card counting, replay, hints,
and the update sizes of a six-player game.
"""

from __future__ import annotations

import json

from catan_widget import CatanWidget, Game, RollDice
from catan_widget.engine.board.topology import BASE, EXTENSION
from catan_widget.widget.view import PLAYER_COLORS

from .helpers import enabled, send, spots, spread, take_screen, update

SIX = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]


def six_game(**stage: object) -> Game:
    """A six-player game on the extension's beginner board, staged (settlements for everyone)."""
    game = Game(SIX, seed=5, board="beginner", first=0)
    nodes = spread(EXTENSION, 12)
    settlements = {seat: nodes[2 * seat : 2 * seat + 2] for seat in range(6)}
    return game.stage(settlements=settlements, **stage)


def test_the_board_trait_is_the_extensions_board_drawn_from_its_own_positions() -> None:
    w = CatanWidget(Game(SIX, seed=2, board="random"), dict.fromkeys(SIX, "human"))
    board = w.board
    assert (len(board["hexes"]), len(board["nodes"]), len(board["edges"]), len(board["harbors"])) == (
        30,
        80,
        109,
        11,
    )
    assert [(h["q"], h["r"]) for h in board["hexes"]] == list(EXTENSION.hex_coords)
    for h in board["hexes"]:
        assert (h["x"], h["y"]) == EXTENSION.hex_xy(h["id"])
    assert [p["color"] for p in board["players"]] == list(PLAYER_COLORS)
    assert len(set(PLAYER_COLORS)) == 6
    terrains = [h["terrain"] for h in board["hexes"]]
    assert terrains.count("desert") == 2
    assert sum(1 for h in board["hexes"] if h["number"]) == 28
    assert sum(1 for hb in board["harbors"] if hb["kind"] == "3:1") == 5
    # four players keep the base board's ids
    four = CatanWidget(Game(SIX[:4], seed=2), dict.fromkeys(SIX[:4], "human")).board
    assert (len(four["hexes"]), len(four["nodes"]), len(four["edges"])) == (19, 54, 72)
    assert [(h["x"], h["y"]) for h in four["hexes"]] == [BASE.hex_xy(h) for h in range(19)]


def test_a_human_builds_in_the_special_building_phase_and_passes() -> None:
    game = six_game(turn_player=5, phase="main", hands={"Ada": {"lumber": 1, "brick": 1, "ore": 2}})
    w = CatanWidget(game, {"Ada": "human", **dict.fromkeys(SIX[1:], "bot")}, bot_delay=0)
    w.advance_bots(max_moves=5)  # Flo ends the turn: the phase starts at Flo's left, with Ada
    state, legal = w.state, w.legal
    assert (state["phase"], state["current"], state["turn_player"], legal["seat"]) == (
        "special_build",
        0,
        5,
        0,
    )
    assert state["prompt"] == game.prompt(0)
    # what the phase allows is the engine's; each control refused says the engine's reason
    assert enabled(w, "end_turn")
    assert enabled(w, "build_road")
    reasons = {kind: text for text, kinds in legal["reasons"].items() for kind in kinds}
    for kind, action in [("roll", RollDice())]:
        refusal = game.refusal(action, 0)
        assert refusal is not None
        assert refusal.code == "special_build_no_roll"
        assert reasons[kind] == refusal.text
    for kind in ("maritime_trade", "offer_trade", "play_knight", "play_monopoly"):
        assert not enabled(w, kind)
        assert reasons[kind], kind
    edge = spots(w, "build_road")[0]
    assert send(w, {"kind": "build_road", "edge": edge})
    assert w.state["phase"] == "special_build"
    assert w.legal["seat"] == 0
    assert [edge, 0] in w.state["roads"]
    assert send(w, {"kind": "end_turn"})  # the pass
    assert w.state["current"] == 1
    assert w.legal["seat"] is None
    assert "You passed (special build)" in w.state["log"], "Ada reads it"


def test_hot_seat_hands_the_screen_to_each_builder_in_turn_order() -> None:
    game = six_game(turn_player=2, phase="main")
    w = CatanWidget(game, dict.fromkeys(SIX, "human"))
    assert send(w, {"kind": "end_turn"})
    for seat in (3, 4, 5, 0, 1):  # every other player, from Cy's left
        assert w.state["phase"] == "special_build"
        assert w.state["viewer"] is None, "the hand-over hides every hand"
        take_screen(w, seat)
        shown = [p.get("resources") is not None for p in w.state["players"]]
        assert shown == [q == seat for q in range(6)]
        assert w.legal["seat"] == seat
        assert send(w, {"kind": "end_turn"})
    assert w.state["phase"] == "roll"
    take_screen(w, 3)
    assert w.legal["seat"] == 3


def test_card_counting_names_each_of_five_opponents() -> None:
    game = six_game(turn_player=0, phase="roll")
    w = CatanWidget(game, {"Ada": "human", **dict.fromkeys(SIX[1:], "bot")})
    w.show_counting = True
    players = w.state["players"]
    assert players[0]["counting"]
    for p in players[1:]:
        assert "known" in p
        assert p["unknown"] == p["resource_count"] - sum(p["known"].values())


def test_a_finished_six_player_game_replays_and_the_updates_stay_small() -> None:
    game = Game(SIX, seed=3, board="random").play(bots="greedy")
    assert game.is_over
    assert game.winner is not None
    w = CatanWidget.replay(game, at=0)
    assert w.state["phase"] == "setup_settlement"
    update(w, {"replay_at": len(game.history) // 2})
    assert w.state["players"][5]["name"] == "Flo"
    update(w, {"replay_at": len(game.history)})
    assert w.state["phase"] == "game_over"
    assert w.state["winner"] == game.winner.seat
    sizes = []
    live = CatanWidget(Game(SIX, seed=3, board="random"), dict.fromkeys(SIX, "bot"), bot_delay=0)
    for _ in range(300):
        if live.advance_bots(max_moves=1) == 0:
            break
        sizes.append(len(json.dumps(live.state)) + len(json.dumps(live.legal)))
    sizes.sort()
    assert sizes[len(sizes) // 2] <= 6 * 1024, "a six-player update's median stays small"


def test_a_hint_in_the_special_building_phase_is_a_move_the_phase_allows() -> None:
    game = six_game(turn_player=5, phase="main", hands={"Ada": {"lumber": 1, "brick": 1}})
    w = CatanWidget(game, {"Ada": "human", **dict.fromkeys(SIX[1:], "bot")}, bot="search", bot_delay=0)
    w.advance_bots(max_moves=5)
    assert w.state["phase"] == "special_build"
    assert w.legal["seat"] == 0
    update(w, {"hint_request": 1})
    assert w.hint["seat"] == 0
    assert w.hint["action"]["kind"] in ("build_road", "end_turn")


def test_an_offer_may_ask_for_every_card_of_a_resource_the_board_holds() -> None:
    """``legal.trade_max`` is the topology's count per resource (the front-end's want cap):
    24 on the extension's board, 19 on the base one, 0 while no offer may be made."""
    base = Game(seed=4, first=0).stage(phase="main", hands={"Ada": {"wool": 2}})
    for game, topo in ((six_game(phase="main", hands={SIX[0]: {"wool": 2}}), EXTENSION), (base, BASE)):
        w = CatanWidget(game, dict.fromkeys(game.names, "human"))
        assert "offer_trade" in w.legal["open"]
        assert w.legal["trade_max"] == topo.cards_per_resource
    w = CatanWidget(six_game(phase="roll"), dict.fromkeys(SIX, "human"))
    assert w.legal["open"] == []
    assert w.legal["trade_max"] == 0
