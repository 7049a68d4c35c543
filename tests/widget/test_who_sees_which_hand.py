"""What each seat may see in the ``state`` trait: a player's own hand only, every hand for the
teacher and for a bots-only game, none at a hot-seat hand-over or while a bot acts, a fixed
viewer's seat whoever acts, and a steal in the log only for those who saw it.
"""

from __future__ import annotations

import re
from typing import Any

from catan_widget import CatanWidget, Game
from catan_widget.engine.actions import action_from_dict

from .helpers import SOLO, send, staged_game, take_screen, update


def _hidden(player: dict[str, Any]) -> tuple[Any, ...]:
    return player.get("resources"), player.get("dev_cards"), player.get("dev_new"), player.get("vp_hidden")


def _public(game: Game, seat: int) -> dict[str, Any]:
    p = game.players[seat]
    return {
        "resource_count": p.resource_count,
        "dev_count": p.development_card_count,
        "vp": p.public_victory_points,
        "knights_played": p.knights_played,
        "road_length": p.road_length,
    }


def test_solo_player_sees_only_their_own_hand() -> None:
    game = staged_game(
        hands={"Ada": {"ore": 3}, "Bo": {"wool": 2}, "Cy": {"grain": 1}},
        dev_cards={"Ada": {"knight": 1}, "Bo": {"victory_point": 1}, "Di": {"monopoly": 1}},
    )
    w = CatanWidget(game, SOLO)
    players = w.state["players"]
    assert w.state["viewer"] == 0
    assert players[0]["resources"] == game.players[0].resources
    assert players[0]["dev_cards"] == {"knight": 1}
    assert players[0]["vp_hidden"] == 0
    for seat in (1, 2, 3):
        assert _hidden(players[seat]) == (None, None, None, None), f"seat {seat} is hidden from Ada"
    for seat in range(4):
        assert {k: players[seat][k] for k in _public(game, seat)} == _public(game, seat)
    assert players[1]["vp"] == 2, "Bo's victory point card is not counted in public"


def test_teacher_view_reveals_every_hand_and_card() -> None:
    game = staged_game(hands={"Bo": {"wool": 2}}, dev_cards={"Cy": {"victory_point": 1, "knight": 2}})
    w = CatanWidget(game, SOLO, teacher=True)
    assert w.state["viewer"] == -1
    players = w.state["players"]
    for seat, p in enumerate(players):
        assert p["resources"] == game.players[seat].resources
        held = {k: n for k, n in game.players[seat].development_cards.items() if n}
        assert p["dev_cards"] == held
    assert players[2]["dev_cards"] == {"knight": 2, "victory_point": 1}
    assert players[2]["vp_hidden"] == 1
    assert w.legal["seat"] == 0, "the teacher view changes what is shown, not who acts"


def test_the_log_hides_a_steal_from_onlookers_but_not_from_the_teacher() -> None:
    game = staged_game(phase="roll", dev_cards={"Ada": {"knight": 1}}, hands={"Bo": {"ore": 1}})
    w = CatanWidget(game, {"Ada": "bot", "Bo": "human", "Cy": "human", "Di": "human"}, viewer=2)
    game.step(action_from_dict({"kind": "play_knight"}))
    game.step(action_from_dict({"kind": "move_robber", "hex": 8, "victim": 1}))
    ore = re.compile(r"\bore\b")
    assert not ore.search(w.state["log"][-1]), "Cy did not see which card Ada took"
    w.viewer = -1
    assert ore.search(w.state["log"][-1])
    w.viewer = 1
    assert ore.search(w.state["log"][-1]), "Bo saw the card he lost"


def test_hot_seat_shows_only_the_hand_of_the_human_who_must_act() -> None:
    game = staged_game(hands={"Ada": {"ore": 1}, "Bo": {"wool": 1}, "Cy": {"grain": 1}}, phase="roll")
    w = CatanWidget(game, {"Ada": "human", "Bo": "human", "Cy": "human", "Di": "bot"})
    shown = [p.get("resources") is not None for p in w.state["players"]]
    assert (w.state["viewer"], shown) == (0, [True, False, False, False])
    w.script_dice((2, 3))
    assert send(w, {"kind": "roll"})
    assert send(w, {"kind": "end_turn"})
    shown = [p.get("resources") is not None for p in w.state["players"]]
    assert (w.state["viewer"], shown) == (None, [False, False, False, False]), (
        "the hand-over hides every hand"
    )
    assert w.legal["seat"] is None
    assert not send(w, {"kind": "roll"}), "no move before Bo takes the screen"
    assert "Pass the screen to Bo" in w.state["error"]
    update(w, {"ready_seat": 2})  # a stale or wrong seat changes nothing
    assert w.state["handover"] == {"seat": 1, "name": "Bo"}
    take_screen(w, 1)
    shown = [p.get("resources") is not None for p in w.state["players"]]
    assert (w.state["viewer"], shown) == (1, [False, True, False, False])


def test_hot_seat_hides_every_hand_while_a_bot_acts() -> None:
    game = staged_game(turn_player=3, phase="roll")
    w = CatanWidget(game, {"Ada": "human", "Bo": "human", "Cy": "human", "Di": "bot"})
    assert w.state["viewer"] is None
    assert all(_hidden(p) == (None, None, None, None) for p in w.state["players"])
    assert w.legal["seat"] is None


def test_a_bot_only_widget_shows_every_hand() -> None:
    w = CatanWidget.play(["bot", "bot", "bot"], seed=4)
    assert w.state["viewer"] == -1
    assert w.legal["seat"] is None
    w.advance_bots(max_moves=40)
    assert [p.get("resources") for p in w.state["players"]] == [p.resources for p in w.game.players]


def test_a_fixed_viewer_shows_that_seat_whoever_acts() -> None:
    w = CatanWidget(staged_game(hands={"Cy": {"ore": 2}}), SOLO, viewer=2)
    assert w.viewer == 2 == w.state["viewer"] == w.view
    assert w.state["players"][2]["resources"]["ore"] == 2
    assert w.state["players"][0].get("resources") is None
    assert w.legal["seat"] == 0, "Ada still acts"
    w.viewer = None
    assert w.state["viewer"] == 0
