"""The uniform-random bot: any legal action, each equally likely."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..engine.rng import LIMBS, times
from .view import Viewable, as_observation

if TYPE_CHECKING:
    from ..engine.actions import Action


class RandomBot:
    """Picks uniformly among the observing seat's legal actions (so it never offers trades).

    Its choices come from Python's own generator (``random.Random``, the Mersenne Twister, the
    same numbers on every platform and version for an integer seed; written in C in CPython and
    Pyodide), seeded from the game's seed and the seat: a bot's pick is not game state, so it
    need not be the engine's SplitMix64, and this is the fast one in pure Python.
    """

    def __init__(self, seed: int = 0, seat: int = 0) -> None:
        """Seeded from the game's seed and the seat it plays."""
        self.rng = random.Random(seed ^ (0x5EED0000 + seat))
        self._bits: Callable[[int], int] = self.rng.getrandbits

    def __deepcopy__(self, memo: dict[int, Any]) -> RandomBot:
        """A copy drawing from a copy of the generator (``copy.deepcopy`` alone would keep the
        cached draw bound to this bot's generator: a bound built-in method is copied as is).
        """
        twin = copy.copy(self)
        memo[id(self)] = twin
        twin.rng = copy.deepcopy(self.rng, memo)
        twin._bits = twin.rng.getrandbits
        return twin

    def choose(self, observation: Viewable) -> Action:
        """A uniformly random legal action."""
        return self.choose_among(as_observation(observation).legal)

    def choose_among(self, actions: Sequence[Action]) -> Action:
        """One of ``actions`` (the seat's legal actions, not empty), each equally likely: a
        32-bit draw scaled to the count, so the bias is below ``len(actions) / 2**32``.
        """
        x, n = self._bits(32), len(actions)
        return actions[(times(x, n) if LIMBS else x * n) >> 32]  # compiled: no big-int product
