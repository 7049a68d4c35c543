"""Every widget a test creates is closed afterwards (its bot task cancelled)."""

from __future__ import annotations

from collections.abc import Iterator

import ipywidgets
import pytest


@pytest.fixture(autouse=True)
def _close_widgets() -> Iterator[None]:
    yield
    ipywidgets.Widget.close_all()
