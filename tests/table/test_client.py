"""The product's Python seat (catan_widget.table.client) at a served table: a script plays a
whole game against three bots, a wrong move comes back refused, a closed server is an error."""

from __future__ import annotations

import random
import re
import textwrap
from pathlib import Path
from typing import Any

import pytest

from catan_widget.table import codes
from catan_widget.table.client import UNFORCED, TableClient, TableClientError, random_move
from catan_widget.table.limits import BURST

from .netclient import new_table, run, serving, ws_url

LATE = (codes.ILLEGAL, codes.NOT_YOUR_TURN)
"""Why a move made on a view the table has moved past is refused (an offer taken, a turn over)."""


def test_a_script_plays_a_whole_game_against_three_bots_from_its_own_views() -> None:
    table = new_table(("human", "bot", "bot", "bot"), seed=11, offer_timeout=None)
    rng = random.Random(5)
    forward_checked = late = 0

    async def main() -> tuple[dict[str, object], int]:
        nonlocal forward_checked, late
        async with (
            serving(table) as server,
            await TableClient.open(ws_url(server, table), table.tokens.seat(0)) as seat,
        ):
            assert seat.seat == 0
            await seat.next("view")
            plays = 0
            while seat.state["winner"] is None and plays < 5000:
                assert "resources" not in seat.state["players"][1], "a seat sees its own hand only"
                move = random_move(seat.state, seat.legal, 0, rng)
                if move is None:
                    await seat.next("view")
                    continue
                if move["kind"] != "discard" and any(a["kind"] not in UNFORCED for a in seat.actions()):
                    forward = random_move(seat.state, seat.legal, 0, random.Random(plays), builds=1.0)
                    assert forward is not None
                    assert forward["kind"] not in UNFORCED
                    forward_checked += 1
                answer = await seat.play(move)
                if answer["type"] == "refused":  # the bots answer offers and discard meanwhile
                    assert answer["code"] in LATE, answer
                    assert answer["reason"]
                    late += 1
                plays += 1
            assert seat.frames == [], "without history= a whole game holds only what is not handed out"
            assert seat.texts == []
            return seat.state, plays

    state, plays = run(main, timeout=240)
    assert state["winner"] is not None, f"no winner after {plays} moves"
    winner = table.game.winner
    assert table.game.is_over
    assert winner is not None
    assert state["winner"] == winner.seat
    assert plays > 20
    assert forward_checked > 0
    assert late <= plays // 10


def test_a_wrong_move_comes_back_refused_and_changes_nothing() -> None:
    table = new_table(("human", "human", "human", "human"), seed=4, offer_timeout=None)
    before = table.game.to_json()

    async def main() -> None:
        async with serving(table) as server:
            seat = await TableClient.open(ws_url(server, table), table.tokens.seat(0))
            view = await seat.next("view")
            answer = await seat.play({"kind": "build_city", "node": 999})
            assert answer["type"] == "refused"
            assert answer["reason"]
            assert seat.last_view()["state"]["version"] == view["state"]["version"]
            await seat.close()

    run(main)
    assert table.game.to_json() == before


def test_waiting_on_a_closed_table_is_an_error_not_a_hang() -> None:
    table = new_table(seed=2)

    async def main() -> None:
        async with serving(table) as server:
            seat = await TableClient.open(ws_url(server, table), table.tokens.seat(1))
            await seat.next("view")
        with pytest.raises(TableClientError, match="closed"):
            await seat.next("view", timeout=5)

    run(main)


def test_the_script_of_docs_table_md_plays_a_game_to_its_end() -> None:
    docs = Path(__file__).parents[2] / "docs" / "table.md"
    blocks = re.findall(r"```python\n(.*?)```", docs.read_text(), flags=re.DOTALL)
    script = textwrap.dedent(next(b for b in blocks if "async def sit" in b))
    scope: dict[str, Any] = {}
    exec(compile(script, str(docs), "exec"), scope)
    table = new_table(("human", "bot", "bot", "bot"), seed=8, offer_timeout=None)

    async def main() -> None:
        async with serving(table) as server:
            await scope["sit"](ws_url(server, table), table.tokens.seat(0))

    run(main, timeout=240)
    assert table.game.is_over


def test_a_paced_client_keeps_under_the_tables_rate_and_an_unpaced_one_is_refused_for_it() -> None:
    frames = 2 * BURST

    async def pings(pace: bool) -> list[dict[str, Any]]:
        table = new_table(seed=6)
        async with serving(table) as server:
            seat = await TableClient.open(ws_url(server, table), table.tokens.seat(0), pace=pace)
            await seat.next("view")
            for _ in range(frames):
                await seat.send({"type": "ping"})
            got: list[dict[str, Any]] = []
            while len(got) < frames:  # a pong or a refusal for each ping (and views after those)
                if (frame := await seat.next())["type"] != "view":
                    got.append(frame)
            await seat.close()
            return got

    paced = run(lambda: pings(True))
    assert [f["type"] for f in paced] == ["pong"] * frames
    unpaced = run(lambda: pings(False))
    assert any(f["type"] == "refused" and f["code"] == codes.RATE for f in unpaced)
