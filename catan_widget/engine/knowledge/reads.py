"""Reading one whole position of a game, compiled with the engine: ``Game.observe``,
``Game.legal_actions`` and a viewer's card counting run here (:mod:`..rules.atomic` has the
steps that change a game, and the threads' turns).

A read never waits while no step is under way: it reads, then checks that no step began
meanwhile (the same state object, the same history length); only when one did is it read again
in this thread's turn.  Nothing is changed but what a read keeps for the next one (the listing a
step reuses, the card counting caught up, what a viewer was last shown).
"""

from __future__ import annotations

from _thread import get_ident
from collections.abc import Callable
from typing import Any, TypeVar

from ..actions import Action
from ..rules.atomic import turn
from ..rules.legal import legal_actions
from ..viewer import ALL_SEEING, Viewer
from .counting import CardCounter
from .observation import Observation, Seen, observe

T = TypeVar("T")


def read_whole(game: Any, read: Callable[..., T], *args: Any) -> T:
    """``read(*args)`` of one whole position of ``game`` (a :class:`Game`), also while another
    thread steps it: read without waiting, and once more in this thread's turn if a step was
    under way.
    """
    holders: list[int] = game._holders
    if holders and holders[0] == get_ident():  # in this thread's own turn already
        return read(*args)
    state, at = game.state, len(game.history)
    try:
        value = read(*args)
    except Exception:
        if not holders:
            raise
    else:
        if not holders and game.state is state and len(game.history) == at:
            return value
    with turn(holders):
        return read(*args)


def listed(game: Any) -> list[Action]:
    """Legal actions of the acting player of ``game`` (a :class:`Game`), in a deterministic order
    (``Game.legal_actions``): listed without waiting when no step is under way, else for one
    whole position; remembered with the position and its history length, so that a step of one
    of them (:func:`..rules.atomic.step`) applies it without checking it again.
    """
    holders: list[int] = game._holders
    if not holders:  # no step under way: list without waiting, then check none began
        state, at = game.state, len(game.history)
        try:
            found = legal_actions(state, game.board, game.rules)
        except Exception:
            if not holders:
                raise
        else:
            if not holders and game.state is state and len(game.history) == at:
                game._listed = (state, at, tuple(found))
                return found
    return read_whole(game, _list, game)  # another thread is stepping: a whole position


def _list(game: Any) -> list[Action]:
    state, at = game.state, len(game.history)
    found = legal_actions(state, game.board, game.rules)
    game._listed = (state, at, tuple(found))
    return found


def counter_of(game: Any, viewer: Viewer) -> CardCounter:
    """The card counting of ``viewer`` (checked) in ``game``, made at its first use and caught
    up with the game's events.
    """
    counters: dict[Viewer, CardCounter] = game._counters
    counter = counters.get(viewer)
    if counter is None:
        counter = counters[viewer] = CardCounter(len(game.names), viewer, game.baseline)
    counter.update(game.events)
    return counter


def observe_game(game: Any, viewer: Viewer, legal: bool, shown: bool) -> Observation:
    """``game.observe(viewer, legal=legal, shown=shown)`` for a checked ``viewer``, read as it
    is now (:func:`read_whole` makes it one whole position).
    """
    listed_now = tuple(listed(game)) if legal and viewer in (ALL_SEEING, game.state.current) else None
    seen: dict[Viewer, Seen] = game._seen
    kept = seen.get(viewer)
    if kept is None:
        kept = seen[viewer] = Seen(len(game.names))
    origin = game.origin
    return observe(
        game.state,
        game.board,
        game.rules,
        game.names,
        game.events,
        counter_of(game, viewer),
        game.baseline,
        viewer,
        listed_now,
        game._log(viewer) if shown else None,
        None if origin is None else origin.robber,
        kept,
    )
