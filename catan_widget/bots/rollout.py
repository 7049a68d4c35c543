"""Flat Monte-Carlo over greedy playouts: compare a few candidate moves by playing the game on.

Every candidate is played on the same determinized games (sampled from the seat's observation
only, so the comparison uses common dice and decks), then every seat, this one included, is
played by the greedy policy (public code, so it is also the opponents' known policy) to the end
of the game or a move limit.  A playout scores 1 for a win of the seat, plus a small share of its
final victory points (less noisy than the win alone), and the candidates are narrowed by
successive halving: the weaker half is dropped after each round, so most playouts go to the
moves that are close.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import actions as ac
from ..engine.errors import IllegalActionError
from ..engine.phases import PHASES
from ..engine.rules.scoring import total_vp
from .greedy import GreedyBot, takes_lone_action

if TYPE_CHECKING:
    import random

    from ..engine.game import Game
    from ..engine.knowledge.observation import Observation

VP_SHARE = 0.1
"""A playout's score: 1 for a win plus this much per final victory point of the seat."""
MAX_MOVES = 1200
"""Moves after which a playout stops and is scored as it stands."""


def playout(game: Game, action: ac.Action, seat: int, policy: list[GreedyBot]) -> tuple[float, int]:
    """The score of ``action`` then greedy play to the end on a fork of ``game``, and the moves played."""
    g = game.fork()
    try:
        g.step(action)
    except IllegalActionError:
        return float("-inf"), 0
    s = g.state
    moves = 0
    while s.winner < 0 and moves < MAX_MOVES:
        q = s.current
        legal = g.legal_actions()
        # a lone legal action greedy takes as it is needs no observation (a roll, mostly)
        lone = len(legal) == 1 and takes_lone_action(PHASES[s.phase])
        g.step(legal[0] if lone else policy[q].choose(g.observe(q)))
        s = g.state
        moves += 1
    return (1.0 if s.winner == seat else 0.0) + VP_SHARE * total_vp(s, seat), moves


def best_by_playouts(
    obs: Observation, candidates: list[ac.Action], rng: random.Random, playouts: int
) -> tuple[ac.Action, float]:
    """The candidate with the best mean playout score, about ``playouts`` playouts in all.

    Candidates come best-first (a tie keeps the earlier one); each halving round gives every
    remaining candidate the same number of new playouts on shared samples.
    """
    seat = obs.current
    policy = [GreedyBot(0, q) for q in range(len(obs.names))]
    alive = list(range(len(candidates)))
    totals = [0.0] * len(candidates)
    counts = [0] * len(candidates)
    rounds = max(1, (len(candidates) - 1).bit_length())
    per_round = max(1, playouts // rounds)
    while True:
        each = max(1, per_round // len(alive))
        for _ in range(each):
            sample = obs.determinize(rng)
            for i in alive:
                score, _ = playout(sample, candidates[i], seat, policy)
                totals[i] += score
                counts[i] += 1
        alive.sort(key=lambda i: (-totals[i] / counts[i], i))
        if len(alive) <= 1:
            break
        alive = sorted(alive[: (len(alive) + 1) // 2])
        if len(alive) == 1:
            break
    best = alive[0]
    return candidates[best], totals[best] / counts[best]
