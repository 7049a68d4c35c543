"""The search bot's value function: how good a position is for one seat, from public pieces and
that seat's own cards.

It reads a :class:`~catan_widget.engine.state.State` (a determinized game the bot sampled
itself) but only the parts the seat knows for sure: every public piece, the robber, its own hand
and development cards, and opponents' public numbers (pieces, knights, public VP, hand size).
So two determinizations that differ only in opponents' hidden cards score the same.

Terms (hand-tuned against "greedy" with :func:`catan_widget.tournament`):

* victory points (dominant, so a build that scores always wins over keeping cards);
* production: expected cards per roll from settlements and cities, weighted by resource (brick
  and lumber early, ore and grain later), a hex under the robber producing nothing, plus a
  bonus for each distinct resource produced and for owning a harbor whose resource it makes;
* the hand: cards are worth a little, a hand over 7 is at risk from a 7, and being close to a
  city, a settlement (with a spot to put it) or a development card is worth more;
* growth: free settlement spots its roads reach, road length toward Longest Road, knights
  toward Largest Army, unplayed development cards;
* opponents: a small penalty for their production (weighted by their public VP), which is what
  makes the robber go to the leader's best hex.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.constants import CITY_COST, DEV_CARD_COST, KNIGHT, SETTLEMENT_COST, VICTORY_POINT
from ..engine.rules.building import keeps_distance
from ..engine.rules.scoring import public_vp

if TYPE_CHECKING:
    from ..engine.board.layouts import Board
    from ..engine.state import State

EARLY = (1.25, 1.25, 0.85, 1.0, 0.85)
"""Resource weights (lumber brick wool grain ore) while settlements are still to be built."""
LATE = (0.8, 0.8, 0.9, 1.2, 1.25)
"""Resource weights once the seat builds cities."""
VP = 100.0
PRODUCTION = 30.0
DIVERSITY = 2.5
HARBOR = 3.0
CARD = 1.0
PROGRESS = 5.0
READY = 6.0
OVER_SEVEN = 2.0
REACH = 6.0
ROAD = 1.5
KNIGHTS = 4.0
DEV = 6.0
OPPONENTS = 6.0
_TARGETS = (CITY_COST, SETTLEMENT_COST, DEV_CARD_COST)


def weights(s: State, seat: int) -> tuple[float, ...]:
    """Resource weights for ``seat``: early ones while it has settlements to place, late after."""
    settlements_left = s.pieces[seat][1]
    if settlements_left >= 3:
        return EARLY
    return LATE


def node_production(board: Board, node: int, robber: int, w: tuple[float, ...]) -> float:
    """Weighted expected cards per roll of one settlement at ``node`` (robber hex produces 0)."""
    total = 0.0
    for h in board.topo.node_hexes[node]:
        r = board.resource(h)
        if r is not None and h != robber:
            total += board.pips(h) / 36 * w[r]
    return total


def production(s: State, board: Board, seat: int, w: tuple[float, ...]) -> tuple[float, set[int]]:
    """Weighted expected cards per roll of ``seat`` and the resources it produces."""
    total = 0.0
    kinds: set[int] = set()
    owner, level, robber = s.node_owner, s.node_level, s.robber
    for node, o in enumerate(owner):
        if o != seat:
            continue
        lv = level[node]
        for h in board.topo.node_hexes[node]:
            r = board.resource(h)
            if r is None:
                continue
            kinds.add(r)
            if h != robber:
                total += board.pips(h) / 36 * w[r] * lv
    return total, kinds


def spot_value(board: Board, node: int, w: tuple[float, ...]) -> float:
    """How good a free corner is to settle (production, ignoring the robber)."""
    return node_production(board, node, -1, w) + 0.02 * len(board.topo.node_hexes[node])


def reachable_spots(s: State, seat: int) -> list[int]:
    """Free corners next to ``seat``'s roads where a settlement may go (distance rule kept)."""
    owner, topo = s.node_owner, s.topo
    seen: set[int] = set()
    for e in s.roads[seat]:
        for n in topo.edge_nodes[e]:
            if owner[n] == -1 and n not in seen and keeps_distance(owner, n, topo):
                seen.add(n)
    return sorted(seen)


def missing(hand: list[int] | tuple[int, ...], cost: tuple[int, ...]) -> int:
    """Cards still missing from ``hand`` for ``cost``."""
    return sum(max(0, c - h) for h, c in zip(hand, cost))


def hand_value(s: State, board: Board, seat: int, hand: list[int] | tuple[int, ...]) -> float:
    """The hand's worth: cards, closeness to the builds the seat can make, risk over 7."""
    pieces = s.pieces[seat]
    n = sum(hand)
    value = CARD * min(n, 7) + 0.3 * CARD * max(0, n - 7)
    if n > 7:
        value -= OVER_SEVEN * (n - 7) / 2
    best = 0.0
    has_city_spot = pieces[2] > 0 and any(o == seat and lv == 1 for o, lv in zip(s.node_owner, s.node_level))
    has_spot = pieces[1] > 0 and bool(reachable_spots(s, seat))
    for cost, ok, scale in (
        (CITY_COST, has_city_spot, 1.0),
        (SETTLEMENT_COST, has_spot, 1.0),
        (DEV_CARD_COST, bool(s.deck), 0.5),
    ):
        if not ok:
            continue
        m = missing(hand, cost)
        score = scale * (PROGRESS * (4 - min(m, 4)) + (READY if m == 0 else 0.0))
        best = max(best, score)
    return value + best


def evaluate(s: State, board: Board, seat: int) -> float:
    """The value of position ``s`` for ``seat`` (higher is better); reads only what ``seat``
    knows: public pieces and numbers, and its own cards.
    """
    w = weights(s, seat)
    dev, dev_new = s.dev[seat], s.dev_new[seat]
    vp = public_vp(s, seat) + dev[VICTORY_POINT] + dev_new[VICTORY_POINT]
    if s.winner == seat:
        return 1e6
    value = VP * vp
    prod, kinds = production(s, board, seat, w)
    value += PRODUCTION * prod + DIVERSITY * len(kinds)
    for node, o in enumerate(s.node_owner):
        if o == seat:
            harbor = board.node_harbor[node]
            if harbor is not None:
                value += HARBOR * (0.5 if harbor < 0 or harbor not in kinds else 1.0)
    value += hand_value(s, board, seat, s.hands[seat])
    if s.pieces[seat][1] > 0:
        spots = sorted((spot_value(board, n, w) for n in reachable_spots(s, seat)), reverse=True)
        if spots:
            value += REACH * (1 + PRODUCTION / 10 * spots[0]) + 0.5 * REACH * min(len(spots) - 1, 2) / 2
    value += ROAD * min(s.road_len[seat], 8)
    value += KNIGHTS * min(s.knights[seat], 4)
    held = sum(dev) + sum(dev_new) - dev[VICTORY_POINT] - dev_new[VICTORY_POINT]
    value += DEV * held + (2.0 if dev[KNIGHT] else 0.0)
    for q in range(s.n):
        if q == seat:
            continue
        qw = weights(s, q)
        qprod, _ = production(s, board, q, qw)
        value -= OPPONENTS * qprod * (1 + public_vp(s, q) / 4)
    return value
