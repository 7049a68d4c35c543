"""Compile the engine (and the bots' hot loops) with mypyc; pure Python wherever that cannot be.

Used two ways, with one compile routine:

* **Wheels** (``pip install .``, ``python -m build``, cibuildwheel, Binder): hatchling runs
  :class:`CustomBuildHook` (``[tool.hatch.build.targets.wheel.hooks.custom]`` in
  pyproject.toml).  It compiles a copy of the sources in a temporary folder and adds the
  extension modules to the wheel, which becomes a platform wheel.  With ``CATAN_WIDGET_PURE=1``
  or on a failed compile (no C compiler, no Python headers, an unsupported interpreter) it
  prints one line and builds the pure ``py3-none-any`` wheel instead.  Editable installs are
  left pure here: ``./dev`` compiles them in place (below).
* **In place** for a development checkout: ``python hatch_build.py`` compiles into
  ``catan_widget/`` next to the sources (``--clean`` removes the compiled files again).

Either way the ``.py`` sources stay beside the extensions, and ``catan_widget/_compiled.json``
records a hash of every compiled source: :mod:`catan_widget._native` loads the compiled
modules only when every hash still matches (an edited source is never shadowed by a stale
build) and ``CATAN_WIDGET_PURE`` is not set, and otherwise imports the same sources interpreted.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
PACKAGE = "catan_widget"
STAMP = "_compiled.json"
GROUP = f"{PACKAGE}._native"
"""mypyc's shared library is ``catan_widget/_native__mypyc*.so`` (one library, inside the package)."""
MYPY = "mypy>=1.10"

COMPILED = (
    "board/beginner6",
    "board/layouts",
    "board/topology",
    "constants",
    "knowledge/counting",
    "knowledge/determinize",
    "knowledge/observation",
    "knowledge/prompts",
    "knowledge/reads",
    "phases",
    "players",
    "rng",
    "rules/apply",
    "rules/autoplay",
    "rules/building",
    "rules/devcards",
    "rules/events",
    "rules/legal",
    "rules/production",
    "rules/replay",
    "rules/robber",
    "rules/scoring",
    "rules/trade",
    "rules/turn",
    "state",
    "words/log",
    "words/log_words",
    "words/places",
)
"""Engine modules compiled with mypyc, as paths below ``catan_widget/engine`` without ``.py``: the
rules, the positions and the loops that run on every step (listing, applying, playing,
replaying).  Every engine module is either here or in
:data:`INTERPRETED` (a test checks it), so a new module is compiled only when listed here."""

INTERPRETED = (
    "__init__",
    "action_fields",
    "actions",
    "answer_reasons",
    "board/__init__",
    "errors",
    "language",
    "game",
    "knowledge/__init__",
    "knowledge/moves",
    "knowledge/observed",
    "knowledge/observed_json",
    "names",
    "options",
    "places",
    "registry",
    "rules/__init__",
    "rules/atomic",
    "rules/chance",
    "saves/__init__",
    "saves/checks",
    "saves/format",
    "saves/staging",
    "topology",
    "viewer",
    "words/__init__",
    "words/reasons",
    "words/since",
)
"""Engine modules kept interpreted: the package front and the boundary modules that check user input
(actions and their field checks, saves, settings, staging, bot and player names, viewers), so users
get the engine's own messages instead of mypyc's TypeErrors; they run once per call, not in the hot
loops.  ``observed`` holds the observation records, built through plain-class twins (see its
docstring), and ``observed_json`` reads them back from JSON (once per observation received);
``atomic`` takes back an interrupted step (signal handlers, a replay: the rare path).
``errors`` keeps ``IllegalActionError`` (with its code and rule) and ``Refusal`` plain Python
classes: they pickle, and user code may subclass the error; they are made only on the rare path of a
refusal.  The wings' ``__init__`` files hold docstrings only; ``places`` and ``topology`` are the
old paths the notebooks import, re-exporting :mod:`.words.places` and :mod:`.board.topology`."""

MYPY_INI = (
    "[mypy]\nignore_missing_imports = True\nfollow_imports = silent\n"
    "\n[mypy-catan_widget.engine.*]\nstrict = True\n"
)
"""mypy settings for compiling (pyproject.toml's are for checking the whole project)."""

BOTS = ("random_bot", "greedy", "value", "rollout", "search")
"""Bot modules compiled with the engine (the hot loops of playouts and tournaments)."""

RL = ("actions", "features", "forms", "seat")
"""Learning-environment modules compiled with the engine: the mask, the observation vector and its
forms, and the learning seat's step (bots, observation), run on every environment step (they
import numpy and gymnasium, the ``rl`` extra, only when imported)."""


def compiled_sources(root: Path = ROOT) -> list[Path]:
    """The ``.py`` files mypyc compiles (:data:`COMPILED`, :data:`BOTS` and :data:`RL`), relative
    to ``root``.
    """
    sources = [Path(PACKAGE, "engine", f"{m}.py") for m in sorted(COMPILED)]
    sources += [Path(PACKAGE, "bots", f"{b}.py") for b in BOTS]
    sources += [Path(PACKAGE, "rl", f"{m}.py") for m in RL]
    missing = [p.as_posix() for p in sources if not (root / p).is_file()]
    if missing:
        raise FileNotFoundError(f"listed to compile but not found: {', '.join(missing)}")
    return sources


