"""The table server over a real network socket (127.0.0.1): pages, joining, playing, refusals."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import urllib.error
import urllib.request

from catan_widget.table.server import TRANSPORT_LIMIT
from catan_widget.widget.assets import STATIC

from .netclient import Client, choose, new_table, run, serving, settle, unchanged_since, ws_url


def _get(port: int, path: str) -> tuple[int, str, bytes]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as r:
            return r.status, r.headers.get("Content-Type", ""), r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Content-Type", ""), e.read()


def test_the_page_the_bundle_and_nothing_else_over_http():
    table = new_table()

    async def main() -> None:
        async with serving(table) as server:
            loop = asyncio.get_running_loop()

            async def get(path: str) -> tuple[int, str, bytes]:
                return await loop.run_in_executor(None, _get, server.port, path)

            status, kind, body = await get("/static/widget.js")
            assert (status, kind) == (200, "text/javascript; charset=utf-8")
            assert body == (STATIC / "widget.js").read_bytes()
            status, kind, body = await get("/static/widget.css")
            assert (status, kind, body) == (
                200,
                "text/css; charset=utf-8",
                (STATIC / "widget.css").read_bytes(),
            )
            status, kind, body = await get(f"/t/{table.id}")
            assert (status, kind) == (200, "text/html; charset=utf-8")
            assert body == (STATIC / "table.html").read_bytes()
            tokens = [table.tokens.seat(i) for i in range(4)] + [table.tokens.spectator, table.tokens.teacher]
            assert not any(t.encode() in body for t in tokens)  # the token stays in the fragment
            for path in ("/", "/t/nope", "/ws/nope", "/static/../pyproject.toml", "/static/x.py", "/t/ABC"):
                status, _, body = await get(path)
                assert status == 404, path

    run(main)


def test_four_players_join_with_their_tokens_and_play_the_setup():
    table = new_table()

    async def main() -> None:
        async with serving(table) as server:
            url = ws_url(server, table)
            seats = [await Client.open(url) for _ in range(4)]
            for seat, client in enumerate(seats):
                welcome = await client.hello(table.tokens.seat(seat))
                assert (welcome["seat"], welcome["role"], welcome["table"]) == (seat, "player", table.id)
                assert welcome["board"]["players"][seat]["name"] == table.game.names[seat]
                await client.next("view")
            watcher = await Client.open(url, table.tokens.spectator)
            await watcher.next("view")
            rng = random.Random(4)
            for _ in range(8):  # the first setup placements, each seat on its own device
                await settle([*seats, watcher])
                moves = [(c, choose(c.last_view(), s, rng)) for s, c in enumerate(seats)]
                mover, action = next((c, a) for c, a in moves if a is not None)
                before = len(table.game.history)
                for c in [*seats, watcher]:
                    c.drain()
                await mover.act(action)
                for c in [*seats, watcher]:
                    view = await c.next("view")
                    assert view["state"]["error"] is None
                assert len(table.game.history) == before + 1
            for s, c in enumerate(seats):  # each seat's view holds no other seat's hand
                players = c.last_view()["state"]["players"]
                assert all("resources" not in p for p in players if p["seat"] != s)
                assert "resources" in players[s]
            for c in [*seats, watcher]:
                await c.close()

    run(main)


def test_a_bad_token_is_refused_and_closed_and_changes_nothing():
    table = new_table()

    async def main() -> None:
        async with serving(table) as server:
            url = ws_url(server, table)
            ada = await Client.open(url, table.tokens.seat(0))
            await settle([ada])
            save, frames = table.game.to_json(), len(ada.frames)
            for token in ("", "x" * 32, table.tokens.seat(1)[:-1] + "?", table.tokens.seat(0).upper(), 7):
                intruder = await Client.open(url)
                await intruder.send({"type": "hello", "token": token, "protocol": 1})
                refused = await intruder.next("refused")
                assert refused["code"] == "bad_token"
                assert await intruder.closed() == 4401
            intruder = await Client.open(url)
            await intruder.send(
                {"type": "intent", "body": {"type": "act", "version": 1, "action": {"kind": "roll"}}}
            )
            assert (await intruder.next("refused"))["code"] == "not_hello"
            await settle([ada])
            assert table.game.to_json() == save
            assert len(ada.frames) == frames  # nobody else heard a thing
            await ada.close()
            await intruder.close()

    run(main)


def test_an_origin_not_allowed_is_closed_with_4403():
    table = new_table()

    async def main() -> None:
        async with serving(table, origins=["http://localhost:8888"]) as server:
            url = ws_url(server, table)
            evil = await Client.open(url, origin="http://evil.example")
            assert await evil.closed() == 4403
            assert evil.frames == []
            own = await Client.open(url, table.tokens.seat(0), origin=f"http://127.0.0.1:{server.port}")
            lab = await Client.open(url, table.tokens.seat(1), origin="http://localhost:8888")
            script = await Client.open(url, table.tokens.seat(2))  # no Origin: not a browser
            for c in (own, lab, script):
                await c.next("view")
                await c.close()

    run(main)


def test_too_big_frames_and_floods_get_their_codes_and_change_nothing():
    table = new_table()

    async def main() -> None:
        async with serving(table) as server:
            url = ws_url(server, table)
            ada, bo = (
                await Client.open(url, table.tokens.seat(0)),
                await Client.open(url, table.tokens.seat(1)),
            )
            await settle([ada, bo])
            save, heard = table.game.to_json(), len(bo.frames)
            await ada.send(json.dumps({"type": "ping", "pad": "x" * 20_000}))
            assert (await ada.next("refused"))["code"] == "too_big"
            await ada.send({"type": "ping"})
            await ada.next("pong")  # still connected
            await ada.send("x" * (TRANSPORT_LIMIT + 1))  # not even read
            assert await ada.closed() == 1009
            flood = await Client.open(url, table.tokens.seat(0))
            await flood.next("view")
            for _ in range(120):
                await flood.send("{not json")
            code = await flood.closed()
            codes = {f["code"] for f in flood.frames if f["type"] == "refused"}
            assert code == 4429
            assert codes <= {"bad_json", "rate"}
            assert "bad_json" in codes
            rate = await Client.open(url, table.tokens.seat(0))
            await rate.next("view")
            for _ in range(100):
                await rate.send({"type": "ping"})
            await settle([rate])
            codes = [f["code"] for f in rate.frames if f["type"] == "refused"]
            assert "rate" in codes
            await settle([bo])
            assert table.game.to_json() == save
            assert unchanged_since(bo, heard)  # only who is connected moved
            await bo.send({"type": "ping"})
            await bo.next("pong")
            for c in (bo, rate):
                await c.close()

    run(main)


def test_no_hello_in_time_is_closed_with_4408():
    table = new_table()

    async def main() -> None:
        async with serving(table, hello_timeout=0.3) as server:
            late = await Client.open(ws_url(server, table))
            assert await late.closed(timeout=5) == 4408
            on_time = await Client.open(ws_url(server, table), table.tokens.spectator)
            await asyncio.sleep(0.5)
            await on_time.send({"type": "ping"})
            await on_time.next("pong")
            await on_time.close()

    run(main)


def test_a_dropped_client_reconnects_and_resyncs():
    table = new_table()

    async def main() -> None:
        async with serving(table) as server:
            url = ws_url(server, table)
            clients = [await Client.open(url, table.tokens.seat(s)) for s in range(4)]
            laptop = await Client.open(url, table.tokens.seat(0))  # the same seat on two devices
            rng = random.Random(9)
            phone_gone = False
            for step in range(6):
                await settle([*clients, laptop])
                if step == 2:
                    clients[0].ws.transport.abort()  # the phone's network went away
                    phone_gone = True
                live = [(s, c) for s, c in enumerate(clients) if not (s == 0 and phone_gone)]
                moves = [(c, choose(c.last_view(), s, rng)) for s, c in live]
                moves.append((laptop, choose(laptop.last_view(), 0, rng)))
                mover, action = next((c, a) for c, a in moves if a is not None)
                await mover.act(action)
            await settle([*clients[1:], laptop])
            phone = await Client.open(url, table.tokens.seat(0))
            view = await phone.next("view")
            assert phone.texts[-1] == laptop.texts[-1]  # the same bytes as the seat's other device
            assert view["state"]["version"] == laptop.last_view()["state"]["version"]
            for c in (*clients[1:], laptop, phone):
                await c.close()

    run(main)


def test_a_slow_client_is_dropped_and_the_table_plays_on():
    table = new_table(["bot", "bot", "bot", "bot"], seed=5, bot_delay=0.002)

    async def main() -> None:
        async with serving(table, send_queue=4) as server:
            url = ws_url(server, table)
            sock = socket.create_connection(("127.0.0.1", server.port))
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
            slow = await Client.open(url, table.tokens.spectator, sock=sock, max_queue=1)
            slow._reader.cancel()  # reads nothing more: its frames pile up at the server
            assert server._server is not None
            for ws in server._server.connections:  # a slow link: small kernel buffers at both ends
                ws.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
            reader = await Client.open(url, table.tokens.spectator)
            loop = asyncio.get_running_loop()
            end = loop.time() + 60
            while not table.game.is_over and loop.time() < end:
                await asyncio.sleep(0.05)
            assert table.game.is_over
            await settle([reader])
            assert reader.last_view()["state"]["winner"] is not None
            assert server.too_slow == 1  # the slow one, dropped; never the reader
            await reader.close()
            slow.ws.transport.abort()

    run(main)


def test_one_server_holds_several_tables_and_a_token_opens_only_its_own():
    one, two = new_table(seed=1), new_table(seed=2)

    async def main() -> None:
        async with serving(one, two) as server:
            a = await Client.open(ws_url(server, one), one.tokens.seat(0))
            b = await Client.open(ws_url(server, two), two.tokens.seat(0))
            assert (await a.next("view"))["state"] != (await b.next("view"))["state"]
            wrong = await Client.open(ws_url(server, two))
            await wrong.send({"type": "hello", "token": one.tokens.seat(0), "protocol": 1})
            assert (await wrong.next("refused"))["code"] == "bad_token"
            assert await wrong.closed() == 4401
            assert server.links(one) != server.links(two)
            await a.close()
            await b.close()

    run(main)


def test_behind_a_proxy_the_links_and_the_allowed_origin_are_the_public_urls():
    table = new_table()

    async def main() -> None:
        async with serving(table, public_url="https://catan.example.org/") as server:
            assert server.spectator_link(table) == (
                f"https://catan.example.org/t/{table.id}#k={table.tokens.spectator}"
            )
            assert all(
                link.startswith("https://catan.example.org/t/") for link in server.links(table).values()
            )
            proxied = await Client.open(
                ws_url(server, table), table.tokens.seat(0), origin="https://catan.example.org"
            )
            await proxied.next("view")
            other = await Client.open(ws_url(server, table), origin="https://catan.example.org.evil.example")
            assert await other.closed() == 4403
            await proxied.close()

    run(main)
