"""Clients of a table driven directly: ``Connection.receive`` with a list as ``send``.

A :class:`Client` keeps every frame the table sent it, reads its newest view, and sends hellos,
moves and settings the way the front-end does.  Its rate limit runs on a clock that advances a
second per frame, so a test is never refused for speed unless it floods on purpose.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

from catan_widget import Game
from catan_widget.table import Connection, Table
from catan_widget.widget.view import unpack_actions

NAMES = ["Ada", "Bo", "Cy", "Di"]
TWO_HUMANS = {"Ada": "human", "Bo": "human", "Cy": "bot", "Di": "bot"}
TOKENS = {
    "0": "seat0-token-aaaaaaaaaaaaaaaaaaaaaaa",
    "1": "seat1-token-bbbbbbbbbbbbbbbbbbbbbbb",
    "2": "seat2-token-ccccccccccccccccccccccc",
    "3": "seat3-token-ddddddddddddddddddddddd",
    "spectator": "spectator-token-eeeeeeeeeeeeeeeee",
    "teacher": "teacher-token-fffffffffffffffffffff",
}


def seconds() -> Iterator[float]:
    """A clock a second further on each reading."""
    return itertools.count(0.0, 1.0)


class Client:
    """One connection to ``table``, its frames collected in ``frames``."""

    def __init__(
        self, table: Table, token: str | None = None, clock: Callable[[], float] | None = None
    ) -> None:
        self.table = table
        self.frames: list[str] = []
        self.closed: list[tuple[int, str]] = []
        if clock is None:
            ticks = seconds()
            clock = lambda: next(ticks)  # noqa: E731
        self.conn: Connection = table.connect(self.frames.append, self._close, clock=clock)
        if token is not None:
            self.hello(token)

    def _close(self, code: int, reason: str) -> None:
        self.closed.append((code, reason))

    def send(self, frame: Any) -> list[dict[str, Any]]:
        """Send one frame (a value is sent as JSON); the frames that came back."""
        before = len(self.frames)
        self.conn.receive(frame if isinstance(frame, (str, bytes)) else json.dumps(frame))
        return [json.loads(f) for f in self.frames[before:]]

    def hello(self, token: str) -> list[dict[str, Any]]:
        return self.send({"type": "hello", "token": token, "protocol": 1})

    def frames_of(self, kind: str) -> list[dict[str, Any]]:
        return [f for f in map(json.loads, self.frames) if f["type"] == kind]

    @property
    def view(self) -> dict[str, Any]:
        """The newest view."""
        for text in reversed(self.frames):
            frame: dict[str, Any] = json.loads(text)
            if frame["type"] == "view":
                return frame
        raise AssertionError("no view received")

    @property
    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = self.view["state"]
        return state

    @property
    def legal(self) -> dict[str, Any]:
        legal: dict[str, Any] = self.view["legal"]
        return legal

    def act(self, action: dict[str, Any], version: int | None = None) -> list[dict[str, Any]]:
        """Send ``action`` on the newest version (or ``version``)."""
        v = self.state["version"] if version is None else version
        return self.send({"type": "intent", "body": {"type": "act", "version": v, "action": action}})

    def my_turn(self) -> bool:
        return self.legal["seat"] is not None and self.legal["seat"] == self.conn.seat


def choose(client: Client, rng: random.Random) -> dict[str, Any]:
    """A legal move for the client's seat, from its own newest view only."""
    legal, state = client.legal, client.state
    seat = legal["seat"]
    if legal["discard"]:
        need, cards = legal["discard"], {}
        for resource, count in state["players"][seat]["resources"].items():
            take = min(count, need)
            if take:
                cards[resource], need = take, need - take
        return {"kind": "discard", "cards": cards}
    actions = unpack_actions(legal["actions"])
    trade = state["trade"]
    if trade is not None and any(a["kind"] == "accept_trade" for a in actions):
        return {"kind": rng.choice(["accept_trade", "decline_trade"])}
    quiet = [a for a in actions if a["kind"] not in ("maritime_trade",)] or actions
    return rng.choice(quiet)


def new_table(seed: int = 1, seats: Any = None, players: int = 4, **options: Any) -> Table:
    """A table with fixed tokens, no bot delay and no offer countdown unless given."""
    game = Game(NAMES[:players], seed=seed)
    options.setdefault("bot_delay", 0)
    options.setdefault("offer_timeout", None)
    options.setdefault("table_id", "t1")
    options.setdefault("tokens", {k: v for k, v in TOKENS.items() if not k.isdigit() or int(k) < players})
    return Table(game, TWO_HUMANS if seats is None else seats, **options)
