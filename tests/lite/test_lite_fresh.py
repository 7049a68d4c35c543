"""The JupyterLite site built the way a new user builds it: a fresh venv with only the ``lite`` extra.

``./dev lite`` installs the ``lite`` extra and runs ``lite/build.py``; a development venv also
has the ``test`` extra (JupyterLab, Notebook 7, Voila, jupyter-server...), which hid a missing
dependency once ("jupyter-server is not installed. You cannot add custom content to
jupyterlite") and put Notebook 7's and Voila's front-end extensions into the site.  Here:

1. a fresh venv (``uv venv``) gets ``uv pip install ".[lite]"`` of this checkout and nothing else
   (``CATAN_WIDGET_PURE=1``: no mypyc compile, which the site does not use), plus the ``uv``
   binary beside its Python, as ``./dev``'s venv has it (lite/build.py builds the project wheel
   with it);
2. that venv's Python runs ``lite/build.py`` into a temporary folder, with its intermediate files
   in another (the checkout's ``build/lite/site`` and ``build/lite/work`` are left alone);
3. the site holds what it must: the start page, Pyodide and the locked wheels, the notebooks,
   and exactly the front-end extensions :data:`SITE_EXTENSIONS` names.

Downloads are shared with every other Lite build (``build/lite/cache``, uv's own cache), so after
the first run on a machine it needs no network; the first run needs PyPI and npm (as in CI).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .test_lite_site import REPO, lite_build

pytestmark = pytest.mark.fresh_venv

INSTALL_TIMEOUT = 600
"""Seconds for ``uv pip install ".[lite]"`` (about 5 s with uv's cache, a minute without)."""
BUILD_TIMEOUT = 600
"""Seconds for lite/build.py (about 10 s with build/lite/cache filled, a few minutes empty)."""


def _uv() -> Path:
    uv = Path(sys.executable).parent / "uv"
    if not uv.is_file():
        pytest.fail(f"uv is not beside {sys.executable}: run ./dev test (it installs uv into .venv)")
    return uv


def _run(cmd: list[str | Path], env: dict[str, str], timeout: float) -> str:
    done = subprocess.run(
        [str(c) for c in cmd],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    if done.returncode != 0:
        shown = " ".join(map(str, cmd))
        pytest.fail(f"{shown} failed ({done.returncode}):\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}")
    return done.stdout


def _clean_env(venv: Path, home: Path) -> dict[str, str]:
    """A new user's shell: the venv first on PATH, no project Python paths, Jupyter's folders
    private (so nothing installed for this user elsewhere is found).
    """
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV", "JUPYTER"))}
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    env["VIRTUAL_ENV"] = str(venv)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        env[name] = str(home / name.lower())
    env["CATAN_WIDGET_PURE"] = "1"
    return env


def test_lite_extra_alone_builds_the_site(tmp_path: Path) -> None:
    venv, site, work = tmp_path / "venv", tmp_path / "site", tmp_path / "work"
    env = _clean_env(venv, tmp_path / "home")
    uv = _uv()
    _run([uv, "venv", "--quiet", "--python", sys.executable, venv], env, INSTALL_TIMEOUT)
    python = venv / "bin" / "python"
    _run([uv, "pip", "install", "--quiet", "--python", python, ".[lite]"], env, INSTALL_TIMEOUT)
    (venv / "bin" / "uv").symlink_to(uv)

    # only the lite extra: none of the test extra's servers and front-ends came along
    absent = "import importlib.util as u; print([m for m in {!r} if u.find_spec(m)])"
    others = ("jupyterlab", "notebook", "voila", "pytest", "playwright")
    assert _run([python, "-c", absent.format(others)], env, 60).strip() == "[]"

    out = _run(
        [python, "lite/build.py", "--output", site, "--work", work], env, BUILD_TIMEOUT
    )  # check_site() inside already failed the build on a CDN address or a bad sha256
    assert "[lite] site built in" in out, out[-3000:]

    # the start page, the runtime and the wheels, all from the site itself
    assert lite_build.START_PAGE in (site / "index.html").read_text()
    pyodide = site / "static" / "pyodide"
    for name in (*lite_build.PYODIDE_FILES, "pyodide-lock.json"):
        assert (pyodide / name).is_file(), name
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    for needed in ("catan-widget", "anywidget", "ipywidgets", "plotly", "traitlets", "micropip", "ipython"):
        assert needed in lock, needed
        assert (pyodide / lock[needed]["file_name"]).is_file(), needed
    assert lock["catan-widget"]["file_name"].endswith("-py3-none-any.whl")

    # the notebooks, for the Pyodide kernel
    committed = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))
    assert sorted(p.name for p in (site / "files").glob("*.ipynb")) == committed
    for name in committed:
        assert json.loads((site / "files" / name).read_text())["metadata"]["kernelspec"]["name"] == "python"

    # exactly the front-end extensions the site needs, listed and copied
    config = json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    wanted = sorted(lite_build.SITE_EXTENSIONS)
    assert sorted(e["name"] for e in config["federated_extensions"]) == wanted
    assert lite_build.site_extension_names(site) == wanted
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
