"""Fuzzed games with the Special Building Phase on (§11.1) and with paired players (§11.2).

Random players (with random domestic offers) and greedy and search seats play whole seeded
games; after every step the conformance harness's invariants hold (``invariants.Invariants``,
which also checks the phase: builders in turn order from the left of the turn player, never
the turn player, only building, buying and passing), every 97 steps every fixed action steps
exactly when it is listed, and the saves round-trip through the phase: 5 and 6 players with
the phase on by default (and paired), 3 and 4 players with the option switched on.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from catan_widget import Game, Rules
from catan_widget.bots import GreedyBot, SearchBot
from catan_widget.engine.phases import SPECIAL_BUILD

from .helpers import TradingBot
from .invariants import PLAYED, Invariants
from .test_conformance import _listed_actions_are_exactly_the_accepted_ones

NAMES6 = ["Ada", "Bo", "Cy", "Di", "Eve", "Fay"]
# name: (players, board, rules, trade rate, greedy seats, games)
MIXES: dict[str, tuple[int, str, dict[str, Any], float, tuple[int, ...], int]] = {
    "beginner4_on": (4, "beginner", {"special_building": "on"}, 0.2, (), 12),
    "random4_on_greedy": (4, "random", {"special_building": "on"}, 0.1, (1, 3), 8),
    "random3_on_strict": (3, "random", {"special_building": "on", "strict_phases": True}, 0.1, (0,), 8),
    "random4_paired": (4, "random", {"special_building": "paired"}, 0.2, (2,), 10),
    "random6_default": (6, "random", {}, 0.2, (1, 4), 4),
    "beginner5_default_strict": (5, "beginner", {"strict_phases": True}, 0.1, (0,), 3),
    "random6_paired": (6, "random", {"special_building": "paired"}, 0.2, (2,), 3),
    "beginner3_paired_strict": (
        3,
        "beginner",
        {"special_building": "paired", "strict_phases": True, "vp_to_win": 8},
        0.1,
        (),
        8,
    ),
}


def _play(mix: str, index: int) -> tuple[int, int]:
    """One game of ``mix``; returns (steps, steps taken in the Special Building Phase)."""
    n, board, options, trade_rate, greedy, _ = MIXES[mix]
    seed = 7000 + 100 * list(MIXES).index(mix) + index
    game = Game(NAMES6[:n], seed=seed, board=board, rules=Rules(**options))
    bots: list[Any] = [
        GreedyBot(seed, p) if p in greedy else TradingBot(seed * 10 + p, trade_rate) for p in range(n)
    ]
    check = Invariants(game)
    steps = special = 0
    while not game.is_over:
        seat = game.state.current
        special += game.state.phase == SPECIAL_BUILD
        legal = game.legal_actions()
        bot = bots[seat]
        action = bot.choose(game, legal) if isinstance(bot, TradingBot) else bot.choose(game.observe(seat))
        game.step(action)
        check.after(action)
        steps += 1
        if steps % 97 == 0:
            _listed_actions_are_exactly_the_accepted_ones(game)
        if steps % 150 == 0 and index == 0:
            text = game.to_json()
            assert Game.from_json(text).to_json() == text
        assert steps < 20_000, (mix, seed)
    kinds = Counter(type(action) for action, _ in game.history)
    assert [kinds[t] for t in PLAYED] == check.played[:4]
    text = game.to_json()
    assert Game.from_json(text).to_json() == text
    return steps, special


@pytest.mark.parametrize("mix", list(MIXES))
def test_fuzzed_games_keep_every_invariant_through_the_phase(mix: str) -> None:
    results = [_play(mix, i) for i in range(MIXES[mix][5])]
    assert all(special > 0 for _, special in results)  # every game went through the phase


def test_the_search_bot_plays_the_phase_legally() -> None:
    game = Game(NAMES6, seed=21)
    game.play("greedy", until=lambda g: g.phase == "special_build" and g.turn > 8)
    moves = 0
    while game.phase == "special_build" and moves < 20:
        seat = game.state.current
        bot = SearchBot(seed=21, seat=seat, budget=0.05, rollouts=2)
        action = bot.choose(game.observe(seat))
        assert action in game.legal_actions()
        game.step(action)
        moves += 1
    assert moves > 0
    assert game.phase != "special_build"  # every builder passed in the end
