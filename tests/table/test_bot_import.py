"""Bots of one's own on the command line: ``--bot MODULE:NAME`` (``registry.import_bot``) for
``catan-widget bot`` and ``catan-widget serve`` (its ``--bot`` and the bots in ``--seats``)."""

from __future__ import annotations

import re
import sys
import textwrap
import uuid
from pathlib import Path

import pytest

from catan_widget import Game
from catan_widget.engine import registry
from catan_widget.engine.registry import bot_names, import_bot, make_bot
from catan_widget.table.cli import main, make_tables, parser, resolve_bots, restore_tables

from .netclient import new_table, run, seat_by_command, serving

_MODULE = """
from catan_widget.bots import RandomBot

made = []  # (seed, seat) of every bot the factory made

def make(seed, seat):
    made.append((seed, seat))
    return RandomBot(seed, seat)

class Shared:
    def __init__(self):
        self.moves = 0
        self.inner = RandomBot(5, 0)

    def choose(self, observation):
        self.moves += 1
        return self.inner.choose(observation)

class Holder:
    shared = Shared()

ANSWER = 42
"""


def _module(where: Path, text: str = _MODULE) -> str:
    """A module of bots written in ``where`` under a name no other test uses; its name."""
    name = f"mybots_{uuid.uuid4().hex[:10]}"
    (where / f"{name}.py").write_text(textwrap.dedent(text))
    return name


def test_a_factory_of_the_current_directory_makes_a_bot_per_seat(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    name = _module(tmp_path)
    spec = import_bot(f"{name}:make")
    assert spec == f"{name}:make"
    assert spec in bot_names()
    game = Game(["A", "B", "C"], seed=4)
    game.play(bots=spec)
    assert game.is_over
    assert sys.modules[name].made == [(4, 0), (4, 1), (4, 2)]


def test_a_bot_object_is_shared_by_its_seats(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    name = _module(tmp_path)
    spec = import_bot(f"{name}:Holder.shared")  # a dotted name
    assert make_bot(spec, 1, 0) is make_bot(spec, 1, 2) is sys.modules[name].Holder.shared
    assert import_bot(spec) == spec  # registered: as it is
    assert import_bot("greedy") == "greedy"


def test_what_is_wrong_with_a_bot_is_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    name = _module(tmp_path)
    broken = _module(tmp_path, "def make(seed, seat:\n")
    cases = {
        "clever": "unknown bot 'clever'; use one of 'random', 'greedy', 'search'",
        ":make": "or module:name of your own",
        f"{name}:": "or module:name of your own",
        "no_such_module_here:make": "cannot import no_such_module_here (ModuleNotFoundError",
        f"{broken}:make": f"cannot import {broken} (SyntaxError",
        f"{name}:missing": f"{name} has no missing",
        f"{name}:Holder.nothing": f"{name} has no Holder.nothing",
        f"{name}:ANSWER": "neither a bot (with choose) nor a factory",
    }
    for spec, message in cases.items():
        with pytest.raises(ValueError, match=re.escape(message)):
            import_bot(spec)
        assert spec not in bot_names()


def test_serve_makes_its_bot_seats_from_a_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    name = _module(tmp_path)
    args = parser().parse_args(["serve", "--seats", f"human,{name}:make,bot,greedy", "--bot", f"{name}:make"])
    resolve_bots(args)
    (table,) = make_tables(args)
    assert table.kinds == ["human", "bot", "bot", "bot"]
    assert sorted(seat for _, seat in sys.modules[name].made) == [1, 2]  # greedy made seat 3
    with pytest.raises(SystemExit, match="catan-widget serve: bot 'nope:x': cannot import nope"):
        resolve_bots(parser().parse_args(["serve", "--bot", "nope:x"]))


def test_catan_widget_bot_seats_a_bot_of_ones_own(tmp_path: Path) -> None:
    """The installed console script (which, unlike ``python -m``, does not look in the current
    directory by itself) plays a seat with a factory from a module beside it."""
    script = Path(sys.executable).with_name("catan-widget")
    assert script.is_file(), "the package is installed with its console script"
    name = _module(tmp_path)
    table = new_table(("bot", "bot", "human", "bot"), seed=6, offer_timeout=None)
    token = table.tokens.seat(2)
    assert token is not None

    async def main() -> tuple[int, str, str]:
        async with serving(table) as server:
            link = server.link(table, token)
            command = [str(script), "bot", "-", "--bot", f"{name}:make", "--seed", "2"]
            return await seat_by_command(command, link, cwd=str(tmp_path))

    code, out, err = run(main, timeout=200)
    assert code == 0, err
    assert table.game.is_over
    assert out.startswith(f"Cy ({name}:make) played "), out


def test_a_table_saved_with_a_bot_of_ones_own_restores_once_the_command_names_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    spec = f"{_module(tmp_path)}:make"
    seats = ",".join([spec] * 4)  # every seat the module's: whoever starts, a bot moves
    args = parser().parse_args(["serve", "--seats", seats, "--save-dir", "games", "--seed", "2"])
    resolve_bots(args)
    (table,) = make_tables(args)
    assert table.advance_bots(12) > 0  # saved after every move, the seat's bot named in the sidecar
    monkeypatch.delitem(registry._FACTORIES, spec)  # as in a new process: nothing imported yet
    with pytest.raises(SystemExit, match=r"cannot restore games: .* unknown bot .* never from a save"):
        main(["serve", "--save-dir", "games", "--port", "0"])
    assert spec not in bot_names(), "a save imports nothing"
    resolve_bots(parser().parse_args(["serve", "--bot", spec]))  # `serve --save-dir games --bot ...`
    (restored,) = restore_tables(Path("games"))
    assert restored.kinds == table.kinds
    assert restored.game.to_json() == table.game.to_json()
