"""The one play loop: bots moving for their seats, compiled with the engine.

:meth:`Game.play` and the tournaments (``catan_widget.tournaments``) both run
:func:`play_bots`: until ``until(game)`` is true, the game ends or ``max_steps`` steps were
taken, the acting seat's bot picks a move and it is stepped.

A bot with ``choose_among`` (the random bot) is handed the legal actions alone: the listing,
the choice and the step then run here, with no observation built and no interpreted wrapper
per step, and the pick is applied without a second check when it is one of the actions just
listed (:func:`.apply.apply_listed`).  A bot with ``choose`` alone gets its seat's observation
and its pick goes through ``game.step``.  Either way :meth:`Game.step`'s contract holds: a pick
that was not listed is checked (or refused), each step is all or nothing and takes its turn
with other threads (:mod:`.atomic`).
"""

from __future__ import annotations

from _thread import get_ident
from collections.abc import Callable, Sequence
from typing import Any

from ..actions import Action
from ..phases import GAME_OVER
from ..state import State
from .apply import apply_listed
from .atomic import take_back, wait_turn
from .legal import legal_actions

Among = Callable[[list[Action]], Action]
"""A bot's ``choose_among``: one of the given legal actions."""


def choose_among_of(bot: Any) -> Among | None:
    """The bot's ``choose_among`` (see :class:`catan_widget.engine.registry.Bot`), or None
    when it has none.
    """
    if not hasattr(bot, "choose_among"):  # asked first: a missing attribute costs no exception
        return None
    among = bot.choose_among
    return among if callable(among) else None


class SeatToAct:
    """An ``until`` for :func:`play_bots`: true once ``seat`` must act or turn ``max_turns`` is
    reached (a learning environment's stop, read straight from the state).
    """

    def __init__(self, seat: int, max_turns: int) -> None:
        """Stop for ``seat``, or at turn ``max_turns``."""
        self.seat = seat
        self.max_turns = max_turns

    def __call__(self, game: Any) -> bool:
        """Whether the loop should stop before the next move of ``game`` (a :class:`Game`)."""
        return self.reached(game.state)

    def reached(self, s: State) -> bool:
        """Whether the loop should stop before the next move of the game in state ``s``."""
        return s.current == self.seat or s.turn >= self.max_turns


def play_bots(game: Any, bots: Sequence[Any], until: Callable[[Any], bool] | None, max_steps: int) -> None:
    """Advance ``game`` (a :class:`Game`) with ``bots[seat]`` (each a
    :class:`catan_widget.engine.registry.Bot`) choosing for each seat until ``until(game)`` is
    true, the game ends, or ``max_steps`` steps were taken.
    """
    seat_stop = until if isinstance(until, SeatToAct) else None  # asked natively, not called
    among: list[Among | None] = []  # made at the first move: a loop that stops at once costs nothing
    for _ in range(max_steps):
        s = game.state
        if s.phase == GAME_OVER:
            return
        if seat_stop is not None:
            if seat_stop.reached(s):
                return
        elif until is not None and until(game):
            return
        if not among:
            among = [choose_among_of(bot) for bot in bots]
            board, rules = game.board, game.rules
            holders: list[int] = game._holders
            me = get_ident()
        seat = s.current
        pick = among[seat]
        if pick is None:  # a bot that reads its observation
            game.step(bots[seat].choose(game.observe(seat)))
            continue
        history: list[Any] = game.history
        at = len(history)
        listed = legal_actions(s, board, rules)
        frozen = tuple(listed)  # the bot may change its list, never what is trusted
        action = pick(listed)
        applied: Action | None = None
        stale = False
        try:
            holders.append(me)  # this thread's turn, as in Game.step
            if holders[0] != me:
                wait_turn(holders, me)
            events: list[Any] = game.events
            mark = len(events)
            try:
                if game.state is s and len(game.history) == at:
                    applied = apply_listed(s, board, rules, action, events, frozen, at > 0)
                    if applied is not None:
                        history.append((applied, None))  # the commit
                else:
                    stale = True  # another thread stepped since the listing: list again
            except BaseException:
                take_back(game, at, mark)  # all or nothing, as in Game.step
                raise
        finally:
            if me in holders:  # as atomic.leave: not there when an interrupt came before it joined
                holders.remove(me)
        if stale:
            continue
        if applied is None:
            game.step(action)  # not one of the listed actions: checked, or refused
        elif game._observers:
            game.changed()
