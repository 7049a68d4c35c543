"""Victory points, Longest Road (RULES.md §7) and Largest Army."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import LARGEST_ARMY_MIN, LONGEST_ROAD_MIN, VICTORY_POINT
from .topology import EDGE_NODES, NODE_EDGES

if TYPE_CHECKING:
    from .state import State


def road_length(state: State, player: int) -> int:
    """Length of ``player``'s longest chain of roads: each road counted once, forks not
    counted, and no passing through a node that holds an opponent's building.
    """
    edge_owner, node_owner = state.edge_owner, state.node_owner
    roads = state.roads[player]
    if not roads:
        return 0
    best = 0

    def walk(node: int, used: int, length: int) -> None:
        nonlocal best
        best = max(best, length)
        owner = node_owner[node]
        if length and owner not in (-1, player):
            return
        for e in NODE_EDGES[node]:
            bit = 1 << e
            if edge_owner[e] == player and not used & bit:
                a, b = EDGE_NODES[e]
                walk(b if a == node else a, used | bit, length + 1)

    starts = sorted({n for e in roads for n in EDGE_NODES[e]})
    for node in starts:
        walk(node, 0, 0)
        if best == len(roads):
            break
    return best


def award_longest_road(state: State) -> None:
    """Give or move the Longest Road card after road lengths changed (RULES.md §7).

    The holder keeps it while still (co-)longest with 5+; otherwise it goes to the single
    longest 5+ chain, or is set aside when several tie or nobody has 5.
    """
    lengths = state.road_len
    best = max(lengths)
    holder = state.longest
    if holder >= 0 and lengths[holder] == best and best >= LONGEST_ROAD_MIN:
        return
    leaders = [p for p, n in enumerate(lengths) if n == best]
    state.longest = leaders[0] if best >= LONGEST_ROAD_MIN and len(leaders) == 1 else -1


def award_largest_army(state: State, player: int) -> None:
    """After ``player`` played a knight: take Largest Army with 3+ and strictly more knights."""
    k = state.knights[player]
    holder = state.army
    if k >= LARGEST_ARMY_MIN and (holder < 0 or k > state.knights[holder]):
        state.army = player


def public_vp(state: State, player: int) -> int:
    """Victory points everyone can see: buildings and the two special cards."""
    vp = state.pieces_built_vp(player)
    if state.longest == player:
        vp += 2
    if state.army == player:
        vp += 2
    return vp


def total_vp(state: State, player: int) -> int:
    """All victory points, hidden victory-point cards included."""
    return public_vp(state, player) + state.dev[player][VICTORY_POINT] + state.dev_new[player][VICTORY_POINT]
