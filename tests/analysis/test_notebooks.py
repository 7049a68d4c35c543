"""Every notebook in notebooks/: committed clean, and runs top to bottom (the fast path: this
environment and the working tree's package).
"""

from __future__ import annotations

import os
from pathlib import Path

import nbclient
import nbformat
import pytest

from .notebook_tools import NOTEBOOK_DIR, ROOT, notebook_paths

NOTEBOOKS = notebook_paths()
IDS = [str(p.relative_to(NOTEBOOK_DIR)) for p in NOTEBOOKS]


def test_the_four_notebooks_exist() -> None:
    names = {p.stem for p in NOTEBOOKS}
    assert {"02_rules_tour", "03_probabilities", "04_bots_and_simulation"} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_notebook_is_committed_without_outputs(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [], f"{path.name}: a cell has outputs"
            assert cell.execution_count is None, f"{path.name}: a cell has an execution count"
    assert "widgets" not in nb.metadata, f"{path.name}: saved widget state"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_notebook_kernelspec_is_python3(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    assert nb.metadata["kernelspec"]["name"] == "python3"


@pytest.mark.notebooks
@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_notebook_runs_top_to_bottom(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The kernel starts in the notebook's folder: point it at the working tree's package.
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    # 05_reinforcement_learning: a few thousand training steps where PyTorch is installed, none
    # without it (CI); its 15-minute run is a benchmark (README "Reinforcement learning").
    monkeypatch.setenv("CATAN_RL_SMOKE", "1")
    nb = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    client.execute()
    errors = [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert errors == []
    if any("CatanWidget" in c.source for c in nb.cells if c.cell_type == "code"):
        state = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
        assert state, f"{path.name}: the board widgets left no state"
