"""Nothing lost: the save after every move, atomic writes, restore with the same tokens, and
corrupt or mismatched files refused with a message (nothing half-loads).
"""

from __future__ import annotations

import json
import os
import random
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from catan_widget import Game
from catan_widget.table import Table, TableFileError
from catan_widget.table.store import sidecar_path

from .helpers import TOKENS, TWO_HUMANS, Client, choose, new_table


def _play(table: Table, clients: list[Client], rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        table.advance_bots()
        if table.game.is_over:
            return
        client = next(c for c in clients if c.my_turn())
        client.act(choose(client, rng))


def test_the_save_is_written_after_every_move(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    table = new_table(seed=7, save=save)
    assert save.read_text() == table.game.to_json()
    written: list[int] = []
    table.on_change(lambda t: written.append(len(Game.from_json(save.read_text()).history)))
    clients = [Client(table, TOKENS["0"]), Client(table, TOKENS["1"])]
    _play(table, clients, random.Random(7), 60)
    assert Game.from_json(save.read_text()).to_json() == table.game.to_json()
    moves = [n for n in written if n]
    assert moves == sorted(moves)
    assert set(range(1, len(table.game.history) + 1)) <= set(moves), "every move was saved as it came"


def test_both_files_are_the_owners_only(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    new_table(save=save)
    for path in (save, sidecar_path(save)):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    side = json.loads(sidecar_path(save).read_text())
    assert side["table"] == "t1"
    assert side["seats"] == ["human", "human", "bot", "bot"]
    assert side["tokens"]["0"] == TOKENS["0"]


CRASH = """
import os, sys
from catan_widget import Game
from catan_widget.table.store import write_atomic

def stuck(fd):  # the write is made, not yet synced nor renamed: the process dies here
    print("syncing", flush=True)
    import time
    time.sleep(60)

os.fsync = stuck
game = Game(["Ada", "Bo", "Cy", "Di"], seed=1).play("greedy", until=lambda g: len(g.history) > 40)
write_atomic(sys.argv[1], game.to_json())
"""


def test_a_crash_while_writing_leaves_the_old_save(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    table = new_table(seed=3, save=save)
    old = save.read_bytes()
    env = {**os.environ, "CATAN_WIDGET_PURE": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(CRASH), str(save)], stdout=subprocess.PIPE, text=True, env=env
    )
    try:
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "syncing"
        leftovers = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
        assert leftovers, "the new save was being written beside the old one"
        assert leftovers[0].stat().st_size > 0
    finally:
        proc.kill()  # kill -9 mid-write
        proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()
    assert save.read_bytes() == old
    restored = Table.restore(save)
    assert restored.game.to_json() == table.game.to_json()


def test_restore_continues_the_same_game_with_the_same_tokens(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    table = Table(
        Game(["Ada", "Bo", "Cy", "Di"], seed=9), TWO_HUMANS, save=save, bot_delay=0, offer_timeout=None
    )
    rng = random.Random(9)
    clients = [Client(table, table.tokens.seat(0)), Client(table, table.tokens.seat(1))]
    _play(table, clients, rng, 40)
    table.close()
    assert all(c.closed == [(1001, "the table is closed")] for c in clients)
    before = table.game.to_json()
    again = Table.restore(save)
    assert again.id == table.id
    assert again.tokens == table.tokens
    assert again.kinds == table.kinds
    assert again.offer_timeout is None
    assert again.game.to_json() == before
    back = [Client(again, table.tokens.seat(0)), Client(again, table.tokens.seat(1))]
    assert back[0].frames_of("welcome")[0]["seat"] == 0
    assert Client(again, table.tokens.spectator).frames_of("welcome")[0]["role"] == "spectator"
    _play(again, back, rng, 5000)
    assert again.game.is_over, "the restored game plays on to its end"
    assert again.game.history[: len(Game.from_json(before).history)] == Game.from_json(before).history


def _saved(tmp_path: Path) -> Path:
    save = tmp_path / "game.json"
    table = new_table(seed=2, save=save)
    _play(table, [Client(table, TOKENS["0"]), Client(table, TOKENS["1"])], random.Random(2), 10)
    return save


def _edit_sidecar(save: Path, **changes: object) -> None:
    side = sidecar_path(save)
    data = json.loads(side.read_text())
    data.update(changes)
    side.write_text(json.dumps(data))


@pytest.mark.parametrize(
    ("spoil", "words"),
    [
        (lambda save: save.write_text(save.read_text()[:-40]), "the save does not load"),
        (lambda save: save.write_text("{}"), "the save does not load"),
        (lambda save: save.unlink(), "no save there"),
        (lambda save: sidecar_path(save).unlink(), "no table file there"),
        (lambda save: sidecar_path(save).write_text("{not json"), "not JSON"),
        (lambda save: sidecar_path(save).write_text("[]"), "not a table file"),
        (lambda save: _edit_sidecar(save, version=99), "version 99"),
        (lambda save: _edit_sidecar(save, tokens=None), "'tokens'"),
        (lambda save: _edit_sidecar(save, players=["Ada", "Bo", "Cy", "Eve"]), "are not the save's"),
        (lambda save: _edit_sidecar(save, seats=["human", "human", "bot"]), "4 players but 3 seats"),
        (lambda save: _edit_sidecar(save, tokens={"1": TOKENS["1"]}), "no token for the human seat(s) [0]"),
        (lambda save: _edit_sidecar(save, tokens={"0": "short", "1": TOKENS["1"]}), "seat 0 token"),
        (lambda save: _edit_sidecar(save, seats=["human", "human", "bot", "wizard"]), "unknown bot"),
        (lambda save: _edit_sidecar(save, table="Not An Id"), "table id"),
    ],
)
def test_a_corrupt_or_mismatched_file_fails_to_load_with_a_message(tmp_path: Path, spoil, words: str) -> None:
    save = _saved(tmp_path)
    spoil(save)
    with pytest.raises(TableFileError) as failed:
        Table.restore(save)
    assert words in str(failed.value)
