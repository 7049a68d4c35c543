"""The browser-test helpers themselves: a missing Chromium fails loudly, notebooks need no dialog."""

from __future__ import annotations

from pathlib import Path

import pytest

from .lab import CHROMIUM_FLAGS, BrowserSetupError, notebook_json, require_chromium


def test_missing_chromium_fails_with_the_install_command() -> None:
    with pytest.raises(BrowserSetupError, match=r"apt-get install -y chromium"):
        require_chromium(Path("/nonexistent/chromium"))


def test_chromium_gets_exactly_the_checked_flags() -> None:
    assert CHROMIUM_FLAGS == (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
    )


def test_test_notebooks_name_the_python3_kernel() -> None:
    nb = notebook_json(["1 + 1"])
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    assert [c["source"] for c in nb["cells"]] == ["1 + 1"]
