"""Take a seat at a table server from Python: a WebSocket client of docs/table-protocol.md.

A script, a test or a load benchmark joins a table as a browser does: it opens
``ws://host:port/ws/<table>``, says ``hello`` with its seat's token and from then on receives a
``view`` (its seat's ``state`` and ``legal``, built from its own observation) after every change.
:class:`TableClient` keeps every frame it got, hands them out in order (:meth:`TableClient.next`)
and sends moves as ``act`` intents stamped with the newest view's version::

    async with await TableClient.open(url, token) as seat:
        await seat.next("view")
        while seat.state["winner"] is None:
            move = random_move(seat.state, seat.legal, seat.seat, rng)
            if move is None:
                await seat.next("view")  # another seat's turn: wait for a change
            else:
                await seat.play(move)  # the view after it, or the table's refusal

Moves are the dicts ``legal.actions`` lists (:func:`catan_widget.widget.view.unpack_actions`);
the table judges them, so a wrong one comes back as a ``refused`` frame, never applied.  Needs
the ``table`` extra (``websockets``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from types import TracebackType
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from ..engine.constants import RESOURCES
from ..widget.view import unpack_actions
from . import codes

WAIT = 10.0
"""Seconds :meth:`TableClient.next` and the opening wait by default."""
MAX_FRAME = 2**22
"""The largest frame accepted from the server, bytes (a view is a few KB; a board about 11)."""
UNFORCED = frozenset({"end_turn", "maritime_trade", "decline_trade"})
"""Moves :func:`random_move` counts as passing rather than building (for ``builds=``)."""


class TableClientError(RuntimeError):
    """The connection closed, or a frame did not come, while a :class:`TableClient` waited."""


class TableClient:
    """One WebSocket to a table: every frame it received, in order, and the seat's newest view.

    ``frames`` holds the frames parsed, ``texts`` the same as received; :meth:`next` hands them
    out one by one (``seen`` counts those handed out).  Use :meth:`open` to connect.
    """

    def __init__(self, ws: ClientConnection) -> None:
        """Wrap an open connection (:meth:`open` makes one) and start reading it."""
        self.ws = ws
        self.frames: list[dict[str, Any]] = []
        self.texts: list[str] = []
        self.seen = 0
        self.seat: int | None = None
        self._new = asyncio.Event()
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(cls, url: str, token: str | None = None, **options: Any) -> TableClient:
        """Connect to ``url`` (``ws://host:port/ws/<table>``); with ``token``, say hello and wait
        for the ``welcome``.  ``options`` go to :func:`websockets.asyncio.client.connect`.
        """
        options.setdefault("max_size", MAX_FRAME)
        options.setdefault("open_timeout", WAIT)
        client = cls(await connect(url, **options))
        if token is not None:
            await client.hello(token)
        return client

    async def __aenter__(self) -> TableClient:
        """The client itself; it is closed on leaving the block."""
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None
    ) -> None:
        """Close the connection."""
        await self.close()

    async def _read(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for text in self.ws:
                if not isinstance(text, str):
                    continue  # the protocol is text frames only
                self.texts.append(text)
                self.frames.append(json.loads(text))
                self._new.set()
        self._new.set()

    async def hello(self, token: str) -> dict[str, Any]:
        """Say hello with a seat's (or an onlooker's) token; the ``welcome`` frame."""
        await self.send({"type": "hello", "token": token, "protocol": codes.PROTOCOL})
        welcome = await self.next("welcome")
        self.seat = welcome["seat"]
        return welcome

    async def send(self, frame: Any) -> None:
        """Send ``frame``: a dict as JSON, a str or bytes as it is (tests send malformed ones)."""
        await self.ws.send(frame if isinstance(frame, (str, bytes)) else json.dumps(frame))

    async def next(self, kind: str | None = None, timeout: float = WAIT) -> dict[str, Any]:
        """The next frame not yet handed out (of ``kind`` when given: others are skipped).

        Raises :class:`TableClientError` when the connection closes first or nothing comes
        within ``timeout`` seconds.
        """
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            while self.seen < len(self.frames):
                frame = self.frames[self.seen]
                self.seen += 1
                if kind is None or frame["type"] == kind:
                    return frame
            if self._reader.done():
                raise TableClientError(f"closed ({self.ws.close_code}) while waiting for {kind or 'a frame'}")
            self._new.clear()
            left = end - loop.time()
            if left <= 0:
                raise TableClientError(f"no {kind or 'frame'} within {timeout} s")
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._new.wait(), left)

    def drain(self) -> None:
        """Count every frame received so far as handed out."""
        self.seen = len(self.frames)

    def last_view(self) -> dict[str, Any]:
        """The newest ``view`` frame received (StopIteration before the first)."""
        return next(f for f in reversed(self.frames) if f["type"] == "view")

    @property
    def state(self) -> dict[str, Any]:
        """The newest view's ``state`` (docs/protocol.md)."""
        state: dict[str, Any] = self.last_view()["state"]
        return state

    @property
    def legal(self) -> dict[str, Any]:
        """The newest view's ``legal``: the moves this seat may make now, packed."""
        legal: dict[str, Any] = self.last_view()["legal"]
        return legal

    def actions(self) -> list[dict[str, Any]]:
        """The moves of the newest view, one dict each (empty when it is not this seat's turn)."""
        return unpack_actions(self.legal.get("actions") or {})

    async def act(self, action: dict[str, Any]) -> None:
        """Send ``action`` (a dict of :meth:`actions`, or a discard) for the newest view."""
        version = self.state["version"]
        await self.send({"type": "intent", "body": {"type": "act", "version": version, "action": action}})

    async def play(self, action: dict[str, Any], timeout: float = WAIT) -> dict[str, Any]:
        """Send ``action`` (:meth:`act`) and wait for the table's answer: the next ``view``, or
        a ``refused`` frame naming why the move was not applied.
        """
        self.drain()
        await self.act(action)
        while True:
            frame = await self.next(timeout=timeout)
            if frame["type"] in ("view", "refused"):
                return frame

    async def closed(self, timeout: float = WAIT) -> int | None:
        """Wait until the server closed this connection; its close code."""
        await asyncio.wait_for(self._reader, timeout)
        return self.ws.close_code

    async def close(self) -> None:
        """Close the connection and wait for the reader to finish (bounded)."""
        await self.ws.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._reader, WAIT)


def random_move(
    state: dict[str, Any], legal: dict[str, Any], seat: int, rng: random.Random, builds: float = 0.0
) -> dict[str, Any] | None:
    """A legal move for ``seat`` read from its own view only, at random (None: nothing to do).

    A discard takes cards at random from the seat's hand; otherwise a move of ``legal.actions``,
    and with probability ``builds`` one that is not in :data:`UNFORCED` when there is one (a
    smoke test or a load run that wants games to move on).
    """
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
    acts = unpack_actions(legal.get("actions") or {})
    if not acts:
        return None
    if builds > 0:
        forward = [a for a in acts if a["kind"] not in UNFORCED]
        if forward and rng.random() < builds:
            return rng.choice(forward)
    return rng.choice(acts)
