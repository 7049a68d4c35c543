"""One learning seat's side of a game, compiled with the engine: play one of its ids, let the
bots move until it must act again, observe it (what :class:`.gym_env.CatanEnv` does on every
step, kept out of the interpreted environment).

Everything the seat sees now is one :class:`View`, replaced whole: an interrupt never leaves an
observation beside the mask or the choice of another position.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..engine.knowledge.observation import Observation
from ..engine.knowledge.reads import observe_game, read_whole
from ..engine.rules.autoplay import SeatToAct, play_bots
from .actions import Pending, mask, step_id

MAX_BOT_STEPS = 100_000
"""Bot moves at most between two of the seat's moves (a game never comes near)."""


class View:
    """What the seat sees now: its observation, its choice in progress, the legal ids (a
    ``bool`` vector: hand out copies) and the game's history length when observed.
    """

    def __init__(self, obs: Observation | None, pending: Pending, legal: np.ndarray, at: int) -> None:
        """The parts of one position, as they belong together."""
        self.obs = obs
        self.pending = pending
        self.mask = legal
        self.at = at


def empty_view(ids: int) -> View:
    """The view before any game: no observation, no legal id among ``ids``."""
    return View(None, Pending(), np.zeros(ids, dtype=np.bool_), 0)


def advance(game: Any, bots: list[Any], until: SeatToAct) -> View:
    """Let ``bots`` play ``game`` (a :class:`~catan_widget.engine.game.Game`) until ``until``'s
    seat must act, the turn cap is reached or the game is over; that seat's view then.
    """
    seat = until.seat
    play_bots(game, bots, until, MAX_BOT_STEPS)  # no move at all when the seat acts or it is over
    obs = read_whole(game, observe_game, game, seat, True, False)  # game.observe(seat), seat checked
    pending = Pending()
    return View(obs, pending, mask(obs, pending), len(game.history))


def play(game: Any, bots: list[Any], until: SeatToAct, view: View, code: int) -> View:
    """Play the legal id ``code`` of ``view`` for ``until``'s seat, then (when it completed an
    engine action) the bots as :func:`advance` does; the seat's view after it.
    """
    obs = view.obs
    assert obs is not None
    pending = view.pending.copy()  # the view's own choice changes only with its mask (one view)
    action = step_id(obs, pending, code)
    if action is None:
        return View(obs, pending, mask(obs, pending), view.at)
    game.step(action)
    return advance(game, bots, until)
