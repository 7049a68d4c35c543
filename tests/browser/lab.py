"""Real JupyterLab and headless Chromium, for the browser tests and the browser benchmark.

No pytest here (``bench/bench_widget_browser.py`` imports it too).  The pieces:

* :func:`start_lab` starts ``jupyter lab`` on 127.0.0.1 with a free port and a token, every
  config, runtime, data, workspace and user-settings directory inside one temp folder, the news
  toast silenced; :meth:`LabServer.stop` shuts it down with its kernels.
* :func:`launch_chromium` drives the system's Chromium (``chromium`` on ``PATH``, as Debian
  installs it) through Playwright (never ``playwright install``) with a fresh user-data dir.
* :func:`notebook_json` / :func:`write_notebook` write small notebooks (kernelspec ``python3``);
  :class:`LabPage` opens one, waits for the kernel, runs cells through Lab's commands and reads
  the Python side back through a *probe* cell that dumps the widget's game to a JSON file.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Locator, Page, Playwright, expect

REPO = Path(__file__).resolve().parents[2]
"""The project checkout: put on the kernel's ``PYTHONPATH`` so notebooks import ``catan_widget``."""
ARTIFACTS = REPO / "test-artifacts"
"""Screenshots and traces (gitignored)."""
CHROMIUM_NAMES = ("chromium", "chromium-browser")
"""Names the system's Chromium goes by on ``PATH`` (Debian: ``chromium``)."""
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
"""The switches the browser tests run Chromium with (tests/browser/test_lab_helpers.py pins them)."""

SETTINGS: dict[str, dict[str, Any]] = {
    # no "news" toast asking for consent, no update check: nothing covers the page
    "@jupyterlab/apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
    # every cell stays in the DOM (no virtual scrolling): locators find the widget anywhere
    "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
}

SERVER_TIMEOUT = 60.0
"""Seconds to wait for the server to answer ``/api/status``."""


class BrowserSetupError(RuntimeError):
    """Chromium or JupyterLab could not be started."""


def find_chromium() -> Path | None:
    """The system's Chromium found on ``PATH``, or None."""
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return Path(found)
    return None


def require_chromium(path: Path | None = None) -> Path:
    """The Chromium binary (``path``, else the one on ``PATH``), or a clear error saying how to
    install it (never a skip).
    """
    exe = path if path is not None else find_chromium()
    if exe is None or not (exe.is_file() and os.access(exe, os.X_OK)):
        where = f"at {exe}" if exe is not None else f"on PATH (as {' or '.join(CHROMIUM_NAMES)})"
        raise BrowserSetupError(
            f"The browser tests need the system's Chromium {where}: install it with "
            "`apt-get install -y chromium` (./dev test does it). Playwright's own browsers are not used."
        )
    return exe


def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class LabServer:
    """A running JupyterLab: its root folder, address, token and process."""

    root: Path
    port: int
    token: str
    process: subprocess.Popen[bytes]
    log_path: Path
    _log: Any = field(repr=False, default=None)

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:<port>``."""
        return f"http://127.0.0.1:{self.port}"

    def notebook_url(self, name: str) -> str:
        """The address that opens notebook ``name`` (relative to the root) in a fresh workspace."""
        return f"{self.base_url}/lab/tree/{name}?reset&token={self.token}"

    def api(self, method: str, path: str, timeout: float = 10.0) -> Any:
        """Call the server's REST API; the decoded JSON answer (``None`` when empty)."""
        req = urllib.request.Request(
            f"{self.base_url}{path}", method=method, headers={"Authorization": f"token {self.token}"}
        )
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            body = resp.read()
        return json.loads(body) if body else None

    def log_text(self) -> str:
        """What the server printed so far."""
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def shutdown_kernels(self) -> None:
        """Shut down every kernel (the next notebook starts from a quiet machine)."""
        for kernel in self.api("GET", "/api/kernels"):
            try:
                self.api("DELETE", f"/api/kernels/{kernel['id']}")
            except urllib.error.HTTPError as exc:  # already gone
                if exc.code != 404:
                    raise

    def stop(self) -> None:
        """Stop the server and its kernels; kill the whole process group if it does not stop."""
        proc = self.process
        try:
            if proc.poll() is None:
                try:
                    self.shutdown_kernels()
                    self.api("POST", "/api/shutdown")
                except (OSError, urllib.error.URLError):
                    proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait(timeout=10)
            # kernels are in the server's process group (start_new_session): none may outlive it
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
        finally:
            if self._log is not None:
                self._log.close()
                self._log = None


def _write_settings(settings_dir: Path) -> None:
    for plugin, values in SETTINGS.items():
        package, name = plugin.rsplit("/", 1)
        path = settings_dir / package / f"{name}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))


