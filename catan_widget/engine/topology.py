"""The board's ids, at the path the notebooks import: :mod:`catan_widget.engine.board.topology`."""

from __future__ import annotations

from .board.topology import *  # noqa: F403
