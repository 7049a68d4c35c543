"""Moves between people at a table: a trade between two humans, the offers' countdown, taking
a move back, and each connection's own settings (card counting, hints).
"""

from __future__ import annotations

import asyncio
import random

from catan_widget.engine.actions import BuildRoad
from catan_widget.engine.constants import RESOURCES
from catan_widget.table import Table, codes
from catan_widget.widget.view import unpack_actions

from .helpers import TOKENS, Client, choose, new_table


def _main_phase_of(
    table: Table, clients: dict[int, Client], seat: int, rng: random.Random, want=None
) -> None:
    """Play until ``seat`` is in its main phase (and ``want(game)`` holds, when given)."""
    for _ in range(3000):
        table.advance_bots()
        g = table.game
        if g.current_seat == seat and g.phase == "main" and (want is None or want(g)):
            return
        client = next(c for c in clients.values() if c.my_turn())
        client.act(choose(client, rng))
    raise AssertionError("never got there")


def _can_trade(g) -> bool:
    hands = g.state.hands
    return any(hands[0]) and any(hands[1][r] for r in range(5) if not hands[0][r])


def _offer(g) -> dict:
    hands = g.state.hands
    give = next(r for r in range(5) if hands[0][r])
    want = next(r for r in range(5) if hands[1][r] and not hands[0][r])
    return {"kind": "offer_trade", "give": {RESOURCES[give]: 1}, "want": {RESOURCES[want]: 1}, "to": 1}


def test_two_humans_trade_across_their_devices() -> None:
    table = new_table(seed=13)
    ada, bo = Client(table, TOKENS["0"]), Client(table, TOKENS["1"])
    spectator = Client(table, TOKENS["spectator"])
    _main_phase_of(table, {0: ada, 1: bo}, 0, random.Random(13), _can_trade)
    before = [list(h) for h in table.game.state.hands[:2]]
    offer = _offer(table.game)
    assert "offer_trade" in ada.legal["open"]
    assert not [f for f in ada.act(offer) if f["type"] == "refused"]
    assert bo.my_turn()
    assert bo.state["trade"]["to"] == 1
    offered = {k: v for k, v in bo.state["trade"].items() if k != "text"}
    assert {k: v for k, v in spectator.state["trade"].items() if k != "text"} == offered
    assert spectator.state["trade"]["text"] != bo.state["trade"]["text"], "each reads it as their own"
    assert "accept_trade" in bo.legal["actions"]
    assert not [f for f in bo.act({"kind": "accept_trade"}) if f["type"] == "refused"]
    assert ada.my_turn()
    assert unpack_actions(ada.legal["actions"])[0]["kind"] == "confirm_trade"
    assert not [f for f in ada.act({"kind": "confirm_trade", "player": 1}) if f["type"] == "refused"]
    after = table.game.state.hands[:2]
    assert sum(after[0]) == sum(before[0])
    assert after[0] != before[0]
    assert after[1] != before[1]
    assert ada.state["trade"] is None


def test_an_unanswered_offer_counts_down_on_the_waiting_seat_alone_then_is_declined() -> None:
    async def play() -> None:
        table = new_table(seed=13, offer_timeout=0.3)
        ada, bo = Client(table, TOKENS["0"]), Client(table, TOKENS["1"])
        spectator = Client(table, TOKENS["spectator"])
        _main_phase_of(table, {0: ada, 1: bo}, 0, random.Random(13), _can_trade)
        table.start()
        ada.act(_offer(table.game))
        assert 0 < bo.state["trade"]["expires_in"] <= 0.3
        assert "expires_in" not in ada.state["trade"], "the proposer is not told whether Bo can pay"
        assert "expires_in" not in spectator.state["trade"]
        for _ in range(100):
            await asyncio.sleep(0.02)
            if table.game.phase != "trade_response":
                break
        table.stop()
        assert type(table.game.history[-1][0]).__name__ == "DeclineTrade"
        assert ada.my_turn()

    asyncio.run(play())


