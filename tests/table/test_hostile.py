"""A hostile-client fuzz: over 10,000 seeded frames of junk and mischief, sent among the real
moves of a game by every kind of connection.

Each frame is one of: random bytes, broken JSON, a frame over 16 KiB, JSON nested too deep,
wrong types and fields, made-up or mangled actions, another seat's moves, stale and future
versions, moves from a spectator or the teacher, settings out of range, unknown languages (and
known ones: a seat's own words change, nobody else's), hellos with bad tokens, and floods faster
than the rate limit.  For every frame: no exception escapes (nothing is logged as a failure),
and a refused frame changes nothing (the game's save is byte-identical), is answered to its
sender alone (every other connection receives nothing) and carries a code of
docs/table-protocol.md.
"""

from __future__ import annotations

import json
import logging
import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from catan_widget.table import codes
from catan_widget.widget.view import unpack_actions

from .helpers import TOKENS, Client, choose, new_table

FRAMES = 10_500


class Clock:
    """A second further on every reading, unless frozen (a flood)."""

    def __init__(self) -> None:
        self.now, self.frozen = 0.0, False

    def __call__(self) -> float:
        if not self.frozen:
            self.now += 1.0
        return self.now


def _junk_bytes(rng: random.Random, _: Any) -> Any:
    return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))


def _broken_json(rng: random.Random, _: Any) -> Any:
    good = json.dumps({"type": "intent", "body": {"type": "act", "version": 3, "action": {"kind": "roll"}}})
    cut = rng.randrange(1, len(good))
    return rng.choice([good[:cut], good[cut:], good.replace('"', "'"), "{" * 20, "nul", "[1, 2,]", "\ud800"])


def _huge(rng: random.Random, _: Any) -> Any:
    pad = "x" * (16 * 1024 + rng.randrange(1, 5000))
    return rng.choice([pad, json.dumps({"type": "ping", "pad": pad}), pad.encode()])


