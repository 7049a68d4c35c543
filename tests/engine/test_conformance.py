"""Conformance harness: hundreds of seeded random games, every invariant checked after every step.

Players are uniform-random (plus, in most configurations, random domestic offers and
counter-offers made up by the test, and a greedy seat in some), on beginner and random boards
with several mixes of house options.  After every step the test checks, from its own
computations: the 19 cards of each resource are in the bank or in hands, no count is negative,
the 25 development cards are in the deck, in hands or played, pieces are within 15/5/4 and
match the board, victory points are what the board and cards say, Longest Road and Largest
Army sit where §7 puts them (road lengths recomputed by brute force), and there is always a
legal action until the game ends.  Saves round-trip every 50 steps and at the end.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest

from catan_widget import (
    BuildRoad,
    BuildSettlement,
    Game,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    Rules,
)
from catan_widget.bots import GreedyBot
from catan_widget.engine.serialize import state_from_dict, state_to_dict
from catan_widget.engine.topology import EDGE_NODES

from .helpers import NAMES4, TradingBot

DEV_TOTALS = {0: 14, 1: 2, 2: 2, 3: 2, 4: 5}  # knight, road building, year of plenty, monopoly, VP
PLAYED = {PlayKnight: 0, PlayRoadBuilding: 1, PlayYearOfPlenty: 2, PlayMonopoly: 3}

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
    "random4_spiral_fixed_harbors": (4, "random", {"spiral_tokens": True, "shuffle_harbors": False}, 0.1, (), 24),
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
}


def brute_force_road_length(s: Any, p: int) -> int:
    """Longest trail of seat ``p``'s roads, each used once, never passing through an
    intersection with an opponent's building (it may end there): exhaustive search."""
    adj: dict[int, list[tuple[int, int]]] = {}
    for e, owner in enumerate(s.edge_owner):
        if owner == p:
            a, b = EDGE_NODES[e]
            adj.setdefault(a, []).append((e, b))
            adj.setdefault(b, []).append((e, a))
    best = 0
    used: set[int] = set()

    def dfs(node: int, length: int) -> None:
        nonlocal best
        best = max(best, length)
        if length and s.node_owner[node] not in (-1, p):
            return
        for e, other in adj[node]:
            if e not in used:
                used.add(e)
                dfs(other, length + 1)
                used.discard(e)

    for node in adj:
        dfs(node, 0)
    return best


