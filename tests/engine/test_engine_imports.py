"""The engine and the bots use the standard library only (STYLE.md): checked at run time in a
fresh interpreter, and statically over the source files.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "bots")
FORBIDDEN = ("ipywidgets", "anywidget", "traitlets", "plotly", "numpy", "pandas", "IPython")

SCRIPT = """
import importlib, json, pkgutil, sys
before = set(sys.modules)
import catan_widget.engine, catan_widget.bots
names = []
for pkg in (catan_widget.engine, catan_widget.bots):
    for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
        importlib.import_module(info.name)
        names.append(info.name)
print(json.dumps({"loaded": sorted(set(sys.modules) - before), "modules": names}))
"""


def _sources() -> list[Path]:
    files = [p for pkg in PACKAGES for p in sorted((ROOT / "catan_widget" / pkg).rglob("*.py"))]
    assert len(files) > 20
    return files


def _module(path: Path) -> str:
    """The dotted name of a source file: ``catan_widget.engine.rules.apply``."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_engine_and_bots_load_only_the_standard_library() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=True,
        timeout=60,
    )
    report = json.loads(done.stdout)
    expected = {_module(p) for p in _sources()} - {f"catan_widget.{pkg}" for pkg in PACKAGES}
    assert set(report["modules"]) == expected
    outside = [
        name
        for name in report["loaded"]
        if name.split(".")[0] not in sys.stdlib_module_names and name.split(".")[0] != "catan_widget"
    ]
    assert outside == []
    assert not [name for name in report["loaded"] if name.split(".")[0] in FORBIDDEN]
    assert "catan_widget.widget" not in report["loaded"]
    assert "catan_widget.plots" not in report["loaded"]


def test_engine_and_bots_import_statements_are_standard_library_only() -> None:
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', '?')}"
            if isinstance(node, ast.Import):
                for alias in node.names:
                    assert alias.name.split(".")[0] in sys.stdlib_module_names, where
            elif isinstance(node, ast.ImportFrom):
                if node.level == 0:
                    top = (node.module or "").split(".")[0]
                    assert top == "__future__" or top in sys.stdlib_module_names, where
                else:
                    # inside its own package, or across to the other stdlib-only package
                    # (the bots use the engine) — never the widget
                    parts = _module(path).split(".")
                    package = parts if path.stem == "__init__" else parts[:-1]
                    target = [*package[: len(package) - node.level + 1], *(node.module or "").split(".")]
                    assert target[:1] == ["catan_widget"], where
                    assert target[1] in PACKAGES, where
            elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "__import__":
                raise AssertionError(f"{where}: dynamic import")


def _engine_imports() -> list[tuple[Path, ast.ImportFrom | ast.Import, bool]]:
    """Every import statement of the engine: (file, statement, inside a function or class)."""
    found = []
    for path in sorted((ROOT / "catan_widget" / "engine").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        nested = {
            id(sub)
            for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            for sub in ast.walk(node)
        }
        found += [
            (path, node, id(node) in nested)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Import, ast.ImportFrom))
        ]
    return found


def test_every_engine_import_is_at_the_top_of_its_module() -> None:
    """No import placed inside a function (or class) to dodge an import cycle: there is none."""
    inside = [f"{p.relative_to(ROOT)}:{node.lineno}" for p, node, nested in _engine_imports() if nested]
    assert inside == []


def test_nothing_under_the_face_imports_game() -> None:
    """``game.py`` is the face over the engine's parts: only the package's front imports it."""
    importers = []
    for path, node, _ in _engine_imports():
        if not isinstance(node, ast.ImportFrom) or node.level == 0:
            continue
        parts = _module(path).split(".")
        package = parts if path.stem == "__init__" else parts[:-1]
        target = ".".join([*package[: len(package) - node.level + 1], *(node.module or "").split(".")])
        if target == "catan_widget.engine.game" and path.name != "__init__.py":
            importers.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert importers == []
