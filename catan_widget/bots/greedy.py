"""A simple greedy bot: production value and victory points, one move ahead.

It settles on the richest spots, upgrades to cities, buys cards, builds roads toward good free
spots, trades with the bank when that completes a build, robs the leader, and answers trade
offers that let it build.  It is meant as a fair sparring partner, not a strong player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.actions import (
    AcceptTrade,
    Action,
    BuildCity,
    BuildRoad,
    BuildSettlement,
    BuyDevelopmentCard,
    ConfirmTrade,
    DeclineTrade,
    Discard,
    EndTurn,
    MaritimeTrade,
    MoveRobber,
    OfferTrade,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    RollDice,
)
from ..engine.building import distance_ok
from ..engine.constants import CITY_COST, DEV_CARD_COST, SETTLEMENT_COST
from ..engine.rng import Rng
from ..engine.scoring import public_vp
from ..engine.topology import EDGE_NODES, HEX_NODES, NODE_HEXES, NODE_NEIGHBORS

if TYPE_CHECKING:
    from ..engine import Game
    from ..engine.state import State

_WEIGHT = (1.0, 1.0, 0.8, 1.1, 1.1)  # lumber brick wool grain ore


class GreedyBot:
    """Greedy on production value and VP; deterministic for a given seed."""

    def __init__(self, seed: int = 0, seat: int = 0) -> None:
        """Seeded from the game's seed and the seat (used only to break exact ties)."""
        self.rng = Rng(seed ^ (0x6EED0000 + seat))

    def choose(self, game: Game) -> Action:
        """The greedy choice among the legal actions."""
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        phase = game.phase
        if phase in ("setup_settlement",):
            return max(actions, key=lambda a: _node_value(game, a.node))  # type: ignore[attr-defined]
        if phase in ("setup_road", "road_building"):
            return max(actions, key=lambda a: _edge_value(game, a.edge))  # type: ignore[attr-defined]
        if phase == "roll":
            knight = PlayKnight()
            if knight in actions and _robbed(game):
                return knight
            return RollDice()
        if phase == "discard":
            return _discard(game)
        if phase == "move_robber":
            return max(actions, key=lambda a: _robber_value(game, a))  # type: ignore[arg-type]
        if phase == "trade_response":
            return AcceptTrade() if AcceptTrade() in actions and _trade_helps(game) else DeclineTrade()
        if phase == "trade_confirm":
            return next((a for a in actions if isinstance(a, ConfirmTrade)), actions[-1])
        return _main(game, actions)


def _node_value(game: Game, node: int) -> float:
    board = game.board
    seen: set[int] = set()
    value = 0.0
    for h in NODE_HEXES[node]:
        r = board.resource(h)
        if r is not None:
            value += board.pips(h) * _WEIGHT[r]
            seen.add(r)
    harbor = board.node_harbor[node]
    return value + 0.6 * len(seen) + (0.5 if harbor is not None else 0.0)


def _free_spot(s: State, node: int) -> bool:
    return s.node_owner[node] == -1 and distance_ok(s, node)


def _edge_value(game: Game, edge: int) -> float:
    s = game.state
    best = 0.0
    for n in EDGE_NODES[edge]:
        for m in (n, *NODE_NEIGHBORS[n]):
            if _free_spot(s, m):
                best = max(best, _node_value(game, m) - (0.5 if m != n else 0.0))
    return best - 0.01 * edge / 72


def _robbed(game: Game) -> bool:
    s = game.state
    return any(s.node_owner[n] == s.current for n in HEX_NODES[s.robber])


def _discard(game: Game) -> Action:
    s = game.state
    hand = s.hands[s.current][:]
    out = [0] * 5
    for _ in range(s.discards[s.current]):
        r = max(range(5), key=lambda i: (hand[i] - (1 if i in (3, 4) else 0), -i))
        hand[r] -= 1
        out[r] += 1
    return Discard(tuple(out))  # type: ignore[arg-type]


def _robber_value(game: Game, action: MoveRobber) -> float:
    s, board = game.state, game.board
    me = s.current
    value = 0.0
    for n in HEX_NODES[action.hex]:
        owner = s.node_owner[n]
        if owner == me:
            value -= 10.0
        elif owner >= 0:
            value += board.pips(action.hex) * s.node_level[n] * (1 + public_vp(s, owner) / 5)
    if action.victim is not None:
        value += 0.1 * sum(s.hands[action.victim])
    return value


def _affordable(hand: list[int]) -> int:
    return sum(
        all(h >= c for h, c in zip(hand, cost)) for cost in (CITY_COST, SETTLEMENT_COST, DEV_CARD_COST)
    )


