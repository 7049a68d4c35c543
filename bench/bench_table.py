"""The table server under load: one server process, many tables, four WebSocket clients each.

    .venv/bin/python bench/bench_table.py            # 100 tables x 4 clients, 40 moves per table
    .venv/bin/python bench/bench_table.py --quick    # 5 tables x 4 clients, 8 moves each: a smoke run

The server is a subprocess (this script with ``--serve``): ``TableServer`` on 127.0.0.1 holding
``--tables`` tables of four human seats.  This process drives ``4 x tables`` real websockets
clients, each joined with its seat's token.  Every table plays on its own: the seat that must
act sends a legal move (a seeded choice among its ``legal.actions``, or a discard), about one
move per ``--interval`` seconds per table (so the server sees ``tables / interval`` moves a
second), and the latency of a move is the time from its send until *every* client of that
table has received the view that follows it.  Printed: p50 / p99 / max latency, moves per
second, and the server's memory per table (its resident set after the tables were made and
every client joined, minus before, divided by the tables).  Target: p99 <= 50 ms.

``--spectators N`` adds issue 44's attack on the first table while the moves are timed: N
connections on its spectators' link, each sending moves (refused: a spectator cannot move) at 19
frames a second, just under the per-connection rate, with a ping every 40 frames; printed too:
that table's own p99, the attackers' connections let in, and how many the server closed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

NAMES = ["Ada", "Bo", "Cy", "Di"]
TARGET_P99_MS = 50.0


def rss_kib(pid: int) -> int:
    """A process's resident set, KiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def cpu_seconds(pid: int) -> float:
    """A process's user + system CPU time so far, seconds (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# --- the server process ---------------------------------------------------------------------------
async def serve(tables: int, seed: int) -> None:
    from catan_widget import Game
    from catan_widget.engine.rng import Rng
    from catan_widget.table.server import TableServer
    from catan_widget.table.table import Table

    server = TableServer(bind="127.0.0.1", port=0)
    await server.open()
    print(json.dumps({"rss_empty": rss_kib(os.getpid())}), flush=True)
    made = []
    for k in range(tables):
        game = Game(players=NAMES, seed=Rng(seed).spawn(k).below(2**63))
        table = Table(game, ["human"] * 4, table_id=f"b{k}", offer_timeout=None)
        server.add(table)
        table.start()
        made.append(table)
    info = {
        "port": server.port,
        "tables": [[t.id, [t.tokens.seat(i) for i in range(4)]] for t in made],
        "spectator": made[0].tokens.spectator,
    }
    print(json.dumps(info), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # until the driver closes it
    for table in made:
        table.stop()
    await server.aclose()


# --- the simulated clients --------------------------------------------------------------------------
BUILDS = 0.7
"""How often a seat builds or buys when it may (random_move's ``builds``): games move on."""


async def play_table(
    url: str,
    tokens: list[str],
    moves: int,
    interval: float,
    rng: random.Random,
    joined: asyncio.Queue[None],
    go: asyncio.Event,
) -> list[float]:
    from catan_widget.table.client import TableClient, TableClientError, random_move

    clients = [await TableClient.open(url, token) for token in tokens]
    for c in clients:
        await c.next("view")
    joined.put_nowait(None)
    await go.wait()
    latencies: list[float] = []
    await asyncio.sleep(rng.random() * interval)  # tables out of step, as real ones are
    while len(latencies) < moves:
        chosen = ((c, random_move(c.state, c.legal, s, rng, BUILDS)) for s, c in enumerate(clients))
        mover, action = next(((c, a) for c, a in chosen if a is not None), (None, None))
        if mover is None or action is None or mover.state.get("winner") is not None:
            break
        for c in clients:
            c.drain()
        t0 = time.perf_counter()
        await mover.act(action)
        got = await asyncio.gather(*(c.next("view", 5.0) for c in clients), return_exceptions=True)
        if any(isinstance(g, TableClientError) for g in got):
            break  # a refused move updates its sender only: this table stops counting
        for g in got:
            if isinstance(g, BaseException):
                raise g
        latencies.append(time.perf_counter() - t0)
        await asyncio.sleep(interval * (0.5 + rng.random()))
    for c in clients:
        await c.close()
    return latencies


async def spectate(url: str, token: str, stop: asyncio.Event, tally: dict[str, int]) -> None:
    """One attacker on the spectators' link: refused moves at 19/s, a ping every 40 frames."""
    import websockets

    try:
        async with websockets.connect(url, max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token, "protocol": 1}))
            tally["joined"] += 1
            body = {"type": "act", "version": 1, "action": {"kind": "roll"}}
            frame, ping = json.dumps({"type": "intent", "body": body}), json.dumps({"type": "ping"})
            sent = 0

            async def read() -> None:
                async for _ in ws:
                    pass

            reader = asyncio.ensure_future(read())
            while not stop.is_set() and not reader.done():
                sent += 1
                await ws.send(ping if sent % 40 == 0 else frame)
                await asyncio.sleep(1 / 19)
            reader.cancel()
            if ws.close_code is not None:
                tally["closed"] += 1
    except websockets.ConnectionClosed:
        tally["closed"] += 1


