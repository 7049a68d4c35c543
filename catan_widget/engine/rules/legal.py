"""Legal actions in a deterministic order, for the seat that must act now."""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from .. import actions as ac
from ..board.layouts import Board
from ..board.topology import MAX_EDGE_COUNT, MAX_HEX_COUNT, MAX_NODE_COUNT
from ..constants import KNIGHT, MAX_PLAYERS, MONOPOLY, ROAD_BUILDING, YEAR_OF_PLENTY
from ..options import Rules
from ..phases import (
    DISCARD,
    MAIN,
    MOVE_ROBBER,
    ROLL,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    SPECIAL_BUILD,
    TRADE_CONFIRM,
    TRADE_RESPONSE,
)
from ..phases import (
    ROAD_BUILDING as ROAD_BUILDING_PHASE,
)
from ..state import EMPTY, State
from .building import (
    city_spots,
    road_spots,
    settlement_spots,
    setup_settlement_spots,
)
from .devcards import yop_pairs
from .robber import robber_hexes, victim_masks
from .trade import confirmable, harbor_rates

_ROLL: Final = ac.RollDice()
_END: Final = ac.EndTurn()
_INTERNED: Final = {a: a for a in (*ac.FIXED_ACTIONS, *ac.EXTENSION_ACTIONS)}
"""One object per fixed action (of either board), so listing the legal actions builds none."""
_ROADS: Final = [_INTERNED[ac.BuildRoad(e)] for e in range(MAX_EDGE_COUNT)]
_SETTLEMENTS: Final = [_INTERNED[ac.BuildSettlement(n)] for n in range(MAX_NODE_COUNT)]
_CITIES: Final = [_INTERNED[ac.BuildCity(n)] for n in range(MAX_NODE_COUNT)]
_BUY: Final = ac.BuyDevelopmentCard()
_KNIGHT: Final = ac.PlayKnight()
_RB: Final = ac.PlayRoadBuilding()
_YOP: Final = {(a.first, a.second): a for a in ac.FIXED_ACTIONS if isinstance(a, ac.PlayYearOfPlenty)}
_MONO: Final = [ac.PlayMonopoly(r) for r in range(5)]
_ROBBER: Final = {(a.hex, a.victim): a for a in _INTERNED if isinstance(a, ac.MoveRobber)}
_ROBBER_BY_VICTIMS: Final = [
    [
        tuple(_ROBBER[(h, v)] for v in range(MAX_PLAYERS) if mask >> v & 1) or (_ROBBER[(h, None)],)
        for mask in range(1 << MAX_PLAYERS)
    ]
    for h in range(MAX_HEX_COUNT)
]
"""Robber moves to hex ``h`` by the bitmask of seats to rob there (no victim: one move), seats ascending."""
_TRADES: Final = [a for a in ac.FIXED_ACTIONS if isinstance(a, ac.MaritimeTrade)]
_MARITIME_FROM: Final = [[(a.get, a) for a in _TRADES if a.give == give] for give in range(5)]
"""Bank trades by the resource given: ``(resource got, action)`` in code order."""
_ACCEPT: Final = ac.AcceptTrade()
_DECLINE: Final = ac.DeclineTrade()
_CANCEL: Final = ac.CancelTrade()
_CONFIRM: Final = [_INTERNED[ac.ConfirmTrade(p)] for p in range(MAX_PLAYERS)]
_LISTED: Final[dict[ac.Action, ac.Action]] = {a: a for a in _INTERNED.values()}
_LISTED.update(
    (a, a)
    for a in (_ROLL, _END, _BUY, _KNIGHT, _RB, *_YOP.values(), *_MONO, *_TRADES, _ACCEPT, _DECLINE, _CANCEL)
)


def listed_form(action: ac.Action) -> ac.Action:
    """The very object :func:`legal_actions` lists for actions equal to ``action`` (``action``
    itself where it lists a new one each time, as discards): a caller keeping its own table of
    actions keeps these, and a step of one is found among the listed by identity, not compared.
    """
    return _LISTED.get(action, action)


def legal_actions(s: State, board: Board, rules: Rules) -> list[ac.Action]:
    """Every legal action of the acting seat except open-ended trade offers and counters
    (``OfferTrade`` / ``CounterTrade``, whose terms are unbounded; ``step`` validates them).

    Order: roll, end turn, then builds, cards, trades, each by ascending id.
    """
    phase, p = s.phase, s.current
    if phase == MAIN:
        return _main(s, board, rules, p)
    if phase == ROLL:
        out: list[ac.Action] = [_ROLL]
        _dev_plays(s, p, out)
        return out
    if phase == SETUP_SETTLEMENT:
        return [_SETTLEMENTS[n] for n in setup_settlement_spots(s)]
    if phase == SETUP_ROAD:
        owner = s.edge_owner
        return [_ROADS[e] for e in s.topo.node_edges[s.last_settlement] if owner[e] == EMPTY]
    if phase == ROAD_BUILDING_PHASE:
        return [_ROADS[e] for e in road_spots(s, p)]
    if phase == MOVE_ROBBER:
        out = []
        masks = victim_masks(s)
        for h in robber_hexes(s, board, rules):
            out.extend(_ROBBER_BY_VICTIMS[h][masks[h]])
        return out
    if phase == DISCARD:
        held = s.hands[p]
        return list(_discards(held[0], held[1], held[2], held[3], held[4], s.discards[p]))
    if phase == TRADE_RESPONSE:
        assert s.trade is not None
        want = s.trade[3]
        hand = s.hands[p]
        can = all(h >= w for h, w in zip(hand, want))
        return [_ACCEPT, _DECLINE] if can else [_DECLINE]
    if phase == TRADE_CONFIRM:
        return [_CONFIRM[q] for q in confirmable(s)] + [_CANCEL]
    if phase == SPECIAL_BUILD:
        return _special(s, board, rules, p)
    return []


