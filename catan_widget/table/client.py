"""Take a seat at a table server from Python: a WebSocket client of docs/table-protocol.md.

A script, a test or a load benchmark joins a table as a browser does: it opens
``ws://host:port/ws/<table>``, says ``hello`` with its seat's token and from then on receives a
``view`` (its seat's ``state`` and ``legal``, built from its own observation) after every change.
:class:`TableClient` hands the frames it gets out in order (:meth:`TableClient.next`), keeps the
newest view, and sends moves as ``act`` intents stamped with that view's version::

    async with await TableClient.open(url, token) as seat:
        await seat.next("view")
        while seat.state["winner"] is None:
            move = random_move(seat.state, seat.legal, seat.seat, rng)
            if move is None:
                await seat.next("view")  # another seat's turn: wait for a change
            else:
                await seat.play(move)  # the view after it, or the table's refusal

Moves are the dicts ``legal.actions`` lists (:func:`catan_widget.widget.view.unpack_actions`);
the table judges them, so a wrong one comes back as a ``refused`` frame, never applied.  A
client keeps under the table's rate of frames by itself (a script plays as fast as the table
lets it, never refused for speed).  ``language=`` chooses the language of the seat's words
(the log, the prompt, the refusals' reasons); the table's by default.  Needs the ``table`` extra
(``websockets``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections import deque
from types import TracebackType
from typing import Any, Final

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from ..engine.constants import RESOURCES
from ..engine.knowledge.observation import Observation
from ..widget.view import unpack_actions
from . import codes
from .limits import BURST, RATE_PER_SECOND, TokenBucket
from .words import check_language

WAIT = 10.0
"""Seconds :meth:`TableClient.next` and the opening wait by default."""
MAX_FRAME = 2**22
"""The largest frame accepted from the server, bytes (a view is a few KB; a board about 11)."""
PACE: Final = (0.9 * RATE_PER_SECOND, BURST // 2)
"""The rate (frames a second) and burst a paced client keeps to: under the table's limits
(:mod:`.limits`), with room for frames the network bunches together."""
UNFORCED = frozenset({"end_turn", "maritime_trade", "decline_trade"})
"""Moves :func:`random_move` counts as passing rather than building (for ``builds=``)."""


class TableClientError(RuntimeError):
    """The connection closed, or a frame did not come, while a :class:`TableClient` waited."""


class TableClient:
    """One WebSocket to a table: the frames not yet handed out, in order, and the seat's newest
    view.  :meth:`next` hands frames out one by one; a long game holds no more than that, unless
    ``history`` keeps every frame too (``frames`` parsed, ``texts`` as received: for tests and
    debugging).  Use :meth:`open` to connect.
    """

    def __init__(self, ws: ClientConnection, *, history: bool = False, pace: bool = True) -> None:
        """Wrap an open connection (:meth:`open` makes one) and start reading it; ``pace``: keep
        under the table's rate of frames (:data:`PACE`), waiting before a send when needed.
        """
        self.ws = ws
        self.history = history
        self._bucket = TokenBucket(*PACE) if pace else None
        self.frames: list[dict[str, Any]] = []
        """Every frame received, parsed (only with ``history``)."""
        self.texts: list[str] = []
        """Every frame received, as text (only with ``history``)."""
        self.seat: int | None = None
        self.language: str | None = None
        """The language the table speaks to this client (its welcome's), once welcomed."""
        self._due: deque[dict[str, Any]] = deque()
        self._view: dict[str, Any] | None = None
        self._new = asyncio.Event()
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(
        cls,
        url: str,
        token: str | None = None,
        *,
        history: bool = False,
        pace: bool = True,
        language: str | None = None,
        **options: Any,
    ) -> TableClient:
        """Connect to ``url`` (``ws://host:port/ws/<table>``); with ``token``, say hello (in
        ``language``, when given) and wait for the ``welcome``.  ``history`` and ``pace`` as in
        the class; ``options`` go to :func:`websockets.asyncio.client.connect`.
        """
        options.setdefault("max_size", MAX_FRAME)
        options.setdefault("open_timeout", WAIT)
        client = cls(await connect(url, **options), history=history, pace=pace)
        if token is not None:
            await client.hello(token, language=language)
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
                frame = json.loads(text)
                if frame.get("type") == "view":
                    self._view = frame
                self._due.append(frame)
                if self.history:
                    self.texts.append(text)
                    self.frames.append(frame)
                self._new.set()
        self._new.set()

    async def hello(self, token: str, *, language: str | None = None) -> dict[str, Any]:
        """Say hello with a seat's (or an onlooker's) token, naming ``language`` when given;
        the ``welcome`` frame.  Raises :class:`TableClientError` when the table refuses the
        language (or closes, or says nothing).
        """
        frame: dict[str, Any] = {"type": "hello", "token": token, "protocol": codes.PROTOCOL}
        if language is not None:
            frame["language"] = language
        await self.send(frame)
        welcome = await self._welcomed(language)
        self.seat = welcome["seat"]
        return welcome

    async def set_language(self, language: str) -> dict[str, Any] | None:
        """Read ``language`` from now on (a ``language`` frame): the table's new ``welcome``
        (its ``words`` and board in that language; a ``view`` follows), or None when it is the
        language already.  Raises ValueError for a language there is no catalogue for here and
        :class:`TableClientError` when the table refuses it.
        """
        if check_language(language) == self.language:
            return None
        await self.send({"type": "language", "language": language})
        return await self._welcomed(language)

    async def _welcomed(self, language: str | None) -> dict[str, Any]:
        """The next ``welcome`` (other frames skipped); a ``bad_language`` refusal raises."""
        loop = asyncio.get_running_loop()
        end = loop.time() + WAIT
        while True:
            frame = await self.next(timeout=max(0.0, end - loop.time()))
            if frame["type"] == "welcome":
                self.language = frame.get("language")
                return frame
            if frame["type"] == "refused" and frame.get("code") == codes.BAD_LANGUAGE:
                raise TableClientError(f"the table refused the language {language!r}: {frame['reason']}")

    async def send(self, frame: Any) -> None:
        """Send ``frame``: a dict as JSON, a str or bytes as it is (tests send malformed ones);
        paced, it first waits until the table's rate allows one more frame.
        """
        while self._bucket is not None and not self._bucket.take():
            await asyncio.sleep(1.0 / PACE[0])
        await self.ws.send(frame if isinstance(frame, (str, bytes)) else json.dumps(frame))

    async def next(self, kind: str | None = None, timeout: float = WAIT) -> dict[str, Any]:
        """The next frame not yet handed out (of ``kind`` when given: others are skipped).

        Raises :class:`TableClientError` when the connection closes first or nothing comes
        within ``timeout`` seconds.
        """
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            while self._due:
                frame = self._due.popleft()
                if kind is None or frame["type"] == kind:
                    return frame
            if self._reader.done():
                raise TableClientError(f"closed ({self.ws.close_code}) while waiting for {kind or 'a frame'}")
            self._new.clear()
            left = end - loop.time()
            if left <= 0:
                raise TableClientError(f"no {kind or 'frame'} within {timeout} s")
            wake = loop.call_later(left, self._new.set)  # no task per wait: a table has many
            try:
                await self._new.wait()
            finally:
                wake.cancel()

    def drain(self) -> None:
        """Count every frame received so far as handed out."""
        self._due.clear()

    def last_view(self) -> dict[str, Any]:
        """The newest ``view`` frame received (:class:`TableClientError` before the first)."""
        if self._view is None:
            raise TableClientError("no view received yet")
        return self._view

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

    async def ask_observations(self, timeout: float = WAIT) -> Observation:
        """Turn on the connection's ``observation`` setting: from now on every view carries this
        seat's own observation (see :meth:`observation`); the first such view's, when it comes.
        """
        await self.send({"type": "set", "name": "observation", "value": True})
        while True:
            frame = await self.next("view", timeout=timeout)
            if "observation" in frame:
                return Observation.from_dict(frame["observation"])

    def observation(self) -> Observation:
        """The newest view's observation: the record ``game.observe(seat)`` gives in the table's
        process, which a bot decides on (:mod:`.remote_bot`).  Needs :meth:`ask_observations`.
        """
        data = self.last_view().get("observation")
        if data is None:
            raise TableClientError("this view carries no observation: call ask_observations() first")
        return Observation.from_dict(data)

    def actions(self) -> list[dict[str, Any]]:
        """The moves of the newest view, one dict each (empty when it is not this seat's turn)."""
        return unpack_actions(self.legal.get("actions") or {})

    async def act(self, action: dict[str, Any]) -> int:
        """Send ``action`` (a dict of :meth:`actions`, or a discard) for the newest view; the
        version it was stamped with (a ``refused`` frame's ``intent_version`` names it).
        """
        version: int = self.state["version"]
        await self.send({"type": "intent", "body": {"type": "act", "version": version, "action": action}})
        return version

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

    @property
    def lost(self) -> bool:
        """True once the connection has closed (by the server, the network or :meth:`close`);
        ``ws.close_code`` then says how.
        """
        return self._reader.done()

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
