"""A simple greedy bot: production value and victory points, one move ahead.

It settles on the richest spots, upgrades to cities, buys cards, builds roads toward good free
spots, trades with the bank when that completes a build, robs the leader, and answers trade
offers that let it build; it declines the others with a reason the log words
(:mod:`.declines`).  It decides from its seat's observation only (its own hand, public pieces
and card counting), so it never reads an opponent's hidden card.  It is meant as a fair
sparring partner, not a strong player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import actions as ac
from ..engine.constants import CITY_COST, DEV_CARD_COST, SETTLEMENT_COST
from ..engine.rng import Rng
from ..engine.rules.building import keeps_distance
from .declines import builds_in_reach, decline_reason, has_settlement
from .view import Viewable, as_observation

if TYPE_CHECKING:
    from ..engine.knowledge.observation import Observation

_WEIGHT = (1.0, 1.0, 0.8, 1.1, 1.1)  # lumber brick wool grain ore
_BUILDS = (CITY_COST, SETTLEMENT_COST, DEV_CARD_COST)


class GreedyBot:
    """Greedy on production value and VP; deterministic for a given seed."""

    def __init__(self, seed: int = 0, seat: int = 0) -> None:
        """Seeded from the game's seed and the seat (used only to break exact ties)."""
        self.rng = Rng(seed ^ (0x6EED0000 + seat))

    def choose(self, observation: Viewable) -> ac.Action:
        """The greedy choice among the legal actions of the observing seat."""
        obs = as_observation(observation)
        actions = obs.legal_actions()
        phase = obs.phase
        if phase == "trade_response":  # before the lone-action shortcut: a decline says why
            accept = ac.AcceptTrade()
            return accept if accept in actions and _trade_helps(obs) else ac.DeclineTrade(_why_not(obs))
        if len(actions) == 1 and takes_lone_action(phase):
            return actions[0]
        if phase == "setup_settlement":
            return max(_of(actions, ac.BuildSettlement), key=lambda a: _node_value(obs, a.node))
        if phase in ("setup_road", "road_building"):
            return max(_of(actions, ac.BuildRoad), key=lambda a: _edge_value(obs, a.edge))
        if phase == "roll":
            knight = ac.PlayKnight()
            return knight if knight in actions and _robbed(obs) else ac.RollDice()
        if phase == "discard":
            return _discard(obs)
        if phase == "move_robber":
            return max(_of(actions, ac.MoveRobber), key=lambda a: _robber_value(obs, a))
        if phase == "trade_confirm":
            return next(
                (a for a in _of(actions, ac.ConfirmTrade) if _answer_helps(obs, a.player)), actions[-1]
            )
        return _main(obs, actions)


def takes_lone_action(phase: str) -> bool:
    """True when greedy plays a lone legal action as it is in ``phase``: everywhere but an
    answer to an offer (a decline says why) and the main phase (its trade offer is never listed).
    """
    return phase not in ("trade_response", "main")


def _of(actions: list[ac.Action], kind: type[ac.ActionT]) -> list[ac.ActionT]:
    return [a for a in actions if isinstance(a, kind)]


def _node_value(obs: Observation, node: int) -> float:
    board = obs.board
    seen: set[int] = set()
    value = 0.0
    for h in board.topo.node_hexes[node]:
        r = board.resource(h)
        if r is not None:
            value += board.pips(h) * _WEIGHT[r]
            seen.add(r)
    harbor = board.node_harbor[node]
    return value + 0.6 * len(seen) + (0.5 if harbor is not None else 0.0)


def _free_spot(obs: Observation, node: int) -> bool:
    return obs.node_owner[node] == -1 and keeps_distance(obs.node_owner, node, obs.board.topo)


def _edge_value(obs: Observation, edge: int) -> float:
    best = 0.0
    topo = obs.board.topo
    for n in topo.edge_nodes[edge]:
        for m in (n, *topo.node_neighbors[n]):
            if _free_spot(obs, m):
                best = max(best, _node_value(obs, m) - (0.5 if m != n else 0.0))
    return best - 0.01 * edge / 72


def _robbed(obs: Observation) -> bool:
    return any(obs.node_owner[n] == obs.current for n in obs.board.topo.hex_nodes[obs.robber])


def _hand(obs: Observation) -> list[int]:
    assert obs.hand is not None, "a bot needs a seat's observation, not the all-seeing one"
    return list(obs.hand)


def _discard(obs: Observation) -> ac.Action:
    """Give up the most plentiful cards, keeping grain and ore a little longer."""
    hand = _hand(obs)
    out = [0] * 5
    for _ in range(obs.players[obs.current].discard):
        held = [r for r in range(5) if hand[r] > 0]
        r = max(held, key=lambda i: (hand[i] - (1 if i in (3, 4) else 0), -i))
        hand[r] -= 1
        out[r] += 1
    return ac.Discard((out[0], out[1], out[2], out[3], out[4]))


