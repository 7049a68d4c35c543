"""Flat Monte-Carlo over greedy playouts (the search bot's setup placements)."""

from __future__ import annotations

import random

from catan_widget import Game
from catan_widget.bots.greedy import GreedyBot
from catan_widget.bots.rollout import best_by_playouts, playout
from catan_widget.engine import actions as ac
from catan_widget.engine.board.topology import NODE_HEXES
from catan_widget.engine.rules.scoring import total_vp


def test_a_playout_plays_the_move_then_greedy_to_the_end_and_scores_the_seat() -> None:
    game = Game(seed=8, board="random")
    policy = [GreedyBot(0, q) for q in range(4)]
    move = game.legal_actions()[0]
    score, moves = playout(game, move, 0, policy)
    assert moves > 100
    assert 0.2 <= score <= 2.2  # 1 for a win plus 0.1 per VP: 2 to 12 VP
    again = game.fork()
    again.step(move)
    while not again.is_over:
        q = again.current_seat
        again.step(policy[q].choose(again.observe(q)))
    won = 1.0 if again.state.winner == 0 else 0.0
    assert score == won + 0.1 * total_vp(again.state, 0)
    assert game.phase == "setup_settlement"  # played on a fork
    assert playout(game, ac.EndTurn(), 0, policy) == (float("-inf"), 0)


def test_the_best_candidate_is_one_of_them_and_the_same_for_the_same_seed() -> None:
    game = Game(seed=9, board="random")
    obs = game.observe(game.current_seat)
    candidates = obs.legal_actions()[:5]
    best, score = best_by_playouts(obs, candidates, random.Random(3), 20)
    assert best in candidates
    assert score > 0
    assert best_by_playouts(obs, candidates, random.Random(3), 20) == (best, score)


def test_a_corner_on_the_desert_coast_loses_to_the_richest_corner() -> None:
    game = Game(seed=10, board="random")
    obs = game.observe(game.current_seat)
    legal = [a for a in obs.legal_actions() if isinstance(a, ac.BuildSettlement)]
    board = obs.board

    def pips(a: ac.BuildSettlement) -> int:
        return sum(board.pips(h) for h in NODE_HEXES[a.node] if board.resource(h) is not None)

    poorest, richest = min(legal, key=pips), max(legal, key=pips)
    best, _ = best_by_playouts(obs, [poorest, richest], random.Random(4), 24)
    assert best == richest
