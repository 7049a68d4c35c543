"""Playing the games of a tournament: one independent, seeded game per task, played by
:meth:`Game.play` (the engine's one play loop, with its fast path for ``choose_among`` bots).

A game is fully decided by its :class:`GameSpec` (the seed of its board and dice, and which bot
sits where), so it gives the same result in this process, in a worker process or on a cluster.
Bots are made afresh for every game: a name through the registry, seeded from the game's seed;
an object as a deep copy of the one given (so nothing it learns carries over between games);
a class (or any factory) called with ``(seed, seat)``, or with no arguments if it takes none.
"""

from __future__ import annotations

import copy
import inspect
from dataclasses import dataclass
from typing import Any

from ..engine.game import Game
from ..engine.options import Rules
from ..engine.registry import Bot, make_bot
from ..engine.rules.scoring import total_vp

MAX_STEPS = 20_000
"""Moves after which a game stops without a winner (bots that never finish)."""


@dataclass(frozen=True)
class GameSpec:
    """One game: its index, its board's index and seed, and the bot label and spec by seat."""

    index: int
    board: int
    seed: int
    labels: tuple[str, ...]
    specs: tuple[Any, ...]
    board_kind: str = "random"
    rules: Rules | None = None


@dataclass(frozen=True)
class GameResult:
    """What a game gave: winner seat (None if it stopped), VP by seat, turns, moves, first seat."""

    index: int
    board: int
    seed: int
    labels: tuple[str, ...]
    winner: int | None
    vp: tuple[int, ...]
    turns: int
    steps: int
    first: int


def make_seat_bot(spec: Any, seed: int, seat: int) -> Bot:
    """A fresh bot for one seat of one game (see the module docstring)."""
    if isinstance(spec, str):
        return make_bot(spec, seed, seat)
    if isinstance(spec, type) or (callable(spec) and not callable(getattr(spec, "choose", None))):
        try:
            params = inspect.signature(spec).parameters
        except (TypeError, ValueError):
            params = {}  # type: ignore[assignment]
        required = [
            p
            for p in params.values()
            if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        ]
        bot = spec(seed, seat) if len(required) >= 2 or len(params) >= 2 else spec()
        return make_bot(bot, seed, seat)
    return make_bot(copy.deepcopy(spec), seed, seat)


def play_one(spec: GameSpec, players: tuple[str, ...] | None = None) -> GameResult:
    """Play the game ``spec`` to the end (or :data:`MAX_STEPS`) and report it."""
    n = len(spec.specs)
    names = players or tuple(f"P{i + 1}" for i in range(n))
    game = Game(list(names), seed=spec.seed, board=spec.board_kind, rules=spec.rules)
    bots = [make_seat_bot(s, spec.seed, seat) for seat, s in enumerate(spec.specs)]
    game.play(bots, max_steps=MAX_STEPS)  # the engine's one play loop
    state = game.state
    return GameResult(
        index=spec.index,
        board=spec.board,
        seed=spec.seed,
        labels=spec.labels,
        winner=None if state.winner < 0 else state.winner,
        vp=tuple(total_vp(state, q) for q in range(n)),
        turns=state.turn,
        steps=len(game.history),
        first=state.first,
    )


def play_many(specs: list[GameSpec]) -> list[GameResult]:
    """Play several games in order (one task for an executor)."""
    return [play_one(s) for s in specs]
