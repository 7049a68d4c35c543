"""Determinism: the same seed and actions give the same save, in any process, in any interleaving."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

from catan_widget import Game, RollDice, Rules

from .helpers import NAMES3, NAMES4, TradingBot

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import hashlib
from catan_widget import Game, Rules
out = []
CASES = [(3, "beginner", "random", 4), (4, "random", "greedy", 3), (5, "random", "random", 4),
         (6, "random", "random", 6), (7, "beginner", "greedy", 5)]
for seed, board, bots, n in CASES:
    names = ["Ada", "Bo", "Cy", "Di", "Ed", "Fy"][:n]
    game = Game(names, seed=seed, board=board, rules=Rules(friendly_robber=seed == 5))
    game.play(bots)
    out.append(hashlib.sha256(game.to_json().encode()).hexdigest())
    out.append(hashlib.sha256("\\n".join(game.log).encode()).hexdigest())
print(" ".join(out))
"""


def _run(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=True,
        timeout=120,
    )
    return done.stdout.strip()


def test_same_seed_same_save_in_separate_processes_with_different_hash_seeds() -> None:
    first = _run("0")
    second = _run("4242")
    assert first == second
    assert len(first.split()) == 10
    # and the same as in this process
    game = Game(NAMES4, seed=3, board="beginner", rules=Rules())
    game.play("random")
    assert hashlib.sha256(game.to_json().encode()).hexdigest() == first.split()[0]


def _trading_game(seed: int, n: int = 4) -> tuple[Game, TradingBot]:
    return Game(NAMES4[:n], seed=seed, board="random"), TradingBot(seed, trade_rate=0.2)


def test_games_stepped_alternately_equal_games_stepped_separately() -> None:
    a, bot_a = _trading_game(21)
    b, bot_b = _trading_game(22, 3)
    while not (a.is_over and b.is_over):
        if not a.is_over:
            a.step(bot_a.choose(a))
        if not b.is_over:
            b.step(bot_b.choose(b))
    alone_a, bot_a2 = _trading_game(21)
    while not alone_a.is_over:
        alone_a.step(bot_a2.choose(alone_a))
    alone_b, bot_b2 = _trading_game(22, 3)
    while not alone_b.is_over:
        alone_b.step(bot_b2.choose(alone_b))
    assert a.to_json() == alone_a.to_json()
    assert b.to_json() == alone_b.to_json()


def test_bot_games_are_reproducible() -> None:
    for bots in ("random", "greedy", ["greedy", "random", "random"]):
        one = Game(NAMES3, seed=9, board="random").play(bots)
        two = Game(NAMES3, seed=9, board="random").play(bots)
        assert one.to_json() == two.to_json()
        assert one.log == two.log


def test_different_seeds_give_different_games() -> None:
    saves = {Game(NAMES4, seed=s).play("random", until=lambda g: g.turn >= 4).to_json() for s in range(5)}
    assert len(saves) == 5


def test_fork_is_independent_of_the_original() -> None:
    game = Game(NAMES4, seed=13).play("random", until=lambda g: g.turn >= 6)
    before = game.to_json()
    fork = game.fork()
    assert fork.to_json() == before
    fork.play("random", until=lambda g: g.turn >= 12)
    assert game.to_json() == before
    assert fork.to_json() != before
    # and stepping the original leaves the fork alone
    fork_save = fork.to_json()
    game.play("random", until=lambda g: g.turn >= 9)
    assert fork.to_json() == fork_save


def test_fork_continues_like_the_original_with_the_same_actions() -> None:
    game = Game(NAMES4, seed=14).play("random", until=lambda g: g.turn >= 6)
    fork = game.fork()
    game.play("greedy", until=lambda g: g.turn >= 15)
    for action, chance in game.history[len(fork.history) :]:
        fork.step(action, **(chance or {}))
    assert fork.to_json() == game.to_json()


def test_forks_with_scripted_dice_diverge_from_the_same_start() -> None:
    game = Game(NAMES4, seed=15).play("random", until=lambda g: g.phase == "roll" and g.turn >= 3)
    before = game.to_json()
    seven, eight = game.fork(), game.fork()
    seven.step(RollDice(), dice=(3, 4))
    eight.step(RollDice(), dice=(4, 4))
    assert seven.dice == (3, 4)
    assert seven.phase in ("discard", "move_robber")
    assert eight.dice == (4, 4)
    assert eight.phase == "main"
    assert game.to_json() == before


def test_unscripted_rolls_come_from_the_game_seed_not_global_randomness() -> None:
    import random

    game = Game(NAMES4, seed=16).play("random", until=lambda g: g.phase == "roll" and g.turn >= 3)
    rolls = set()
    for salt in range(5):
        random.seed(salt)
        fork = game.fork()
        fork.step(RollDice())
        rolls.add(fork.dice)
    assert len(rolls) == 1
