"""Conformance harness: hundreds of seeded random games, every invariant checked after every step.

Players are uniform-random (plus, in most configurations, random domestic offers and
counter-offers made up by the test, and a greedy seat in some, which sees only its seat's
observation), on beginner and random boards with several mixes of house options (discard limits
of 0 and 1 included: a 7 then makes nearly everyone discard).  After every step the test checks,
from its own computations: the 19 cards of each resource are in the bank or in hands, no count
is negative, the 25 development cards are in the deck, in hands or played (24 and 34 in the 5–6
player games of the extension, on its board, with the Special Building Phase), pieces are within
15/5/4 and match the board, victory points are what the board and cards say, Longest Road and
Largest Army sit where §7 puts them (road lengths recomputed by brute force), and there is
always a legal action until the game ends.  Saves round-trip every 50 steps (the whole game,
replayed, in the first game of each mix; the state alone every 100 steps in the others) and at
the end, and every 211 steps every fixed action is tried: it must step exactly when it is listed
as legal, and every refusal (and every disabled control's reason) carries a code of the table
``engine.errors.REFUSALS``.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest

from catan_widget import REFUSALS, Game, IllegalActionError, Rules
from catan_widget.bots import GreedyBot
from catan_widget.engine.actions import EXTENSION_ACTIONS, FIXED_ACTIONS
from catan_widget.engine.saves.format import state_from_dict, state_to_dict

from .helpers import NAMES4, TradingBot
from .invariants import PLAYED, Invariants, brute_force_road_length

NAMES6 = [*NAMES4, "Ed", "Fy"]

# name: (players, board, rules, trade rate, greedy seats, games)
CONFIGS: dict[str, tuple[int, str, Mapping[str, Any], float, tuple[int, ...], int]] = {
    "beginner4_defaults": (4, "beginner", {}, 0.0, (), 30),
    "beginner3_trades": (3, "beginner", {}, 0.2, (), 26),
    "random4_trades": (4, "random", {}, 0.25, (), 26),
    "random3_friendly_robber": (3, "random", {"friendly_robber": True}, 0.1, (), 26),
    "random4_strict_phases": (4, "random", {"strict_phases": True}, 0.2, (), 26),
    "beginner4_no_desert_return": (4, "beginner", {"robber_may_return_to_desert": False}, 0.1, (1,), 26),
    "random3_vp8": (3, "random", {"vp_to_win": 8}, 0.1, (), 26),
    "random4_vp12_greedy": (4, "random", {"vp_to_win": 12}, 0.1, (0, 2), 24),
    "random4_discard9": (4, "random", {"discard_limit": 9}, 0.1, (), 24),
    "random3_reds_touch": (3, "random", {"red_numbers_may_touch": True}, 0.1, (2,), 24),
    "random4_spiral_fixed_harbors": (
        4,
        "random",
        {"spiral_tokens": True, "shuffle_harbors": False},
        0.1,
        (),
        24,
    ),
    "random4_everything": (
        4,
        "random",
        {
            "friendly_robber": True,
            "strict_phases": True,
            "robber_may_return_to_desert": False,
            "discard_limit": 9,
            "red_numbers_may_touch": True,
            "spiral_tokens": True,
            "vp_to_win": 11,
        },
        0.2,
        (3,),
        20,
    ),
    "random3_discard0_greedy": (3, "random", {"discard_limit": 0}, 0.1, (1,), 8),
    "beginner4_discard1_greedy": (
        4,
        "beginner",
        {"discard_limit": 1, "friendly_robber": True},
        0.1,
        (0, 3),
        8,
    ),
    "beginner6_defaults": (6, "beginner", {}, 0.0, (), 10),
    "random5_trades": (5, "random", {}, 0.2, (), 10),
    "random6_trades_greedy": (6, "random", {}, 0.2, (1, 4), 8),
    "random6_paired_friendly": (
        6,
        "random",
        {"special_building": "paired", "friendly_robber": True},
        0.1,
        (),
        6,
    ),
    "random5_sbp_off_strict": (5, "random", {"special_building": "off", "strict_phases": True}, 0.1, (2,), 6),
    "random6_everything": (
        6,
        "random",
        {
            "friendly_robber": True,
            "strict_phases": True,
            "robber_may_return_to_desert": False,
            "discard_limit": 9,
            "red_numbers_may_touch": True,
            "spiral_tokens": True,
            "shuffle_harbors": False,
            "vp_to_win": 11,
        },
        0.2,
        (5,),
        6,
    ),
    "beginner5_discard1_vp8": (5, "beginner", {"discard_limit": 1, "vp_to_win": 8}, 0.1, (0,), 6),
}


def _state_round_trip(game: Game) -> None:
    data = state_to_dict(game.state)
    again = state_from_dict(json.loads(json.dumps(data)), len(game.names), topo=game.board.topo)
    assert state_to_dict(again) == data


def _listed_actions_are_exactly_the_accepted_ones(game: Game) -> None:
    """Every fixed action (of either board) steps if and only if legal_actions lists it; refusals
    change nothing and each carries a code of the table with its rulebook section, as do the
    controls' reasons.
    """
    legal = set(game.legal_actions())
    before = state_to_dict(game.state)
    for action in (*FIXED_ACTIONS, *EXTENSION_ACTIONS):
        if action in legal:
            game.fork().step(action)
        else:
            with pytest.raises(IllegalActionError) as info:
                game.step(action)
            assert info.value.code in REFUSALS, (info.value.code, str(info.value))
            assert info.value.rule == REFUSALS[info.value.code][0]
    for found in game.refusals().values():
        assert found.code in REFUSALS, found
        assert found.rule == REFUSALS[found.code][0], found
    assert state_to_dict(game.state) == before


def _play(config: str, index: int) -> tuple[int, int]:
    n, board, options, trade_rate, greedy, _ = CONFIGS[config]
    seed = 1000 * (list(CONFIGS).index(config) + 1) + index
    game = Game(NAMES6[:n], seed=seed, board=board, rules=Rules(**options))
    bots: list[Any] = [
        GreedyBot(seed, p) if p in greedy else TradingBot(seed * 10 + p, trade_rate) for p in range(n)
    ]
    check = Invariants(game)
    full_saves = index == 0  # full save round trips every 50 steps in the first game of each mix
    steps = 0
    while not game.is_over:
        legal = game.legal_actions()
        assert legal, (config, seed, steps, game.phase)
        seat = game.state.current
        bot = bots[seat]
        action = bot.choose(game, legal) if isinstance(bot, TradingBot) else bot.choose(game.observe(seat))
        game.step(action)
        check.after(action)
        steps += 1
        if steps % 211 == 0:
            _listed_actions_are_exactly_the_accepted_ones(game)
        if steps % 50 == 0:
            if full_saves:
                text = game.to_json()
                assert Game.from_json(text).to_json() == text
            elif steps % 100 == 0:
                _state_round_trip(game)
        assert steps < 20_000, (config, seed)
    assert game.legal_actions() == []
    kinds = Counter(type(action) for action, _ in game.history)
    assert [kinds[t] for t in PLAYED] == check.played[:4]  # played cards, counted from the history
    text = game.to_json()
    assert Game.from_json(text).to_json() == text
    return steps, game.state.turn


@pytest.mark.parametrize("config", list(CONFIGS))
def test_random_games_keep_every_invariant(config: str) -> None:
    games = CONFIGS[config][5]
    results = [_play(config, i) for i in range(games)]
    assert all(steps > 0 for steps, _ in results)


def test_harness_plays_at_least_300_games() -> None:
    assert sum(c[5] for c in CONFIGS.values()) >= 300
    assert {c[0] for c in CONFIGS.values()} == {3, 4, 5, 6}
    assert {c[1] for c in CONFIGS.values()} == {"beginner", "random"}


def test_brute_force_road_length_agrees_on_a_known_shape() -> None:
    # a hex ring with two tails: 8 roads, but the longest single chain is 7
    game = Game(NAMES4, seed=1)
    ring = [(18, 24), (24, 30), (30, 35), (35, 29), (29, 23), (23, 18), (13, 18), (30, 36)]
    from catan_widget.engine.board.topology import EDGE_BETWEEN

    game.stage(roads={0: [EDGE_BETWEEN[pair] for pair in ring]}, settlements={1: [53]})
    assert brute_force_road_length(game.state, 0) == 7
