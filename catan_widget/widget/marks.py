"""What the other players changed on the board since the viewer last acted (``state.marks``).

The front-end rings these places in the mover's colour until the viewer's next action, and links
each one to the log line that tells it.  Everything is read from the engine's structured events
(:mod:`catan_widget.engine.words.log`), one log line per event, and names public places only (a
stolen card is not a place).  One entry per event that touched places, oldest first:
``[line, seat, place, ...]``:

* ``line``: the index of the event's line in ``state.log`` (the newest ``LOG_TAIL`` lines), or
  ``-1`` once the line scrolled out of the tail;
* ``seat``: who moved;
* each ``place`` is a letter and an id: ``"e17"`` a path with a new road, ``"n12"`` a corner
  with a new settlement or city, ``"r9"`` the hex the robber moved to, ``"h4"`` a hex that
  produced on a roll.

Read from the viewer's observation only (``game.observe(viewer, shown=True)``: its ``shown``
part holds the newest events as that viewer sees them).  Ids, not words: the whole update must
stay within its byte budget (bench/bench_widget_bytes.py).
"""

from __future__ import annotations

from typing import Any, Final

from ..engine.board.layouts import Board
from ..engine.knowledge.moves import card_moves
from ..engine.knowledge.observation import Observation, Shown
from ..engine.words.since import since_index, since_last_turn, since_title

_PLACES: Final = {"road": "e", "settlement": "n", "city": "n", "robber": "r"}


def _robber_before(shown: Shown, index: int) -> int:
    """Where the robber stood when event ``index`` of ``shown.recent`` happened."""
    events = shown.recent
    for i in range(index - 1, -1, -1):
        if events[i][0] == "robber":
            return int(events[i][2])
    return shown.robber_at_start


def producing_hexes(board: Board, shown: Shown, index: int) -> list[int]:
    """The hexes that produced on the roll ``shown.recent[index]``: its number, not under the
    robber, and yielding a resource that the roll paid (or that the bank could not pay).
    """
    e = shown.recent[index]
    total = e[2][0] + e[2][1]
    if total == 7:
        return []
    paid = {r for _, r, _ in e[3]} | {r for r, _ in e[4]}
    robber = _robber_before(shown, index)
    return [
        h
        for h, number in enumerate(board.number)
        if number == total and h != robber and board.resource(h) in paid
    ]


def marks_json(obs: Observation, seat: int | None, log_tail: int) -> list[list[Any]]:
    """The places other players' moves touched since ``seat`` last moved (see the module), read
    from ``obs.shown`` (an observation made with ``shown=True``) and nothing else.
    """
    shown = obs.shown
    if shown is None:
        raise ValueError("marks_json needs an observation made with shown=True")
    events, offset = shown.recent, shown.recent_from
    first_line = max(0, offset + len(events) - log_tail)
    out: list[list[Any]] = []
    for i in range(since_index(events, seat), len(events)):
        e = events[i]
        mover = e[1]
        if mover == seat or not isinstance(mover, int) or mover < 0:
            continue
        at = offset + i
        line = at - first_line if at >= first_line else -1
        code = _PLACES.get(e[0])
        if code is not None:
            out.append([line, mover, f"{code}{int(e[2])}"])
        elif e[0] == "roll":
            hexes = producing_hexes(obs.board, shown, i)
            if hexes:
                out.append([line, mover, *(f"h{h}" for h in hexes)])
    return out


def since_json(
    obs: Observation, seat: int | None, log_tail: int, *, language: str | None = None
) -> dict[str, Any] | None:
    """``state.since``: what the others did since ``seat`` last moved, in the engine's words
    in ``language`` (:func:`~catan_widget.engine.words.since.since_last_turn`: one sentence per
    player, under its ``title``), and ``from``, the index in ``state.log`` of the first line it
    sums up (-1 once that line scrolled out); None when nobody else did anything since.
    """
    shown = obs.shown
    if shown is None:
        raise ValueError("since_json needs an observation made with shown=True")
    text = since_last_turn(shown.recent, obs.names, seat, language=language)
    if not text:
        return None
    first = shown.recent_from + since_index(shown.recent, seat)
    start = max(0, shown.recent_from + len(shown.recent) - log_tail)  # one log line per event
    line = first - start if first >= start else -1
    return {"title": since_title(seat, language=language), "text": list(text), "from": line}


#: how many of the newest events the ``moves`` list covers (a bot's moves between two updates)
MOVES_EVENTS = 3


def moves_json(obs: Observation) -> list[list[int]]:
    """The cards the newest events moved, as ``obs``'s viewer sees them (``state.moves``):
    ``[event, giver, taker, resource, n]`` per move, ``event`` the event's number in the game (the
    front-end moves the cards of events it has not shown yet), givers and takers seats or
    ``BANK`` / ``DICE``, ``resource`` an index or ``FACE_DOWN`` (:mod:`..engine.knowledge.moves`).
    """
    shown = obs.shown
    if shown is None:
        raise ValueError("moves_json needs an observation made with shown=True")
    events, offset = shown.recent, shown.recent_from
    start = max(0, len(events) - MOVES_EVENTS)
    return [[offset + i, *move] for i in range(start, len(events)) for move in card_moves(events[i])]
