"""Fixtures for the real-browser tests: one JupyterLab and one headless Chromium for the package.

``lab_page`` gives each test a fresh browser tab; afterwards its kernels are shut down.  A failed
test leaves a screenshot, a Playwright trace and the server log in ``test-artifacts/``.
"""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from .console import ConsoleLog
from .lab import ARTIFACTS, LabServer, launch_chromium, require_chromium, start_lab

_REPORTS = pytest.StashKey[dict[str, pytest.TestReport]]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> pytest.TestReport:
    report: pytest.TestReport = yield
    item.stash.setdefault(_REPORTS, {})[report.when] = report
    return report


def _failed(item: pytest.Item) -> bool:
    return any(r.failed for r in item.stash.get(_REPORTS, {}).values())


@pytest.fixture(scope="package")
def lab_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    """JupyterLab on 127.0.0.1 (free port, token, every directory in a temp folder)."""
    require_chromium()  # no browser: fail at once with the reason, before starting anything
    server = start_lab(tmp_path_factory.mktemp("lab"))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="package")
def lab_browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    """Debian's headless Chromium with a fresh profile, tracing ready (kept only on failure)."""
    require_chromium()
    playwright = sync_playwright().start()
    try:
        context = launch_chromium(playwright, tmp_path_factory.mktemp("chromium"))
        try:
            context.tracing.start(screenshots=True, snapshots=True)
            yield context
        finally:
            context.close()
    finally:
        playwright.stop()


@pytest.fixture
def lab_page(
    request: pytest.FixtureRequest, lab_browser: BrowserContext, lab_server: LabServer
) -> Iterator[Page]:
    """A new tab; on failure its screenshot, trace and the server log go to ``test-artifacts/``."""
    name = request.node.name
    lab_browser.tracing.start_chunk(title=name)
    page = lab_browser.new_page()
    page.set_default_timeout(30_000)
    try:
        yield page
    finally:
        if _failed(request.node):
            ARTIFACTS.mkdir(exist_ok=True)
            # a crashed page has no screenshot: the trace and the log still tell the story
            with contextlib.suppress(PlaywrightError):
                page.screenshot(path=ARTIFACTS / f"{name}-failure.png", full_page=True)
            lab_browser.tracing.stop_chunk(path=ARTIFACTS / f"{name}-trace.zip")
            shutil.copyfile(lab_server.log_path, ARTIFACTS / f"{name}-jupyterlab.log")
        else:
            lab_browser.tracing.stop_chunk()
        page.close()
        lab_server.shutdown_kernels()


@pytest.fixture
def lab_console(lab_page: Page) -> ConsoleLog:
    """The console warnings, errors and uncaught exceptions of ``lab_page`` (recorded from before
    it opens anything): assert ``lab_console.unexpected() == []`` (tests/browser/console.py).
    """
    return ConsoleLog(lab_page)
