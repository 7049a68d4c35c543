"""Building rules (the rulebook §3, §5): roads, settlements, cities, piece limits, setup placement."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from ..board.layouts import Board
from ..board.topology import Topology
from ..constants import CITIES, CITY_COST, ROAD_COST, ROADS, SETTLEMENT_COST, SETTLEMENTS, cards_text
from ..errors import IllegalActionError
from ..language import Joined, Message, tr, trn
from ..phases import (
    MAIN,
    ROAD_BUILDING,
    ROLL,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    SPECIAL_BUILD,
    not_now,
    roll_first,
)
from ..state import CITY, EMPTY, SETTLEMENT, State
from .events import Events
from .scoring import award_longest_road, chain_through, road_length


def can_afford(hand: list[int], cost: tuple[int, ...]) -> bool:
    """True when ``hand`` covers ``cost``."""
    return all(h >= c for h, c in zip(hand, cost))


def require_afford(s: State, p: int, cost: tuple[int, ...], kind: str) -> None:
    """Raise unless seat ``p`` can pay ``cost``, the cost of ``kind`` (``"build_road"``,
    ``"build_settlement"``, ``"build_city"``, ``"buy_development_card"``).
    """
    if not can_afford(s.hands[p], cost):
        raise IllegalActionError("cannot_afford", _COSTS[kind](cards_text(cost)))


def _road_costs(cost: Joined) -> Message:
    # TRANSLATORS: {cost} is an amount of resource cards ("1 lumber, 1 brick")
    return tr("Not enough resources: a road costs {cost}.", cost=cost)


def _settlement_costs(cost: Joined) -> Message:
    # TRANSLATORS: {cost} is an amount of resource cards ("1 lumber, 1 brick, 1 wool, 1 grain")
    return tr("Not enough resources: a settlement costs {cost}.", cost=cost)


def _city_costs(cost: Joined) -> Message:
    # TRANSLATORS: {cost} is an amount of resource cards ("2 grain, 3 ore")
    return tr("Not enough resources: a city costs {cost}.", cost=cost)


def _card_costs(cost: Joined) -> Message:
    # TRANSLATORS: {cost} is an amount of resource cards ("1 wool, 1 grain, 1 ore")
    return tr("Not enough resources: a development card costs {cost}.", cost=cost)


_COSTS: Final[dict[str, Callable[[Joined], Message]]] = {
    "build_road": _road_costs,
    "build_settlement": _settlement_costs,
    "build_city": _city_costs,
    "buy_development_card": _card_costs,
}
"""The refusal of each kind of purchase that the hand does not cover, given the cost in words."""


def pay(s: State, p: int, cost: tuple[int, ...]) -> None:
    """Move ``cost`` from seat ``p``'s hand to the bank."""
    hand, bank = s.hands[p], s.bank
    for r in range(5):
        c = cost[r]
        if c:
            hand[r] -= c
            bank[r] += c


def distance_ok(s: State, node: int) -> bool:
    """The distance rule: no building on any neighbouring intersection."""
    return keeps_distance(s.node_owner, node, s.topo)


def keeps_distance(node_owner: Sequence[int], node: int, topo: Topology) -> bool:
    """The distance rule on a list of intersection owners (-1 = free) of a board of ``topo``:
    no neighbour built on.
    """
    return all(node_owner[m] == EMPTY for m in topo.node_neighbors[node])


def road_spots(s: State, p: int) -> list[int]:
    """Free edges where seat ``p`` may build a road (touching its road or building, never
    continuing through an opponent's building), ascending.
    """
    edge_owner, node_owner = s.edge_owner, s.node_owner
    topo = s.topo
    edge_nodes, node_edges = topo.edge_nodes, topo.node_edges
    spots: set[int] = set()
    built: set[int] = set()  # own buildings met at road ends
    for e in s.roads[p]:
        for n in edge_nodes[e]:
            owner = node_owner[n]
            if owner == p:
                built.add(n)
            elif owner != EMPTY:
                continue  # an opponent's building: no road on through it
            for f in node_edges[n]:
                if edge_owner[f] == EMPTY:
                    spots.add(f)
    pieces = s.pieces[p]
    if len(built) < (SETTLEMENTS - pieces[1]) + (CITIES - pieces[2]):  # a building with no road
        for n, owner in enumerate(node_owner):
            if owner == p and n not in built:
                for f in node_edges[n]:
                    if edge_owner[f] == EMPTY:
                        spots.add(f)
    return sorted(spots)


def road_connects(s: State, p: int, edge: int) -> bool:
    """True when the free ``edge`` touches seat ``p``'s building, or ``p``'s road at a node
    without an opponent's building: the test of :func:`road_spots` for one edge.
    """
    edge_owner, node_owner = s.edge_owner, s.node_owner
    topo = s.topo
    node_edges = topo.node_edges
    for n in topo.edge_nodes[edge]:
        owner = node_owner[n]
        if owner == p:
            return True
        if owner == EMPTY and any(edge_owner[f] == p for f in node_edges[n]):
            return True
    return False


