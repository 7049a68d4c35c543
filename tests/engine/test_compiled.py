"""The compiled engine and the pure one give the same games byte for byte.

``./dev`` compiles the engine with mypyc (``hatch_build.py``); ``catan_widget._native`` loads
the compiled modules only while their sources are unchanged and ``CATAN_WIDGET_PURE`` is unset.
These tests play the same games in a compiled and in a pure interpreter and compare the saves,
observations and logs (one game with the search bot, compiled as well, in a seat).
(``./dev test`` also runs tests/engine and tests/bots again with ``CATAN_WIDGET_PURE=1``,
golden files included.)
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import hashlib, json
from catan_widget import Game, _native
from catan_widget.bots import SearchBot
import catan_widget.bots.search as search_module
import catan_widget.engine.state as state_module
out = {"compiled": _native.COMPILED, "build": _native.BUILD,
       "state_file": getattr(state_module, "__file__", ""),
       "search_file": getattr(search_module, "__file__", "")}
games = {
    "random4": Game(["Ada", "Bo", "Cy", "Di"], seed=7, board="random").play("random"),
    "greedy3": Game(["Ada", "Bo", "Cy"], seed=11, board="random").play("greedy"),
    "beginner": Game(["Ada", "Bo", "Cy", "Di"], seed=2024, board="beginner").play("random"),
    "search": Game(["Ada", "Bo", "Cy"], seed=5, board="random").play(
        [SearchBot(seed=5, seat=0, budget=0.05), "greedy", "greedy"]
    ),
    "random6": Game(["Ada", "Bo", "Cy", "Di", "Ed", "Fy"], seed=8, board="random").play("random"),
    "greedy5": Game(["Ada", "Bo", "Cy", "Di", "Ed"], seed=9).play("greedy"),
}
for name, game in games.items():
    text = game.to_json()
    again = Game.from_json(text)
    obs = [repr(game.observe(seat)) for seat in range(len(game.names))]
    out[name] = {
        "save": hashlib.sha256(text.encode()).hexdigest(),
        "reloaded": again.to_json() == text,
        "log": hashlib.sha256("\\n".join(game.log).encode()).hexdigest(),
        "observe": hashlib.sha256("\\n".join(obs).encode()).hexdigest(),
        "legal": [repr(a) for a in game.fork().legal_actions()],
        "steps": len(game.history),
    }
print(json.dumps(out))
"""


def _run(pure: bool) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != "CATAN_WIDGET_PURE"}
    if pure:
        env["CATAN_WIDGET_PURE"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_pure_and_compiled_play_identical_games() -> None:
    pure, default = _run(pure=True), _run(pure=False)
    assert pure["compiled"] is False
    assert "CATAN_WIDGET_PURE" in str(pure["build"]) or "no compiled build" in str(pure["build"])
    assert str(pure["state_file"]).endswith(".py")
    for name in ("random4", "greedy3", "beginner", "search", "random6", "greedy5"):
        assert pure[name] == default[name], name
        assert pure[name]["reloaded"] is True  # type: ignore[index]
    if not default["compiled"]:
        pytest.skip(f"no compiled engine in this checkout: {default['build']}")
    assert not str(default["state_file"]).endswith(".py")
    assert not str(default["search_file"]).endswith(".py")  # the search bot's loops are compiled too


def test_a_stale_build_is_never_used(tmp_path: Path) -> None:
    """An edited source after the build: the sources run, not the old extension."""
    stamp = ROOT / "catan_widget" / "_compiled.json"
    if not stamp.is_file():
        pytest.skip("no compiled engine in this checkout")
    copy = tmp_path / "catan_widget"

    shutil.copytree(ROOT / "catan_widget", copy, ignore=shutil.ignore_patterns("__pycache__"))
    rng = copy / "engine" / "rng.py"
    rng.write_text(rng.read_text() + "\n# edited after the build\n")
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import catan_widget._native as n, catan_widget.engine.rng as r; "
            "print(n.COMPILED, n.BUILD, r.__file__)",
        ],
        cwd=tmp_path,
        env={
            **{k: v for k, v in os.environ.items() if k != "CATAN_WIDGET_PURE"},
            "PYTHONPATH": str(tmp_path),
        },
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert done.stdout.startswith("False pure Python (catan_widget/engine/rng.py changed"), done.stdout
    assert done.stdout.strip().endswith("rng.py")
