"""Jupyter Notebook 7 and Voila on 127.0.0.1, for ``test_other_frontends.py``.

Both start like :func:`.lab.start_lab`: a free port, a token, every Jupyter directory inside one
temp folder, the project checkout on the kernel's ``PYTHONPATH``, a new process group (its
kernels die with it).  Each returns a :class:`.lab.LabServer`, whose ``stop`` shuts it down.
"""

from __future__ import annotations

import contextlib
import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from .lab import ARTIFACTS, LabServer, jupyter_server_command, start_server


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
    command = jupyter_server_command("notebook", "JupyterNotebookApp.expose_app_in_browser")
    return start_server(workdir, "Notebook 7", command, "/api/status?token={}".format)


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
