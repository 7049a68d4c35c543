"""The uniform-random bot: any legal action, each equally likely."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.rng import Rng
from .view import Viewable, as_observation

if TYPE_CHECKING:
    from ..engine.actions import Action


class RandomBot:
    """Picks uniformly among the observing seat's legal actions (so it never offers trades)."""

    def __init__(self, seed: int = 0, seat: int = 0) -> None:
        """Seeded from the game's seed and the seat it plays."""
        self.rng = Rng(seed ^ (0x5EED0000 + seat))

    def choose(self, observation: Viewable) -> Action:
        """A uniformly random legal action."""
        actions = as_observation(observation).legal
        return actions[self.rng.below(len(actions))]
