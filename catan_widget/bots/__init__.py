"""Bots that play a seat: a uniform-random bot and a simple greedy bot.

A bot is any object with ``choose(observation) -> Action``, where the observation is
``game.observe(seat)`` for the seat that must act now: a bot sees only what its seat may know.
Importing this package registers ``"random"`` and ``"greedy"`` by name with the engine
(:mod:`catan_widget.engine.registry`), so ``Game.play(bots="greedy")`` finds them.  Every bot
here draws its randomness from the game's seed (and its seat), so bot games are reproducible.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..engine.registry import Bot, BotSpec, bot_names, make_bot, register_bot
from ..engine.registry import make_bots as _make_bots
from .greedy import GreedyBot
from .random_bot import RandomBot

if TYPE_CHECKING:
    from ..engine import Game

register_bot("random", RandomBot)
register_bot("greedy", GreedyBot)


def make_bots(game: Game, bots: BotSpec | Sequence[BotSpec] | Mapping[str, BotSpec]) -> list[Bot]:
    """One bot per seat of ``game`` from a single spec, a list by seat, or a dict by name."""
    return _make_bots(game.names, game.seed, bots)


__all__ = ["Bot", "BotSpec", "GreedyBot", "RandomBot", "bot_names", "make_bot", "make_bots", "register_bot"]
