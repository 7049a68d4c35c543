"""A Binder build, simulated without Docker (as repo2docker builds ``binder/``).

1. Copy the repository as Binder sees it: by default a clean ``git clone`` of HEAD (committed
   files only).  While developing, set ``CATAN_BINDER_SOURCE=worktree`` to copy the tracked and
   the untracked-but-not-ignored files of the working tree instead.
2. A fresh venv with the Python of ``binder/runtime.txt``, Binder's base environment
   (JupyterLab 4, Notebook 7, ipywidgets 8, and the kernel and runner tools it ships), then
   ``pip install -r binder/requirements.txt`` from the clone's root (``uv pip`` when available).
3. ``binder/postBuild`` if there is one.
4. Execute every notebook from inside the clone's ``notebooks/`` with that venv's kernel, and
   check each one imported the *installed* package (so a bundle missing from the wheel or an
   undeclared dependency fails here), never the repository's source.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .notebook_tools import ROOT, RUNNER, notebook_paths

BASE_ENV = ("jupyterlab==4.*", "notebook==7.*", "ipywidgets==8.*", "ipykernel", "nbclient", "nbformat")
"""What Binder's base image already has (plus the runner's tools, nbclient and nbformat)."""

PROBE = (
    "import sys, catan_widget, pathlib\n"
    "here = pathlib.Path(catan_widget.__file__).resolve()\n"
    "assert pathlib.Path(sys.prefix).resolve() in here.parents, here\n"
    "assert (here.parent / 'static' / 'widget.js').is_file(), 'the widget bundle is missing'\n"
    "import catan_widget._native as native\n"
    "assert native.COMPILED, native.BUILD\n"
    "print('catan_widget from', here, '-', native.BUILD)\n"
)
"""A cell appended to every notebook run: the package must come from the venv, bundle included,
and its engine compiled with mypyc (Binder's image has a C compiler; see hatch_build.py)."""


def _run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None, timeout: float = 900) -> str:
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False)
    if done.returncode != 0:
        pytest.fail(
            f"{' '.join(cmd)} failed ({done.returncode}):\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
        )
    return done.stdout


def _copy_repository(dest: Path) -> None:
    """The repository as Binder would get it (see the module docstring)."""
    if os.environ.get("CATAN_BINDER_SOURCE", "clone") == "worktree":
        listed = _run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT
        ).split("\0")
        for name in filter(None, listed):
            source = ROOT / name
            if source.is_file():
                (dest / name).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, dest / name)
        return
    _run(["git", "clone", "--quiet", "--no-hardlinks", str(ROOT), str(dest)], cwd=ROOT)
    if not (dest / "binder" / "requirements.txt").is_file():
        pytest.fail(
            "binder/requirements.txt is not committed at HEAD; commit it, or run with "
            "CATAN_BINDER_SOURCE=worktree to test the working tree"
        )


def _python_of_runtime(clone: Path) -> str:
    """An interpreter matching ``binder/runtime.txt`` (``python-3.11``), as a real path."""
    runtime = (clone / "binder" / "runtime.txt").read_text().strip()
    assert runtime.startswith("python-"), f"runtime.txt should say e.g. python-3.11, not {runtime!r}"
    version = runtime.removeprefix("python-")
    if f"{sys.version_info[0]}.{sys.version_info[1]}" == version:
        return sys.executable
    found = shutil.which(f"python{version}")
    if found is None:
        pytest.fail(f"binder/runtime.txt asks for Python {version}, which is not installed here")
    return _run([found, "-c", "import sys; print(sys.executable)"], cwd=clone).strip()


def _clean_env(venv: Path, home: Path) -> dict[str, str]:
    """The environment of the Binder user: the venv first on PATH, no project paths, Jupyter
    config and data in a private folder (so no kernel spec from elsewhere is picked up).
    """
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "JUPYTER"))}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["VIRTUAL_ENV"] = str(venv)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        env[name] = str(home / name.lower())
    return env


def _find_uv() -> str | None:
    """``uv`` next to the running Python (a venv that has it) or on PATH; None without it."""
    beside = Path(sys.executable).parent / "uv"
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside)
    return shutil.which("uv")


def _install(clone: Path, venv: Path, python: str, env: dict[str, str]) -> None:
    uv = _find_uv()
    if uv:
        _run([str(uv), "venv", "--quiet", "--python", python, str(venv)], cwd=clone, env=env)
        pip = [
            str(uv),
            "pip",
            "install",
            "--quiet",
            "--python",
            str(venv / "bin" / "python"),
            "--compile-bytecode",
        ]
    else:
        _run([python, "-m", "venv", str(venv)], cwd=clone, env=env)
        pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet"]
    _run([*pip, *BASE_ENV], cwd=clone, env=env)
    _run([*pip, "-r", "binder/requirements.txt"], cwd=clone, env=env)


@pytest.mark.notebooks
def test_binder_build_runs_every_notebook(tmp_path: Path) -> None:
    clone, venv = tmp_path / "repo", tmp_path / "venv"
    clone.mkdir()
    _copy_repository(clone)
    requirements = (clone / "binder" / "requirements.txt").read_text().split("\n")
    assert "." in [line.strip() for line in requirements], "binder/requirements.txt must install the project"
    env = _clean_env(venv, tmp_path / "home")
    _install(clone, venv, _python_of_runtime(clone), env)
    post_build = clone / "binder" / "postBuild"
    if post_build.is_file():
        _run(["bash", str(post_build)], cwd=clone, env=env)

    notebooks = notebook_paths(clone)
    assert notebooks, "no notebooks to run"
    runner = tmp_path / "run_notebooks.py"
    runner.write_text(RUNNER.replace("# PROBE", f"PROBE = {PROBE!r}"))
    done = subprocess.run(
        [
            str(venv / "bin" / "python"),
            str(runner),
            *(str(p.relative_to(clone / "notebooks")) for p in notebooks),
        ],
        cwd=clone / "notebooks",
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
        check=False,
    )
    report = done.stdout + done.stderr[-3000:]
    assert done.returncode == 0, report
    assert [line.split()[1] for line in done.stdout.splitlines() if line.startswith("OK ")] == [
        str(p.relative_to(clone / "notebooks")) for p in notebooks
    ], report
