"""A remote bot whose connection is lost plays on once the table is back (``play_seat``'s
``reconnect``), and stops with a message when the table refuses its link or it may not retry."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest

from catan_widget import Game
from catan_widget.table import codes
from catan_widget.table.remote_bot import RemoteBotError, SeatPlayed, play_seat
from catan_widget.table.server import TableServer
from catan_widget.table.table import Table

from .netclient import NAMES, new_table, run


async def _until(test: Any, timeout: float = 60.0) -> None:
    """Wait until ``test()`` holds (polled), within ``timeout`` seconds."""
    end = asyncio.get_running_loop().time() + timeout
    while not test():
        assert asyncio.get_running_loop().time() < end, "timed out"
        await asyncio.sleep(0.02)


async def _serve(table: Table, port: int = 0) -> TableServer:
    server = TableServer([table], bind="127.0.0.1", port=port)
    await server.open()
    return server


async def _seat_a_bot(table: Table, bot: str, **options: Any) -> tuple[TableServer, asyncio.Task[SeatPlayed]]:
    """Serve ``table``, start its own bots, and play its seat 0 from a remote ``bot``."""
    server = await _serve(table)
    table.start()
    token = table.tokens.seat(0)
    assert token is not None
    return server, asyncio.create_task(play_seat(server.link(table, token), bot, **options))


def test_a_remote_bot_plays_on_after_the_server_restarts() -> None:
    table = new_table(("human", "bot", "bot", "bot"), seed=21, offer_timeout=None)

    async def main() -> SeatPlayed:
        first, bot = await _seat_a_bot(table, "greedy", seed=1, patience=30)
        try:
            await _until(lambda: len(table.game.history) > 60)
            port = first.port
            await first.aclose()  # the server goes away mid-game; the table (its game) stays
            moved = len(table.game.history)
            await asyncio.sleep(1.0)  # nobody can move the remote seat meanwhile
            assert not bot.done()
            second = await _serve(table, port)  # back, the same tokens: the same link works
            try:
                played = await asyncio.wait_for(bot, 120)
            finally:
                await second.aclose()
            assert len(table.game.history) > moved
            return played
        finally:
            bot.cancel()
            table.close()

    played = run(main, timeout=200)
    assert table.game.is_over
    assert played.reconnects >= 1
    assert played.refused == 0
    assert played.winner == table.game.winner.seat  # type: ignore[union-attr]
    assert played.last.winner is not None


def test_a_remote_bot_stops_when_the_table_refuses_its_link_again() -> None:
    table = new_table(("human", "bot", "bot", "bot"), seed=22, offer_timeout=None)

    async def main() -> None:
        first, bot = await _seat_a_bot(table, "random", patience=30)
        stranger: Table | None = None
        try:
            await _until(lambda: len(table.game.history) > 20)
            port = first.port
            await first.aclose()
            # the same table id, new tokens: the bot's token is now refused (4401, final)
            stranger = Table(Game(players=NAMES, seed=22), ["human"] * 4, table_id=table.id)
            second = await _serve(stranger, port)
            try:
                refused = re.escape(f"refused the seat's link again ({codes.CLOSE_BAD_TOKEN})")
                with pytest.raises(RemoteBotError, match=refused):
                    await asyncio.wait_for(bot, 60)
            finally:
                await second.aclose()
        finally:
            bot.cancel()
            table.close()
            if stranger is not None:
                stranger.close()

    run(main, timeout=120)


def test_without_reconnect_a_lost_connection_is_an_error() -> None:
    table = new_table(("human", "bot", "bot", "bot"), seed=23, offer_timeout=None)

    async def main() -> None:
        server, bot = await _seat_a_bot(table, "random", reconnect=False)
        try:
            await _until(lambda: len(table.game.history) > 20)
            await server.aclose()
            with pytest.raises(RemoteBotError, match="the connection closed before the game ended"):
                await asyncio.wait_for(bot, 30)
        finally:
            bot.cancel()
            table.close()

    run(main, timeout=60)


def test_the_page_and_the_remote_bot_give_up_on_the_same_close_codes() -> None:
    source = (Path(__file__).parents[2] / "js" / "remote.ts").read_text(encoding="utf-8")
    found = re.search(r"const FINAL_CLOSES = new Set\(\[([\d, ]+)\]\)", source)
    assert found is not None, "js/remote.ts names its final close codes"
    assert {int(c) for c in found.group(1).split(",")} == set(codes.FINAL_CLOSES)
    assert {codes.CLOSE_BAD_TOKEN, codes.CLOSE_ORIGIN} == codes.FINAL_CLOSES
