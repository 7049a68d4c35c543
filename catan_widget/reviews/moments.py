"""The key moments of a game: the moves after which someone's win chance moved the most."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .report import Moment
from .words import moment_sentence, move_phrase

if TYPE_CHECKING:
    from ..engine.actions import Action
    from ..engine.board.layouts import Board

MOST = 5
"""Key moments kept at most."""
LEAST = 3
"""Key moments kept at least, when the game has that many moves that moved a chance at all."""
MIN_POINTS = 5.0
"""A swing beyond the first :data:`LEAST` must move a chance by this many points."""


def key_moments(
    chances: Sequence[Sequence[float]],
    actions: Sequence[Action],
    movers: Sequence[int],
    turns: Sequence[int],
    board: Board,
    names: Sequence[str],
) -> tuple[Moment, ...]:
    """The :data:`LEAST` to :data:`MOST` largest swings, largest first (ties: earlier first).

    A move's swing is the largest change of one seat's chance across it.  Its sentence says who
    lost it to the mover ("took"), or the mover's own gain ("gained") or loss ("lost"), or
    another seat's gain ("gave").  Setup moves (turn 0) are left out: while the setup lasts,
    every placement moves the chances of the seats still to place, a swing that is no moment.
    """
    swings: list[tuple[float, int, int, float]] = []
    for i in range(len(actions)):
        if turns[i] == 0:
            continue
        before, after = chances[i], chances[i + 1]
        deltas = [100 * (a - b) for a, b in zip(after, before)]
        q = max(range(len(deltas)), key=lambda k: (abs(deltas[k]), -k))
        if abs(deltas[q]) >= 0.5:
            swings.append((abs(deltas[q]), i, q, deltas[q]))
    swings.sort(key=lambda x: (-x[0], x[1]))
    kept = [w for k, w in enumerate(swings[:MOST]) if k < LEAST or w[0] >= MIN_POINTS]
    out = []
    for size, i, q, delta in kept:
        mover = movers[i]
        kinds = ("gained", "lost") if q == mover else ("gave", "took")
        kind = kinds[0] if delta > 0 else kinds[1]
        points = round(size)
        message = moment_sentence(kind, move_phrase(actions[i], board, names), names[mover], names[q], points)
        out.append(Moment(i, turns[i], mover, q, delta, message))
    return tuple(out)
