"""Who gets a connection at a table (catan_widget/table/admission.py): each link's own slots,
the spectators' budget of their own, the sockets before their hello; and the same held over the
network against the attacks of issue 44 (64 spectator sockets, a flood of sockets without a
token reconnecting in a loop), with every seat's own link still welcomed.
"""

from __future__ import annotations

import asyncio
import json

import pytest

from catan_widget.table import codes
from catan_widget.table.admission import PENDING, PER_LINK, SPECTATORS, Admission
from catan_widget.table.server import TableServer

from . import netclient
from .helpers import TOKENS, Client, new_table


def test_a_link_holds_a_few_connections_of_its_own() -> None:
    table = new_table()
    ada = [Client(table, TOKENS["0"]) for _ in range(PER_LINK)]
    assert all(c.conn.role == codes.PLAYER for c in ada), "its tabs and devices"
    extra = Client(table, TOKENS["0"])
    assert extra.closed == [(codes.CLOSE_FULL, "this link is open on too many devices")]
    assert extra.conn.role is None, "not let in"
    bo = Client(table, TOKENS["1"])
    assert bo.conn.role == codes.PLAYER, "another seat's slots are its own"
    ada[0].conn.drop()
    again = Client(table, TOKENS["0"])
    assert again.conn.role == codes.PLAYER, "a slot freed is taken again"


def test_spectators_have_a_budget_that_seats_never_share() -> None:
    table = new_table()
    crowd = [Client(table, TOKENS["spectator"]) for _ in range(SPECTATORS)]
    assert all(c.conn.role == codes.SPECTATOR for c in crowd)
    late = Client(table, TOKENS["spectator"])
    assert late.closed == [(codes.CLOSE_FULL, "table full")]
    for token in (TOKENS["0"], TOKENS["1"], TOKENS["teacher"]):  # the seats' links still get in
        assert Client(table, token).frames_of("welcome"), token


def test_a_socket_before_its_hello_never_keeps_a_seat_out() -> None:
    table = new_table()
    waiting = [Client(table) for _ in range(PENDING)]
    newest = Client(table)  # pending slots all taken: the oldest socket is closed for it
    assert waiting[0].closed == [(codes.CLOSE_FULL, "table full")]
    assert all(c.closed == [] for c in waiting[1:])
    newest.hello(TOKENS["0"])
    assert newest.frames_of("welcome")[0]["seat"] == 0
    assert table.counts["refusals", str(codes.CLOSE_FULL)] == 1


def test_the_spectators_share_one_rate_and_the_seats_are_not_slowed() -> None:
    table = new_table()
    stopped = [5.0]
    first, second = (Client(table, TOKENS["spectator"], clock=lambda: stopped[0]) for _ in range(2))
    ada = Client(table, TOKENS["0"], clock=lambda: stopped[0])
    answers = [first.send({"type": "ping"}) for _ in range(60)]  # the clock stands still
    assert {a[0]["type"] for a in answers[:30]} == {"pong"}
    assert answers[-1][0]["code"] == codes.RATE
    shared = [second.send({"type": "ping"}) for _ in range(2)]  # its own bucket is full
    assert shared[-1][0]["code"] == codes.RATE, "the spectators' budget is shared: spent"
    assert ada.send({"type": "ping"}) == [{"type": "pong"}], "a seat's frames draw on its own"


def test_a_spectators_refused_move_costs_a_code_and_its_streak_closes_it() -> None:
    table = new_table(seed=3)
    table.advance_bots()
    watcher = Client(table, TOKENS["spectator"])
    ada = Client(table, TOKENS["0"])
    seen = len(ada.frames)
    body = {"type": "act", "version": watcher.state["version"], "action": {"kind": "roll"}}
    for k in range(49):
        answer = watcher.send({"type": "intent", "body": body})
        assert [f["type"] for f in answer] == ["refused"], "a code, never a whole view"
        if k % 5 == 0:
            watcher.send({"type": "ping"})  # pings do not start the streak again
    assert watcher.closed == []
    watcher.send({"type": "intent", "body": body})
    assert watcher.closed == [(codes.CLOSE_REFUSED, "refused too often")]
    assert len(ada.frames) == seen, "the seat was sent nothing"


def test_admission_checks_its_numbers() -> None:
    with pytest.raises(ValueError, match="per_link"):
        Admission(per_link=0)
    with pytest.raises(ValueError, match="spectator_rate"):
        Admission(spectator_rate=0)


def test_max_connections_is_deprecated_for_the_spectators_budget() -> None:
    table = new_table()
    with pytest.warns(DeprecationWarning, match="max_connections"):
        server = TableServer([table], max_connections=3)
    try:
        assert table.admission.spectators == 3
        assert table.admission.per_link == PER_LINK
    finally:
        server.close()


def test_over_the_network_no_crowd_of_strangers_keeps_a_seat_out():
    """64 sockets on the spectators' link held open, 16 silent sockets, and 300 more reconnecting
    in a loop without a token: every seat's own link is still welcomed, every time.
    """
    table = netclient.new_table()

    async def main() -> None:
        async with netclient.serving(table) as server:
            url = netclient.ws_url(server, table)
            crowd = []
            for _ in range(64):
                c = await netclient.Client.open(url)
                await c.send({"type": "hello", "token": table.tokens.spectator, "protocol": 1})
                crowd.append(c)
            silent = [await netclient.Client.open(url) for _ in range(PENDING)]
            stop = asyncio.Event()
            cycles = 0

            async def reconnecting() -> None:
                nonlocal cycles
                while not stop.is_set() and cycles < 300:
                    c = await netclient.Client.open(url)
                    cycles += 1
                    await asyncio.sleep(0)
                    await c.close()

            flood = [asyncio.create_task(reconnecting()) for _ in range(6)]
            welcomed = []
            for round_ in range(3):
                for seat in range(4):
                    c = await netclient.Client.open(url)
                    welcome = await c.hello(table.tokens.seat(seat))
                    assert welcome["seat"] == seat, (round_, seat)
                    welcomed.append(c)
                for c in welcomed:
                    await c.close()
                welcomed.clear()
            stop.set()
            await asyncio.gather(*flood)
            assert cycles > 0
            spectators = [c for c in table.connections if c.role == codes.SPECTATOR]
            assert len(spectators) == SPECTATORS, "the spectators' budget held, and no more"
            for c in [*crowd, *silent]:
                await c.close()

    netclient.run(main, timeout=120)


def test_metrics_count_each_tables_connections_by_role() -> None:
    table = new_table()
    Client(table, TOKENS["0"])
    Client(table, TOKENS["spectator"])
    Client(table)
    from catan_widget.table.metrics import prometheus

    text = prometheus([table], {"too_slow_total": 0})
    assert 'catan_table_connections{table="t1",role="player"} 1' in text
    assert 'catan_table_connections{table="t1",role="spectator"} 1' in text
    assert 'catan_table_connections{table="t1",role="pending"} 1' in text
    assert "catan_server_too_slow_total 0" in text
    assert json.dumps(text)  # plain text