def settlement_spots(s: State, p: int) -> list[int]:
    """Free nodes obeying the distance rule and touching one of seat ``p``'s roads."""
    node_owner = s.node_owner
    topo = s.topo
    edge_nodes, node_neighbors = topo.edge_nodes, topo.node_neighbors
    spots: set[int] = set()
    for e in s.roads[p]:
        for n in edge_nodes[e]:
            if node_owner[n] == EMPTY and n not in spots:
                for m in node_neighbors[n]:
                    if node_owner[m] != EMPTY:
                        break
                else:
                    spots.add(n)
    return sorted(spots)


def setup_settlement_spots(s: State) -> list[int]:
    """Free nodes obeying the distance rule (setup needs no road)."""
    owner = s.node_owner
    node_neighbors = s.topo.node_neighbors
    spots: list[int] = []
    for n, o in enumerate(owner):
        if o == EMPTY:
            for m in node_neighbors[n]:
                if owner[m] != EMPTY:
                    break
            else:
                spots.append(n)
    return spots


def city_spots(s: State, p: int) -> list[int]:
    """Seat ``p``'s settlements."""
    owner, level = s.node_owner, s.node_level
    return [n for n in range(len(owner)) if owner[n] == p and level[n] == SETTLEMENT]


def road_prereqs(s: State, p: int) -> None:
    """Everything a road needs but a spot: the phase, the cost (unless free) and a road in supply."""
    if s.phase == SETUP_ROAD:
        return
    if s.phase != ROAD_BUILDING:
        _require_main(s, "build_road")
        require_afford(s, p, ROAD_COST, "build_road")
    if s.pieces[p][0] == 0:
        raise IllegalActionError(
            "out_of_pieces",
            # TRANSLATORS: {n} is how many pieces of this kind each player has
            trn(
                "No roads left: each player has only {n}.", "No roads left: each player has only {n}.", ROADS
            ),
        )


def check_build_road(s: State, p: int, edge: int) -> None:
    """Validate a road in the current phase (setup, road building or a paid road)."""
    road_prereqs(s, p)
    if s.edge_owner[edge] != EMPTY:
        # TRANSLATORS: {edge} is the number of a path on the board (as the program names it)
        raise IllegalActionError("path_taken", tr("Path {edge} already has a road.", edge=edge))
    if s.phase == SETUP_ROAD:
        if s.last_settlement not in s.topo.edge_nodes[edge]:
            raise IllegalActionError(
                "setup_road_placement",
                # TRANSLATORS: {node} is the number of an intersection on the board (as the program names it)
                tr(
                    "In setup the road must touch the settlement you just placed (intersection {node}).",
                    node=s.last_settlement,
                ),
            )
    elif not road_connects(s, p, edge):
        raise IllegalActionError(
            "road_not_connected",
            # TRANSLATORS: {edge} is the number of a path on the board (as the program names it)
            tr(
                "A road must touch your own road, settlement or city, and may not continue through "
                "an opponent's building (path {edge}).",
                edge=edge,
            ),
        )


def _require_main(s: State, kind: str) -> None:
    """Paid building of ``kind``: after the roll, or in the Special Building Phase."""
    if s.phase == ROLL:
        raise roll_first(kind)
    if s.phase not in (MAIN, SPECIAL_BUILD):
        raise not_now(kind, s.phase)


def place_road(s: State, p: int, edge: int, ev: Events, paid: bool = False) -> None:
    """Put a road down (payment handled by the caller; ``paid`` says if it was) and update
    Longest Road.
    """
    s.edge_owner[edge] = p
    s.roads[p].append(edge)
    s.pieces[p][0] -= 1
    ev.append(("road", p, edge, paid))
    before = s.longest
    through = chain_through(s, p, edge)
    if through < 0:
        s.road_len[p] = road_length(s, p)
    elif through > s.road_len[p]:
        s.road_len[p] = through
    award_longest_road(s)
    if s.longest != before:
        ev.append(("longest_road", s.longest, before, max(s.road_len)))


def apply_build_road(s: State, p: int, edge: int, ev: Events) -> None:
    """Build a road (validated)."""
    phase = s.phase
    paid = phase in (MAIN, SPECIAL_BUILD)
    if paid:
        pay(s, p, ROAD_COST)
        s.built = True
    place_road(s, p, edge, ev, paid)
    if phase == SETUP_ROAD:
        advance_setup(s)
    elif phase == ROAD_BUILDING:
        s.built = True
        s.free_roads -= 1
        if s.free_roads <= 0 or s.pieces[p][0] == 0 or not road_spots(s, p):
            s.free_roads = 0
            s.phase = MAIN if s.rolled else ROLL


