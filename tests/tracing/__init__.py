"""Kernel interrupts for tests: a ``KeyboardInterrupt`` raised between two lines of interpreted
code, as a signal lands (a trace function counts the lines and raises before the k-th).

Shared by the interrupt tests of the engine, the widget and the learning environments.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any


def _traced(fn: Callable[[], object], on_line: Callable[[int, FrameType], None]) -> None:
    """Run ``fn()`` calling ``on_line(k, frame)`` before its k-th line of interpreted code."""
    count = 0

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "line":  # a signal lands between lines, never inside a yield or return
            count += 1
            on_line(count, frame)
        return tracer

    sys.settrace(tracer)
    try:
        fn()
    finally:
        sys.settrace(None)


def traced_lines(fn: Callable[[], object]) -> int:
    """How many lines of interpreted code ``fn()`` runs."""
    seen = [0]
    _traced(fn, lambda k, frame: seen.__setitem__(0, k))
    return seen[0]


def interrupted_at(k: int, fn: Callable[[], object]) -> bool:
    """Run ``fn()`` with a KeyboardInterrupt raised before its k-th line; True if it was (the
    interrupt came out of ``fn``), False if ``fn`` returned first.
    """

    def interrupt(count: int, frame: FrameType) -> None:
        if count == k:
            raise KeyboardInterrupt  # tracing stops here: what handles it runs untraced

    try:
        _traced(fn, interrupt)
    except KeyboardInterrupt:
        return True
    return False


def line_at(k: int, fn: Callable[[], object]) -> tuple[str, int] | None:
    """The file and line number of the k-th line ``fn()`` runs (None if it runs fewer)."""
    found: list[tuple[str, int]] = []

    def note(count: int, frame: FrameType) -> None:
        if count == k:
            found.append((frame.f_code.co_filename, frame.f_lineno))

    _traced(fn, note)
    return found[0] if found else None


def spread(total: int, count: int) -> list[int]:
    """``count`` line numbers spread evenly from the 1st to the ``total``-th (and the 2nd and
    the last but one).
    """
    return sorted({1 + (total - 1) * i // (count - 1) for i in range(count)} | {2, total - 1})
