"""Jupyter Notebook 7 and Voila on 127.0.0.1, for ``test_other_frontends.py``.

Both start like :func:`.lab.start_lab`: a free port, a token, every Jupyter directory inside one
temp folder, the project checkout on the kernel's ``PYTHONPATH``, a new process group (its
kernels die with it).  Each returns a :class:`.lab.LabServer`, whose ``stop`` shuts it down.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from .lab import ARTIFACTS, SERVER_TIMEOUT, BrowserSetupError, LabServer, _lab_env, free_port


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


def _answers(server: LabServer, path: str) -> bool:
    try:
        with urllib.request.urlopen(f"{server.base_url}{path}", timeout=2) as resp:
            return bool(resp.status == 200)
    except (OSError, urllib.error.URLError, ValueError):
        return False


def start_server(
    workdir: Path,
    name: str,
    command: Callable[[Path, int, str], list[str]],
    ready_path: Callable[[str], str],
    timeout: float = SERVER_TIMEOUT,
    attempts: int = 3,
) -> LabServer:
    """Start ``command(root, port, token)`` in ``workdir/root`` (the notebooks must be there
    already); ``name`` is the server's name in errors.  Ready once ``ready_path(token)`` answers
    200.  A server that exits at once (its port was taken meanwhile) is retried on another port,
    ``attempts`` times in all.
    """
    workdir = Path(workdir)
    root = workdir / "root"
    root.mkdir(parents=True, exist_ok=True)
    env = _lab_env(workdir)
    for attempt in range(1, attempts + 1):
        port, token = free_port(), secrets.token_hex(16)
        log_path = workdir / f"server-{attempt}.log"
        log = log_path.open("wb")
        proc = subprocess.Popen(
            command(root, port, token),
            cwd=root,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        server = LabServer(root=root, port=port, token=token, process=proc, log_path=log_path, _log=log)
        deadline = time.monotonic() + timeout
        while proc.poll() is None and time.monotonic() < deadline and not _answers(server, ready_path(token)):
            time.sleep(0.2)
        if proc.poll() is None and _answers(server, ready_path(token)):
            return server
        exited = proc.poll() is not None
        server.stop()
        if exited and attempt < attempts:
            continue
        why = f"{name} exited with code {proc.returncode}" if exited else f"{name} did not answer"
        raise BrowserSetupError(f"{why}. Its log ({log_path}):\n{server.log_text()[-4000:]}")
    raise AssertionError("unreachable")


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
