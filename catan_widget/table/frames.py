"""The frames a table sends (docs/table-protocol.md), as JSON text: ``welcome``, ``view``,
``refused`` and ``pong``.

A ``view`` is built from one observation only, the one its viewer may have: a seat's own, the
onlooker's (spectators) or the all-seeing one (the teacher), with the widget's own builders
(:mod:`catan_widget.widget.view`), so the board a seat sees at a table is the one it sees in a
notebook.  A connection with the ``observation`` setting also gets that viewer's observation
itself, as JSON, in each view (for a bot playing the seat from elsewhere).  Nothing here reads
another seat's hidden cards.  Every word in a frame is in its connection's language
(:attr:`Viewer.language`): the log, the prompt, the reasons, the refusals; the welcome carries
the front-end's ``words`` table and the marks' words in it too.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import ALL_SEEING, ONLOOKER, Game
from ..engine.language import ENGLISH, Words, words
from ..widget.replay import counting_json
from ..widget.view import legal_json, observations, state_json
from ..widget.words import words_table
from .words import table_words


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


def welcome(seat: int | None, role: str, table_id: str, board: dict[str, Any], language: str) -> str:
    """The ``welcome`` frame after a good hello, and again when the connection's language
    changes: ``board`` (made in ``language``) with the words of the table's marks, the
    ``language`` itself and the front-end's ``words`` table in it.
    """
    frame = {
        "type": "welcome",
        "seat": seat,
        "role": role,
        "table": table_id,
        "language": language,
        "board": {**board, "table_words": table_words(language)},
        "words": words_table(language),
    }
    return dumps(frame)


@dataclass(frozen=True)
class Viewer:
    """Who a view is for: ``seat`` (a seat, or None), ``sees_all`` (the teacher), whether the
    card counting is shown, whether the view carries the viewer's observation and the
    ``language`` its words are in (settings of the connection).
    """

    seat: int | None
    sees_all: bool = False
    counting: bool = False
    observing: bool = False
    language: str = ENGLISH


@dataclass(frozen=True)
class Moment:
    """What every view of one change shares: the version, each seat's kind, the human who must
    act (None: nobody at the table), the bots' fault and the ``state.table`` block.
    """

    version: int
    kinds: Sequence[str]
    acting: int | None
    fault: Words | None
    table: dict[str, Any]


def view(
    game: Game,
    who: Viewer,
    moment: Moment,
    *,
    error: Words | None = None,
    undo: tuple[bool, Words | None] = (False, None),
    countdown: float | None = None,
    hint: dict[str, Any] | None = None,
    log: Sequence[str] | None = None,
) -> str:
    """A ``view`` frame for ``who``: ``state`` and ``legal`` from that viewer's observation.

    ``undo`` is whether the acting seat may take back its move and why not; ``countdown`` the
    seconds before the open offer is declined for this seat (only given to the seat it waits on);
    ``error`` the reason a move of this connection was refused; ``log`` the newest lines of the
    log as this viewer reads them (:class:`~catan_widget.widget.publish.LogTail`).  Every word
    is in ``who.language``.  An ``observing`` viewer's view
    also carries ``observation``: that same viewer's ``game.observe(...).to_dict()``, the record a
    bot in the server's process would be given (a remote bot decides on it,
    :mod:`.remote_bot`).
    """
    viewer = ALL_SEEING if who.sees_all else who.seat
    acting = moment.acting if who.seat is not None and who.seat == moment.acting else None
    language = who.language
    obs, controls = observations(game, viewer, acting)
    problem = error if error is not None else moment.fault
    state = state_json(
        obs,
        moment.kinds,
        version=moment.version,
        error=None if problem is None else words(problem, language),
        language=language,
        log=log,
    )
    state["handover"] = None  # every human is at their own screen
    state["table"] = moment.table
    if countdown is not None and state["trade"] is not None:
        state["trade"]["expires_in"] = round(countdown, 1)
    if who.counting and obs.seat is not None:
        counting_json(obs, state["players"], language=language)
    can_undo, why = undo if acting is not None else (False, None)
    legal = legal_json(
        controls,
        acting,
        version=moment.version,
        undo=can_undo,
        undo_reason=None if why is None else words(why, language),
        language=language,
    )
    frame: dict[str, Any] = {"type": "view", "state": state, "legal": legal}
    if hint is not None:
        frame["hint"] = hint
    if who.observing:
        frame["observation"] = game.observe(ONLOOKER if viewer is None else viewer).to_dict()
    return dumps(frame)