def _robber_value(obs: Observation, action: ac.MoveRobber) -> float:
    board, me = obs.board, obs.current
    value = 0.0
    for n in board.topo.hex_nodes[action.hex]:
        owner = obs.node_owner[n]
        if owner == me:
            value -= 10.0
        elif owner >= 0:
            value += board.pips(action.hex) * obs.node_level[n] * (1 + obs.players[owner].vp / 5)
    if action.victim is not None:
        value += 0.1 * obs.players[action.victim].hand_size
    return value


def _rank(hand: list[int]) -> tuple[bool, ...]:
    """Which builds a hand affords, best first: (city, settlement, development card)."""
    return tuple(all(h >= c for h, c in zip(hand, cost)) for cost in _BUILDS)


def _missing(hand: list[int]) -> int:
    """Cards still missing for the nearest of city, settlement or development card."""
    return min(sum(max(0, c - h) for h, c in zip(hand, cost)) for cost in _BUILDS)


def _trade_helps(obs: Observation) -> bool:
    assert obs.trade is not None
    return trade_helps(_hand(obs), obs.trade[2], obs.trade[3])


def _answer_helps(obs: Observation, seat: int) -> bool:
    """True when closing the own offer on ``seat``'s answer (an acceptance: the offer's terms;
    a counter: its own) lets the hand afford a better build, as :func:`trade_helps` judges.
    """
    _, gives, wants = obs.answers[seat]
    return trade_helps(_hand(obs), gives, wants)


def _why_not(obs: Observation) -> str:
    """The reason code of declining the open offer (:func:`.declines.decline_reason`)."""
    assert obs.trade is not None
    me = obs.current
    pieces = obs.players[me].pieces
    city = has_settlement(me, obs.node_owner, obs.node_level)
    builds = builds_in_reach(pieces, city, _settlement_reach(obs), obs.deck_size > 0)
    return decline_reason(tuple(_hand(obs)), builds, tuple(obs.trade[3]))  # the proposer's want


def trade_helps(hand: list[int], get: tuple[int, ...], give: tuple[int, ...]) -> bool:
    """Greedy's answer to an offer: True when getting ``get`` for ``give`` lets ``hand`` afford
    a better build (city, settlement, development card) than it affords now.
    """
    after = [h + g - w for h, g, w in zip(hand, get, give)]
    return _rank(after) > _rank(hand)


def _main(obs: Observation, actions: list[ac.Action]) -> ac.Action:
    builds: list[ac.BuildCity | ac.BuildSettlement] = [*_of(actions, ac.BuildCity)]
    builds = builds or [*_of(actions, ac.BuildSettlement)]
    if builds:
        return max(builds, key=lambda a: _node_value(obs, a.node))
    if ac.PlayRoadBuilding() in actions and _road_target(obs):
        return ac.PlayRoadBuilding()
    if ac.PlayKnight() in actions and _robbed(obs):
        return ac.PlayKnight()
    yop = _of(actions, ac.PlayYearOfPlenty)
    if yop:
        return max(yop, key=lambda a: _gain_value(obs, (a.first, a.second)))
    monopoly = _of(actions, ac.PlayMonopoly)
    if monopoly:
        return max(monopoly, key=lambda a: sum(p.known[a.resource] for p in obs.players))
    spots_reachable = _settlement_reach(obs)
    roads = _of(actions, ac.BuildRoad)
    if roads and not spots_reachable and obs.players[obs.current].pieces[1] > 0:
        best = max(roads, key=lambda a: _edge_value(obs, a.edge))
        if _edge_value(obs, best.edge) > 0:
            return best
    hand = _hand(obs)
    for t in _of(actions, ac.MaritimeTrade):
        after = _after_trade(obs, t)
        if _rank(after) > _rank(hand) or _missing(after) < _missing(hand):
            return t
    offer = _domestic_offer(obs, spots_reachable)
    if offer is not None:
        return offer
    if ac.BuyDevelopmentCard() in actions:
        return ac.BuyDevelopmentCard()
    return ac.EndTurn()


def _road_target(obs: Observation) -> bool:
    """Road Building is worth playing while roads are left in supply."""
    return obs.players[obs.current].pieces[0] > 0


def _domestic_offer(obs: Observation, settlement_spot: bool) -> ac.OfferTrade | None:
    """One card for one card to everyone, when a single missing card stands between the bot
    and a city or settlement; at most one offer per turn.
    """
    if "offer_trade" not in obs.open or obs.offers_this_turn:
        return None
    hand = _hand(obs)
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
            return ac.OfferTrade(ac.cards(give_cards), ac.cards(want_cards))
    return None


def _after_trade(obs: Observation, trade: ac.MaritimeTrade) -> list[int]:
    assert obs.rates is not None
    hand = _hand(obs)
    hand[trade.give] -= obs.rates[trade.give]
    hand[trade.get] += 1
    return hand


def _gain_value(obs: Observation, pair: tuple[int, int]) -> float:
    hand = _hand(obs)
    for r in pair:
        hand[r] += 1
    return sum(_rank(hand)) + 0.01 * sum(_WEIGHT[r] for r in pair)


def _settlement_reach(obs: Observation) -> bool:
    return any(_free_spot(obs, n) for e in obs.roads[obs.current] for n in obs.board.topo.edge_nodes[e])
