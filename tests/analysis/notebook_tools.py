"""Finding and running the project's notebooks (shared by the notebook and Binder tests)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK_DIR = ROOT / "notebooks"


def notebook_paths(root: Path = ROOT) -> list[Path]:
    """Every notebook in ``notebooks/`` and its language folders (``notebooks/ru/``), sorted
    (checkpoints excluded).
    """
    found = [*(root / "notebooks").glob("*.ipynb"), *(root / "notebooks").glob("*/*.ipynb")]
    return sorted(p for p in found if ".ipynb_checkpoints" not in p.parts)


RUNNER = '''
"""Execute notebooks with nbclient in this interpreter's environment; print one line each."""
import sys
import time
from pathlib import Path

import nbclient
import nbformat

PROBE = None  # a cell to append to every notebook (set by the caller)
# PROBE

failed = 0
for name in sys.argv[1:]:
    path = Path(name).resolve()
    nb = nbformat.read(path, as_version=4)
    if PROBE:
        nb.cells.append(nbformat.v4.new_code_cell(PROBE))
    start = time.perf_counter()
    try:
        nbclient.NotebookClient(
            nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
        ).execute()
    except Exception as exc:  # report every notebook, then fail
        failed += 1
        print(f"FAILED {name}: {type(exc).__name__}: {exc}", flush=True)
        continue
    errors = [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    if errors:
        failed += 1
        print(f"FAILED {name}: error output {errors[0].get('ename')}", flush=True)
        continue
    last = "".join(o.get("text", "") for o in nb.cells[-1].get("outputs", [])).strip() if PROBE else ""
    print(f"OK {name} {time.perf_counter() - start:.1f}s {last}", flush=True)
sys.exit(1 if failed else 0)
'''
"""A standalone script (for a fresh venv's interpreter): run the notebooks given as arguments."""
