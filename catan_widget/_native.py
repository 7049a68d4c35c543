"""Which engine runs: the mypyc-compiled modules, or the very same sources interpreted.

A compiled install (a platform wheel, or a checkout after ``./dev``) has extension modules next
to the ``.py`` sources of the engine, the bots' hot loops and the learning environments' mask
and features, and ``_compiled.json`` with a hash of each compiled source (written by
``hatch_build.py``).  Imported first by
``catan_widget/__init__.py``, this module decides once per process:

- compiled, when the stamp matches this interpreter and every source it lists is unchanged;
- interpreted otherwise: ``CATAN_WIDGET_PURE=1`` is set, the build is for another Python, or a
  source was edited after the build (a stale build never shadows the code you are editing).
  A finder then loads those modules from their ``.py`` files, ahead of the extensions.

A pure install (``CATAN_WIDGET_PURE=1`` at build time, no compiler, Pyodide/JupyterLite) has no
stamp and imports the sources as usual.  Both ways give the same games byte for byte.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

_HERE = Path(__file__).resolve().parent
_STAMP = _HERE / "_compiled.json"


def _pure_requested() -> bool:
    return os.environ.get("CATAN_WIDGET_PURE", "") not in ("", "0")


def _decide() -> tuple[bool, str, dict[str, Path]]:
    """(compiled?, a one-line description, module name -> source file of compiled modules)."""
    if not _STAMP.is_file():
        return False, "pure Python (no compiled build installed)", {}
    try:
        stamp = json.loads(_STAMP.read_text(encoding="utf-8"))
        hashes: dict[str, str] = dict(stamp["sources"])
    except (OSError, ValueError, KeyError, TypeError):
        return False, "pure Python (unreadable build stamp)", {}
    files = {rel.removesuffix(".py").replace("/", "."): _HERE.parent / rel for rel in hashes}
    if _pure_requested():
        return False, "pure Python (CATAN_WIDGET_PURE is set)", files
    if stamp.get("python") != sys.implementation.cache_tag or (
        stamp.get("suffix") not in importlib.machinery.EXTENSION_SUFFIXES
    ):
        return False, "pure Python (the compiled build is for another Python)", files
    for rel, digest in hashes.items():
        path = _HERE.parent / rel
        if not path.is_file() or hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            return False, f"pure Python ({rel} changed since it was compiled)", files
    return True, f"compiled with mypyc ({len(hashes)} modules)", files


class _SourceFirst:
    """A meta-path finder that loads the listed modules from their ``.py`` files."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        """The source spec of a listed module; None for every other module."""
        file = self.files.get(fullname)
        return None if file is None else importlib.util.spec_from_file_location(fullname, file)

    def invalidate_caches(self) -> None:
        """Nothing cached."""


COMPILED, BUILD, _files = _decide()
"""``COMPILED``: the engine runs compiled; ``BUILD``: which build runs, and why, in words."""

if not COMPILED and _files:
    sys.meta_path.insert(0, _SourceFirst(_files))
