"""The host's controls: a departed human's seat given to a bot and back, and scripted dice."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from catan_widget.table import Table, codes
from catan_widget.table.store import sidecar_path

from .helpers import TOKENS, Client, choose, new_table


def _until_seat_acts(table: Table, clients: list[Client], seat: int, rng: random.Random) -> None:
    for _ in range(500):
        table.advance_bots()
        if table.game.current_seat == seat:
            return
        client = next(c for c in clients if c.my_turn())
        client.act(choose(client, rng))
    raise AssertionError(f"seat {seat} never had to act")


def test_a_departed_humans_seat_is_given_to_a_bot_and_back(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    table = new_table(seed=6, save=save)
    ada, bo = Client(table, TOKENS["0"]), Client(table, TOKENS["1"])
    rng = random.Random(6)
    _until_seat_acts(table, [ada, bo], 1, rng)
    bo.conn.drop()
    assert ada.state["table"]["seats"][1]["connected"] is False
    table.give_to_bot(1)  # a new link for the seat: the old one opens nothing now
    assert table.tokens.seat(1) != TOKENS["1"]
    assert json.loads(sidecar_path(save).read_text())["tokens"]["1"] == table.tokens.seat(1)
    assert ada.state["table"]["seats"][1]["kind"] == "bot"
    assert ada.state["players"][1]["kind"] == "bot"
    assert json.loads(sidecar_path(save).read_text())["seats"][1] == "bot"
    moved = len(table.game.history)
    table.advance_bots()
    assert len(table.game.history) > moved, "the bot plays Bo's seat"
    assert table.game.current_seat != 1 or table.game.is_over
    old = Client(table, TOKENS["1"])
    assert old.closed == [(codes.CLOSE_BAD_TOKEN, "bad token")], "the old link is refused"
    bo = Client(table, table.tokens.seat(1))  # the new link opens the seat: a bot plays it for now
    assert bo.frames_of("welcome")[0]["seat"] == 1
    assert bo.legal["seat"] is None
    table.give_to_human(1)
    assert json.loads(sidecar_path(save).read_text())["seats"][1] == "human"
    assert Table.restore(save).kinds == ["human", "human", "bot", "bot"]
    _until_seat_acts(table, [ada, bo], 1, rng)
    assert bo.my_turn()
    assert not [f for f in bo.act(choose(bo, rng)) if f["type"] == "refused"]


def test_a_bots_seat_given_to_a_human_gets_a_token_of_its_own() -> None:
    table = new_table(seed=8)
    assert table.tokens.seat(2) == TOKENS["2"]  # the fixed tokens name every seat
    fresh = Table(table.game.fork(), {"Ada": "human", "Bo": "bot", "Cy": "bot", "Di": "bot"})
    assert fresh.tokens.seat(1) is None
    fresh.give_to_human(1)
    token = fresh.tokens.seat(1)
    assert token is not None
    assert len(token) == 32
    bo = Client(fresh, token)
    assert bo.frames_of("welcome")[0]["seat"] == 1
    assert bo.state["table"]["seats"][1] == {"name": "Bo", "kind": "human", "connected": True}


def test_give_to_bot_names_the_bot_and_checks_the_seat() -> None:
    table = new_table(seed=8)
    table.give_to_bot(0, "random")
    assert table.kinds[0] == "bot"
    with pytest.raises(ValueError, match="unknown bot"):
        table.give_to_bot(1, "wizard")
    assert table.kinds[1] == "human", "a refused change changes nothing"
    with pytest.raises(ValueError, match=r"a seat is a number 0\.\.3"):
        table.give_to_human(4)


def test_scripted_dice_decide_the_next_rolls_whoever_rolls() -> None:
    table = new_table(seed=10)
    ada, bo = Client(table, TOKENS["0"]), Client(table, TOKENS["1"])
    rng = random.Random(10)
    while table.game.phase != "roll":
        table.advance_bots()
        client = next((c for c in (ada, bo) if c.my_turn()), None)
        if client is not None:
            client.act(choose(client, rng))
    table.script_dice((6, 5), (1, 1))
    rolled: list[list[int]] = []
    while len(rolled) < 2:
        roller = next((c for c in (ada, bo) if c.my_turn()), None)
        if roller is not None and "roll" in roller.legal["actions"]:
            roller.act({"kind": "roll"})
            rolled.append(ada.state["dice"])
        elif roller is not None:
            roller.act(choose(roller, rng))
        else:
            before = [e for e in table.game.history if type(e[0]).__name__ == "RollDice"]
            table.play_one_bot_move()
            after = [e for e in table.game.history if type(e[0]).__name__ == "RollDice"]
            if len(after) > len(before):
                rolled.append(ada.state["dice"])
    assert rolled == [[6, 5], [1, 1]]
    with pytest.raises(ValueError, match="a pair of dice"):
        table.script_dice((7, 1))


def test_a_bots_seat_cannot_be_moved_by_its_old_link() -> None:
    table = new_table(seed=12, seats={"Ada": "human", "Bo": "bot", "Cy": "bot", "Di": "bot"})
    table.give_to_bot(0, rotate=False)  # the link kept: it watches the bot, it cannot move
    ada = Client(table, TOKENS["0"])
    answer = ada.act({"kind": "roll"})
    assert answer[0]["type"] == "refused"
    assert answer[0]["code"] == codes.NOT_YOUR_TURN
    table.give_to_bot(0)  # rotated: the old link's connection is closed, and it opens nothing
    assert ada.closed == [(codes.CLOSE_BAD_TOKEN, "this link was replaced")]
    assert Client(table, TOKENS["0"]).closed == [(codes.CLOSE_BAD_TOKEN, "bad token")]