class Invariants:
    """Checks one game after every step; keeps what it needs from the actions it saw."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.n = len(game.names)
        self.played = [0] * 5
        self.longest = -1
        self.lengths = [0] * self.n

    def after(self, action: object) -> None:
        game, s, n = self.game, self.game.state, self.n
        kind = PLAYED.get(type(action))
        if kind is not None:
            self.played[kind] += 1
        # resource cards: 19 of each, in the bank or in hands, never negative
        hands = s.hands
        for r in range(5):
            assert s.bank[r] + sum(h[r] for h in hands) == 19, ("cards", r)
        assert min(s.bank) >= 0
        assert all(min(h) >= 0 for h in hands)
        # development cards: 25, in the deck, in hands or played
        deck = s.deck
        for c, total in DEV_TOTALS.items():
            held = sum(d[c] + e[c] for d, e in zip(s.dev, s.dev_new))
            assert deck.count(c) + held + self.played[c] == total, ("dev", c)
        assert sum(s.knights) == self.played[0]
        # pieces: within the supply and matching the board
        cells = list(zip(s.node_owner, s.node_level))
        for p in range(n):
            roads = s.edge_owner.count(p)
            settlements = cells.count((p, 1))
            cities = cells.count((p, 2))
            assert roads <= 15
            assert settlements + cities <= 9
            assert s.pieces[p] == [15 - roads, 5 - settlements, 4 - cities], ("pieces", p)
            assert min(s.pieces[p]) >= 0
            assert sorted(s.roads[p]) == [e for e, o in enumerate(s.edge_owner) if o == p]
        # Longest Road: brute-force lengths whenever the road network or its blockers changed
        if isinstance(action, (BuildRoad, BuildSettlement)):
            self.lengths = [brute_force_road_length(s, p) for p in range(n)]
            best = max(self.lengths)
            keep = self.longest >= 0 and self.lengths[self.longest] == best and best >= 5
            if not keep:
                leaders = [p for p in range(n) if self.lengths[p] == best]
                self.longest = leaders[0] if best >= 5 and len(leaders) == 1 else -1
        assert s.road_len == self.lengths, ("road length", s.road_len, self.lengths)
        assert s.longest == self.longest, ("longest road", s.longest, self.longest, self.lengths)
        # Largest Army: the holder has the most knights (3+); nobody holds it below 3
        top = max(s.knights)
        if s.army >= 0:
            assert s.knights[s.army] == top >= 3
        else:
            assert top < 3
        # victory points from the board and the cards
        for p in range(n):
            public = cells.count((p, 1)) + 2 * cells.count((p, 2))
            public += 2 * (s.longest == p) + 2 * (s.army == p)
            hidden = s.dev[p][4] + s.dev_new[p][4]
            view = game.players[p]
            assert view.public_victory_points == public, ("public vp", p)
            assert view.victory_points == public + hidden, ("vp", p)
        # the game goes on while there is something to do; the winner is the turn player
        target = game.rules.vp_to_win
        if game.is_over:
            assert game.winner is not None
            assert game.winner.seat == s.turn_player
            assert game.winner.victory_points >= target
        elif s.phase >= 2:  # after setup
            assert game.players[s.turn_player].victory_points < target
        if game.phase in ("roll", "main", "road_building", "move_robber"):
            assert s.current == s.turn_player


def _state_round_trip(game: Game) -> None:
    data = state_to_dict(game.state)
    again = state_from_dict(json.loads(json.dumps(data)), len(game.names))
    assert state_to_dict(again) == data


def _play(config: str, index: int) -> tuple[int, int]:
    n, board, options, trade_rate, greedy, _ = CONFIGS[config]
    seed = 1000 * (list(CONFIGS).index(config) + 1) + index
    game = Game(NAMES4[:n], seed=seed, board=board, rules=Rules(**options))
    bots: list[Any] = [
        GreedyBot(seed, p) if p in greedy else TradingBot(seed * 10 + p, trade_rate) for p in range(n)
    ]
    check = Invariants(game)
    full_saves = index % 8 == 0  # full save round trips every 50 steps in one game in 8
    steps = 0
    while not game.is_over:
        legal = game.legal_actions()
        assert legal, (config, seed, steps, game.phase)
        bot = bots[game.state.current]
        action = bot.choose(game, legal) if isinstance(bot, TradingBot) else bot.choose(game)
        game.step(action)
        check.after(action)
        steps += 1
        if steps % 50 == 0:
            _state_round_trip(game)
            if full_saves:
                text = game.to_json()
                assert Game.from_json(text).to_json() == text
        assert steps < 20_000, (config, seed)
    assert game.legal_actions() == []
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
    assert {c[0] for c in CONFIGS.values()} == {3, 4}
    assert {c[1] for c in CONFIGS.values()} == {"beginner", "random"}


def test_brute_force_road_length_agrees_on_a_known_shape() -> None:
    # a hex ring with two tails: 8 roads, but the longest single chain is 7
    game = Game(NAMES4, seed=1)
    ring = [(18, 24), (24, 30), (30, 35), (35, 29), (29, 23), (23, 18), (13, 18), (30, 36)]
    from catan_widget.engine.topology import EDGE_BETWEEN

    game.stage(roads={0: [EDGE_BETWEEN[pair] for pair in ring]}, settlements={1: [53]})
    assert brute_force_road_length(game.state, 0) == 7