def _deep(rng: random.Random, _: Any) -> Any:
    depth = rng.choice([100, 3000, 7000])
    return rng.choice(["[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth])


def _wrong_types(rng: random.Random, c: Client) -> Any:
    v = c.state["version"] if c.conn.role is not None else 0
    return rng.choice(
        [
            [1, 2, 3],
            "just a string",
            12,
            None,
            {"type": 7},
            {"type": None},
            {"type": "dance"},
            {"type": "hello", "token": TOKENS["0"], "protocol": 1},
            {"type": "ping", "extra": 1},
            {"type": "intent"},
            {"type": "intent", "body": [1]},
            {"type": "intent", "body": "roll"},
            {"type": "intent", "body": {"type": "act", "version": str(v), "action": {"kind": "roll"}}},
            {"type": "intent", "body": {"type": "act", "version": v, "action": "roll"}},
            {"type": "intent", "body": {"type": "act", "version": v, "action": {"kind": 3}}},
            {"type": "intent", "body": {"type": "act", "version": v, "action": {}, "more": 1}},
            {"type": "intent", "body": {"type": "dialog", "open": "yes"}},
            {"type": "intent", "body": {"type": "new_game", "version": v}},
            {"type": "intent", "body": {"type": "act", "version": 2**200, "action": {"kind": "end_turn"}}},
            {"type": "set", "name": "theme", "value": "neon"},
            {"type": "set", "name": "show_counting", "value": 1},
            {"type": "set", "name": "hint_request", "value": -4},
            {"type": "set", "name": "bot_delay", "value": 0},
            {"type": "set", "name": "view", "value": -1},
            {"type": "set", "name": ["theme"], "value": "dark"},
            {"type": "set", "name": "theme"},
            {"type": "language", "language": "xx"},
            {"type": "language", "language": 5},
            {"type": "language", "language": "e" * 60},
            {"type": "language"},
            {"type": "language", "language": "en", "more": 1},
            {"type": "language", "language": rng.choice(["en", "en-XA"])},  # good: its sender's words only
            {"type": "hello", "token": TOKENS["0"], "protocol": 1, "language": "xx"},
        ]
    )


def _mangled_action(rng: random.Random, c: Client) -> Any:
    actions = unpack_actions(c.legal["actions"]) or [{"kind": "end_turn"}]
    action = dict(rng.choice(actions))
    junk: list[Any] = [-1, 999, 2**70, 1.5, "12", True, None, [], {}, "ore", "x" * 70]
    if rng.random() < 0.3:
        action["kind"] = rng.choice(["steal_all", "build_castle", "", "undo", "roll "])
    fields = [k for k in action if k != "kind"] or ["node"]
    action[rng.choice([*fields, "extra"])] = rng.choice(junk)
    if rng.random() < 0.2:
        action = {"kind": "discard", "cards": {rng.choice(["ore", "gold"]): rng.choice(junk)}}
    if rng.random() < 0.2:
        action = {"kind": "offer_trade", "give": {"ore": 9}, "want": {"wool": rng.choice(junk)}, "to": 7}
    return {"type": "intent", "body": {"type": "act", "version": c.state["version"], "action": action}}


def _stale(rng: random.Random, c: Client) -> Any:
    actions = unpack_actions(c.legal["actions"]) or [{"kind": "roll"}]
    version = c.state["version"] + rng.choice([-1, -2, -5, -60, -500, 1, 7, 10**6])
    return {"type": "intent", "body": {"type": "act", "version": version, "action": rng.choice(actions)}}


Maker = Callable[[random.Random, Client], Any]
JUNK: list[Maker] = [_junk_bytes, _broken_json, _huge, _deep, _wrong_types, _mangled_action, _stale]


class Fuzz:
    """The table, its clients and the checks made after each frame."""

    def __init__(self, seed: int, save: Path) -> None:
        self.rng = random.Random(seed)
        self.save = save
        self.table = new_table(seed=seed, offer_timeout=None, save=save)
        self.clock = Clock()
        self.clients: dict[str, Client] = {}
        for name in ("0", "1", "spectator", "teacher"):
            self.reconnect(name)
        self.refusals: dict[str, int] = {}
        self.games = 1
        self.frames = self.departures = self.moves = 0

    def reconnect(self, name: str) -> Client:
        client = Client(self.table, clock=self.clock)
        client.hello(TOKENS[name])
        self.clients[name] = client
        return client

    def client(self, name: str) -> Client:
        c = self.clients[name]
        return c if not c.conn.closed else self.reconnect(name)

    def send(self, sender: Client, frame: Any, *, may_change: bool = False) -> list[dict[str, Any]]:
        """Send one frame and check what it may and may not do."""
        self.frames += 1
        whole = self.frames % 25 == 0  # the save on disk every frame, the game's own every 25th
        save = self.save.read_bytes(), self.table.game.to_json() if whole else None
        others = {id(c): len(c.frames) for c in self.clients.values() if c is not sender}
        was_open = not sender.conn.closed
        acting = self.table.game.current_seat
        answer = sender.send(frame)
        refused = [f for f in answer if f["type"] == "refused"]
        for f in refused:
            assert f["code"] in codes.REFUSALS, f
            assert isinstance(f["reason"], str)
            assert f["reason"]
            self.refusals[f["code"]] = self.refusals.get(f["code"], 0) + 1
        after = self.save.read_bytes(), self.table.game.to_json() if whole else None
        if after != save:  # only a move of the acting seat's own, accepted
            assert not refused, (frame, answer)
            assert sender.conn.role == codes.PLAYER
            assert sender.conn.seat == acting
            assert isinstance(frame, dict)
            assert frame["type"] == "intent"
            self.moves += not may_change
        else:
            now = {id(c): len(c.frames) for c in self.clients.values() if c is not sender}
            if was_open and sender.conn.closed and sender.conn.role is not None:
                # closed for refusing too often: the others see only that the seat went away
                assert sender.closed[-1][0] == codes.CLOSE_REFUSED
                assert all(now[k] - others[k] <= 1 for k in now)
                self.departures += 1
            else:
                assert now == others, (frame, answer)
        return answer

    def play_a_real_move(self) -> None:
        self.table.advance_bots()
        if self.table.game.is_over:
            self.table.new_game()
            self.games += 1
            return
        for name in ("0", "1"):
            c = self.client(name)
            if c.my_turn():
                self.send(c, {"type": "intent", "body": _body(c, choose(c, self.rng))}, may_change=True)
                return

    def hostile_frame(self) -> None:
        rng = self.rng
        roll = rng.random()
        if roll < 0.08:  # a stranger with a bad token (a fresh connection each time)
            stranger = Client(self.table, clock=self.clock)
            token = rng.choice(["", "x" * 32, TOKENS["0"][:-1] + "?", TOKENS["0"].upper(), 7, None])
            answer = self.send(stranger, {"type": "hello", "token": token, "protocol": 1})
            assert [f["code"] for f in answer] == [codes.BAD_TOKEN]
            assert stranger.closed == [(codes.CLOSE_BAD_TOKEN, "bad token")]
            return
        if roll < 0.12:  # a frame before the hello
            stranger = Client(self.table, clock=self.clock)
            frame = rng.choice(JUNK)(rng, self.client("spectator"))
            if isinstance(frame, dict) and frame.get("type") == "hello":
                frame["type"] = "intent"  # a good hello is no junk
            answer = self.send(stranger, frame)
            assert answer
            assert all(f["type"] == "refused" for f in answer)
            return
        if roll < 0.15:  # a flood: the clock stands still
            sender = self.client(rng.choice(["0", "1", "spectator"]))
            self.clock.frozen = True
            try:
                for _ in range(rng.randrange(41, 60)):
                    if sender.conn.closed:
                        break
                    self.send(sender, {"type": "ping"})
            finally:
                self.clock.frozen = False
            return
        name = rng.choice(["0", "1", "spectator", "teacher"])
        sender = self.client(name)
        if roll < 0.35:  # the moves of whoever acts, sent by someone else
            acting = next((c for c in self.clients.values() if c.my_turn()), None)
            if acting is not None and acting is not sender and not acting.conn.closed:
                action = rng.choice(unpack_actions(acting.legal["actions"]) or [{"kind": "end_turn"}])
                body = {"type": "act", "version": sender.state["version"], "action": action}
                answer = self.send(sender, {"type": "intent", "body": body})
                expected = codes.NOT_YOUR_TURN if name in ("0", "1") else codes.SPECTATING
                assert answer[0]["code"] == expected, answer
                if name in ("0", "1"):  # a seat is shown why; a spectator's costs a code only
                    assert sender.conn.closed or answer[1]["state"]["error"]
                else:
                    assert len(answer) == 1, answer
                return
        self.send(sender, rng.choice(JUNK)(rng, sender))


def _body(c: Client, action: dict[str, Any]) -> dict[str, Any]:
    return {"type": "act", "version": c.state["version"], "action": action}


@pytest.mark.parametrize("seed", [31])
def test_ten_thousand_hostile_frames_change_nothing_and_reach_nobody_else(
    seed: int, caplog: pytest.LogCaptureFixture, tmp_path: Path
) -> None:
    folder = Path("/dev/shm") if Path("/dev/shm").is_dir() else tmp_path  # memory: no disk syncs
    with tempfile.TemporaryDirectory(dir=folder) as where:
        _fuzz(seed, Path(where) / "game.json", caplog)


def _fuzz(seed: int, save: Path, caplog: pytest.LogCaptureFixture) -> None:
    fuzz = Fuzz(seed, save)
    with caplog.at_level(logging.ERROR, logger="catan_widget"):
        while fuzz.frames < FRAMES:
            if fuzz.rng.random() < 0.25:
                fuzz.play_a_real_move()
            else:
                fuzz.hostile_frame()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], "no frame made the table fail"
    assert fuzz.frames >= 10_000
    assert fuzz.games > 1, "the game went on among the junk, to its end"
    assert set(codes.REFUSALS) <= set(fuzz.refusals), f"each kind of refusal was met: {fuzz.refusals}"
