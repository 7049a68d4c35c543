"""Headers trusted only when configured (issue 44): the ``Host`` allow-list (a forged Host, a
DNS-rebinding page's WebSocket), 405 for every method but GET, and the protective headers of
every answer (a Content-Security-Policy that lets the page's own script run by its hash and
nothing inline else, ``frame-ancestors 'self'``, ``nosniff``); ``/healthz`` and ``/metrics``.
Raw HTTP over 127.0.0.1, so that any header can be forged.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import re

import pytest

from catan_widget.table.hosts import Hosts, split_host
from catan_widget.widget.assets import STATIC

from .netclient import Client, new_table, run, serving, ws_url

UPGRADE = (
    "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
)


async def raw(port: int, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send ``request`` as it is; the status, headers (lower-case names) and body of the answer."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(request)
        await writer.drain()
        data = await asyncio.wait_for(reader.read(1 << 20), 10)
    finally:
        writer.close()
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    pairs = [(k.strip().lower(), v.strip()) for k, _, v in (line.partition(":") for line in lines[1:])]
    headers = dict(pairs)
    assert len(pairs) == len(headers), f"a header sent twice: {pairs}"  # two policies would both apply
    return status, headers, body


def get(path: str, host: str, method: str = "GET", extra: str = "") -> bytes:
    return f"{method} {path} HTTP/1.1\r\nHost: {host}\r\n{extra}\r\n".encode()


def test_a_forged_host_is_refused_and_the_bound_one_answered():
    table = new_table()

    async def main() -> None:
        async with serving(table) as server:
            own = f"127.0.0.1:{server.port}"
            status, _, _ = await raw(server.port, get(f"/t/{table.id}", own))
            assert status == 200
            status, _, _ = await raw(server.port, get(f"/t/{table.id}", f"localhost:{server.port}"))
            assert status == 200, "loopback's own name, on loopback"
            for forged in ("evil.example", f"evil.example:{server.port}", "127.0.0.1:1", "a;b", ""):
                status, headers, _ = await raw(server.port, get(f"/t/{table.id}", forged))
                assert status == 421, forged
                assert "content-security-policy" in headers
            # the DNS-rebinding page: a WebSocket with its own name in Host and Origin
            extra = UPGRADE + "Origin: http://evil.example\r\n"
            status, _, _ = await raw(server.port, get(f"/ws/{table.id}", "evil.example", extra=extra))
            assert status == 421
            assert table.connections == [], "nothing reached the table"

    run(main)


def test_allowed_hosts_name_what_a_proxy_forwards():
    table = new_table()

    async def main() -> None:
        async with serving(table, allowed_hosts=["catan.example.org", "10.1.2.3:8443"]) as server:
            for host in ("catan.example.org", "catan.example.org:443", "10.1.2.3:8443"):
                status, _, _ = await raw(server.port, get(f"/t/{table.id}", host))
                assert status == 200, host
            status, _, _ = await raw(server.port, get(f"/t/{table.id}", "10.1.2.3:80"))
            assert status == 421
            ok = await Client.open(
                ws_url(server, table), table.tokens.seat(0), origin="https://catan.example.org"
            )
            await ok.next("view")
            await ok.close()
            evil = await Client.open(ws_url(server, table), origin="http://catan.example.org.evil.example")
            assert await evil.closed() == 4403

    run(main)


@pytest.mark.parametrize("method", ["DELETE", "TRACE", "POST", "HEAD", "OPTIONS", "PUT", "G\0ET", "get"])
def test_every_method_but_get_gets_405(method):
    table = new_table()

    async def main() -> None:
        async with serving(table) as server:
            own = f"127.0.0.1:{server.port}"
            status, headers, body = await raw(server.port, get(f"/t/{table.id}", own, method=method))
            assert status == 405
            assert headers["allow"] == "GET"
            assert b"<html" not in body.lower()

    run(main)


def test_every_answer_carries_the_protective_headers_and_the_pages_script_runs_by_its_hash():
    table = new_table()
    html = (STATIC / "table.html").read_bytes()
    scripts = re.findall(rb"<script(?:\s[^>]*)?>(.*?)</script>", html, re.S)
    assert scripts, "the page has its own module script"
    hashes = {"'sha256-" + base64.b64encode(hashlib.sha256(s).digest()).decode() + "'" for s in scripts}

    async def main() -> None:
        async with serving(table) as server:
            own = f"127.0.0.1:{server.port}"
            for path in (f"/t/{table.id}", "/static/widget.js", "/nowhere", "/t/nosuchtable", "/healthz"):
                _, headers, _ = await raw(server.port, get(path, own))
                policy = headers["content-security-policy"]
                assert "frame-ancestors 'self'" in policy, path
                assert "default-src 'none'" in policy
                assert "unsafe-inline" not in policy.partition("script-src")[2].partition(";")[0]
                assert headers["x-content-type-options"] == "nosniff"
                assert headers["x-frame-options"] == "SAMEORIGIN"
            _, headers, _ = await raw(server.port, get(f"/t/{table.id}", own))
            policy = headers["content-security-policy"]
            script_src = policy.partition("script-src ")[2].partition(";")[0].split()
            assert set(script_src) == {"'self'", *hashes}, "the server's files and the page's own script"
            assert f"ws://{own}" in policy.partition("connect-src")[2]

    run(main)


def test_healthz_and_metrics():
    table = new_table()

    async def main() -> None:
        async with serving(table) as server:
            own = f"127.0.0.1:{server.port}"
            c = await Client.open(ws_url(server, table), table.tokens.seat(0))
            await c.next("view")
            await c.send("junk")
            await c.next("refused")
            status, _, body = await raw(server.port, get("/healthz", own))
            assert status == 200
            assert body.startswith(b"ok")
            status, headers, body = await raw(server.port, get("/metrics", own))
            assert status == 200
            assert headers["content-type"].startswith("text/plain; version=0.0.4")
            text = body.decode()
            assert f'catan_table_connections{{table="{table.id}",role="player"}} 1' in text
            assert f'catan_table_refusals_total{{table="{table.id}",code="bad_json"}} 1' in text
            assert "# TYPE catan_table_moves_total counter" in text
            assert table.tokens.seat(0) not in text
            await c.close()

    run(main)


def test_hosts_parse_and_refuse_what_is_no_host():
    assert split_host("Example.org:8765") == ("example.org", 8765)
    assert split_host("[::1]:80") == ("::1", 80)
    for bad in ("", "a b", "a:b", "a:0", "a:99999", "x/y", "[::1", "a@b", "a;b"):
        assert split_host(bad) is None, bad
    hosts = Hosts("0.0.0.0", 8765, "http://laptop:8765", ["catan.example.org"])
    assert hosts.allows("laptop:8765")
    assert hosts.allows("localhost:8765")
    assert hosts.allows("catan.example.org:1234")
    assert not hosts.allows("laptop:8766")
    assert hosts.allows_origin("http://laptop:8765")
    assert not hosts.allows_origin("http://laptop:8765/x")
    with pytest.raises(ValueError, match="allowed_hosts"):
        Hosts("127.0.0.1", 1, "http://127.0.0.1:1", ["no host"])
