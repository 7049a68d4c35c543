"""Bots that play a seat, weakest first: "random", "greedy" and "search".

A bot is any object with ``choose(observation) -> Action``, where the observation is
``game.observe(seat)`` for the seat that must act now: a bot sees only what its seat may know.
Importing this package registers ``"random"``, ``"greedy"`` and ``"search"`` by name with the
engine (:mod:`catan_widget.engine.registry`), so ``Game.play(bots="search")`` finds them, and
makes the search bot the source of ``Game.hint()``.  Every bot
here draws its randomness from the game's seed (and its seat), so bot games are reproducible.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..engine.registry import Bot, BotSpec, bot_names, make_bot, register_bot, register_hinter
from ..engine.registry import make_bots as _make_bots
from .greedy import GreedyBot
from .random_bot import RandomBot
from .search import SearchBot

if TYPE_CHECKING:
    from ..engine import Game
    from ..engine.actions import Action
    from ..engine.knowledge.observation import Observation

LEVELS: dict[str, str] = {"easy": "random", "normal": "greedy", "hard": "search"}
"""The widget's bot menu: difficulty level to bot name."""

register_bot("random", RandomBot)
register_bot("greedy", GreedyBot)
register_bot("search", SearchBot)


def _hint(observation: Observation, budget: float) -> tuple[Action, str]:
    """The search bot's move and reason for the acting seat (seeded by the turn: repeatable)."""
    seat = observation.seat if observation.seat is not None else observation.current
    plan = SearchBot(seed=observation.turn, seat=seat, budget=budget, hint=True).plan(observation)
    return plan.action, plan.reason


register_hinter(_hint)


def make_bots(game: Game, bots: BotSpec | Sequence[BotSpec] | Mapping[str, BotSpec]) -> list[Bot]:
    """One bot per seat of ``game`` from a single spec, a list by seat, or a dict by name."""
    return _make_bots(game.names, game.seed, bots)


__all__ = [
    "LEVELS",
    "Bot",
    "BotSpec",
    "GreedyBot",
    "RandomBot",
    "SearchBot",
    "bot_names",
    "make_bot",
    "make_bots",
    "register_bot",
]