def source_hashes(root: Path, sources: list[Path]) -> dict[str, str]:
    """``{"catan_widget/engine/state.py": sha256, ...}`` (the stamp's content)."""
    return {p.as_posix(): hashlib.sha256((root / p).read_bytes()).hexdigest() for p in sources}


def build_dir_compile(src_root: Path, quiet: bool = True) -> list[Path]:
    """Compile a copy of the package made from ``src_root`` in a temporary folder, in a
    subprocess (mypyc + setuptools' build_ext).  Returns the built files (extensions and the
    stamp) relative to the copy's root, all under ``<tmp>/catan_widget``; raises
    ``RuntimeError`` with the compiler's last lines on failure.
    """
    work = Path(tempfile.mkdtemp(prefix="catan-mypyc-"))
    shutil.copytree(
        src_root / PACKAGE, work / PACKAGE, ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__")
    )
    (work / "mypy.ini").write_text(MYPY_INI)
    sources = compiled_sources(work)
    script = (
        "import sys\n"
        "from setuptools import Distribution\n"
        "from mypyc.build import mypycify\n"
        f"exts = mypycify({[p.as_posix() for p in sources]!r}, opt_level='3', group_name={GROUP!r})\n"
        "dist = Distribution({'ext_modules': exts, 'script_args': ['build_ext', '--inplace']})\n"
        "dist.parse_command_line()\n"
        "dist.run_commands()\n"
    )
    env = {**os.environ, "MYPYC_OPT_LEVEL": "3", "SETUPTOOLS_USE_DISTUTILS": "local"}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=work, env=env, capture_output=True, text=True, check=False
    )
    if not quiet:
        print(done.stdout[-2000:], done.stderr[-2000:], sep="\n")
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    built = sorted(p.relative_to(work) for p in (work / PACKAGE).rglob(f"*{suffix}"))
    if done.returncode != 0 or not built:
        shutil.rmtree(work, ignore_errors=True)
        tail = (done.stdout + done.stderr).strip().splitlines()[-12:]
        raise RuntimeError("\n".join(tail) or f"mypyc exited with {done.returncode}")
    stamp = {
        "python": sys.implementation.cache_tag,
        "suffix": suffix,
        "sources": source_hashes(work, sources),
    }
    (work / PACKAGE / STAMP).write_text(json.dumps(stamp, indent=1) + "\n")
    return [work / p for p in built] + [work / PACKAGE / STAMP]


def _relative_to_package(path: Path) -> Path:
    parts = path.parts
    return Path(*parts[parts.index(PACKAGE) :])


def clean(root: Path = ROOT) -> None:
    """Remove compiled extensions and the stamp from a checkout."""
    for pattern in ("*.so", "*.pyd"):
        for path in (root / PACKAGE).rglob(pattern):
            path.unlink()
    (root / PACKAGE / STAMP).unlink(missing_ok=True)


def compile_in_place(root: Path = ROOT) -> bool:
    """Compile into the checkout (``./dev``); up to date builds are kept.  False if it fell back."""
    stamp = root / PACKAGE / STAMP
    want = source_hashes(root, compiled_sources(root))
    if stamp.is_file():
        have = json.loads(stamp.read_text())
        if have.get("sources") == want and have.get("python") == sys.implementation.cache_tag:
            print("catan-widget: compiled engine is up to date")
            return True
    try:
        built = build_dir_compile(root)
    except (RuntimeError, OSError) as exc:
        clean(root)
        print(f"catan-widget: mypyc compile failed, using pure Python ({_one_line(exc)})")
        return False
    clean(root)
    for path in built:
        shutil.copy2(path, root / _relative_to_package(path))
    shutil.rmtree(built[-1].parents[1], ignore_errors=True)  # built[-1]: <tmp>/catan_widget/stamp
    print(f"catan-widget: compiled {len(want)} modules with mypyc")
    return True


def _one_line(exc: BaseException) -> str:
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    return (lines[-1] if lines else type(exc).__name__)[:200]


def _want_pure() -> bool:
    return os.environ.get("CATAN_WIDGET_PURE", "") not in ("", "0")


try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # run as a script in a venv without hatchling
    BuildHookInterface = object  # type: ignore[assignment,misc]


class CustomBuildHook(BuildHookInterface):  # type: ignore[misc,valid-type]
    """hatchling hook: a platform wheel with the mypyc extensions, or the pure wheel."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """Need mypy (which ships mypyc) and setuptools' build_ext, unless building pure."""
        if _want_pure() or self.target_name != "wheel":
            return []
        return [MYPY, "setuptools>=70"]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile (standard wheels only) and add the extensions to the wheel."""
        if version == "editable" or self.target_name != "wheel":
            return
        if _want_pure():
            print("catan-widget: CATAN_WIDGET_PURE is set, building the pure-Python wheel")
            return
        try:
            built = build_dir_compile(Path(self.root))
        except (RuntimeError, OSError) as exc:
            print(f"catan-widget: mypyc compile failed, building the pure-Python wheel ({_one_line(exc)})")
            return
        for path in built:
            build_data["force_include"][str(path)] = _relative_to_package(path).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        self._work = built[-1].parents[1]  # the temporary copy, removed in finalize

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the temporary copy the extensions were built in."""
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    if "--clean" in sys.argv[1:]:
        clean()
        print("catan-widget: removed the compiled engine (pure Python)")
    elif _want_pure():
        clean()
        print("catan-widget: CATAN_WIDGET_PURE is set, using pure Python")
    else:
        compile_in_place()
