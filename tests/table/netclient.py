"""Real WebSocket clients for the table server's tests (websockets' own asyncio client)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from catan_widget import Game
from catan_widget.table.server import TableServer
from catan_widget.table.table import Table

NAMES = ["Ada", "Bo", "Cy", "Di"]
RESOURCES = ("lumber", "brick", "wool", "grain", "ore")
WAIT = 10.0


def ws_url(server: TableServer, table: Table) -> str:
    return f"ws://127.0.0.1:{server.port}/ws/{table.id}"


@contextlib.asynccontextmanager
async def serving(*tables: Table, **options: Any) -> AsyncIterator[TableServer]:
    """A started server on 127.0.0.1 holding ``tables`` (stopped, its tables too, on exit)."""
    server = TableServer(tables, bind="127.0.0.1", port=0, **options)
    await server.open()
    for t in tables:
        t.start()
    try:
        yield server
    finally:
        for t in tables:
            t.close()
        await asyncio.wait_for(server.aclose(), WAIT)


def new_table(seats: Sequence[str] = ("human", "human", "human", "human"), seed: int = 3, **kw: Any) -> Table:
    kw.setdefault("bot_delay", 0.0)
    return Table(Game(players=NAMES[: len(seats)], seed=seed), list(seats), **kw)


class Client:
    """One WebSocket to a table: every frame it got, and helpers to wait for the next ones."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.frames: list[dict[str, Any]] = []
        self.texts: list[str] = []
        self._new = asyncio.Event()
        self._reader = asyncio.get_running_loop().create_task(self._read())
        self.seen = 0  # frames handed out by next()

    @classmethod
    async def open(cls, url: str, token: str | None = None, **kw: Any) -> Client:
        ws = await connect(url, max_size=2**22, open_timeout=WAIT, **kw)
        client = cls(ws)
        if token is not None:
            await client.hello(token)
        return client

    async def _read(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for text in self.ws:
                assert isinstance(text, str)
                self.texts.append(text)
                self.frames.append(json.loads(text))
                self._new.set()
        self._new.set()

    async def hello(self, token: str) -> dict[str, Any]:
        await self.send({"type": "hello", "token": token, "protocol": 1})
        return await self.next("welcome")

    async def send(self, frame: Any) -> None:
        await self.ws.send(frame if isinstance(frame, (str, bytes)) else json.dumps(frame))

    async def next(self, kind: str | None = None, timeout: float = WAIT) -> dict[str, Any]:
        """The next frame not yet handed out (of ``kind`` when given: others are skipped)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            while self.seen < len(self.frames):
                frame = self.frames[self.seen]
                self.seen += 1
                if kind is None or frame["type"] == kind:
                    return frame
            if self._reader.done():
                raise AssertionError(f"closed ({self.ws.close_code}) while waiting for {kind}")
            self._new.clear()
            left = end - loop.time()
            if left <= 0:
                raise AssertionError(f"no {kind or 'frame'} within {timeout} s")
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._new.wait(), left)

    def drain(self) -> None:
        """Count every frame received so far as handed out."""
        self.seen = len(self.frames)

    def last_view(self) -> dict[str, Any]:
        return next(f for f in reversed(self.frames) if f["type"] == "view")

    async def closed(self, timeout: float = WAIT) -> int | None:
        """Wait until the server closed this connection; its close code."""
        await asyncio.wait_for(self._reader, timeout)
        return self.ws.close_code

    async def act(self, action: dict[str, Any]) -> None:
        version = self.last_view()["state"]["version"]
        await self.send({"type": "intent", "body": {"type": "act", "version": version, "action": action}})

    async def close(self) -> None:
        await self.ws.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._reader, WAIT)


def game_part(view: dict[str, Any]) -> dict[str, Any]:
    """A view less what moves when nothing in the game did: its versions and who is connected."""
    state = {k: v for k, v in view["state"].items() if k not in ("version", "table")}
    legal = {k: v for k, v in view["legal"].items() if k != "version"}
    return {"state": state, "legal": legal}


def unchanged_since(client: Client, count: int) -> bool:
    """True when every view ``client`` got after its first ``count`` frames shows the same game."""
    before = game_part(next(f for f in reversed(client.frames[:count]) if f["type"] == "view"))
    return all(game_part(f) == before for f in client.frames[count:] if f["type"] == "view")


def actions_of(legal: dict[str, Any]) -> list[dict[str, Any]]:
    """``legal.actions`` unpacked (docs/protocol.md): one dict per action."""
    out = []
    for kind, columns in (legal.get("actions") or {}).items():
        if not columns:
            out.append({"kind": kind})
            continue
        fields = list(columns)
        out.extend({"kind": kind, **dict(zip(fields, vs))} for vs in zip(*(columns[f] for f in fields)))
    return out


def choose(view: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any] | None:
    """A legal move for ``seat`` read from its own view only (None: nothing to do)."""
    legal, state = view["legal"], view["state"]
    if legal.get("seat") != seat:
        return None
    if legal.get("discard"):
        hand = dict(state["players"][seat].get("resources") or {})
        cards: dict[str, int] = {}
        for _ in range(legal["discard"]):
            r = rng.choice([r for r in RESOURCES if hand.get(r, 0) > 0])
            hand[r] -= 1
            cards[r] = cards.get(r, 0) + 1
        return {"kind": "discard", "cards": cards}
    acts = actions_of(legal)
    return rng.choice(acts) if acts else None


async def settle(clients: Sequence[Client], quiet: float = 0.15) -> None:
    """Wait until no client received a frame for ``quiet`` seconds (bounded)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + WAIT
    counts = [len(c.frames) for c in clients]
    while loop.time() < end:
        await asyncio.sleep(quiet)
        now = [len(c.frames) for c in clients]
        if now == counts:
            return
        counts = now


def run(main: Callable[[], Any], timeout: float = 120.0) -> Any:
    """Run the coroutine function ``main`` on a new loop, bounded in time."""

    async def bounded() -> Any:
        return await asyncio.wait_for(main(), timeout)

    return asyncio.run(bounded())
