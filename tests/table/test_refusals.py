"""Each refusal of docs/table-protocol.md, answered to its sender only, and the closes."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from catan_widget.table import codes, connection

from .helpers import TOKENS, Client, choose, new_table


def _codes(frames: list[dict]) -> list[str]:
    return [f["code"] for f in frames if f["type"] == "refused"]


def test_a_bad_token_is_refused_and_the_connection_closed() -> None:
    table = new_table()
    stranger = Client(table)
    assert _codes(stranger.hello("x" * 32)) == [codes.BAD_TOKEN]
    assert stranger.closed == [(codes.CLOSE_BAD_TOKEN, "bad token")]
    assert stranger.send({"type": "ping"}) == [], "a closed connection hears nothing more"
    assert table.connections == []


def test_frames_before_the_hello_are_refused() -> None:
    table = new_table()
    c = Client(table)
    assert _codes(c.send({"type": "ping"})) == [codes.NOT_HELLO]
    assert _codes(c.send({"type": "hello", "token": TOKENS["0"], "protocol": 2})) == [codes.BAD_TYPE]
    assert _codes(c.send(b"\xff\xfe")) == [codes.BAD_JSON]
    assert [f["type"] for f in c.hello(TOKENS["0"])] == ["welcome", "view"]
    assert _codes(c.hello(TOKENS["0"])) == [codes.BAD_TYPE]


def test_size_json_type_and_settings() -> None:
    table = new_table()
    c = Client(table, TOKENS["0"])
    assert _codes(c.send("x" * (16 * 1024 + 1))) == [codes.TOO_BIG]
    assert _codes(c.send("é" * (8 * 1024 + 1))) == [codes.TOO_BIG], "measured in UTF-8 bytes"
    assert _codes(c.send("{")) == [codes.BAD_JSON]
    assert _codes(c.send("[" * 5000 + "]" * 5000)) == [codes.BAD_JSON]
    assert _codes(c.send({"type": "shout"})) == [codes.BAD_TYPE]
    assert _codes(c.send({"type": "ping", "x": 1})) == [codes.BAD_TYPE]
    assert c.send({"type": "ping"}) == [{"type": "pong"}]
    assert _codes(c.send({"type": "set", "name": "bot_delay", "value": 0})) == [codes.BAD_SETTING]
    assert _codes(c.send({"type": "set", "name": "theme", "value": "neon"})) == [codes.BAD_SETTING]
    assert c.send({"type": "set", "name": "theme", "value": "dark"}) == [], "the front-end's own"


def test_a_flood_is_refused_by_the_rate_limit() -> None:
    table = new_table()
    c = Client(table, TOKENS["0"], clock=lambda: 5.0)  # the clock stands still
    answers = [c.send({"type": "ping"}) for _ in range(44)]
    assert answers[:39] == [[{"type": "pong"}]] * 39, "40 frames at once, the hello included"
    assert [_codes(a) for a in answers[39:]] == [[codes.RATE]] * 5


def test_fifty_refusals_in_a_row_close_the_connection() -> None:
    table = new_table()
    ada, bo = Client(table, TOKENS["0"]), Client(table, TOKENS["1"])
    for _ in range(49):
        ada.send("junk")
    assert ada.closed == []
    ada.send({"type": "set", "name": "show_pips", "value": True})  # accepted: the count starts again
    for _ in range(49):
        ada.send("junk")
        ada.send({"type": "ping"})  # answered, but a ping does not hide a streak
    assert ada.closed == []
    ada.send("junk")
    assert ada.closed == [(codes.CLOSE_REFUSED, "refused too often")]
    assert bo.state["table"]["seats"][0]["connected"] is False


def test_no_hello_in_time_closes_the_connection(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(connection, "HELLO_SECONDS", 0.05)

    async def wait() -> tuple[list, list]:
        table = new_table()
        late, quick = Client(table), Client(table)
        quick.hello(TOKENS["0"])
        await asyncio.sleep(0.2)
        return late.closed, quick.closed

    late, quick = asyncio.run(wait())
    assert late == [(codes.CLOSE_NO_HELLO, "no hello in time")]
    assert quick == []


def test_moves_of_another_seat_or_a_spectator_are_refused_to_them_alone() -> None:
    table = new_table(seed=3)
    ada, bo = Client(table, TOKENS["0"]), Client(table, TOKENS["1"])
    spectator, teacher = Client(table, TOKENS["spectator"]), Client(table, TOKENS["teacher"])
    table.advance_bots()
    mover, other = (ada, bo) if ada.my_turn() else (bo, ada)
    action = choose(mover, random.Random(1))
    counts = [len(c.frames) for c in (mover, spectator, teacher)]
    answer = other.act(action, version=mover.state["version"])
    assert _codes(answer) == [codes.NOT_YOUR_TURN]
    assert answer[0]["intent_version"] == mover.state["version"], "which move of theirs it answers"
    assert answer[1]["type"] == "view"
    assert answer[1]["state"]["error"] == table.game.waiting_text()
    assert [len(c.frames) for c in (mover, spectator, teacher)] == counts
    for watcher in (spectator, teacher):
        answer = watcher.act(action)
        assert _codes(answer) == [codes.SPECTATING]
        assert len(answer) == 1, "a code, not a whole view"
    assert [len(c.frames) for c in (mover,)] == counts[:1]
    assert not _codes(mover.act(action)), "the refusals elsewhere left the mover's view current"


def test_an_illegal_or_malformed_move_of_ones_own() -> None:
    table = new_table(seed=3)
    ada, bo = Client(table, TOKENS["0"]), Client(table, TOKENS["1"])
    table.advance_bots()
    mover = ada if ada.my_turn() else bo
    made_on = mover.state["version"]
    answer = mover.act({"kind": "build_city", "node": 0})
    assert _codes(answer) == [codes.ILLEGAL]
    assert answer[1]["state"]["error"] == answer[0]["reason"]
    assert answer[0]["intent_version"] == made_on
    assert set(answer[0]) == {"type", "code", "reason", "intent_version"}
    assert _codes(mover.act({"kind": "build_city", "node": "zero"})) == [codes.BAD_INTENT]
    unstamped = mover.send({"type": "intent", "body": {"type": "act"}})
    assert _codes(unstamped) == [codes.BAD_INTENT]
    assert "intent_version" not in unstamped[0], "no version to name"
    stamped_badly = mover.send({"type": "intent", "body": {"type": "act", "version": True, "action": {}}})
    assert "intent_version" not in stamped_badly[0], "a whole number only"
    before = mover.state["version"]
    assert not _codes(mover.act(choose(mover, random.Random(2)), version=before))


def test_a_double_click_is_dropped_silently() -> None:
    table = new_table(seed=3)
    ada, bo = Client(table, TOKENS["0"]), Client(table, TOKENS["1"])
    table.advance_bots()
    mover, other = (ada, bo) if ada.my_turn() else (bo, ada)
    version = mover.state["version"]
    action = choose(mover, random.Random(3))
    mover.act(action, version=version)
    moves = len(table.game.history)
    others = len(other.frames)
    newest = mover.state["version"]
    answer = mover.act(action, version=version)  # the same click again, on the old view
    assert [f["type"] for f in answer] == ["view"]
    assert answer[0]["state"]["error"] is None
    assert answer[0]["state"]["version"] > newest, "a version of its own: the front-end resyncs"
    assert len(table.game.history) == moves
    assert len(other.frames) == others


def test_a_new_game_after_the_end_welcomes_everyone_again() -> None:
    table = new_table(seed=4, seats=["bot", "bot", "bot", "bot"])
    watcher = Client(table, TOKENS["spectator"])
    table.advance_bots()
    assert table.game.is_over
    seed = table.game.seed
    table.new_game()
    assert table.game.seed != seed
    assert [json.loads(f)["type"] for f in watcher.frames[-2:]] == ["welcome", "view"]
    assert watcher.state["phase"] == "setup_settlement"


def test_a_dialog_of_anyones_is_taken_quietly() -> None:
    table = new_table(seed=3)
    spectator, ada = Client(table, TOKENS["spectator"]), Client(table, TOKENS["0"])
    dialog = {"type": "intent", "body": {"type": "dialog", "open": True}}
    assert spectator.send(dialog) == []
    assert ada.send(dialog) == []
    bad = {"type": "intent", "body": {"type": "dialog", "open": 1}}
    assert _codes(spectator.send(bad)) == [codes.BAD_INTENT]