def _lab_env(workdir: Path) -> dict[str, str]:
    """The server's environment: every Jupyter / IPython directory inside ``workdir``."""
    dirs = {
        name: workdir / name for name in ("config", "runtime", "data", "ipython", "workspaces", "settings")
    }
    for d in dirs.values():
        d.mkdir(parents=True, exist_ok=True)
    _write_settings(dirs["settings"])
    env = dict(os.environ)
    env.update(
        JUPYTER_CONFIG_DIR=str(dirs["config"]),
        JUPYTER_RUNTIME_DIR=str(dirs["runtime"]),
        JUPYTER_DATA_DIR=str(dirs["data"]),
        JUPYTERLAB_WORKSPACES_DIR=str(dirs["workspaces"]),
        JUPYTERLAB_SETTINGS_DIR=str(dirs["settings"]),
        IPYTHONDIR=str(dirs["ipython"]),
        JUPYTER_PLATFORM_DIRS="1",
        PYTHONPATH=os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH", "")) if p),
    )
    return env


def jupyter_server_command(app: str, expose: str) -> Callable[[Path, int, str], list[str]]:
    """``python -m <app>`` (a Jupyter server application) serving ``root`` on 127.0.0.1 with a
    token; ``expose`` is the application's flag that sets ``window.jupyterapp`` (its commands
    can then be run by name).
    """

    def command(root: Path, port: int, token: str) -> list[str]:
        cmd = [
            sys.executable,
            "-m",
            app,
            "--no-browser",
            "--ip=127.0.0.1",
            f"--port={port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={root}",
            f"--{expose}=True",
        ]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            cmd.append("--allow-root")
        return cmd

    return command


def start_lab(workdir: Path, timeout: float = SERVER_TIMEOUT, attempts: int = 3) -> LabServer:
    """Start JupyterLab serving ``workdir/root``; everything else it writes stays in ``workdir``.

    The kernel gets the project checkout on ``PYTHONPATH``.  Raises :class:`BrowserSetupError`
    (with the server's log) when it does not answer ``/api/status``.
    """
    command = jupyter_server_command("jupyterlab", "LabApp.expose_app_in_browser")
    return start_server(workdir, "JupyterLab", command, "/api/status?token={}".format, timeout, attempts)


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
    """Start ``command(root, port, token)`` in ``workdir/root`` (JupyterLab, Notebook 7, Voila);
    ``name`` is the server's name in errors.  Ready once ``ready_path(token)`` answers 200.  A
    server that exits at once (its free port was taken meanwhile) is retried on another port,
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
            start_new_session=True,  # the kernels join its process group: stop() kills them all
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
            continue  # it exited by itself: most likely its port was taken; try another one
        why = f"{name} exited with code {proc.returncode}" if exited else f"{name} did not answer"
        raise BrowserSetupError(f"{why}. Its log ({log_path}):\n{server.log_text()[-4000:]}")
    raise AssertionError("unreachable")


def launch_chromium(
    playwright: Playwright, user_data_dir: Path, width: int = 1300, height: int = 1000
) -> BrowserContext:
    """Debian's Chromium with a fresh user-data dir and the checked flags, as a Playwright context.

    Light theme, and reduced motion: the widget's pulsing highlights then stand still, so
    Playwright's "element is stable" check passes at once.
    """
    exe = require_chromium()
    return playwright.chromium.launch_persistent_context(
        str(user_data_dir),
        executable_path=str(exe),
        headless=True,
        args=list(CHROMIUM_FLAGS),
        viewport={"width": width, "height": height},
        color_scheme="light",
        reduced_motion="reduce",
    )


# ---------------------------------------------------------------------------------- notebooks


def notebook_json(cells: list[str]) -> dict[str, Any]:
    """An nbformat 4 notebook of code cells, with the ``python3`` kernelspec (no kernel dialog)."""
    return {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": f"c{i}",
                "metadata": {},
                "outputs": [],
                "source": src,
            }
            for i, src in enumerate(cells)
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def write_notebook(path: Path, cells: list[str]) -> Path:
    """Write a notebook of ``cells`` to ``path``."""
    path.write_text(json.dumps(notebook_json(cells), indent=1))
    return path


PROBE_MODULE = '''\
"""Written by tests/browser/lab.py: dump a CatanWidget's game to a JSON file for the test."""

import json
from pathlib import Path

_count = 0


