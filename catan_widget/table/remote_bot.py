"""A bot in one seat of a table served elsewhere: ``catan-widget bot LINK --bot greedy``, or
:func:`play_seat` from asyncio.

The bot joins with the seat's link (``http://HOST:PORT/t/<table>#k=<token>``, as a browser
would), turns on the connection's ``observation`` setting and, whenever its seat must act, decides
on the newest view's observation: ``Observation.from_dict`` of what the table sent, the very
record ``game.observe(seat)`` gives in the table's own process.  So any bot — the registered
``random``, ``greedy`` and ``search``, a trained :class:`~catan_widget.rl.policy_bot.PolicyBot`,
an object of your own with ``choose(observation)`` — plays a remote seat as it plays an
in-process one, seeing that seat's cards and nobody else's.  Its move goes as an ``act`` intent,
judged by the table like a person's.  Needs the ``table`` extra (``websockets``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from websockets.exceptions import ConnectionClosed, InvalidHandshake

from ..engine.actions import action_to_dict
from ..engine.knowledge.observation import Observation
from ..engine.registry import BotSpec, make_bot
from ..widget.join import parse_link
from . import codes
from .client import TableClient, TableClientError

__all__ = ["RemoteBotError", "SeatPlayed", "play_seat"]

logger = logging.getLogger("catan_widget.table")

PATIENCE = 3600.0
"""Seconds :func:`play_seat` waits, by default, for the table to change while others think
(and, after a lost connection, for the table to come back)."""
BACKOFF: Final = (0.5, 8.0)
"""The first wait before reconnecting and the longest (seconds; it doubles), as the page's."""
STUCK: Final = 3
"""Refusals in a row on one position after which the bot stops (:class:`RemoteBotError`): a
bot that keeps making a move the rules refuse.  A refusal is matched to its move by the
version it names (``intent_version``), so a late refusal of an earlier move is never taken for
the answer to the next; more than one in a row are allowed all the same."""
_T = TypeVar("_T")


class RemoteBotError(RuntimeError):
    """The seat could not be played: the link is not a seat's, the connection closed before the
    game ended, or the table refused a move and did not move on.
    """


@dataclass(frozen=True)
class SeatPlayed:
    """What :func:`play_seat` did: its seat, the moves it sent, how many of those the table
    refused (each made on a view the table had moved past), its last observation and how many
    times it reconnected.
    """

    seat: int
    moves: int
    refused: int
    last: Observation
    reconnects: int = 0
    """How many times the connection was lost and opened again."""

    @property
    def winner(self) -> int | None:
        """The winner's seat (None when the game had not ended)."""
        return self.last.winner


async def play_seat(
    link: str, bot: BotSpec = "greedy", *, seed: int = 0, patience: float = PATIENCE, reconnect: bool = True
) -> SeatPlayed:
    """Play the seat of ``link`` with ``bot`` (a registered name, made with ``seed`` for that
    seat, or an object with ``choose``) until the game ends.

    ``patience``: seconds to wait for the table to change before giving up
    (:class:`RemoteBotError`).  A bot's ``choose`` runs in a worker thread, so a slow one (the
    search bot's budget) does not stall the connection.  The bot always decides on the newest
    view; a move the table refuses because it had moved past that view (an offer taken
    meanwhile) is counted and the bot decides again; refused :data:`STUCK` times in a row on
    the very position it was made on, it is a :class:`RemoteBotError`.

    ``reconnect``: once the seat has joined, a connection lost before the game ends (the server
    restarted, from its saves with the same tokens; the network) is opened again with backoff
    (:data:`BACKOFF`, as the page does), for up to ``patience`` seconds, and the same bot plays
    on from the table's view; a close that says the token or the origin is refused
    (:data:`.codes.FINAL_CLOSES`) is not.  A first connection that fails is an error at once.
    """
    parts = parse_link(link)
    url, token = parts["url"], parts["token"]
    client = await TableClient.open(url, token)
    seat = client.seat
    try:
        if seat is None:
            raise RemoteBotError("this link is not a player's: a bot needs a seat's link")
        player = make_bot(bot, seed, seat)
    except BaseException:
        await client.close()
        raise
    tally = _Tally()
    while True:
        try:
            async with client:
                obs = await _play(client, player, tally, patience)
            return SeatPlayed(seat, tally.moves, tally.refused, obs, tally.reconnects)
        except _LostError as lost:
            if not reconnect or lost.code in codes.FINAL_CLOSES:
                raise RemoteBotError(f"the connection closed before the game ended ({lost.code})") from None
            client = await _rejoin(url, token, lost.code, patience)
            tally.reconnects += 1


