"""The frames a table sends (docs/table-protocol.md), as JSON text: ``welcome``, ``view``,
``refused`` and ``pong``.

A ``view`` is built from one observation only, the one its viewer may have: a seat's own, the
onlooker's (spectators) or the all-seeing one (the teacher), with the widget's own builders
(:mod:`catan_widget.widget.view`), so the board a seat sees at a table is the one it sees in a
notebook.  A connection with the ``observation`` setting also gets that viewer's observation
itself, as JSON, in each view (for a bot playing the seat from elsewhere).  Nothing here reads
another seat's hidden cards.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import ALL_SEEING, ONLOOKER, Game
from ..widget.replay import counting_json
from ..widget.view import legal_json, observations, state_json
from .words import TABLE_WORDS


def dumps(frame: dict[str, Any]) -> str:
    """A frame as compact JSON text (the same value always gives the same bytes)."""
    return json.dumps(frame, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def refused(code: str, reason: str, intent_version: int | None = None) -> str:
    """A ``refused`` frame: ``code`` of the protocol, ``reason`` in plain words, and for an
    intent stamped with a whole-number version, that version (``intent_version``: which of a
    client's moves this answers).
    """
    frame: dict[str, Any] = {"type": "refused", "code": code, "reason": reason}
    if intent_version is not None:
        frame["intent_version"] = intent_version
    return dumps(frame)


PONG = dumps({"type": "pong"})
"""The answer to a ``ping``."""


def welcome(seat: int | None, role: str, table_id: str, board: dict[str, Any]) -> str:
    """The ``welcome`` frame after a good hello (the board with the words of the table's marks)."""
    board = {**board, "table_words": TABLE_WORDS}
    return dumps({"type": "welcome", "seat": seat, "role": role, "table": table_id, "board": board})


@dataclass(frozen=True)
class Viewer:
    """Who a view is for: ``seat`` (a seat, or None), ``sees_all`` (the teacher), whether the
    card counting is shown and whether the view carries the viewer's observation (settings of the
    connection).
    """

    seat: int | None
    sees_all: bool = False
    counting: bool = False
    observing: bool = False


@dataclass(frozen=True)
class Moment:
    """What every view of one change shares: the version, each seat's kind, the human who must
    act (None: nobody at the table), the bots' fault and the ``state.table`` block.
    """

    version: int
    kinds: Sequence[str]
    acting: int | None
    fault: str | None
    table: dict[str, Any]


def view(
    game: Game,
    who: Viewer,
    moment: Moment,
    *,
    error: str | None = None,
    undo: tuple[bool, str | None] = (False, None),
    countdown: float | None = None,
    hint: dict[str, Any] | None = None,
) -> str:
    """A ``view`` frame for ``who``: ``state`` and ``legal`` from that viewer's observation.

    ``undo`` is whether the acting seat may take back its move and why not; ``countdown`` the
    seconds before the open offer is declined for this seat (only given to the seat it waits on);
    ``error`` the reason a move of this connection was refused.  An ``observing`` viewer's view
    also carries ``observation``: that same viewer's ``game.observe(...).to_dict()``, the record a
    bot in the server's process would be given (a remote bot decides on it,
    :mod:`.remote_bot`).
    """
    viewer = ALL_SEEING if who.sees_all else who.seat
    acting = moment.acting if who.seat is not None and who.seat == moment.acting else None
    obs, controls = observations(game, viewer, acting)
    state = state_json(obs, moment.kinds, version=moment.version, error=error or moment.fault)
    state["handover"] = None  # every human is at their own screen
    state["table"] = moment.table
    if countdown is not None and state["trade"] is not None:
        state["trade"]["expires_in"] = round(countdown, 1)
    if who.counting and obs.seat is not None:
        counting_json(obs, state["players"])
    can_undo, why = undo if acting is not None else (False, None)
    legal = legal_json(controls, acting, version=moment.version, undo=can_undo, undo_reason=why)
    frame: dict[str, Any] = {"type": "view", "state": state, "legal": legal}
    if hint is not None:
        frame["hint"] = hint
    if who.observing:
        frame["observation"] = game.observe(ONLOOKER if viewer is None else viewer).to_dict()
    return dumps(frame)
