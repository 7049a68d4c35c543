"""What a bot reads: its seat's observation (a Game is turned into the acting seat's)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Union

from ..engine.observation import Observation

if TYPE_CHECKING:
    from ..engine.game import Game

Viewable = Union[Observation, "Game"]
"""A bot's ``choose`` takes an observation; a Game stands for its acting seat's observation."""


def as_observation(view: Viewable) -> Observation:
    """``view`` itself, or the observation of the seat that must act in the game ``view``."""
    if isinstance(view, Observation):
        return view
    return view.observe(view.current_seat)