def probe(w, path):
    """Write the widget's traits and game facts to ``path``; print a numbered marker."""
    global _count
    _count += 1
    g, s = w.game, w.game.state
    facts = {
        "probe": _count,
        "version": w.state["version"],
        "state": w.state,
        "legal": w.legal,
        "phase": g.phase,
        "turn": g.turn,
        "current": s.current,
        "turn_player": s.turn_player,
        "hands": [list(h) for h in s.hands],
        "bank": list(s.bank),
        "robber": s.robber,
        "node_owner": list(s.node_owner),
        "node_level": list(s.node_level),
        "edge_owner": list(s.edge_owner),
        "history": len(g.history),
        "log": g.log,
        "viewer": w.viewer,
        "settings": {k: getattr(w, k) for k in ("bot_delay", "view", "show_pips", "theme", "bots_paused")},
        "save": g.to_json(),
    }
    Path(path).write_text(json.dumps(facts))
    print(f"probe {_count} written")
'''
"""``probe(w, path)``, imported by the test notebooks from ``labprobe.py`` in the server's root."""


@dataclass
class LabPage:
    """One notebook open in JupyterLab, and the probe that reads its Python state."""

    page: Page
    server: LabServer
    name: str
    probe_path: Path
    probe_cell: int
    probes: int = 0

    def open(self, timeout: float = 90_000) -> None:
        """Navigate to the notebook and wait until its kernel is idle."""
        page = self.page
        page.goto(self.server.notebook_url(self.name))
        page.wait_for_function(
            "() => window.jupyterapp && window.jupyterapp.commands.hasCommand('runmenu:run-all')",
            timeout=timeout,
        )
        expect(page.locator("#jp-main-statusbar")).to_contain_text("| Idle", timeout=timeout)
        # more room for the widget: fold the file browser away
        left = page.locator("#jp-left-stack")
        if left.is_visible():
            self.command("application:toggle-left-area")
            expect(left).to_be_hidden()

    def command(self, name: str) -> None:
        """Execute a JupyterLab command by id (``runmenu:run-all``, ``notebook:run-cell``...)."""
        self.page.evaluate(
            "async (name) => { await window.jupyterapp.commands.execute(name); return null; }", name
        )

    def cell(self, index: int) -> Locator:
        """The notebook's cell number ``index``."""
        return self.page.locator(".jp-NotebookPanel .jp-Notebook .jp-Cell").nth(index)

    def run_all(self, timeout: float = 60_000) -> dict[str, Any]:
        """Run every cell (``runmenu:run-all``); wait for the probe cell's marker; the probe's facts."""
        self.command("runmenu:run-all")
        return self._probed(timeout)

    def run_cell(self, index: int, timeout: float = 30_000) -> None:
        """Select cell ``index`` by clicking its prompt and run it (``notebook:run-cell``)."""
        self.cell(index).locator(".jp-InputPrompt").click()
        expect(self.cell(index)).to_have_class(re.compile(r"\bjp-mod-selected\b"))
        self.command("notebook:run-cell")

    def probe(self, timeout: float = 30_000) -> dict[str, Any]:
        """Re-run the probe cell: the Python side's facts, read after the kernel wrote them."""
        self.run_cell(self.probe_cell, timeout)
        return self._probed(timeout)

    def _probed(self, timeout: float) -> dict[str, Any]:
        self.probes += 1
        out = self.cell(self.probe_cell).locator(".jp-OutputArea")
        expect(out).to_contain_text(f"probe {self.probes} written", timeout=timeout)
        facts: dict[str, Any] = json.loads(self.probe_path.read_text())
        if facts["probe"] != self.probes:
            raise RuntimeError(f"probe file is from run {facts['probe']}, expected run {self.probes}")
        return facts


def notebook_with_probe(server: LabServer, name: str, widget_cells: list[str]) -> tuple[Path, Path, int]:
    """Write ``name`` into the server's root: ``from labprobe import probe``, ``widget_cells``
    (which must leave the widget in ``w``), then a ``probe(w, ...)`` cell.

    Returns the notebook path, the probe's JSON path and the index of the probe cell.
    """
    (server.root / "labprobe.py").write_text(PROBE_MODULE)
    probe_path = server.root / f"{Path(name).stem}.probe.json"
    cells = ["from labprobe import probe", *widget_cells, f"probe(w, {str(probe_path)!r})"]
    path = write_notebook(server.root / name, cells)
    return path, probe_path, len(cells) - 1


def open_lab_page(page: Page, server: LabServer, name: str, widget_cells: list[str]) -> LabPage:
    """Write the notebook, open it in ``page`` and wait for an idle kernel (cells not run yet)."""
    _path, probe_path, probe_cell = notebook_with_probe(server, name, widget_cells)
    lab = LabPage(page=page, server=server, name=name, probe_path=probe_path, probe_cell=probe_cell)
    lab.open()
    return lab
