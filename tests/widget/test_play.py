"""Playing through the message protocol: setup, turns, the robber, trades, seats.

(The settings traits — view, pips, bot delay, theme — are in test_settings.py.)
"""

from __future__ import annotations

import pytest

from catan_widget import CatanWidget, Game
from catan_widget.engine.board.topology import NODE_HEXES
from catan_widget.widget.view import LOG_TAIL, unpack_reasons

from .helpers import NAMES, SOLO, actions, enabled, robber_options, send, spots, staged_game, take_screen


def _node_value(w: CatanWidget, node: int) -> int:
    hexes = w.board["hexes"]
    return sum(hexes[h]["pips"] for h in NODE_HEXES[node])


def _human_move(w: CatanWidget) -> dict:
    """A sensible action for the acting human, read only from the ``legal`` and ``state`` traits."""
    legal, state = w.legal, w.state
    phase = state["phase"]
    if phase == "setup_settlement":
        return {
            "kind": "build_settlement",
            "node": max(spots(w, "build_settlement"), key=lambda n: _node_value(w, n)),
        }
    if phase in ("setup_road", "road_building"):
        return actions(w, "build_road")[0]
    if phase == "roll":
        return {"kind": "roll"}
    if phase == "discard":
        hand = dict(state["players"][legal["seat"]]["resources"])
        cards: dict[str, int] = {}
        for _ in range(legal["discard"]):
            r = max(hand, key=lambda k: hand[k])
            hand[r] -= 1
            cards[r] = cards.get(r, 0) + 1
        return {"kind": "discard", "cards": cards}
    if phase == "move_robber":
        moves = actions(w, "move_robber")
        return next((a for a in moves if a["victim"] is not None), moves[0])
    for kind in ("build_city", "build_settlement"):
        if actions(w, kind):
            return actions(w, kind)[0]
    return {"kind": "end_turn"}


def test_human_plays_setup_and_two_turns_through_intents_while_bots_advance() -> None:
    w = CatanWidget.play(["You", "bot", "bot", "bot"], seed=1)
    game = w.game
    ended = 0
    for _ in range(300):
        w.advance_bots()
        assert w.legal["seat"] == 0 == w.state["current"], "after the bots it is always the human's move"
        action = _human_move(w)
        assert send(w, action), w.state["error"]
        assert w.state["players"][0]["resources"] == game.players[0].resources
        if action["kind"] == "end_turn":
            ended += 1
            if ended == 2:
                break
    assert ended == 2
    assert len(game.players[0].settlements) + len(game.players[0].cities) >= 2
    assert len(game.players[0].roads) >= 2
    assert game.turn >= 5
    assert w.state["turn"] == game.turn
    assert w.state["log"] == game.log_for(0)[-LOG_TAIL:], "the log as Ada may read it"


def test_seven_makes_the_human_discard_and_move_the_robber() -> None:
    game = staged_game(hands={"Ada": {"ore": 5, "wool": 4}, "Bo": {"grain": 2}}, phase="roll")
    w = CatanWidget(game, SOLO)
    w.script_dice((3, 4))
    assert send(w, {"kind": "roll"})
    assert w.state["dice"] == [3, 4]
    assert w.state["phase"] == "discard"
    assert w.legal["discard"] == 4
    assert not actions(w, "discard"), "discards are not listed: any cards, exactly this many"
    assert w.state["players"][0]["discard"] == 4
    assert not send(w, {"kind": "discard", "cards": {"ore": 3}})
    assert "exactly half" in w.state["error"]
    assert send(w, {"kind": "discard", "cards": {"ore": 2, "wool": 2}})
    w.advance_bots()
    assert w.state["phase"] == "move_robber"
    options = robber_options(w)
    assert options[8] == [1], "only Bo has a building on hex 8"
    nodes = w.board["nodes"]
    expected = {
        h: sorted({seat for node, seat, _ in w.state["buildings"] if seat != 0 and h in nodes[node]["hexes"]})
        or [None]
        for h in range(19)
        if h != w.state["robber"]
    }
    assert options == expected, "any hex but the robber's; the opponents with a building there"
    assert 9 not in options, "the robber must move away from the desert"
    assert not send(w, {"kind": "move_robber", "hex": 8, "victim": None})
    assert "Choose whom to rob" in w.state["error"]
    assert send(w, {"kind": "move_robber", "hex": 8, "victim": 1})
    assert game.robber == 8 == w.state["robber"]
    assert game.players[0].resource_count == 6
    assert game.players[1].resource_count == 1
    assert w.state["phase"] == "main"
    assert "stole 1 grain from Bo" in w.state["log"][-1], "the thief's log names the card"
    assert "stole a card from Bo" in w.game.log[-1], "an onlooker's does not"