def advance_setup(s: State) -> None:
    """After a setup road: next seat in snake order, or the first normal turn."""
    s.setup_step += 1
    order = s.setup_order()
    if s.setup_step >= len(order):
        s.phase = ROLL
        s.turn = 1
        s.current = s.turn_player = s.first
    else:
        s.phase = SETUP_SETTLEMENT
        s.current = order[s.setup_step]
    s.last_settlement = -1


def settlement_prereqs(s: State, p: int) -> None:
    """Everything a settlement needs but a spot: the phase, the cost and one in supply."""
    if s.phase == SETUP_SETTLEMENT:
        return
    _require_main(s, "build_settlement")
    require_afford(s, p, SETTLEMENT_COST, "build_settlement")
    if s.pieces[p][1] == 0:
        raise IllegalActionError(
            "out_of_pieces",
            # TRANSLATORS: {n} is how many pieces of this kind each player has
            trn(
                "No settlements left: each player has only {n} (build a city to get one back).",
                "No settlements left: each player has only {n} (build a city to get one back).",
                SETTLEMENTS,
            ),
        )


def check_build_settlement(s: State, p: int, node: int) -> None:
    """Validate a settlement (setup or paid)."""
    settlement_prereqs(s, p)
    if s.node_owner[node] != EMPTY:
        raise IllegalActionError(
            "intersection_taken",
            # TRANSLATORS: {node} is the number of an intersection on the board (as the program names it)
            tr("Intersection {node} is already occupied.", node=node),
        )
    if not distance_ok(s, node):
        raise IllegalActionError(
            "distance_rule",
            # TRANSLATORS: {node} is the number of an intersection on the board (as the program names it)
            tr(
                "The distance rule: no settlement may be placed next to another building "
                "(intersection {node} has a neighbour built on).",
                node=node,
            ),
        )
    if s.phase != SETUP_SETTLEMENT and not any(s.edge_owner[e] == p for e in s.topo.node_edges[node]):
        raise IllegalActionError(
            "settlement_not_connected",
            # TRANSLATORS: {node} is the number of an intersection on the board (as the program names it)
            tr("A settlement must touch one of your own roads (intersection {node}).", node=node),
        )


def apply_build_settlement(s: State, p: int, node: int, ev: Events, board: Board) -> None:
    """Build a settlement (validated); in the second setup round it pays its hexes."""
    setup = s.phase == SETUP_SETTLEMENT
    if not setup:
        pay(s, p, SETTLEMENT_COST)
        s.built = True
    s.node_owner[node] = p
    s.node_level[node] = SETTLEMENT
    s.pieces[p][1] -= 1
    ev.append(("settlement", p, node, not setup))
    if setup:
        s.last_settlement = node
        s.phase = SETUP_ROAD
        if s.setup_step >= s.n:
            gained = [0] * 5
            for h in s.topo.node_hexes[node]:
                r = board.resource(h)
                if r is not None and s.bank[r] > 0:
                    gained[r] += 1
                    s.bank[r] -= 1
                    s.hands[p][r] += 1
            ev.append(("setup_income", p, tuple(gained)))
        return
    _recompute_roads_through(s, node, p, ev)


def _recompute_roads_through(s: State, node: int, builder: int, ev: Events) -> None:
    """A new building may cut opponents' chains at ``node``: recompute and re-award."""
    touched = sorted({s.edge_owner[e] for e in s.topo.node_edges[node]} - {EMPTY, builder})
    if not touched:
        return
    before = s.longest
    for q in touched:
        s.road_len[q] = road_length(s, q)
    award_longest_road(s)
    if s.longest != before:
        ev.append(("longest_road", s.longest, before, max(s.road_len)))


def city_prereqs(s: State, p: int) -> None:
    """Everything a city needs but a settlement to upgrade: the phase, the cost, one in supply."""
    _require_main(s, "build_city")
    require_afford(s, p, CITY_COST, "build_city")
    if s.pieces[p][2] == 0:
        raise IllegalActionError(
            "out_of_pieces",
            # TRANSLATORS: {n} is how many pieces of this kind each player has
            trn(
                "No cities left: each player has only {n}.",
                "No cities left: each player has only {n}.",
                CITIES,
            ),
        )


def check_build_city(s: State, p: int, node: int) -> None:
    """Validate a city upgrade."""
    city_prereqs(s, p)
    if s.node_owner[node] != p or s.node_level[node] != SETTLEMENT:
        raise IllegalActionError(
            "city_needs_settlement",
            # TRANSLATORS: {node} is the number of an intersection on the board (as the program names it)
            tr("A city must replace one of your own settlements (intersection {node}).", node=node),
        )


def apply_build_city(s: State, p: int, node: int, ev: Events) -> None:
    """Upgrade a settlement (validated); the settlement returns to the supply."""
    pay(s, p, CITY_COST)
    s.built = True
    s.node_level[node] = CITY
    s.pieces[p][2] -= 1
    s.pieces[p][1] += 1
    ev.append(("city", p, node))
