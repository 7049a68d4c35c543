"""What an operator reads: one log line per event worth their time, on the logger
``catan_widget.table.ops`` (tables started and restored, seats joining and leaving — by seat,
never a token —, connections closed for their rate or size, the slowest moves), and the
refusals summarised once a minute by code and address, however many there were.

Operator lines are for operators: English, not catalogued.  ``catan-widget serve`` sends them
to stderr (:func:`configure`: ``--log-level``, ``--log-json``); a notebook's host sees them only
when it configures logging itself.
"""

from __future__ import annotations

import collections
import json
import logging
import sys
import time
from collections.abc import Callable
from typing import Any, Final

__all__ = [
    "OPS",
    "REFUSALS",
    "SLOW_MOVE",
    "JsonLines",
    "Refusals",
    "configure",
    "event",
    "presence",
    "slow_move",
]

OPS: Final = logging.getLogger("catan_widget.table.ops")
"""The operator's logger."""

SUMMARY_SECONDS: Final = 60.0
"""Refusals are summarised once per this many seconds."""
SLOW_MOVE: Final = 0.1
"""A move whose handling (its step, save and views) took at least this many seconds is logged."""
FIELDS: Final = ("event", "table", "seat", "role", "code", "address", "count", "ms", "version")
"""The fields of an operator's line that ``--log-json`` writes as JSON keys."""


def event(name: str, message: str, *args: object, level: int = logging.INFO, **fields: Any) -> None:
    """One operator's line: ``message % args``, with ``name`` and ``fields`` for JSON lines."""
    OPS.log(level, message, *args, extra={"event": name, **fields})


def presence(name: str, table: str, role: str | None, seat: int | None, address: str | None) -> None:
    """A connection of a seat (or a spectator, the teacher) joined (``name`` "join") or left ("leave")."""
    who = f"seat {seat}" if seat is not None else f"a {role}"
    verb = "joined" if name == "join" else "left"
    where = address or "this process"
    event(
        name,
        "table %s: %s %s from %s",
        table,
        who,
        verb,
        where,
        table=table,
        seat=seat,
        role=role,
        address=address,
    )


def slow_move(table: str, seat: int | None, seconds: float) -> None:
    """A move of ``seat`` took ``seconds`` (its step, save and views): said when it is slow."""
    if seconds >= SLOW_MOVE:
        ms = round(seconds * 1000)
        event(
            "slow_move",
            "table %s: a move of seat %s took %d ms",
            table,
            seat,
            ms,
            table=table,
            seat=seat,
            ms=ms,
        )


class Refusals:
    """Refusals counted by code and address, said once per :data:`SUMMARY_SECONDS` in one line
    each (the first of a new minute flushes the minute before; :meth:`flush` too).
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic, seconds: float = SUMMARY_SECONDS) -> None:
        """Nothing counted yet."""
        self._clock, self._seconds = clock, seconds
        self._counts: collections.Counter[tuple[str, str]] = collections.Counter()
        self._since = clock()

    def count(self, code: str, address: str | None) -> None:
        """One refusal of ``code`` to ``address`` (None: in process)."""
        self._counts[code, address or "-"] += 1
        if self._clock() - self._since >= self._seconds:
            self.flush()

    def flush(self) -> None:
        """Say what was counted since the last summary (nothing when nothing was), and start again."""
        counts, self._counts = self._counts, collections.Counter()
        since, self._since = self._since, self._clock()
        for (code, address), n in sorted(counts.items()):
            event(
                "refusals",
                "refused %d times with %s from %s in the last %.0f s",
                n,
                code,
                address,
                self._since - since,
                level=logging.WARNING,
                code=code,
                address=address,
                count=n,
            )


REFUSALS: Final = Refusals()
"""The process's refusal summary."""


class JsonLines(logging.Formatter):
    """One JSON object a line: time, level, logger, message and the operator's fields."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as one line of JSON."""
        line: dict[str, Any] = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        line.update({key: getattr(record, key) for key in FIELDS if hasattr(record, key)})
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def configure(level: str = "info", json_lines: bool = False, stream: Any = None) -> logging.Handler:
    """Send the package's log (``catan_widget``) at ``level`` and above to ``stream`` (stderr),
    one line per record, as text or JSON lines; returns the handler.
    """
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    text = "%(asctime)s %(levelname)s %(name)s: %(message)s"
    handler.setFormatter(JsonLines() if json_lines else logging.Formatter(text))
    root = logging.getLogger("catan_widget")
    root.addHandler(handler)
    root.setLevel(level.upper())
    # websockets' own lines are one per socket (a failed handshake with its traceback): a flood
    # of them would drown the operator's, so they show at debug only
    quiet = logging.DEBUG if level.lower() == "debug" else logging.CRITICAL
    logging.getLogger("catan_widget.table.websockets").setLevel(quiet)
    return handler
