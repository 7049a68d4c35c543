"""What a bot reads: its seat's observation, and nothing else.

Bots receive observations only (``game.observe(seat)``).  A ``Game`` handed to a bot's ``choose``
still stands for the acting seat's observation, with a DeprecationWarning: the bot never reads
the game itself.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Union

from ..engine.knowledge.observation import Observation

if TYPE_CHECKING:
    from ..engine.game import Game

Viewable = Union[Observation, "Game"]
"""A bot's ``choose`` takes an observation; a Game (deprecated) stands for its acting seat's."""


def as_observation(view: Viewable) -> Observation:
    """``view`` itself, or (deprecated) the observation of the seat that must act in the game
    ``view``.
    """
    if isinstance(view, Observation):
        return view
    warnings.warn(
        "a bot's choose() takes an observation: pass game.observe(game.current_seat), not the game",
        DeprecationWarning,
        stacklevel=3,
    )
    return view.observe(view.current_seat)