def test_a_move_is_taken_back_for_everyone_and_only_by_its_maker() -> None:
    table = new_table(seed=17)
    ada, bo = Client(table, TOKENS["0"]), Client(table, TOKENS["1"])
    rng = random.Random(17)
    _main_phase_of(
        table, {0: ada, 1: bo}, 0, rng, lambda g: any(isinstance(a, BuildRoad) for a in g.legal_actions())
    )
    road = next(a for a in unpack_actions(ada.legal["actions"]) if a["kind"] == "build_road")
    roads = len(ada.state["roads"])
    ada.act(road)
    assert len(bo.state["roads"]) == roads + 1
    assert ada.legal["undo"] is True
    assert bo.legal["undo"] is False
    assert bo.act({"kind": "undo"})[0]["code"] == codes.NOT_YOUR_TURN
    assert not [f for f in ada.act({"kind": "undo"}) if f["type"] == "refused"]
    assert len(bo.state["roads"]) == roads
    assert len(ada.state["roads"]) == roads
    answer = ada.act({"kind": "undo"})
    assert answer[0]["code"] == codes.ILLEGAL
    assert answer[1]["state"]["error"] == answer[0]["reason"]


def test_card_counting_is_a_setting_of_one_connection() -> None:
    table = new_table(seed=3)
    ada, ada_phone = Client(table, TOKENS["0"]), Client(table, TOKENS["0"])
    bo = Client(table, TOKENS["1"])
    frames = ada.send({"type": "set", "name": "show_counting", "value": True})
    assert [f["type"] for f in frames] == ["view"]
    players = frames[0]["state"]["players"]
    assert "counting" in players[0]
    assert "unknown" in players[1]
    assert "resources" not in players[1]
    assert "counting" not in ada_phone.state["players"][0]
    assert "counting" not in bo.state["players"][1]
    table.advance_bots()
    assert "counting" in ada.state["players"][0], "it stays on for that connection"


def test_a_hint_answers_the_acting_human_alone() -> None:
    table = new_table(seed=3)
    ada, bo = Client(table, TOKENS["0"]), Client(table, TOKENS["1"])
    _main_phase_of(table, {0: ada, 1: bo}, 0, random.Random(3))
    frames = ada.send({"type": "set", "name": "hint_request", "value": 1})
    hint = frames[0]["hint"]
    assert hint["request"] == 1
    assert hint["version"] == frames[0]["state"]["version"]
    assert hint["seat"] == 0
    assert hint["reason"]
    assert hint["action"]["kind"] in ada.legal["actions"] or hint["action"]["kind"] in ada.legal["open"]
    other = bo.send({"type": "set", "name": "hint_request", "value": 1})[0]["hint"]
    assert other == {"request": 1, "version": bo.state["version"]}
    assert not [f for f in ada.act(hint["action"]) if f["type"] == "refused"], "its view is still current"


def test_on_the_loop_a_hint_is_searched_off_it_and_answered_when_found() -> None:
    async def play() -> None:
        table = new_table(seed=3)
        ada, bo = Client(table, TOKENS["0"]), Client(table, TOKENS["1"])
        _main_phase_of(table, {0: ada, 1: bo}, 0, random.Random(3))
        frames = ada.send({"type": "set", "name": "hint_request", "value": 4})
        assert frames[0]["hint"] == {"request": 4, "pending": True, "version": frames[0]["state"]["version"]}
        for _ in range(500):
            await asyncio.sleep(0.01)
            if "action" in ada.view.get("hint", {}):
                break
        hint = ada.view["hint"]
        assert hint["request"] == 4
        assert hint["seat"] == 0
        assert hint["version"] == ada.state["version"]
        again = ada.send({"type": "set", "name": "hint_request", "value": 5})[0]["hint"]
        assert again["action"] == hint["action"], "the same position: the hint found, at once"

    asyncio.run(play())
