"""Bots that play a seat: a uniform-random bot and a simple greedy bot.

A bot is any object with ``choose(game) -> Action`` for the seat that must act now.  Every bot
here draws its randomness from the game's seed (and its seat), so bot games are reproducible.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from .greedy import GreedyBot
from .random_bot import RandomBot

if TYPE_CHECKING:
    from ..engine import Action, Game


class Bot(Protocol):
    """What ``Game.play`` and the widget need from a bot."""

    def choose(self, game: Game) -> Action:
        """The action to take for the seat that must act now."""
        ...


BotSpec = str | Bot
BOT_KINDS = ("random", "greedy")


def make_bot(spec: BotSpec, game: Game, seat: int) -> Bot:
    """A bot from a name (``"random"``, ``"greedy"``) or an object with ``choose``."""
    if isinstance(spec, str):
        if spec == "random":
            return RandomBot(seed=game.seed, seat=seat)
        if spec == "greedy":
            return GreedyBot(seed=game.seed, seat=seat)
        raise ValueError(
            f"unknown bot {spec!r}; use one of {', '.join(BOT_KINDS)} or an object with choose()"
        )
    if not callable(getattr(spec, "choose", None)):
        raise TypeError(f"a bot needs a choose(game) method, got {spec!r}")
    return spec


def make_bots(game: Game, bots: BotSpec | Sequence[BotSpec] | Mapping[str, BotSpec]) -> list[Bot]:
    """One bot per seat from a single spec, a list by seat, or a dict by player name."""
    n = len(game.names)
    if isinstance(bots, str) or callable(getattr(bots, "choose", None)):
        return [make_bot(bots, game, i) for i in range(n)]  # type: ignore[arg-type]
    if isinstance(bots, Mapping):
        unknown = set(bots) - set(game.names)
        if unknown or len(bots) != n:
            raise ValueError(f"bots by name must name every player: {game.names}")
        return [make_bot(bots[name], game, i) for i, name in enumerate(game.names)]
    seq = list(bots)  # type: ignore[arg-type]
    if len(seq) != n:
        raise ValueError(f"give one bot per seat ({n})")
    return [make_bot(b, game, i) for i, b in enumerate(seq)]


__all__ = ["BOT_KINDS", "Bot", "GreedyBot", "RandomBot", "make_bot", "make_bots"]
