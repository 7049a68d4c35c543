"""A tournament imports plotly only when a figure is asked for: importing
``catan_widget.tournaments`` and playing a small tournament leave it unloaded (its statistics
come from ``catan_widget.stats``, standard library only).  Checked in a fresh interpreter.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import json, sys
import catan_widget.tournaments as tournaments
result = tournaments.tournament(["random", "greedy", "random"], games=3, players=3, seed=1,
                                executor="serial", progress=False)
text = result.summary() + repr(result.records()) + repr(result.games_table())
loaded = sorted({m.split(".")[0] for m in sys.modules} & {"plotly", "pandas", "IPython"})
plots = "catan_widget.plots" in sys.modules
print(json.dumps({"loaded": loaded, "games": len(result.games), "plots": plots}))
"""


def _run(script: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return result


def test_a_tournament_without_a_figure_never_imports_plotly() -> None:
    report = _run(SCRIPT)
    assert report["games"] == 3
    assert report["loaded"] == []
    assert report["plots"] is False


def test_the_figure_imports_plotly_when_asked_for() -> None:
    pytest.importorskip("plotly")
    report = _run(SCRIPT.replace("text = ", "figure = result.figure()\ntext = "))
    assert report["loaded"] == ["plotly"]
