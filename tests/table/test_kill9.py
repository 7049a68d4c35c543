"""``kill -9`` of ``catan-widget serve`` mid-game: a restart from its save dir continues the game.

The server runs in a subprocess on 127.0.0.1 with ``--save-dir``; real WebSocket clients join
with the printed links and play; the server is killed with SIGKILL (no chance to flush or clean
up); a new server on the same directory and port prints the same links, the same clients'
tokens reconnect, the save is byte-identical to the one on disk at the kill, and the game goes
on from that very history.
"""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

from catan_widget import Game

from .netclient import Client, choose, game_part, run, settle

SEATS = "human,human,bot,human"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(save_dir: Path, port: int) -> tuple[subprocess.Popen[str], list[str]]:
    """``catan-widget serve`` in a subprocess; the lines it printed up to 'serving ...'."""
    cmd = [sys.executable, "-m", "catan_widget.table.cli", "serve", "--players", "Ada,Bo,Cy,Di"]
    cmd += ["--seats", SEATS, "--port", str(port), "--save-dir", str(save_dir), "--seed", "11"]
    cmd += ["--bot-delay", "0", "--offer-timeout", "5"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, env=os.environ.copy())
    assert proc.stdout is not None
    lines = []
    for line in proc.stdout:
        lines.append(line.rstrip("\n"))
        if line.startswith("serving "):
            proc.stdout.close()  # nothing more is printed
            return proc, lines
    proc.wait(10)
    raise AssertionError(f"the server stopped: {lines}")


def links(lines: list[str]) -> dict[str, str]:
    """The printed links by label (the table's players, spectators, teacher)."""
    out = {}
    for line in lines:
        if line.startswith("  ") and "http://" in line:
            label, _, url = line.strip().partition(": ")
            out[label] = url
    return out


def but_undo(view: dict) -> dict:
    """The game in a view, less the take-back: its snapshots live in memory, not in the save."""
    part = game_part(view)
    legal = {k: v for k, v in part["legal"].items() if k not in ("undo", "reasons")}
    reasons = {
        text: [c for c in controls if c != "undo"] for text, controls in part["legal"]["reasons"].items()
    }
    legal["reasons"] = {text: controls for text, controls in reasons.items() if controls}
    return {"state": part["state"], "legal": legal}


def socket_and_token(link: str) -> tuple[str, str]:
    parts = urlsplit(link)
    table = parts.path.rsplit("/", 1)[-1]
    return f"ws://{parts.netloc}/ws/{table}", parts.fragment.removeprefix("k=")


def test_kill_9_then_restart_continues_the_same_game_and_the_links_reconnect(tmp_path):
    port = free_port()
    proc, printed = start(tmp_path, port)
    names = ["Ada", "Bo", "Di"]
    seat_of = {"Ada": 0, "Bo": 1, "Di": 3}
    first = links(printed)
    assert set(first) == {*names, "spectators", "teacher (sees every hand)"}
    save_path = next(p for p in tmp_path.glob("*.json") if not p.name.endswith(".table.json"))

    async def play(clients: dict[str, Client], moves: int, rng: random.Random) -> None:
        for _ in range(moves):
            await settle(list(clients.values()))
            chosen = [(c, choose(c.last_view(), seat_of[n], rng)) for n, c in clients.items()]
            mover, action = next((c, a) for c, a in chosen if a is not None)
            await mover.act(action)
        await settle(list(clients.values()))

    async def before_kill() -> dict[str, dict]:
        clients = {n: await Client.open(*socket_and_token(first[n])) for n in names}
        await play(clients, 10, random.Random(2))
        views = {n: c.last_view() for n, c in clients.items()}
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        for c in clients.values():  # every client sees its server vanish
            await c.closed()
        return views

    try:
        views = run(before_kill)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    assert proc.returncode == -signal.SIGKILL
    killed = save_path.read_bytes()
    old = Game.from_json(killed.decode())
    assert len(old.history) >= 10  # the humans' moves, and the bot's

    proc, printed = start(tmp_path, port)
    try:
        assert printed[0].startswith("restored 1 table from ")
        assert links(printed) == first  # the same table, the same tokens, the same address
        assert save_path.read_bytes() == killed  # nothing lost, nothing rewritten differently

        async def after_restart() -> None:
            clients = {n: await Client.open(*socket_and_token(first[n])) for n in names}
            await settle(list(clients.values()))
            for n, c in clients.items():  # each seat resynced to the very game it last saw
                assert but_undo(c.last_view()) == but_undo(views[n])
            await play(clients, 4, random.Random(3))
            for c in clients.values():
                await c.close()

        run(after_restart)
        new = Game.from_json(save_path.read_text())
        assert len(new.history) > len(old.history)
        assert new.history[: len(old.history)] == old.history
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(20)
    assert proc.returncode == 0
