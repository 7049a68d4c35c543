"""Links that can be taken back, and an automatic answer that tells nothing (issue 44).

``rotate(seat)``, ``rotate_spectators()`` and ``give_to_bot`` issue a new token, close the
connections that hold the old one (4401: the page does not reconnect) and write the new token to
the sidecar; the old token opens nothing, even after a restore.  A decline made for a human who
cannot pay reads to everyone else exactly as that human's own decline would.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from catan_widget import Game, OfferTrade
from catan_widget.bots import GreedyBot
from catan_widget.engine.board.topology import NODE_EDGES
from catan_widget.table import Table, codes
from catan_widget.table.host import host
from catan_widget.table.store import sidecar_path

from .helpers import NAMES, TOKENS, Client, new_table


def test_rotate_closes_the_old_links_connections_and_opens_with_the_new_one(tmp_path: Path) -> None:
    save = tmp_path / "t.json"
    table = new_table(save=save)
    phone, laptop, bo = Client(table, TOKENS["0"]), Client(table, TOKENS["0"]), Client(table, TOKENS["1"])
    token = table.rotate(0)
    assert token != TOKENS["0"]
    assert table.tokens.seat(0) == token
    for old in (phone, laptop):
        assert old.closed == [(codes.CLOSE_BAD_TOKEN, "this link was replaced")]
    assert bo.closed == [], "another seat keeps its link"
    assert Client(table, TOKENS["0"]).closed == [(codes.CLOSE_BAD_TOKEN, "bad token")]
    assert Client(table, token).frames_of("welcome")[0]["seat"] == 0
    assert json.loads(sidecar_path(save).read_text())["tokens"]["0"] == token
    restored = Table.restore(save)
    try:
        assert restored.tokens.find(TOKENS["0"]) is None, "the old token is gone for good"
        assert restored.tokens.find(token) == (codes.PLAYER, 0)
    finally:
        restored.close()
    with pytest.raises(ValueError, match="no link to rotate"):
        new_table(seats={"Ada": "human", "Bo": "bot", "Cy": "bot", "Di": "bot"}, tokens=None).rotate(1)


def test_the_spectators_link_is_rotated_too() -> None:
    table = new_table()
    watchers = [Client(table, TOKENS["spectator"]) for _ in range(3)]
    ada, teacher = Client(table, TOKENS["0"]), Client(table, TOKENS["teacher"])
    token = table.rotate_spectators()
    assert all(w.closed == [(codes.CLOSE_BAD_TOKEN, "this link was replaced")] for w in watchers)
    assert ada.closed == teacher.closed == []
    assert Client(table, TOKENS["spectator"]).closed[0][0] == codes.CLOSE_BAD_TOKEN
    assert Client(table, token).frames_of("welcome")[0]["role"] == codes.SPECTATOR


def test_the_hosts_table_rotates_by_name_and_its_own_widget_follows() -> None:
    async def main() -> None:
        hosted = host(
            Game(NAMES, seed=3), seats={"Ada": "human", "Bo": "human", "Cy": "bot", "Di": "bot"}, view="Ada"
        )
        try:
            old_bo, old_ada = hosted.links["Bo"], hosted.links["Ada"]
            new_bo = hosted.rotate("Bo")
            assert new_bo != old_bo
            assert new_bo == hosted.links["Bo"]
            hosted.rotate("Ada")  # the host's own seat: the host's widget joins again with it
            assert hosted.links["Ada"] != old_ada
            assert hosted.widget.role == codes.PLAYER
            assert hosted.widget.seat == 0
            assert any(c.seat == 0 for c in hosted.table.connections)
            old = hosted.spectator_link
            assert hosted.rotate_spectators() != old
            hosted.give_to_bot("Bo")
            assert hosted.links["Bo"] != new_bo, "a seat given to a bot has a new link"
            hosted.give_to_human("Bo")
            hosted.unpause()
        finally:
            hosted.stop()

    asyncio.run(asyncio.wait_for(main(), 30))


class _Trader:
    """Cy: offers 1 grain for 1 wool to Di once, then plays as the greedy bot."""

    def __init__(self) -> None:
        self.greedy = GreedyBot(seed=1)
        self.offered = False

    def choose(self, obs: Any) -> Any:
        if not self.offered and obs.phase == "main":
            self.offered = True
            return OfferTrade(give={"grain": 1}, want={"wool": 1}, to=3)
        return self.greedy.choose(obs)


def test_the_decline_made_for_a_human_who_cannot_pay_says_no_more_than_their_own() -> None:
    settlements = {0: [12, 40], 1: [23, 31], 2: [20, 0], 3: [50, 33]}
    roads = {seat: [NODE_EDGES[n][0] for n in nodes] for seat, nodes in settlements.items()}
    game = Game(players=NAMES, seed=5).stage(
        settlements=settlements,
        roads=roads,
        turn_player=2,
        phase="main",
        hands={"Di": {"ore": 1}, "Cy": {"grain": 2}},  # Di holds no wool
    )
    seats = {"Ada": "human", "Bo": "bot", "Cy": _Trader(), "Di": "human"}
    table = Table(game, seats, bot_delay=0, offer_timeout=None, tokens={"0": TOKENS["0"], "3": TOKENS["3"]})
    ada, di = Client(table, TOKENS["0"]), Client(table, TOKENS["3"])
    spectator, teacher = Client(table, table.tokens.spectator), Client(table, table.tokens.teacher)
    table.play_one_bot_move()  # Cy's offer to Di
    assert game.phase == "trade_response"
    table.play_one_bot_move()  # declined for Di at once: Di cannot pay
    decline = next(a for a, _ in reversed(game.history) if type(a).__name__ == "DeclineTrade")
    assert decline.reason is None, "no reason recorded: nothing to tell"
    for reader in (ada, spectator, teacher, di):
        log = "\n".join(reader.state["log"])
        assert "do not hold" not in log, log
        assert "declines" in log or "decline" in log
    assert any(line.endswith("Di declines") or "Di declines" in line for line in ada.state["log"])