@dataclass
class _Tally:
    """What the bot did so far, over every connection."""

    moves: int = 0
    refused: int = 0
    reconnects: int = 0


class _LostError(Exception):
    """The connection closed (``code``: its close code) before the game ended."""

    def __init__(self, code: int | None) -> None:
        super().__init__(code)
        self.code = code


async def _play(client: TableClient, player: Any, tally: _Tally, patience: float) -> Observation:
    """Play the seat on ``client`` until the game ends (its last observation) or the
    connection is lost (:class:`_LostError`).
    """
    obs = await _guarded(client, client.ask_observations(timeout=patience), "no view came")
    stuck = 0  # refusals in a row on one position
    while obs.winner is None:
        if not obs.acting:
            obs = await _next_observation(client, patience)
            continue
        action = await asyncio.to_thread(player.choose, obs)
        client.drain()
        version = await _guarded(client, client.act(action_to_dict(action)), "the move was not sent")
        tally.moves += 1
        answer = await _answer(client, version, patience)
        if answer["type"] == "refused":
            tally.refused += 1
            logger.info("catan_widget.table: seat %s's move was refused (%s)", client.seat, answer["code"])
            before, obs = obs, await _next_observation(client, patience)  # its view with the error
            stuck = stuck + 1 if obs == before else 0
            if stuck >= STUCK:  # refused again and again on the very position: no retry helps
                raise RemoteBotError(f"the table refused the bot's move: {answer['reason']}")
        else:
            stuck = 0
            obs = client.observation()
    return obs


async def _guarded(client: TableClient, step: Awaitable[_T], what: str) -> _T:
    """``await step``; a connection lost meanwhile is :class:`_LostError`, a silence past the wait a
    :class:`RemoteBotError` saying ``what``.
    """
    try:
        return await step
    except (TableClientError, ConnectionClosed) as exc:
        if isinstance(exc, ConnectionClosed) or client.lost:  # a send can fail before the reader ends
            raise _LostError(client.ws.close_code) from None
        raise RemoteBotError(f"{what}: {exc}") from exc


async def _rejoin(url: str, token: str, code: int | None, patience: float) -> TableClient:
    """A new connection of the seat after one was lost (close ``code``), with backoff, within
    ``patience`` seconds; :class:`RemoteBotError` when none opened in time or the table now
    refuses the token or the origin.
    """
    loop = asyncio.get_running_loop()
    end, wait = loop.time() + patience, BACKOFF[0]
    while True:
        logger.warning("catan-widget bot: the connection closed (%s); reconnecting in %.1f s", code, wait)
        await asyncio.sleep(wait)
        wait = min(wait * 2, BACKOFF[1])
        try:
            client = await TableClient.open(url)
        except (OSError, InvalidHandshake, asyncio.TimeoutError) as exc:  # not listening (yet)
            problem = f"{type(exc).__name__}: {exc}"
        else:
            try:
                await client.hello(token)
            except (TableClientError, ConnectionClosed) as exc:  # refused, or closed mid-hello
                code = client.ws.close_code if client.lost else None
                await client.close()
                if code in codes.FINAL_CLOSES:
                    raise RemoteBotError(f"the table refused the seat's link again ({code})") from None
                problem = str(exc)
            else:
                logger.warning("catan-widget bot: reconnected to the table")
                return client
        if loop.time() + wait > end:
            raise RemoteBotError(f"the table did not come back within {patience:.0f} s ({problem})")


async def _answer(client: TableClient, version: int, patience: float) -> dict[str, Any]:
    """The table's answer to a move stamped with view ``version``: the first view after it (one
    still in flight when the move was sent is passed over), or the ``refused`` frame naming that
    version (another move's refusal, late, is passed over too; a table that names none is
    taken at its word).
    """
    while True:
        frame = await _guarded(client, client.next(timeout=patience), "no answer to the bot's move")
        if frame["type"] == "refused" and frame.get("intent_version", version) == version:
            return frame
        if frame["type"] == "view" and frame["state"]["version"] > version:
            return frame


async def _next_observation(client: TableClient, patience: float) -> Observation:
    """The observation of the next view (the table changed), within ``patience`` seconds."""
    await _guarded(client, client.next("view", timeout=patience), "the table went quiet before the end")
    return client.observation()
