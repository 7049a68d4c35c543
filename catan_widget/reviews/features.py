"""What the review's value model reads of a position: a few dozen numbers per player.

:func:`features` reads a whole :class:`~catan_widget.engine.state.State` (hidden victory-point
cards and hands included): the win-chance curve of a review is all-seeing by definition.  The
grades never read more than a seat may know, because they are computed on games determinized
from that seat's observation (:mod:`.grading`), whose hidden parts are redrawn.

Every feature is a plain float, about 0–1, computed in pure Python (no numpy): the model runs
compiled-free, in JupyterLite too.  :data:`NAMES` lists them in order; the fitted weights
(:mod:`.model`) are stored by these names, so adding one is a refit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..bots.value import reachable_spots
from ..engine.constants import CITY_COST, KNIGHT, SETTLEMENT_COST, VICTORY_POINT
from ..engine.phases import SETUP_ROAD, SETUP_SETTLEMENT
from ..engine.rules.scoring import public_vp

if TYPE_CHECKING:
    from ..engine.board.layouts import Board
    from ..engine.state import State

NAMES: tuple[str, ...] = (
    "vp",
    "vp_squared",
    "public_vp",
    "one_point_short",
    "two_points_short",
    "lumber",
    "brick",
    "wool",
    "grain",
    "ore",
    "production",
    "kinds",
    "cards",
    "over_seven",
    "dev_cards",
    "knights",
    "longest_road",
    "largest_army",
    "road_length",
    "cities",
    "harbors",
    "city_ready",
    "settlement_ready",
    "spots",
    "may_win_now",
    "turn_player",
    "progress_x_production",
    "setup_to_place",
)
"""The features of one player, in the order :func:`features` returns them."""


def _covers(hand: list[int], cost: tuple[int, ...]) -> bool:
    return all(h >= c for h, c in zip(hand, cost))


def features(s: State, board: Board, target: int = 10, turn_player: int | None = None) -> list[list[float]]:
    """One list of :data:`NAMES` values per seat for position ``s`` (all-seeing: hidden cards read).

    ``target``: the victory points that win (``rules.vp_to_win``); ``turn_player``: the seat
    whose turn it is taken to be (default: the position's; the grades keep the deciding turn's,
    so ending a turn is not scored as handing the turn on).
    """
    tp = s.turn_player if turn_player is None else turn_player
    n = s.n
    topo = board.topo
    prod = [[0.0] * 5 for _ in range(n)]
    kinds: list[set[int]] = [set() for _ in range(n)]
    harbors = [0] * n
    cities = [0] * n
    robber = s.robber
    owner, level = s.node_owner, s.node_level
    for node, o in enumerate(owner):
        if o < 0:
            continue
        lv = level[node]
        if lv == 2:
            cities[o] += 1
        if board.node_harbor[node] is not None:
            harbors[o] += 1
        for h in topo.node_hexes[node]:
            r = board.resource(h)
            if r is None:
                continue
            kinds[o].add(r)
            if h != robber:
                prod[o][r] += board.pips(h) * lv / 36
    total_vp = [0] * n
    pub = [0] * n
    for p in range(n):
        pub[p] = public_vp(s, p)
        total_vp[p] = pub[p] + s.dev[p][VICTORY_POINT] + s.dev_new[p][VICTORY_POINT]
    built = sum(cities) + sum(1 for o in owner if o >= 0)
    placed = [0] * n
    for o in owner:
        if o >= 0:
            placed[o] += 1
    setup = s.phase in (SETUP_SETTLEMENT, SETUP_ROAD)
    progress = min(1.0, built / (4.0 * n))
    out: list[list[float]] = []
    for p in range(n):
        hand = s.hands[p]
        cards = sum(hand)
        dev = s.dev[p]
        new = s.dev_new[p]
        held = sum(dev) + sum(new) - dev[VICTORY_POINT] - new[VICTORY_POINT]
        pieces = s.pieces[p]
        city_ready = pieces[2] > 0 and cities[p] < 4 and _covers(hand, CITY_COST) and _has_settlement(s, p)
        spots = len(reachable_spots(s, p)) if pieces[1] > 0 else 0
        settlement_ready = spots > 0 and _covers(hand, SETTLEMENT_COST)
        vp = total_vp[p]
        short = target - vp
        total_prod = sum(prod[p])
        ready = city_ready or settlement_ready or (dev[KNIGHT] > 0 and s.knights[p] >= 2 and s.army != p)
        out.append(
            [
                vp / target,
                (vp / target) ** 2,
                pub[p] / target,
                1.0 if short <= 1 else 0.0,
                1.0 if short <= 2 else 0.0,
                *(x for x in prod[p]),
                total_prod,
                len(kinds[p]) / 5,
                min(cards, 12) / 10,
                1.0 if cards > 7 else 0.0,
                held / 4,
                s.knights[p] / 5,
                1.0 if s.longest == p else 0.0,
                1.0 if s.army == p else 0.0,
                min(s.road_len[p], 15) / 10,
                cities[p] / 4,
                harbors[p] / 3,
                1.0 if city_ready else 0.0,
                1.0 if settlement_ready else 0.0,
                min(spots, 4) / 4,
                1.0 if short <= 1 and ready else 0.0,
                1.0 if tp == p else 0.0,
                progress * total_prod,
                max(0, 2 - placed[p]) / 2 if setup else 0.0,
            ]
        )
    return out


def _has_settlement(s: State, p: int) -> bool:
    owner, level = s.node_owner, s.node_level
    return any(o == p and lv == 1 for o, lv in zip(owner, level))
