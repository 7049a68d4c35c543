"""Victory points, Longest Road (the rulebook §7) and Largest Army."""

from __future__ import annotations

from typing import Final

from ..board.topology import MAX_NODE_COUNT
from ..constants import LARGEST_ARMY_MIN, LONGEST_ROAD_MIN, SPECIAL_CARD_VP, VICTORY_POINT
from ..state import State

_SPLIT: Final = MAX_NODE_COUNT
"""Ids from here on are the split ends of nodes holding an opponent's building."""


def road_length(state: State, player: int) -> int:
    """Length of ``player``'s longest chain of roads: each road counted once, forks not
    counted, and no passing through a node that holds an opponent's building.

    A node with an opponent's building is split into one end per road touching it (a chain
    may stop there, never pass).  When the roads then form a forest, as they nearly always
    do, the longest chain is the largest tree diameter (two walks per tree); with a loop
    anywhere it falls back to :func:`chain_search`, the exhaustive walk.
    """
    roads = state.roads[player]
    if not roads:
        return 0
    node_owner = state.node_owner
    edge_nodes = state.topo.edge_nodes
    adj: dict[int, list[int]] = {}  # node (or a split end) -> neighbours over own roads
    for e in roads:
        a, b = edge_nodes[e]
        if node_owner[a] not in (-1, player):
            a = _SPLIT + 2 * e
        if node_owner[b] not in (-1, player):
            b = _SPLIT + 2 * e + 1
        row = adj.get(a)
        if row is None:
            adj[a] = [b]
        else:
            row.append(b)
        row = adj.get(b)
        if row is None:
            adj[b] = [a]
        else:
            row.append(a)
    if len(adj) - len(roads) < _components(adj):  # edges >= nodes - trees: a loop somewhere
        return chain_search(state, player)
    best = 0
    done: set[int] = set()
    for node in adj:
        if node not in done:
            far, _ = _farthest(node, adj, done)
            _, length = _farthest(far, adj, None)
            best = max(best, length)
    return best


def chain_through(state: State, player: int, edge: int) -> int:
    """The longest chain of ``player``'s roads that uses ``edge`` (one of them), or -1 when the
    roads joined at ``edge`` hold a loop (then only :func:`road_length` knows).

    With no loop the roads on each side of ``edge`` form a tree, so the longest chain through
    it is the road itself plus the farthest reach from each of its ends.  Placing a road only
    adds chains through it, so after a new road the longest chain is the larger of the old one
    and this.
    """
    a, b = state.topo.edge_nodes[edge]
    seen: set[int] = set()
    reach_a = _reach(state, player, a, edge, seen)
    if reach_a < 0 or b in seen:
        return -1
    reach_b = _reach(state, player, b, edge, seen)
    if reach_b < 0:
        return -1
    return 1 + reach_a + reach_b


def _reach(state: State, player: int, start: int, skip: int, seen: set[int]) -> int:
    """How far chains of ``player``'s roads reach from ``start`` without road ``skip``, or -1
    on a loop; nodes reached go in ``seen``.  A node with an opponent's building ends a chain.
    """
    node_owner, edge_owner = state.node_owner, state.edge_owner
    topo = state.topo
    node_edges, edge_nodes = topo.node_edges, topo.edge_nodes
    if node_owner[start] not in (-1, player):
        return 0
    seen.add(start)
    best = 0
    stack = [(start, skip, 0)]  # node, the road it was reached by, distance
    while stack:
        node, via, d = stack.pop()
        for e in node_edges[node]:
            if e == via or edge_owner[e] != player:
                continue
            x, y = edge_nodes[e]
            other = y if x == node else x
            best = max(best, d + 1)
            if node_owner[other] not in (-1, player):
                continue  # a chain stops at an opponent's building
            if other in seen:
                return -1
            seen.add(other)
            stack.append((other, e, d + 1))
    return best


def _components(adj: dict[int, list[int]]) -> int:
    """How many connected pieces the road graph has."""
    seen: set[int] = set()
    count = 0
    for start in adj:
        if start in seen:
            continue
        count += 1
        seen.add(start)
        stack = [start]
        while stack:
            for nxt in adj[stack.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    stack.append(nxt)
    return count


def _farthest(start: int, adj: dict[int, list[int]], seen: set[int] | None) -> tuple[int, int]:
    """In a tree: the node farthest from ``start`` and its distance (nodes reached go in ``seen``)."""
    far, far_d = start, 0
    stack = [(start, -1, 0)]  # node, the node it was reached from, distance
    while stack:
        node, parent, d = stack.pop()
        if seen is not None:
            seen.add(node)
        if d > far_d:
            far, far_d = node, d
        stack.extend((nxt, node, d + 1) for nxt in adj[node] if nxt != parent)
    return far, far_d


def chain_search(state: State, player: int) -> int:
    """:func:`road_length` by an exhaustive walk (any road network, loops included).

    The walks start only at chain ends: nodes with one or three of the player's roads, or with
    an opponent's building.  A longest chain starting at an open node with two roads would
    either grow by the road behind it, or be a closed loop, which can be walked from any of its
    nodes; so only a loop with no chain end on it needs a walk from one of its own nodes.
    """
    node_owner = state.node_owner
    roads = state.roads[player]
    if not roads:
        return 0
    edge_nodes = state.topo.edge_nodes
    links: dict[int, list[tuple[int, int]]] = {}  # node -> (bit of own road, node at its other end)
    for e in roads:
        a, b = edge_nodes[e]
        links.setdefault(a, []).append((1 << e, b))
        links.setdefault(b, []).append((1 << e, a))
    best = 0
    seen: set[int] = set()
    starts = sorted(links)
    for node in starts:
        if len(links[node]) != 2 or node_owner[node] not in (-1, player):
            best = max(best, _walk(node, links, node_owner, player, seen))
            if best == len(roads):
                return best
    for node in starts:
        if node not in seen:  # on a loop without chain ends
            best = max(best, _walk(node, links, node_owner, player, seen))
    return best


def _walk(
    start: int, links: dict[int, list[tuple[int, int]]], node_owner: list[int], player: int, seen: set[int]
) -> int:
    """The longest chain from ``start`` (depth-first over unused roads); marks nodes ``seen``."""
    best = 0
    stack = [(start, 0, 0)]  # node reached, bits of the roads used, chain length
    while stack:
        node, used, length = stack.pop()
        seen.add(node)
        best = max(best, length)
        if length and node_owner[node] not in (-1, player):
            continue
        for bit, other in links[node]:
            if not used & bit:
                stack.append((other, used | bit, length + 1))
    return best


def award_longest_road(state: State) -> None:
    """Give or move the Longest Road card after road lengths changed (the rulebook §7).

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
        vp += SPECIAL_CARD_VP
    if state.army == player:
        vp += SPECIAL_CARD_VP
    return vp


def total_vp(state: State, player: int) -> int:
    """All victory points, hidden victory-point cards included."""
    return public_vp(state, player) + state.dev[player][VICTORY_POINT] + state.dev_new[player][VICTORY_POINT]
