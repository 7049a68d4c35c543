"""The play loop for bots that choose among their legal actions alone (``choose_among``).

:meth:`Game.play` hands over to :func:`play_among` when every seat's bot has ``choose_among``
(the random bot does): the listing, the choice and the step then run here, compiled with the
engine, with no observation built and no interpreted wrapper per step.  It keeps
:meth:`Game.step`'s contract: the bot's pick is applied without a second check only when it is
one of the very actions listed; anything else goes through ``game.step``, checked as usual;
each step is all or nothing and takes its turn with other threads (:mod:`.atomic`).
"""

from __future__ import annotations

from _thread import get_ident
from collections.abc import Callable, Sequence
from typing import Any

from .actions import Action
from .apply import apply_listed
from .atomic import leave, take_back, wait_turn
from .legal import legal_actions
from .phases import GAME_OVER

Among = Callable[[list[Action]], Action]
"""A bot's ``choose_among``: one of the given legal actions."""


def play_among(
    game: Any, among: Sequence[Among], until: Callable[[Any], bool] | None, max_steps: int
) -> None:
    """Advance ``game`` (a :class:`Game`) with ``among[seat]`` choosing for each seat until
    ``until(game)`` is true, the game ends, or ``max_steps`` steps were taken.
    """
    board, rules = game.board, game.rules
    holders: list[int] = game._holders
    me = get_ident()
    for _ in range(max_steps):
        s = game.state
        if s.phase == GAME_OVER or (until is not None and until(game)):
            return
        history: list[Any] = game.history
        at = len(history)
        listed = legal_actions(s, board, rules)
        frozen = tuple(listed)  # the bot may change its list, never what is trusted
        action = among[s.current](listed)
        applied = stale = False
        try:
            holders.append(me)  # this thread's turn, as in Game.step
            if holders[0] != me:
                wait_turn(holders, me)
            events: list[Any] = game.events
            mark = len(events)
            try:
                if game.state is s and len(game.history) == at:
                    applied = apply_listed(s, board, rules, action, events, frozen, at > 0)
                    if applied:
                        history.append((action, None))  # the commit
                else:
                    stale = True  # another thread stepped since the listing: list again
            except BaseException:
                take_back(game, at, mark)  # all or nothing, as in Game.step
                raise
        finally:
            leave(holders, me)
        if stale:
            continue
        if not applied:
            game.step(action)  # not one of the listed objects: checked, or refused
        elif game._observers:
            game.changed()
