"""What the other players changed on the board since the viewer last acted (``state.marks``).

The front-end rings these places in the mover's colour until the viewer's next action, and links
each one to the log line that tells it.  Everything is read from the engine's structured events
(:mod:`catan_widget.engine.events`), one log line per event, and names public places only (a
stolen card is not a place).  One entry per event that touched places, oldest first:
``[line, seat, place, ...]``:

* ``line``: the index of the event's line in ``state.log`` (the newest ``LOG_TAIL`` lines), or
  ``-1`` once the line scrolled out of the tail;
* ``seat``: who moved;
* each ``place`` is a letter and an id: ``"e17"`` a path with a new road, ``"n12"`` a corner
  with a new settlement or city, ``"r9"`` the hex the robber moved to, ``"h4"`` a hex that
  produced on a roll.

Ids, not words: the whole update must stay within its byte budget (bench/bench_widget_bytes.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ..engine import Game
from ..engine.events import Event
from ..engine.topology import HEX_COUNT

ACTS: Final = frozenset(
    {"roll", "road", "settlement", "city", "buy", "play", "discard", "robber", "maritime", "offer"}
    | {"answer", "trade", "end_turn"}
)
"""Event kinds whose seat is the player who chose the move (so the viewer acted)."""
_PLACES: Final = {"road": "e", "settlement": "n", "city": "n", "robber": "r"}


def _since(events: Sequence[Event], seat: int | None) -> int:
    """Index of the first event after ``seat``'s last own move; for no seat, the first event of
    the previous turn (an onlooker sees the last two turns).
    """
    if seat is not None:
        for i in range(len(events) - 1, -1, -1):
            e = events[i]
            if e[0] in ACTS and e[1] == seat:
                return i + 1
        return 0
    seen = 0
    for i in range(len(events) - 1, -1, -1):
        if events[i][0] == "end_turn":
            seen += 1
            if seen == 2:
                return i + 1
    return 0


def _robber_before(game: Game, events: Sequence[Event], index: int) -> int:
    """Where the robber stood when event ``index`` happened."""
    for i in range(index - 1, -1, -1):
        if events[i][0] == "robber":
            return int(events[i][2])
    if any(e[0] == "robber" for e in events[index:]):
        return game.board.desert
    return game.robber


def producing_hexes(game: Game, events: Sequence[Event], index: int) -> list[int]:
    """The hexes that produced on the roll ``events[index]``: its number, not under the robber,
    and yielding a resource that the roll paid (or that the bank could not pay).
    """
    e = events[index]
    total = e[2][0] + e[2][1]
    if total == 7:
        return []
    paid = {r for _, r, _ in e[3]} | {r for r, _ in e[4]}
    board, robber = game.board, _robber_before(game, events, index)
    return [
        h for h in range(HEX_COUNT) if board.number[h] == total and h != robber and board.resource(h) in paid
    ]


def marks_json(game: Game, seat: int | None, log_tail: int) -> list[list[Any]]:
    """The places other players' moves touched since ``seat`` last moved (see the module)."""
    events = game.events
    first_line = max(0, len(events) - log_tail)
    out: list[list[Any]] = []
    for i in range(_since(events, seat), len(events)):
        e = events[i]
        mover = e[1]
        if mover == seat or not isinstance(mover, int) or mover < 0:
            continue
        line = i - first_line if i >= first_line else -1
        code = _PLACES.get(e[0])
        if code is not None:
            out.append([line, mover, f"{code}{int(e[2])}"])
        elif e[0] == "roll":
            hexes = producing_hexes(game, events, i)
            if hexes:
                out.append([line, mover, *(f"h{h}" for h in hexes)])
    return out