def _main(s: State, board: Board, rules: Rules, p: int) -> list[ac.Action]:
    out = _builds(s, p)
    _dev_plays(s, p, out)
    _maritime(s, board, rules, p, out)
    return out


def _special(s: State, board: Board, rules: Rules, p: int) -> list[ac.Action]:
    """The Special Building Phase: pass, build, buy; the paired seat trades with the bank too."""
    out = _builds(s, p)
    if rules.after_turn(s.n) == "paired":
        _maritime(s, board, rules, p, out)
    return out


def _builds(s: State, p: int) -> list[ac.Action]:
    """End the turn (or pass), then the builds and the purchase seat ``p`` can pay for."""
    hand = s.hands[p]
    pieces = s.pieces[p]
    lumber, brick, wool, grain, ore = hand
    out: list[ac.Action] = [_END]
    if pieces[0] and lumber and brick:  # ROAD_COST
        out += [_ROADS[e] for e in road_spots(s, p)]
    if pieces[1] and lumber and brick and wool and grain:  # SETTLEMENT_COST
        out += [_SETTLEMENTS[n] for n in settlement_spots(s, p)]
    if pieces[2] and grain >= 2 and ore >= 3:  # CITY_COST
        out += [_CITIES[n] for n in city_spots(s, p)]
    if s.deck and wool and grain and ore:  # DEV_CARD_COST
        out.append(_BUY)
    return out


def _maritime(s: State, board: Board, rules: Rules, p: int, out: list[ac.Action]) -> None:
    hand = s.hands[p]
    if max(hand) >= 2 and not (rules.strict_phases and s.built):  # no bank rate is below 2
        rates = harbor_rates(s, board, p)
        bank = s.bank
        for give in range(5):
            if hand[give] >= rates[give]:
                out += [trade for get, trade in _MARITIME_FROM[give] if bank[get]]


def _dev_plays(s: State, p: int, out: list[ac.Action]) -> None:
    if s.dev_played:
        return
    dev = s.dev[p]
    if dev[KNIGHT]:
        out.append(_KNIGHT)
    if dev[ROAD_BUILDING]:
        out.append(_RB)
    if dev[YEAR_OF_PLENTY]:
        out.extend(_YOP[pair] for pair in yop_pairs(s))
    if dev[MONOPOLY]:
        out.extend(_MONO)


def discard_options(hand: list[int], k: int) -> list[tuple[int, int, int, int, int]]:
    """Every way to discard exactly ``k`` cards from ``hand``, in lexicographic order."""
    h0, h1, h2, h3, h4 = hand
    out: list[tuple[int, int, int, int, int]] = []
    for a in range(max(0, k - (h1 + h2 + h3 + h4)), min(h0, k) + 1):
        left_a = k - a
        for b in range(max(0, left_a - (h2 + h3 + h4)), min(h1, left_a) + 1):
            left_b = left_a - b
            for c in range(max(0, left_b - (h3 + h4)), min(h2, left_b) + 1):
                left_c = left_b - c
                d_range = range(max(0, left_c - h4), min(h3, left_c) + 1)
                out.extend((a, b, c, d, left_c - d) for d in d_range)
    return out


@lru_cache(maxsize=1024)
def _discards(h0: int, h1: int, h2: int, h3: int, h4: int, k: int) -> tuple[ac.Discard, ...]:
    """The Discard actions of :func:`discard_options` for one hand and count, listed once."""
    if len(_DISCARD_ACTIONS) > _DISCARD_ACTIONS_MAX:
        _DISCARD_ACTIONS.clear()
    return tuple([listed_discard(cards) for cards in discard_options([h0, h1, h2, h3, h4], k)])


def listed_discard(cards: tuple[int, int, int, int, int]) -> ac.Discard:
    """The discard of ``cards`` as :func:`legal_actions` lists it (each made once): as
    :func:`listed_form`, for the one kind it does not keep.
    """
    action = _DISCARD_ACTIONS.get(cards)
    if action is None:
        action = _DISCARD_ACTIONS[cards] = ac.Discard(cards)
    return action


_DISCARD_ACTIONS: Final[dict[tuple[int, int, int, int, int], ac.Discard]] = {}
"""Discard actions made so far, by their cards: actions are immutable values, so they are shared."""
_DISCARD_ACTIONS_MAX: Final = 50_000