def _trade_helps(game: Game) -> bool:
    s = game.state
    assert s.trade is not None
    hand = s.hands[s.current]
    after = [h + g - w for h, g, w in zip(hand, s.trade[2], s.trade[3])]
    return _rank(after) > _rank(hand)


def _main(game: Game, actions: list[Action]) -> Action:
    cities = [a for a in actions if isinstance(a, BuildCity)]
    if cities:
        return max(cities, key=lambda a: _node_value(game, a.node))
    settlements = [a for a in actions if isinstance(a, BuildSettlement)]
    if settlements:
        return max(settlements, key=lambda a: _node_value(game, a.node))
    for card in (PlayRoadBuilding(), PlayKnight()):
        if card in actions and (card != PlayKnight() or _robbed(game)):
            return card
    yop = [a for a in actions if isinstance(a, PlayYearOfPlenty)]
    if yop:
        return max(yop, key=lambda a: _gain_value(game, (a.first, a.second)))
    monopoly = [a for a in actions if isinstance(a, PlayMonopoly)]
    if monopoly:
        s = game.state
        return max(monopoly, key=lambda a: sum(s.hands[q][a.resource] for q in range(s.n)))
    s = game.state
    spots_reachable = _settlement_reach(game)
    roads = [a for a in actions if isinstance(a, BuildRoad)]
    if roads and not spots_reachable and s.pieces[s.current][1] > 0:
        best = max(roads, key=lambda a: _edge_value(game, a.edge))
        if _edge_value(game, best.edge) > 0:
            return best
    trades = [a for a in actions if isinstance(a, MaritimeTrade)]
    hand = s.hands[s.current]
    for t in trades:
        after = _after_trade(game, t)
        if _rank(after) > _rank(hand) or _missing(after) < _missing(hand):
            return t
    offer = _domestic_offer(game, spots_reachable)
    if offer is not None:
        return offer
    if BuyDevelopmentCard() in actions:
        return BuyDevelopmentCard()
    return EndTurn()


def _rank(hand: list[int]) -> tuple[bool, bool, bool]:
    """Which builds a hand affords, best first: (city, settlement, development card)."""
    return tuple(  # type: ignore[return-value]
        all(h >= c for h, c in zip(hand, cost)) for cost in (CITY_COST, SETTLEMENT_COST, DEV_CARD_COST)
    )


def _domestic_offer(game: Game, settlement_spot: bool) -> OfferTrade | None:
    """One card for one card to everyone, when a single missing card stands between the bot
    and a city or settlement; at most one offer per turn (read from the game's events, so no bot memory).
    """
    s = game.state
    p = s.current
    if game.rules.strict_phases and s.built:
        return None
    for event in reversed(game.events):
        if event[0] == "offer" and event[1] == p:
            return None
        if event[0] == "roll":
            break
    hand = s.hands[p]
    targets = [CITY_COST, SETTLEMENT_COST] if settlement_spot else [CITY_COST]
    for cost in targets:
        missing = [max(0, c - h) for h, c in zip(hand, cost)]
        if sum(missing) != 1:
            continue
        want = missing.index(1)
        spare = [h - c for h, c in zip(hand, cost)]
        give = max(range(5), key=lambda r: (spare[r], -r))
        if give != want and spare[give] >= 1:
            give_cards, want_cards = [0] * 5, [0] * 5
            give_cards[give], want_cards[want] = 1, 1
            return OfferTrade(tuple(give_cards), tuple(want_cards))  # type: ignore[arg-type]
    return None


def _missing(hand: list[int]) -> int:
    """Cards still missing for the nearest of city, settlement or development card."""
    return min(
        sum(max(0, c - h) for h, c in zip(hand, cost)) for cost in (CITY_COST, SETTLEMENT_COST, DEV_CARD_COST)
    )


def _after_trade(game: Game, trade: MaritimeTrade) -> list[int]:
    from ..engine.trade import maritime_rates

    s = game.state
    hand = s.hands[s.current][:]
    hand[trade.give] -= maritime_rates(s, game.board, s.current)[trade.give]
    hand[trade.get] += 1
    return hand


def _gain_value(game: Game, pair: tuple[int, int]) -> float:
    s = game.state
    hand = s.hands[s.current][:]
    for r in pair:
        hand[r] += 1
    return _affordable(hand) + 0.01 * sum(_WEIGHT[r] for r in pair)


def _settlement_reach(game: Game) -> bool:
    s = game.state
    p = s.current
    return any(_free_spot(s, n) for e in s.roads[p] for n in EDGE_NODES[e])
