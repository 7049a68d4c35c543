"""The play loop for bots that choose among their legal actions alone (``choose_among``).

:meth:`Game.play` hands over to :func:`play_among` when every seat's bot has ``choose_among``
(the random bot does): the listing, the choice and the step then run here, compiled with the
engine, with no observation built and no interpreted wrapper per step.  It keeps
:meth:`Game.step`'s contract: the bot's pick is applied without a second check only when it is
one of the very actions listed; anything else goes through ``game.step``, checked as usual.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .actions import Action
from .apply import apply_listed
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
    history: list[Any] = game.history
    events: list[Any] = game.events
    for _ in range(max_steps):
        s = game.state
        if s.phase == GAME_OVER or (until is not None and until(game)):
            return
        listed = legal_actions(s, board, rules)
        frozen = tuple(listed)  # the bot may change its list, never what is trusted
        action = among[s.current](listed)
        if apply_listed(s, board, rules, action, events, frozen, len(history) > 0):
            history.append((action, None))
            if game._observers:
                game.changed()
        else:
            game.step(action)  # not one of the listed objects: checked, or refused