def test_bots_answer_a_human_trade_offer_and_the_human_confirms() -> None:
    game = staged_game(hands={"Ada": {"wool": 2}, "Bo": {"lumber": 1, "brick": 1, "grain": 1, "ore": 1}})
    w = CatanWidget(game, SOLO)
    assert w.legal["open"] == ["offer_trade"]
    assert send(w, {"kind": "offer_trade", "give": {"wool": 1}, "want": {"ore": 1}, "to": None})
    assert w.state["trade"]["responses"] == {"1": "pending", "2": "pending", "3": "pending"}
    assert w.legal["seat"] is None, "bots answer, not the human"
    w.advance_bots()
    assert w.state["phase"] == "trade_confirm"
    assert w.state["trade"]["responses"] == {"1": "accepted", "2": "declined", "3": "declined"}
    assert actions(w, "confirm_trade") == [{"kind": "confirm_trade", "player": 1}]
    assert enabled(w, "cancel_trade")
    assert send(w, {"kind": "confirm_trade", "player": 1})
    assert game.players[0].resources["ore"] == 1
    assert game.players[1].resources["wool"] == 1
    assert w.state["trade"] is None
    assert w.state["phase"] == "main"


def test_decline_all_closes_an_offer_two_bots_accepted_and_moves_no_card() -> None:
    four = {"lumber": 1, "brick": 1, "grain": 1, "ore": 1}  # wool makes a settlement: both accept
    game = staged_game(hands={"Ada": {"wool": 2}, "Bo": four, "Cy": four})
    w = CatanWidget(game, SOLO)
    assert send(w, {"kind": "offer_trade", "give": {"wool": 1}, "want": {"ore": 1}, "to": None})
    w.advance_bots()
    assert w.state["trade"]["responses"] == {"1": "accepted", "2": "accepted", "3": "declined"}
    assert [a["player"] for a in actions(w, "confirm_trade")] == [1, 2], "two answers wait on Ada"
    assert enabled(w, "cancel_trade"), "the front-end's 'Decline all'"
    hands = [p.resources for p in game.players]
    assert send(w, {"kind": "cancel_trade"})
    assert w.state["trade"] is None
    assert w.state["phase"] == "main"
    assert [p.resources for p in game.players] == hands
    assert w.state["log"][-1] == "Your offer is closed: cancelled", "Ada reads it"


def test_hot_seat_responder_answers_in_their_seat_with_a_counter_offer() -> None:
    game = staged_game(hands={"Ada": {"wool": 2, "grain": 1}, "Bo": {"ore": 2}})
    w = CatanWidget(game, {"Ada": "human", "Bo": "human", "Cy": "bot", "Di": "bot"})
    assert send(w, {"kind": "offer_trade", "give": {"wool": 1}, "want": {"ore": 1}, "to": 1})
    assert w.legal["seat"] is None, "no move before the hand-over to Bo"
    assert w.state["viewer"] is None
    take_screen(w, 1)
    assert w.legal["seat"] == 1
    assert w.legal["open"] == ["counter_trade"]
    assert set(w.legal["actions"]) == {"accept_trade", "decline_trade"}
    assert w.state["viewer"] == 1, "the view follows the human who must answer"
    assert w.state["players"][0].get("resources") is None
    assert send(w, {"kind": "counter_trade", "give": {"ore": 1}, "want": {"wool": 1, "grain": 1}})
    assert w.state["trade"]["responses"] == {"1": {"give": {"ore": 1}, "want": {"wool": 1, "grain": 1}}}
    take_screen(w, 0)
    assert w.legal["seat"] == 0
    assert actions(w, "confirm_trade") == [{"kind": "confirm_trade", "player": 1}]
    assert send(w, {"kind": "confirm_trade", "player": 1})
    assert game.players[0].resources == {"lumber": 0, "brick": 0, "wool": 1, "grain": 0, "ore": 1}
    assert game.players[1].resources == {"lumber": 0, "brick": 0, "wool": 1, "grain": 1, "ore": 1}


