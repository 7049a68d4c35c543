"""A whole game through connections only: hello, welcome, views, moves, bots, offers."""

from __future__ import annotations

import json
import random

from catan_widget.table import codes

from .helpers import TOKENS, Client, choose, new_table


def test_hello_is_answered_by_a_welcome_and_the_seats_view() -> None:
    table = new_table()
    ada = Client(table)
    frames = ada.hello(TOKENS["0"])
    assert [f["type"] for f in frames] == ["welcome", "view"]
    welcome = frames[0]
    assert welcome["seat"] == 0
    assert welcome["role"] == codes.PLAYER
    assert welcome["table"] == "t1"
    assert len(welcome["board"]["hexes"]) == 19
    state = frames[1]["state"]
    assert state["viewer"] == 0
    assert state["handover"] is None
    assert state["table"] == {
        "id": "t1",
        "teacher": False,
        "seats": [
            {"name": "Ada", "kind": "human", "connected": True},
            {"name": "Bo", "kind": "human", "connected": False},
            {"name": "Cy", "kind": "bot", "connected": False},
            {"name": "Di", "kind": "bot", "connected": False},
        ],
    }
    assert "resources" in state["players"][0]
    assert "resources" not in state["players"][1]


def test_a_second_seat_joining_is_shown_to_the_first() -> None:
    table = new_table()
    ada = Client(table, TOKENS["0"])
    Client(table, TOKENS["1"])
    assert ada.state["table"]["seats"][1]["connected"] is True
    bo_phone = Client(table, TOKENS["1"])
    bo_phone.conn.drop()
    assert ada.state["table"]["seats"][1]["connected"] is True  # the laptop is still there


def test_two_humans_and_two_bots_play_a_seeded_game_to_the_end() -> None:
    table = new_table(seed=11)
    rng = random.Random(11)
    humans = {0: Client(table, TOKENS["0"]), 1: Client(table, TOKENS["1"])}
    spectator = Client(table, TOKENS["spectator"])
    accepted_offers = moves = 0
    for _ in range(5000):
        table.advance_bots()
        if table.game.is_over:
            break
        acting = [c for c in humans.values() if c.my_turn()]
        assert len(acting) == 1, "exactly one human may act while no bot must"
        client = acting[0]
        action = choose(client, rng)
        accepted_offers += action["kind"] == "accept_trade"
        answer = client.act(action)
        assert not [f for f in answer if f["type"] == "refused"], (action, answer)
        moves += 1
    game = table.game
    assert game.is_over, "the game reached its end"
    assert game.winner is not None
    assert moves > 50
    for client in [*humans.values(), spectator]:
        assert client.state["winner"] == game.winner.seat
        assert client.state["version"] == table.version
        assert client.state["phase"] == "game_over"
    assert accepted_offers > 0, "the humans answered offers"


def test_a_move_is_pushed_to_every_connection() -> None:
    table = new_table(seed=2)
    ada, bo = Client(table, TOKENS["0"]), Client(table, TOKENS["1"])
    spectator = Client(table, TOKENS["spectator"])
    table.advance_bots()
    mover = ada if ada.my_turn() else bo
    other = bo if mover is ada else ada
    counts = [len(c.frames) for c in (mover, other, spectator)]
    mover.act(choose(mover, random.Random(0)))
    assert [len(c.frames) - n for c, n in zip((mover, other, spectator), counts)] == [1, 1, 1]
    assert other.state["version"] == mover.state["version"] == spectator.state["version"]


def test_the_bots_move_on_the_running_loop() -> None:
    import asyncio

    async def play() -> int:
        table = new_table(seed=4, seats=["bot", "bot", "bot", "bot"], bot_delay=0)
        watcher = Client(table, TOKENS["spectator"])
        table.start()
        for _ in range(400):
            await asyncio.sleep(0)
            if len(table.game.history) >= 20:
                break
        table.stop()
        assert watcher.state["version"] == table.version
        return len(table.game.history)

    assert asyncio.run(play()) >= 20


def test_a_connection_whose_transport_fails_is_dropped_and_the_others_stay_in_order() -> None:
    table = new_table(seed=2)
    ada = Client(table, TOKENS["0"])
    working = [True]

    def send(text: str) -> None:
        if not working[0]:
            raise ConnectionError("gone")

    broken = table.connect(send, lambda code, reason: None)
    broken.receive(json.dumps({"type": "hello", "token": TOKENS["1"], "protocol": 1}))
    assert ada.state["table"]["seats"][1]["connected"] is True
    working[0] = False  # the transport breaks: the next frame fails
    teacher = Client(table, TOKENS["teacher"])  # every seat is told the teacher is on
    versions = [v["state"]["version"] for v in ada.frames_of("view")]
    assert versions == sorted(versions)
    assert broken.closed
    assert ada.state["table"]["seats"][1]["connected"] is False
    assert teacher.state["table"]["seats"][1]["connected"] is False
    assert teacher.state["version"] == ada.state["version"] == table.version
