"""Jupyter Notebook 7 and Voila on 127.0.0.1, for ``test_other_frontends.py``.

Both start like :func:`.lab.start_lab`: a free port, a token, every Jupyter directory inside one
temp folder, the project checkout on the kernel's ``PYTHONPATH``, a new process group (its
kernels die with it).  Each returns a :class:`.lab.LabServer`, whose ``stop`` shuts it down.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from .lab import ARTIFACTS, LabServer, start_server


def _as_root(cmd: list[str]) -> list[str]:
    return [*cmd, "--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else cmd


def notebook7_command(root: Path, port: int, token: str) -> list[str]:
    """``jupyter notebook`` (Notebook 7) serving ``root``, with ``window.jupyterapp`` exposed."""
    return _as_root(
        [
            sys.executable,
            "-m",
            "notebook",
            "--no-browser",
            "--ip=127.0.0.1",
            f"--port={port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={root}",
            "--JupyterNotebookApp.expose_app_in_browser=True",  # run notebook commands by name
        ]
    )


def voila_command(notebook: str) -> Callable[[Path, int, str], list[str]]:
    """``voila <notebook>`` (a path relative to the root), as a dashboard: no code cells shown."""

    def command(root: Path, port: int, token: str) -> list[str]:
        return [
            sys.executable,
            "-m",
            "voila",
            str(root / notebook),
            "--no-browser",
            "--Voila.ip=127.0.0.1",
            f"--port={port}",
            "--Voila.port_retries=0",
            f"--token={token}",
        ]

    return command


def start_notebook7(workdir: Path) -> LabServer:
    """Notebook 7 serving ``workdir/root``."""
    return start_server(workdir, "Notebook 7", notebook7_command, lambda token: f"/api/status?token={token}")


def start_voila(workdir: Path, notebook: str) -> LabServer:
    """Voila rendering ``workdir/root/<notebook>`` at ``/`` (one kernel per page load)."""
    # a static file: asking for "/" would run the notebook
    ready = "/voila/static/voila.js?token={}".format
    return start_server(workdir, "Voila", voila_command(notebook), ready)


@contextlib.contextmanager
def artifacts_on_failure(page: Page, server: LabServer, name: str) -> Iterator[None]:
    """On an exception: a screenshot of ``page`` and the server's log to ``test-artifacts/``."""
    try:
        yield
    except BaseException:
        ARTIFACTS.mkdir(exist_ok=True)
        with contextlib.suppress(PlaywrightError):
            page.screenshot(path=ARTIFACTS / f"{name}-failure.png", full_page=True)
        shutil.copyfile(server.log_path, ARTIFACTS / f"{name}-server.log")
        raise
