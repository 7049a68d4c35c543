"""A bot in a seat of a served table, from elsewhere (catan_widget.table.remote_bot and
``catan-widget bot``): it decides on its seat's own observation, sent as JSON, and so plays
exactly as the same bot in the table's process would."""

from __future__ import annotations

import asyncio
import re
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from catan_widget import Game
from catan_widget.engine.actions import EndTurn
from catan_widget.engine.viewer import ONLOOKER
from catan_widget.table.remote_bot import STUCK, RemoteBotError, play_seat

from .netclient import Client, new_table, run, seat_by_command, serving, ws_url


def _moves(game: Game) -> list[Any]:
    return [action for action, _ in game.history]


def test_a_remote_greedy_seat_plays_move_for_move_as_the_same_bot_in_process() -> None:
    table = new_table(("human", "bot", "bot", "bot"), seed=11, offer_timeout=None)

    async def main() -> Any:
        async with serving(table) as server:
            return await play_seat(server.link(table, table.tokens.seat(0)), "greedy", seed=table.game.seed)

    played = run(main, timeout=240)
    game = table.game
    assert game.is_over
    assert played.seat == 0
    assert played.winner == game.winner.seat  # type: ignore[union-attr]
    assert played.refused == 0
    assert played.moves > 30
    assert played.last == game.observe(0), "its last observation is the table's own record of it"
    alone = Game(game.names, seed=game.seed)
    alone.play(bots="greedy")  # the table's bots are made as Game.play makes them: same seed, same seat
    assert _moves(game) == _moves(alone)


def test_an_observing_connection_gets_its_own_seats_observation_and_no_other() -> None:
    table = new_table(("human", "human", "bot", "bot"), seed=4, offer_timeout=None)

    async def main() -> None:
        async with serving(table) as server:
            url = ws_url(server, table)
            plain = await Client.open(url, table.tokens.seat(1))
            seat = await Client.open(url, table.tokens.seat(0))
            onlooker = await Client.open(url, table.tokens.spectator)
            obs = await seat.ask_observations()
            assert obs == table.game.observe(0)
            assert obs.hand is not None
            assert obs.hands is None, "a seat's observation holds no other hand"
            seen = await onlooker.ask_observations()
            assert seen.viewer == ONLOOKER
            assert seen.hand is None
            await asyncio.sleep(0.2)
            views = [f for f in plain.frames if f["type"] == "view"]
            assert views, "the plain connection got its views"
            assert all("observation" not in f for f in views)
            for client in (plain, seat, onlooker):
                await client.close()

    run(main, timeout=60)


def test_a_spectators_link_cannot_seat_a_bot() -> None:
    table = new_table(("human", "bot", "bot", "bot"), seed=2, offer_timeout=None)

    async def main() -> None:
        async with serving(table) as server:
            with pytest.raises(RemoteBotError, match="not a player's"):
                await play_seat(server.spectator_link(table), "random")

    run(main, timeout=60)


def test_catan_widget_bot_plays_a_seat_from_the_command_line() -> None:
    table = new_table(("bot", "human", "bot", "bot"), seed=8, offer_timeout=None)

    async def main() -> tuple[int, str, str]:
        async with serving(table) as server:
            link = server.link(table, table.tokens.seat(1))
            cli = [sys.executable, "-m", "catan_widget.table.cli"]
            return await seat_by_command([*cli, "bot", "-", "--bot", "random", "--seed", "3"], link)

    code, out, err = run(main, timeout=200)
    assert code == 0, err
    assert table.game.is_over
    winner = table.game.winner
    assert winner is not None
    assert out.startswith("Bo (random) played ")
    assert out.rstrip().endswith(f"The winner: {winner.name}.")
    assert table.tokens.seat(1) not in out + err, "the token is never printed"


def test_the_bot_of_docs_table_md_plays_a_seat_to_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    docs = Path(__file__).parents[2] / "docs" / "table.md"
    blocks = re.findall(r"```python\n(.*?)```", docs.read_text(), flags=re.DOTALL)
    scope: dict[str, Any] = {}
    exec(
        compile(textwrap.dedent(next(b for b in blocks if "async def seat_a_bot" in b)), str(docs), "exec"),
        scope,
    )
    table = new_table(("bot", "bot", "human", "bot"), seed=9, offer_timeout=None)

    async def main() -> None:
        async with serving(table) as server:
            await scope["seat_a_bot"](server.link(table, table.tokens.seat(2)))

    run(main, timeout=240)
    assert table.game.is_over
    assert capsys.readouterr().out.rstrip().endswith(f"the winner: seat {table.game.winner.seat}")  # type: ignore[union-attr]


def test_catan_widget_bot_says_what_is_wrong_with_a_link() -> None:
    from catan_widget.table.cli import main

    with pytest.raises(SystemExit, match=r"catan-widget bot: unknown bot 'clever'; use one of 'random'"):
        main(["bot", "http://127.0.0.1:1/t/abc#k=" + "x" * 20, "--bot", "clever"])
    assert main(["bot", "http://127.0.0.1:1/t/abc"]) == 1  # no token: a message, no traceback


class _Stubborn:
    """Ends its turn whatever the position: in the setup, a move the rules refuse every time."""

    def __init__(self) -> None:
        self.asked = 0

    def choose(self, observation: Any) -> Any:
        self.asked += 1
        return EndTurn()


def test_a_bot_refused_again_and_again_on_one_position_stops_saying_why() -> None:
    table = new_table(("human", "bot", "bot", "bot"), seed=5, offer_timeout=None)
    stubborn = _Stubborn()

    async def main() -> None:
        async with serving(table) as server:
            token = table.tokens.seat(0)
            assert token is not None
            with pytest.raises(RemoteBotError, match="the table refused the bot's move: "):
                await play_seat(server.link(table, token), stubborn, patience=30)

    run(main, timeout=60)
    assert stubborn.asked == STUCK  # it was given its chances, then stopped
    assert not table.game.is_over
