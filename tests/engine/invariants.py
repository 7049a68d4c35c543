"""Invariant checks for the conformance harness (kept out of the test module so that pytest's
assertion rewriting does not slow down the hundreds of thousands of checks; every assertion
carries its own message).
"""

from __future__ import annotations

from collections import Counter

from catan_widget import (
    BuildCity,
    BuildRoad,
    BuildSettlement,
    EndTurn,
    Game,
    MaritimeTrade,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
)
from catan_widget.engine.actions import BuyDevelopmentCard
from catan_widget.engine.phases import MAIN, MOVE_ROBBER, ROAD_BUILDING, ROLL, SPECIAL_BUILD
from catan_widget.engine.state import State

DEV_TOTALS = {19: [14, 2, 2, 2, 5], 30: [20, 3, 3, 3, 5]}
"""Knight, road building, year of plenty, monopoly, VP: by the board's hexes (base, extension)."""
BANK = {19: 19, 30: 24}
"""Cards of each resource, by the board's hexes."""
ACTING_TURN_PLAYER = (ROLL, MAIN, ROAD_BUILDING, MOVE_ROBBER)
PLAYED = {PlayKnight: 0, PlayRoadBuilding: 1, PlayYearOfPlenty: 2, PlayMonopoly: 3}
SPECIAL_KINDS = (BuildRoad, BuildSettlement, BuildCity, BuyDevelopmentCard, EndTurn)
"""What a builder may do in the Special Building Phase (the paired seat may trade with the bank too)."""


def brute_force_road_length(s: State, p: int) -> int:
    """Longest trail of seat ``p``'s roads, each used once, never passing through an
    intersection with an opponent's building (it may end there): exhaustive search."""
    adj: dict[int, list[tuple[int, int]]] = {}
    for e, owner in enumerate(s.edge_owner):
        if owner == p:
            a, b = s.topo.edge_nodes[e]
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
        self.views = game.players  # live views: read the game each time
        self.played = [0] * 5
        self.longest = -1
        self.lengths = [0] * self.n
        s = game.state
        self.last = (s.phase, s.current, s.turn_player)  # before the action checked next

    def after(self, action: object) -> None:
        game, s, n = self.game, self.game.state, self.n
        kind = PLAYED.get(type(action))
        if kind is not None:
            self.played[kind] += 1
        # resource cards: 19 (24 on the extension) of each, in the bank or in hands, never negative
        hexes = len(game.board.terrain)
        hands = s.hands
        assert [sum(col) for col in zip(s.bank, *hands)] == [BANK[hexes]] * 5, "cards"
        assert min(s.bank) >= 0
        assert min(map(min, hands)) >= 0
        # development cards: 25 (34), in the deck, in hands or played
        held = [sum(col) for col in zip(*s.dev, *s.dev_new)]
        deck = s.deck
        dev = [deck.count(c) + held[c] + self.played[c] for c in range(5)]
        assert dev == DEV_TOTALS[hexes], ("dev", dev)
        assert sum(s.knights) == self.played[0]
        # pieces: within the supply and matching the board
        cells = Counter(zip(s.node_owner, s.node_level))
        edges = Counter(s.edge_owner)
        for p in range(n):
            roads, settlements, cities = edges[p], cells[(p, 1)], cells[(p, 2)]
            assert s.pieces[p] == [15 - roads, 5 - settlements, 4 - cities], ("pieces", p)
            assert min(s.pieces[p]) >= 0
        if isinstance(action, BuildRoad):
            for p in range(n):
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
        for p, view in enumerate(self.views):
            public = cells[(p, 1)] + 2 * cells[(p, 2)] + 2 * (s.longest == p) + 2 * (s.army == p)
            assert view.public_victory_points == public, ("public vp", p)
            assert view.victory_points == public + s.dev[p][4] + s.dev_new[p][4], ("vp", p)
        # the game goes on while there is something to do; the winner is the turn player
        target = game.rules.vp_to_win
        if game.is_over:
            assert game.winner is not None
            assert game.winner.seat == s.turn_player
            assert game.winner.victory_points >= target
        elif s.phase >= 2:  # after setup
            assert self.views[s.turn_player].victory_points < target
        if s.phase in ACTING_TURN_PLAYER:
            assert s.current == s.turn_player
        self._special_build(action)

    def _special_build(self, action: object) -> None:
        """The Special Building Phase: builders in turn order from the left of the turn player,
        only building, buying and passing (the paired seat: the bank too), never the turn player."""
        s, n, rules = self.game.state, self.n, self.game.rules
        after = rules.after_turn(n)
        phase, current, turn_player = self.last
        if s.phase == SPECIAL_BUILD:
            assert after, "special build without the option"
            assert s.current != s.turn_player, "special build: the turn player builds"
        if phase == SPECIAL_BUILD:
            kinds = (*SPECIAL_KINDS, MaritimeTrade) if after == "paired" else SPECIAL_KINDS
            assert isinstance(action, kinds), ("special build", action)
            if isinstance(action, EndTurn) and not self.game.is_over:
                nxt = (current + 1) % n
                if s.phase == SPECIAL_BUILD:
                    assert (after, s.current, s.turn_player) == ("special", nxt, turn_player), "next builder"
                else:
                    assert s.phase == ROLL, "after the last builder, the next turn"
                    assert s.turn_player == (turn_player + 1) % n, "the next turn player"
                    assert after == "paired" or nxt == turn_player, "every builder had a moment"
        elif phase == MAIN and isinstance(action, EndTurn) and after and not self.game.is_over:
            first = (turn_player + (1 if after == "special" else 3 if n > 3 else 1)) % n
            assert (s.phase, s.current, s.turn_player) == (SPECIAL_BUILD, first, turn_player), "first builder"
        self.last = (s.phase, s.current, s.turn_player)
