"""The one replay: a game's recorded moves played again from its start, each checked.

A game's history is the source of truth and its state a cache of it, so every place that
rebuilds a position plays the recorded moves again with :func:`replay`: the loader (a save's
actions, checked move by move: ``serialize``), the take-back of an interrupted step
(:func:`.atomic.replayed_state`), and the read-only views of a finished game
(``catan_widget.history.replay``, ``catan_widget.timeline.Timeline``).  Each move goes through
:func:`play_move`, the checked path of :meth:`Game.step` itself, so a replay gives the very
state, events and recorded chance the steps gave.

:func:`replay_onto` replays onto a :class:`Game` that nobody else holds (a copy being rebuilt,
a game being loaded), recording each move in its history; :func:`rewound` is such a copy at
the start of a game.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from ..actions import Action
from ..board.layouts import Board
from ..options import Rules
from ..state import State
from .apply import apply_action
from .chance import Chance, scripted_chance
from .events import Events

Recorded = tuple[Action, Chance | None]
"""One move as a game's history records it: the action and its scripted chance (or None)."""


def play_move(
    s: State,
    board: Board,
    rules: Rules,
    action: Action,
    dice: object,
    card: object,
    steal: object,
    events: Events,
    settled: bool,
) -> Recorded:
    """Check ``action`` of the seat acting on ``s`` (with its scripted ``dice``, ``card`` and
    ``steal``, each None when drawn as usual) and apply it, appending its events to
    ``events``; return the move as the history records it.  Raises IllegalActionError naming
    the broken rule, with ``s`` unchanged.  ``settled`` as for :func:`.apply.apply_action`.
    """
    if dice is None and card is None and steal is None:
        apply_action(s, board, rules, action, events, None, None, None, settled)
        return action, None
    chance = scripted_chance(dice, card, steal)  # checked before the (compiled) rules see it
    pair, drawn, stolen = chance.get("dice"), chance.get("card"), chance.get("steal")
    apply_action(s, board, rules, action, events, pair, drawn, stolen, settled)
    return action, chance


def replay(
    s: State,
    board: Board,
    rules: Rules,
    moves: Iterable[Recorded],
    events: Events,
    done: int = 0,
) -> Iterator[Recorded]:
    """Play ``moves`` (``(action, chance)`` pairs, ``chance`` None or a dict of any of
    ``dice``, ``card``, ``steal``) on ``s`` in place, in order, each checked (:func:`play_move`),
    their events appended to ``events``; yield each move as recorded, once it is applied.

    ``done``: how many moves the game had played before the first of these (0: ``s`` is the
    game's start).  Raises IllegalActionError at the first move that is not legal then (the
    moves before it stay applied; a caller that cannot keep them replays a copy), TypeError
    for a pair that is not an action and None or a dict.
    """
    for action, chance in moves:
        c: Chance = chance or {}
        dice, card, steal = c.get("dice"), c.get("card"), c.get("steal")
        yield play_move(s, board, rules, action, dice, card, steal, events, done > 0)
        done += 1


def replay_onto(game: Any, moves: Iterable[Recorded]) -> Iterator[Recorded]:
    """:func:`replay` onto ``game`` (a :class:`Game` nobody else holds or steps: a copy being
    rebuilt, a save being loaded) from its current position, recording each move in its
    history as :meth:`Game.step` does; yields each move once it is recorded.
    """
    history: list[Any] = game.history
    for move in replay(game.state, game.board, game.rules, moves, game.events, len(history)):
        history.append(move)
        yield move


def rewound(game: Any) -> Any:
    """A copy of ``game`` at its start: its start state (the staged origin, or the fresh
    game's), no moves and no events; the same players, seed, board, rules and baseline.
    """
    g = game.fork()
    g.state, g.history, g.events = game.start_state().copy(), [], []
    return g
