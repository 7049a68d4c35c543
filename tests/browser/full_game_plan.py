"""The whole game of tests/browser/test_full_game.py, played ahead in the test process.

The notebook's game is :func:`full_game_kernel.new_game` with the cell's bots; chance is
scripted there, so the same game played here with the same bots and the decisions of
:func:`your_move` for "You" goes exactly as the clicks will make it go.  :func:`plan` returns
every decision of You, each with the position it was made in (to compare with the kernel's).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from catan_widget import Game
from catan_widget.engine import actions as ac
from catan_widget.engine.board.topology import HEX_NODES, NODE_HEXES
from catan_widget.engine.constants import CITY_COST, DEV_CARD_COST, ROAD_COST, SETTLEMENT_COST
from catan_widget.engine.rules.trade import maritime_rates

from .full_game_kernel import YOU, YOUR_CARDS, ScriptedGame, cell_bots, new_game


@dataclass
class Decision:
    """One decision of You: the action, the phase it was taken in and the position before it."""

    action: ac.Action
    phase: str
    turn: int
    hand: list[int]
    node_owner: list[int]
    edge_owner: list[int]
    undo_first: bool = False
    """A road built, taken back with Undo and built again (the undo is shown once)."""
    victims: list[int] = field(default_factory=list)
    """For robber moves: the seats that may be robbed on the chosen hex (2+: the chooser shows)."""
    rate: int = 0
    """For bank trades: Your rate for the card given (2 or 3: a harbor's)."""


@dataclass
class Memory:
    """What the plan remembers between decisions (its choices so far)."""

    offers: int = 0
    answers: list[str] = field(default_factory=list)
    undone: bool = False
    roads_built: int = 0


def _goal(g: Game, mem: Memory | None = None) -> tuple[int, ...]:
    """The cost of the next thing You save for: development cards (all of :data:`YOUR_CARDS`),
    two roads, a settlement, then cities.
    """
    s = g.state
    if isinstance(g, ScriptedGame) and g.draws < len(YOUR_CARDS):
        return DEV_CARD_COST
    if mem is not None and mem.roads_built < 2:
        return ROAD_COST
    if s.pieces[YOU][1] == 3:  # no settlement built after the setup yet
        return SETTLEMENT_COST
    return CITY_COST


def _missing(hand: list[int], cost: tuple[int, ...]) -> list[int]:
    return [max(0, c - h) for h, c in zip(hand, cost)]


def _of(actions: list[ac.Action], kind: type[ac.ActionT]) -> list[ac.ActionT]:
    return [a for a in actions if isinstance(a, kind)]


def _best_road(g: Game, roads: list[ac.BuildRoad]) -> ac.BuildRoad:
    """The road that makes Your longest road longest (lowest id on ties)."""

    def length(a: ac.BuildRoad) -> int:
        f = g.fork()
        f.step(a)
        return f.state.road_len[YOU]

    return max(sorted(roads, key=lambda a: a.edge), key=length)


def _robber(g: Game, moves: list[ac.MoveRobber]) -> ac.MoveRobber:
    """A hex with the most victims (none of Your buildings), the richest victim."""
    hands = g.state.hands
    victims: dict[int, list[int]] = {}
    for m in moves:
        victims.setdefault(m.hex, [])
        if m.victim is not None:
            victims[m.hex].append(m.victim)
    mine = {h for h in victims if any(g.state.node_owner[n] == YOU for n in _corners(h))}
    hexes = sorted(victims, key=lambda h: (h in mine, -len(victims[h]), h))
    best = hexes[0]
    if not victims[best]:
        return ac.MoveRobber(best, None)
    return ac.MoveRobber(best, max(victims[best], key=lambda v: (sum(hands[v]), -v)))


def _corners(hex_id: int) -> tuple[int, ...]:
    return tuple(HEX_NODES[hex_id])


def _discard(g: Game, mem: Memory) -> ac.Discard:
    hand = list(g.state.hands[YOU])
    count = g.state.discards[YOU]
    keep = _goal(g, mem)
    out = [0] * 5
    for _ in range(count):
        r = max(range(5), key=lambda r: (hand[r] - out[r] - keep[r], -r))
        out[r] += 1
    return ac.Discard(ac.cards(out))


def _useful(g: Game, node: int) -> tuple[int, int]:
    """Pips of wool, grain and ore at ``node`` (what development cards cost), then all pips."""
    b = g.board
    return (sum(b.pips(h) for h in NODE_HEXES[node] if b.resource(h) in (2, 3, 4)), b.node_pips(node))


def _setup_settlement(g: Game, actions: list[ac.Action]) -> ac.Action:
    nodes = sorted(a.node for a in _of(actions, ac.BuildSettlement))
    if any(o == YOU for o in g.state.node_owner):  # the second one: on a harbor if good enough
        harbors = [n for n in nodes if g.board.node_harbor[n] is not None and _useful(g, n)[0] >= 5]
        nodes = harbors or nodes
    return ac.BuildSettlement(max(nodes, key=lambda n: _useful(g, n)))


def _answer(g: Game, actions: list[ac.Action], mem: Memory) -> ac.Action:
    """A bot's offer to You: accept the first, decline the second, counter the third."""
    for kind, action in (("accept_trade", ac.AcceptTrade()), ("decline_trade", ac.DeclineTrade())):
        if kind not in mem.answers and action in actions:
            mem.answers.append(kind)
            return action
    if "counter_trade" not in mem.answers:
        trade = g.state.trade
        assert trade is not None
        give, want = list(trade[3]), list(trade[2])
        if all(h >= c for h, c in zip(g.state.hands[YOU], give)):
            mem.answers.append("counter_trade")
            ask = next(r for r in range(5) if want[r])
            if g.state.hands[trade[0]][ask] >= 2:
                want[ask] += 1
            return ac.CounterTrade(ac.cards(give), ac.cards(want))
    return ac.DeclineTrade()


def _offer(g: Game, mem: Memory) -> ac.OfferTrade | None:
    """One spare card for one You lack (held by a bot); the second offer goes to that bot only."""
    if mem.offers >= 2 or g.observe(YOU).offers_this_turn:
        return None
    hand = list(g.state.hands[YOU])
    goal = _goal(g, mem)
    spare = [r for r in range(5) if hand[r] > goal[r]]
    for want in [r for r in range(5) if _missing(hand, goal)[r]] + list(range(5)):
        holders = [p for p in range(1, 4) if g.state.hands[p][want] >= 1]
        give = next((r for r in spare if r != want), None)
        if holders and give is not None:
            mem.offers += 1
            give_cards, want_cards = [0] * 5, [0] * 5
            give_cards[give], want_cards[want] = 1, 1
            to = None if mem.offers == 1 else holders[0]
            return ac.OfferTrade(ac.cards(give_cards), ac.cards(want_cards), to=to)
    return None


def _main(g: Game, actions: list[ac.Action], mem: Memory) -> ac.Action:
    hand = list(g.state.hands[YOU])
    for card in (ac.PlayKnight(), ac.PlayRoadBuilding()):
        if card in actions:
            return card
    yop = _of(actions, ac.PlayYearOfPlenty)
    if yop:
        need = _missing(hand, _goal(g, mem))
        return max(yop, key=lambda a: (need[a.first] > 0, need[a.second] > 0, a.first != a.second))
    monopoly = _of(actions, ac.PlayMonopoly)
    if monopoly:
        held = [sum(g.state.hands[p][r] for p in range(1, 4)) for r in range(5)]
        return max(monopoly, key=lambda a: (held[a.resource], -a.resource))
    spots: list[ac.BuildCity] | list[ac.BuildSettlement] = _of(actions, ac.BuildCity)
    spots = spots or _of(actions, ac.BuildSettlement)
    if spots:
        return max(spots, key=lambda a: (_useful(g, a.node), -a.node))
    roads = _of(actions, ac.BuildRoad)
    if roads and not mem.undone:  # the first road built (and taken back once, then built again)
        return _best_road(g, roads)
    goal = _goal(g, mem)
    if ac.BuyDevelopmentCard() in actions and goal == DEV_CARD_COST:
        return ac.BuyDevelopmentCard()
    if roads and goal == ROAD_COST:
        mem.roads_built += 1
        return _best_road(g, roads)
    need = _missing(hand, goal)
    rates = g.observe(YOU).rates
    assert rates is not None
    for t in sorted(_of(actions, ac.MaritimeTrade), key=lambda t: (rates[t.give], -hand[t.give], t.give)):
        if need[t.get] and hand[t.give] - rates[t.give] >= goal[t.give]:
            return t
    offer = _offer(g, mem)
    return offer if offer is not None else ac.EndTurn()


def your_move(g: Game, mem: Memory) -> ac.Action:
    """The decision of You now (You must act)."""
    actions = g.legal_actions()
    phase = g.phase
    if phase == "setup_settlement":
        return _setup_settlement(g, actions)
    if phase in ("setup_road", "road_building"):
        return _best_road(g, _of(actions, ac.BuildRoad))
    if phase == "discard":
        return _discard(g, mem)
    if phase == "move_robber":
        return _robber(g, _of(actions, ac.MoveRobber))
    if phase == "trade_response":
        return _answer(g, actions, mem)
    if phase == "trade_confirm":
        confirm = _of(actions, ac.ConfirmTrade)
        return confirm[0] if mem.offers == 1 and confirm else ac.CancelTrade()
    if phase == "roll":
        return ac.RollDice()
    return _main(g, actions, mem)


def plan(max_steps: int = 5000) -> tuple[Game, list[Decision]]:
    """Play the whole game here: the finished game and every decision of You, in order."""
    g = new_game()
    bots = cell_bots()
    by_seat = {seat: bots[name] for seat, name in enumerate(g.names) if name in bots}
    mem = Memory()
    out: list[Decision] = []
    for _ in range(max_steps):
        if g.is_over:
            break
        seat = g.current_seat
        if seat != YOU:
            g.step(by_seat[seat].choose(g.observe(seat)))
            continue
        s = g.state
        action = your_move(g, mem)
        victims = [
            m.victim
            for m in g.legal_actions()
            if isinstance(m, ac.MoveRobber) and isinstance(action, ac.MoveRobber) and m.hex == action.hex
        ]
        rates = maritime_rates(s, g.board, YOU)
        undo = isinstance(action, ac.BuildRoad) and g.phase == "main" and not mem.undone
        mem.undone |= undo
        out.append(
            Decision(
                action,
                g.phase,
                g.turn,
                list(s.hands[YOU]),
                list(s.node_owner),
                list(s.edge_owner),
                undo_first=undo,
                victims=sorted(v for v in victims if v is not None),
                rate=rates[action.give] if isinstance(action, ac.MaritimeTrade) else 0,
            )
        )
        g.step(action)
    return g, out