async def drive(
    info: dict[str, Any],
    moves: int,
    interval: float,
    seed: int,
    proc: subprocess.Popen[str],
    spectators: int = 0,
) -> dict[str, Any]:
    port = info["port"]
    rng = random.Random(seed)
    tables: list[asyncio.Task[list[float]]] = []
    joined: asyncio.Queue[None] = asyncio.Queue()
    go = asyncio.Event()
    for table_id, tokens in info["tables"]:
        url = f"ws://127.0.0.1:{port}/ws/{table_id}"
        table = play_table(url, tokens, moves, interval, random.Random(rng.random()), joined, go)
        tables.append(asyncio.ensure_future(table))
    for _ in tables:  # every client joined and holds its first view
        await joined.get()
    await asyncio.sleep(0.5)
    rss_joined = rss_kib(proc.pid)
    stop, tally = asyncio.Event(), {"joined": 0, "closed": 0}
    first = f"ws://127.0.0.1:{port}/ws/{info['tables'][0][0]}"
    attackers = [
        asyncio.ensure_future(spectate(first, info["spectator"], stop, tally)) for _ in range(spectators)
    ]
    t0, cpu0 = time.perf_counter(), cpu_seconds(proc.pid)
    go.set()
    per_table = await asyncio.gather(*tables)
    wall, cpu = time.perf_counter() - t0, cpu_seconds(proc.pid) - cpu0
    stop.set()
    await asyncio.gather(*attackers, return_exceptions=True)
    latencies = [x for t in per_table for x in t]
    return {
        "latencies": latencies,
        "first": per_table[0],
        "wall": wall,
        "rss_joined": rss_joined,
        "cpu": cpu,
        "tally": tally,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=100)
    ap.add_argument("--moves", type=int, default=40, help="moves timed per table")
    ap.add_argument("--interval", type=float, default=0.5, help="seconds between two moves of a table")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="5 tables, 8 moves each: a smoke run")
    ap.add_argument(
        "--spectators", type=int, default=0, help="attackers on the first table's spectators' link"
    )
    ap.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.quick:
        args.tables, args.moves = 5, 8
    if args.serve:
        asyncio.run(serve(args.tables, args.seed))
        return
    print("command:", " ".join([Path(sys.executable).name, *sys.argv]))
    cmd = [sys.executable, __file__, "--serve", "--tables", str(args.tables), "--seed", str(args.seed)]
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        assert proc.stdin is not None
        rss_empty = json.loads(proc.stdout.readline())["rss_empty"]
        info = json.loads(proc.stdout.readline())
        result = asyncio.run(drive(info, args.moves, args.interval, args.seed, proc, args.spectators))
    finally:
        if proc.stdin is not None:
            proc.stdin.close()
        proc.wait(timeout=30)
    from catan_widget import _native

    lat = sorted(x * 1000 for x in result["latencies"])
    if not lat:
        raise SystemExit("no move was timed")
    p50 = statistics.median(lat)
    p99 = lat[min(len(lat) - 1, round(0.99 * (len(lat) - 1)))]
    per_table = (result["rss_joined"] - rss_empty) / args.tables
    print(f"catan-widget engine: {_native.BUILD}")
    print(f"server: 1 process, {args.tables} tables x 4 clients ({4 * args.tables} WebSockets), 127.0.0.1")
    rate = args.tables / args.interval
    print(f"load: one move per {args.interval:g} s per table on average ({rate:.0f} moves/s)")
    print(f"moves timed: {len(lat)} in {result['wall']:.1f} s")
    print(
        f"move -> every client of its table updated: p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {lat[-1]:.1f} ms"
    )
    cpu = result["cpu"]
    share = 100 * cpu / result["wall"]
    print(f"server CPU: {cpu:.1f} s, {1000 * cpu / len(lat):.2f} ms per move ({share:.0f}% of a core)")
    print(f"memory: {per_table:.0f} KiB per table (RSS {rss_empty} -> {result['rss_joined']} KiB)")
    if args.spectators:
        first = sorted(x * 1000 for x in result["first"]) or [float("nan")]
        first_p99 = first[min(len(first) - 1, round(0.99 * (len(first) - 1)))]
        tally = result["tally"]
        print(
            f"attack: {args.spectators} paced spectators on table {info['tables'][0][0]}: "
            f"{tally['joined']} said hello, {tally['closed']} closed by the server; that table's "
            f"p50 {statistics.median(first):.1f} ms, p99 {first_p99:.1f} ms"
        )
    verdict = "met" if p99 <= TARGET_P99_MS else "missed"
    print(f"target p99 <= {TARGET_P99_MS:g} ms: {verdict}")


if __name__ == "__main__":
    main()