def test_a_bot_offers_the_human_a_trade_and_waits_for_the_answer() -> None:
    game = staged_game(
        turn_player="Bo",
        hands={"Ada": {"ore": 1}, "Bo": {"grain": 2, "ore": 2, "wool": 3}},
    )
    w = CatanWidget(game, SOLO)
    w.advance_bots()
    assert w.state["phase"] == "trade_response"
    assert w.state["trade"]["give"] == {"wool": 1}
    assert w.state["trade"]["want"] == {"ore": 1}
    assert w.legal["seat"] == 0, "the human answers in their own seat"
    assert "counter_trade" in w.legal["open"]
    assert enabled(w, "accept_trade")
    assert enabled(w, "decline_trade")
    assert send(w, {"kind": "accept_trade"})
    w.advance_bots()
    assert game.players[0].resources["wool"] == 1
    assert game.players[1].cities, "the bot built its city with the ore it traded for"


def test_a_responder_who_lacks_the_cards_can_only_decline_or_counter() -> None:
    game = staged_game(hands={"Ada": {"wool": 2}, "Bo": {"grain": 1}})
    w = CatanWidget(game, {"Ada": "human", "Bo": "human", "Cy": "bot", "Di": "bot"})
    assert send(w, {"kind": "offer_trade", "give": {"wool": 1}, "want": {"ore": 1}, "to": 1})
    assert w.legal["seat"] is None, "no move before the hand-over to Bo"
    assert w.state["viewer"] is None
    take_screen(w, 1)
    assert w.legal["seat"] == 1
    assert w.legal["actions"] == {"decline_trade": {}}
    assert "accept_trade" in unpack_reasons(w.legal["reasons"])
    before = game.to_json()
    assert not send(w, {"kind": "accept_trade"})
    assert game.to_json() == before


def test_play_names_bot_seats_and_keeps_human_names() -> None:
    w = CatanWidget.play(["You", "bot", "Max", "bot"], seed=2, bot="random")
    assert w.game.names == ["You", "Bot 1", "Max", "Bot 2"]
    assert [p["kind"] for p in w.state["players"]] == ["human", "bot", "human", "bot"]
    assert w.humans == [0, 2]
    assert [p["name"] for p in w.board["players"]] == w.game.names


def test_play_can_name_the_starting_player() -> None:
    w = CatanWidget.play(["You", "bot", "bot", "bot"], seed=5, first="You")
    assert w.game.current_player == "You"
    assert w.game.phase == "setup_settlement"
    assert w.legal["seat"] == 0


def test_play_skips_bot_names_taken_by_humans() -> None:
    w = CatanWidget.play(["Bot 1", "bot", "bot"], seed=2)
    assert w.game.names == ["Bot 1", "Bot 2", "Bot 3"]
    assert w.humans == [0]


def test_seats_by_name_default_to_human_and_unknown_names_are_an_error() -> None:
    game = Game(players=NAMES, seed=1)
    w = CatanWidget(game, {"Bo": "bot"})
    assert w.humans == [0, 2, 3]
    with pytest.raises(ValueError, match="Bob"):
        CatanWidget(game, {"Bob": "bot"})


def test_scripted_dice_are_used_by_the_next_rolls_in_order() -> None:
    game = staged_game(phase="roll")
    w = CatanWidget(game, SOLO)
    w.script_dice((2, 2), (6, 5))
    assert send(w, {"kind": "roll"})
    assert game.dice == (2, 2)
    assert send(w, {"kind": "end_turn"})
    w.advance_bots(max_moves=1)
    assert game.dice == (6, 5), "Bo, a bot, rolled the second scripted roll"


def test_assigning_another_game_redraws_the_board() -> None:
    w = CatanWidget(Game(players=NAMES, seed=1), SOLO)
    other = Game(players=NAMES, seed=9, board="random")
    version = w.state["version"]
    w.game = other
    assert w.game is other
    assert w.state["version"] > version
    assert [h["terrain"] for h in w.board["hexes"]] == other.board.to_dict()["terrain"]


def test_bad_widget_options_are_refused_with_plain_words() -> None:
    game = Game(players=NAMES, seed=1)
    with pytest.raises(ValueError, match="bot delay"):
        CatanWidget(game, SOLO, bot_delay=-1)
    with pytest.raises(ValueError, match="view"):
        CatanWidget(game, SOLO, viewer=4)
    with pytest.raises(ValueError, match="unknown bot"):
        CatanWidget(game, {"Bo": "clever"})
    with pytest.raises(TypeError, match="Game"):
        CatanWidget("not a game")  # type: ignore[arg-type]
