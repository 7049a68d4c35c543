"""Fuzzed seeded games for the rl tests: every seat plays random ids of the encoding's mask,
or a bot plays it, so positions with offers, answers, counters, discards and steals come up."""

from __future__ import annotations

import random
from collections.abc import Iterator

from catan_widget import Game
from catan_widget.bots import make_bots
from catan_widget.engine.knowledge.observation import Observation
from catan_widget.rl.actions import Pending, mask, step_id

NAMES = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]


def positions(players: int, seed: int, bots: str, steps: int) -> Iterator[tuple[Game, Observation]]:
    """The game and the acting seat's observation before each of the first ``steps`` moves:
    seats whose spec in ``bots`` (one letter a seat, cycled) is ``m`` pick uniform ids of the
    mask, ``g`` the greedy bot, ``r`` the random one.
    """
    game = Game(NAMES[:players], seed=seed, board="random")
    made = make_bots(game, "greedy")
    rand = make_bots(game, "random")
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            return
        seat = game.current_seat
        obs = game.observe(seat)
        yield game, obs
        kind = bots[seat % len(bots)]
        if kind == "g":
            game.step(made[seat].choose(obs))
        elif kind == "r":
            game.step(rand[seat].choose(obs))
        else:
            pending = Pending()
            action = None
            while action is None:
                ids = mask(obs, pending).nonzero()[0]
                action = step_id(obs, pending, int(rng.choice(ids)))
            game.step(action)
