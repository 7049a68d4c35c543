"""Legal actions in a deterministic order, for the seat that must act now."""

from __future__ import annotations

from .actions import (
    FIXED_ACTIONS,
    AcceptTrade,
    Action,
    BuildCity,
    BuildRoad,
    BuildSettlement,
    BuyDevelopmentCard,
    CancelTrade,
    ConfirmTrade,
    DeclineTrade,
    Discard,
    EndTurn,
    MaritimeTrade,
    MoveRobber,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    RollDice,
)
from .board import Board
from .building import (
    can_afford,
    city_spots,
    road_spots,
    settlement_spots,
    setup_settlement_spots,
)
from .constants import KNIGHT, MONOPOLY, ROAD_BUILDING, SETTLEMENT_COST, YEAR_OF_PLENTY
from .devcards import yop_pairs
from .phases import (
    DISCARD,
    MAIN,
    MOVE_ROBBER,
    ROLL,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    TRADE_CONFIRM,
    TRADE_RESPONSE,
)
from .phases import (
    ROAD_BUILDING as ROAD_BUILDING_PHASE,
)
from .robber import robber_hexes, victims_at
from .rules import Rules
from .state import EMPTY, State
from .topology import NODE_EDGES
from .trade import confirmable, maritime_rates

_ROLL, _END = RollDice(), EndTurn()
_ROADS = [BuildRoad(e) for e in range(72)]
_SETTLEMENTS = [BuildSettlement(n) for n in range(54)]
_CITIES = [BuildCity(n) for n in range(54)]
_BUY, _KNIGHT, _RB = BuyDevelopmentCard(), PlayKnight(), PlayRoadBuilding()
_YOP = {(a.first, a.second): a for a in FIXED_ACTIONS if isinstance(a, PlayYearOfPlenty)}
_MONO = [PlayMonopoly(r) for r in range(5)]
_ROBBER = {(a.hex, a.victim): a for a in FIXED_ACTIONS if isinstance(a, MoveRobber)}
_MARITIME = {(a.give, a.get): a for a in FIXED_ACTIONS if isinstance(a, MaritimeTrade)}
_ACCEPT, _DECLINE, _CANCEL = AcceptTrade(), DeclineTrade(), CancelTrade()
_CONFIRM = [ConfirmTrade(p) for p in range(4)]


def legal_actions(s: State, board: Board, rules: Rules) -> list[Action]:
    """Every legal action of the acting seat except open-ended trade offers and counters
    (``OfferTrade`` / ``CounterTrade``, whose terms are unbounded; ``step`` validates them).

    Order: roll, end turn, then builds, cards, trades, each by ascending id.
    """
    phase, p = s.phase, s.current
    if phase == MAIN:
        return _main(s, board, rules, p)
    if phase == ROLL:
        out: list[Action] = [_ROLL]
        _dev_plays(s, p, out)
        return out
    if phase == SETUP_SETTLEMENT:
        return [_SETTLEMENTS[n] for n in setup_settlement_spots(s)]
    if phase == SETUP_ROAD:
        owner = s.edge_owner
        return [_ROADS[e] for e in NODE_EDGES[s.last_settlement] if owner[e] == EMPTY]
    if phase == ROAD_BUILDING_PHASE:
        return [_ROADS[e] for e in road_spots(s, p)]
    if phase == MOVE_ROBBER:
        out = []
        for h in robber_hexes(s, board, rules):
            victims = victims_at(s, h)
            if victims:
                out.extend(_ROBBER[(h, v)] for v in victims)
            else:
                out.append(_ROBBER[(h, None)])
        return out
    if phase == DISCARD:
        return [Discard(c) for c in discard_options(s.hands[p], s.discards[p])]
    if phase == TRADE_RESPONSE:
        assert s.trade is not None
        want = s.trade[3]
        hand = s.hands[p]
        can = all(h >= w for h, w in zip(hand, want))
        return [_ACCEPT, _DECLINE] if can else [_DECLINE]
    if phase == TRADE_CONFIRM:
        return [_CONFIRM[q] for q in confirmable(s)] + [_CANCEL]
    return []


def _main(s: State, board: Board, rules: Rules, p: int) -> list[Action]:
    hand = s.hands[p]
    pieces = s.pieces[p]
    out: list[Action] = [_END]
    if pieces[0] and hand[0] and hand[1]:
        out.extend(_ROADS[e] for e in road_spots(s, p))
    if pieces[1] and can_afford(hand, SETTLEMENT_COST):
        out.extend(_SETTLEMENTS[n] for n in settlement_spots(s, p))
    if pieces[2] and hand[3] >= 2 and hand[4] >= 3:
        out.extend(_CITIES[n] for n in city_spots(s, p))
    if s.deck and hand[2] and hand[3] and hand[4]:
        out.append(_BUY)
    _dev_plays(s, p, out)
    if not (rules.strict_phases and s.built):
        rates = maritime_rates(s, board, p) if max(hand) >= 2 else (4, 4, 4, 4, 4)
        bank = s.bank
        for give in range(5):
            if hand[give] >= rates[give]:
                out.extend(_MARITIME[(give, get)] for get in range(5) if get != give and bank[get])
    return out


def _dev_plays(s: State, p: int, out: list[Action]) -> None:
    if s.dev_played:
        return
    dev = s.dev[p]
    if dev[KNIGHT]:
        out.append(_KNIGHT)
    if dev[ROAD_BUILDING] and s.pieces[p][0] and road_spots(s, p):
        out.append(_RB)
    if dev[YEAR_OF_PLENTY]:
        out.extend(_YOP[pair] for pair in yop_pairs(s))
    if dev[MONOPOLY]:
        out.extend(_MONO)


def discard_options(hand: list[int], k: int) -> list[tuple[int, int, int, int, int]]:
    """Every way to discard exactly ``k`` cards from ``hand``, in lexicographic order."""
    out: list[tuple[int, int, int, int, int]] = []
    suffix = [0] * 6
    for r in range(4, -1, -1):
        suffix[r] = suffix[r + 1] + hand[r]
    pick = [0] * 5

    def rec(r: int, left: int) -> None:
        if r == 4:
            if left <= hand[4]:
                pick[4] = left
                out.append((pick[0], pick[1], pick[2], pick[3], pick[4]))
            return
        low = max(0, left - suffix[r + 1])
        for n in range(low, min(hand[r], left) + 1):
            pick[r] = n
            rec(r + 1, left - n)

    rec(0, k)
    return out
