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
from dataclasses import dataclass
from typing import Any

from ..engine.actions import action_to_dict
from ..engine.knowledge.observation import Observation
from ..engine.registry import BotSpec, make_bot
from ..widget.join import parse_link
from .client import TableClient, TableClientError

__all__ = ["RemoteBotError", "SeatPlayed", "play_seat"]

logger = logging.getLogger("catan_widget.table")

PATIENCE = 3600.0
"""Seconds :func:`play_seat` waits, by default, for the table to change while others think."""


class RemoteBotError(RuntimeError):
    """The seat could not be played: the link is not a seat's, the connection closed before the
    game ended, or the table refused a move and did not move on.
    """


@dataclass(frozen=True)
class SeatPlayed:
    """What :func:`play_seat` did: its seat, the moves it sent, how many of those the table
    refused (each made on a view the table had moved past), and its last observation.
    """

    seat: int
    moves: int
    refused: int
    last: Observation

    @property
    def winner(self) -> int | None:
        """The winner's seat (None when the game had not ended)."""
        return self.last.winner


async def play_seat(
    link: str, bot: BotSpec = "greedy", *, seed: int = 0, patience: float = PATIENCE
) -> SeatPlayed:
    """Play the seat of ``link`` with ``bot`` (a registered name, made with ``seed`` for that
    seat, or an object with ``choose``) until the game ends.

    ``patience``: seconds to wait for the table to change before giving up
    (:class:`RemoteBotError`).  A bot's ``choose`` runs in a worker thread, so a slow one (the
    search bot's budget) does not stall the connection.  The bot always decides on the newest
    view; a move the table refuses because it had moved past that view (an offer taken
    meanwhile) is counted and the bot decides again; one refused on the very position it was
    made on is a :class:`RemoteBotError`.
    """
    parts = parse_link(link)
    async with await TableClient.open(parts["url"], parts["token"]) as client:
        seat = client.seat
        if seat is None:
            raise RemoteBotError("this link is not a player's: a bot needs a seat's link")
        player = make_bot(bot, seed, seat)
        obs = await client.ask_observations()
        moves = refused = 0
        while obs.winner is None:
            if not obs.acting:
                obs = await _next_observation(client, patience)
                continue
            version = client.state["version"]
            action = await asyncio.to_thread(player.choose, obs)
            client.drain()
            await client.act(action_to_dict(action))
            moves += 1
            answer = await _answer(client, version, patience)
            if answer["type"] == "refused":
                refused += 1
                logger.info("catan_widget.table: seat %s's move was refused (%s)", seat, answer["code"])
                before, obs = obs, await _next_observation(client, patience)  # its view with the error
                if obs == before:  # refused on the very position it was made on: no retry helps
                    raise RemoteBotError(f"the table refused the bot's move: {answer['reason']}")
            else:
                obs = client.observation()
        return SeatPlayed(seat, moves, refused, obs)


async def _answer(client: TableClient, version: int, patience: float) -> dict[str, Any]:
    """The table's answer to a move made on view ``version``: the first view after it (one
    still in flight when the move was sent is passed over), or a ``refused`` frame.
    """
    try:
        while True:
            frame = await client.next(timeout=patience)
            if frame["type"] == "refused" or (
                frame["type"] == "view" and frame["state"]["version"] > version
            ):
                return frame
    except TableClientError as exc:
        raise RemoteBotError(f"no answer from the table to the bot's move: {exc}") from exc


async def _next_observation(client: TableClient, patience: float) -> Observation:
    """The observation of the next view (the table changed), within ``patience`` seconds."""
    try:
        await client.next("view", timeout=patience)
    except TableClientError as exc:
        raise RemoteBotError(f"the table went quiet or closed before the game ended: {exc}") from exc
    return client.observation()
