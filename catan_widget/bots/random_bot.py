"""The uniform-random bot: any legal action, each equally likely."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.rng import Rng

if TYPE_CHECKING:
    from ..engine import Action, Game


class RandomBot:
    """Picks uniformly among ``game.legal_actions()`` (so it never offers domestic trades)."""

    def __init__(self, seed: int = 0, seat: int = 0) -> None:
        """Seeded from the game's seed and the seat it plays."""
        self.rng = Rng(seed ^ (0x5EED0000 + seat))

    def choose(self, game: Game) -> Action:
        """A uniformly random legal action."""
        actions = game.legal_actions()
        return actions[self.rng.below(len(actions))]
