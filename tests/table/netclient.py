"""The table server's tests over real WebSockets: a served table, and the product's own client
(:class:`catan_widget.table.client.TableClient`) with helpers to read what it got."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

from catan_widget import Game
from catan_widget.table.client import WAIT, TableClient, random_move
from catan_widget.table.server import TableServer
from catan_widget.table.table import Table

NAMES = ["Ada", "Bo", "Cy", "Di"]


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


async def seat_by_command(
    command: Sequence[str], link: str, *, cwd: str | None = None, timeout: float = 180.0
) -> tuple[int, str, str]:
    """Run ``command`` (a ``catan-widget bot -`` line) with the seat's ``link`` on stdin (so its
    token is in no process list), killed past ``timeout``: its exit code, stdout and stderr.
    """
    process = await asyncio.create_subprocess_exec(
        *command,
        cwd=cwd,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        out, err = await asyncio.wait_for(process.communicate(f"{link}\n".encode()), timeout)
    finally:
        if process.returncode is None:
            process.kill()
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


def new_table(seats: Sequence[str] = ("human", "human", "human", "human"), seed: int = 3, **kw: Any) -> Table:
    kw.setdefault("bot_delay", 0.0)
    return Table(Game(players=NAMES[: len(seats)], seed=seed), list(seats), **kw)


class Client(TableClient):
    """The product's own client (:mod:`catan_widget.table.client`), keeping every frame (the
    tests read what came, in order) and unpaced (they test the table's own rate limit)."""

    @classmethod
    async def open(
        cls, url: str, token: str | None = None, *, history: bool = True, pace: bool = False, **options: Any
    ) -> TableClient:
        return await super().open(url, token, history=history, pace=pace, **options)


def game_part(view: dict[str, Any]) -> dict[str, Any]:
    """A view less what moves when nothing in the game did: its versions and who is connected."""
    state = {k: v for k, v in view["state"].items() if k not in ("version", "table")}
    legal = {k: v for k, v in view["legal"].items() if k != "version"}
    return {"state": state, "legal": legal}


def unchanged_since(client: Client, count: int) -> bool:
    """True when every view ``client`` got after its first ``count`` frames shows the same game."""
    before = game_part(next(f for f in reversed(client.frames[:count]) if f["type"] == "view"))
    return all(game_part(f) == before for f in client.frames[count:] if f["type"] == "view")


def choose(view: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any] | None:
    """A legal move for ``seat`` read from its own view only (None: nothing to do)."""
    return random_move(view["state"], view["legal"], seat, rng)


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
