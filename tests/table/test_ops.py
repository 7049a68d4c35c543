"""An operator who can see (issue 44): one log line per event worth their time — tables started
and restored, seats joining and leaving (never a token), refusals summarised by code and
address, closes for rate or size, the slowest moves —, text or JSON lines, on stderr with
``catan-widget serve --log-level/--log-json``.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from catan_widget.table import codes, ops

from .helpers import TOKENS, Client, choose, new_table
from .netclient import Client as NetClient
from .netclient import new_table as net_table
from .netclient import run, serving, ws_url


def _ops_lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "catan_widget.table.ops"]


def test_joins_and_leaves_are_said_by_seat_never_by_token(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, "catan_widget.table.ops")
    table = new_table()
    ada = Client(table, TOKENS["0"])
    Client(table, TOKENS["spectator"])
    ada.conn.drop()
    lines = [r.getMessage() for r in _ops_lines(caplog)]
    assert "table t1: seat 0 joined from this process" in lines
    assert "table t1: a spectator joined from this process" in lines
    assert "table t1: seat 0 left from this process" in lines
    every = caplog.text
    assert not any(token in every for token in TOKENS.values())
    joined = next(r for r in _ops_lines(caplog) if r.getMessage().startswith("table t1: seat 0 joined"))
    assert (joined.event, joined.table, joined.seat) == ("join", "t1", 0)  # type: ignore[attr-defined]


def test_refusals_are_summarised_once_a_minute_by_code_and_address(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, "catan_widget.table.ops")
    now = [0.0]
    summary = ops.Refusals(clock=lambda: now[0])
    for _ in range(5000):
        summary.count("bad_token", "203.0.113.7")
    summary.count("4503", None)
    assert _ops_lines(caplog) == [], "nothing said within the minute"
    now[0] = 61.0
    summary.count("bad_token", "203.0.113.7")  # the first of a new minute says the last one
    lines = sorted(r.getMessage() for r in _ops_lines(caplog))
    assert lines == [
        "refused 1 times with 4503 from - in the last 61 s",
        "refused 5001 times with bad_token from 203.0.113.7 in the last 61 s",
    ]
    summary.flush()
    assert len(_ops_lines(caplog)) == 2, "nothing more was counted"


def test_a_tables_refusals_reach_the_summary_with_their_address(monkeypatch: pytest.MonkeyPatch) -> None:
    counted: list[tuple[str, str | None]] = []
    monkeypatch.setattr(ops.REFUSALS, "count", lambda code, address: counted.append((code, address)))
    table = new_table()
    stranger = Client(table)
    stranger.conn.address = "198.51.100.9"
    stranger.send({"type": "hello", "token": "x" * 32, "protocol": 1})
    assert counted == [(codes.BAD_TOKEN, "198.51.100.9")]
    assert table.counts["refusals", codes.BAD_TOKEN] == 1


def test_the_slowest_moves_are_said(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    caplog.set_level(logging.INFO, "catan_widget.table.ops")
    monkeypatch.setattr(ops, "SLOW_MOVE", 0.0)  # every move counts as slow here
    table = new_table(seed=2)
    ada, bo = Client(table, TOKENS["0"]), Client(table, TOKENS["1"])
    mover = ada if ada.my_turn() else bo

    mover.act(choose(mover, random.Random(1)))
    slow = [r for r in _ops_lines(caplog) if r.event == "slow_move"]  # type: ignore[attr-defined]
    assert len(slow) == 1
    assert slow[0].getMessage().startswith(f"table t1: a move of seat {mover.conn.seat} took ")
    assert table.counts["moves", ""] == 1


def test_json_lines_carry_the_events_fields() -> None:
    stream = io.StringIO()
    handler = ops.configure("info", json_lines=True, stream=stream)
    try:
        ops.event("join", "table %s: seat %d joined", "t9", 2, table="t9", seat=2)
    finally:
        logging.getLogger("catan_widget").removeHandler(handler)
        logging.getLogger("catan_widget").setLevel(logging.NOTSET)
        logging.getLogger("catan_widget.table.websockets").setLevel(logging.NOTSET)
    line = json.loads(stream.getvalue().splitlines()[-1])
    assert line["message"] == "table t9: seat 2 joined"
    assert (line["event"], line["table"], line["seat"], line["level"]) == ("join", "t9", 2, "info")


def test_a_close_for_rate_is_said_over_the_network(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, "catan_widget.table.ops")
    table = net_table()

    async def main() -> None:
        async with serving(table) as server:
            c = await NetClient.open(ws_url(server, table), table.tokens.seat(1))
            for _ in range(50):
                await c.send("junk")
            assert await c.closed() == codes.CLOSE_REFUSED
            for _ in range(100):  # the server's side ends a moment later
                if any(getattr(r, "event", "") == "close" for r in caplog.records):
                    break
                await asyncio.sleep(0.02)

    run(main)
    closes = [r.getMessage() for r in _ops_lines(caplog) if r.event == "close"]  # type: ignore[attr-defined]
    assert closes == [f"table {table.id}: seat 1 from 127.0.0.1 closed (4429): refused too often"]


def test_serve_logs_its_tables_to_stderr_as_json_lines() -> None:
    cmd = [sys.executable, "-m", "catan_widget.table.cli", "serve", "--port", "0", "--seed", "1"]
    cmd += [
        "--log-json",
        "--log-level",
        "info",
        "--idle-timeout",
        "300",
        "--allowed-host",
        "catan.example.org",
    ]
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=os.environ.copy()
    )
    try:
        assert proc.stderr is not None
        events = []
        end = time.monotonic() + 60
        while time.monotonic() < end:
            line = proc.stderr.readline()
            if not line:
                break
            events.append(json.loads(line))
            if events[-1].get("event") == "serving":
                break
        kinds = [e.get("event") for e in events]
        assert "started" in kinds
        assert kinds[-1] == "serving"
        assert "catan.example.org" in events[-1]["message"]
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.communicate(timeout=20)  # and closes the pipes
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate(timeout=5)
    assert proc.returncode == 0
