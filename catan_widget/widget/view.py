"""The game as JSON for the front-end: the ``board``, ``state`` and ``legal`` traits.

Pure functions of a :class:`Game` (nothing here changes it); the shapes are the contract of
``docs/protocol.md``.  Hidden information is decided by ``viewer``: that seat's hand and
development cards are sent in detail, the others only as counts (``-1`` shows every hand,
``None`` none).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import Game
from ..engine.actions import (
    BuildCity,
    BuildRoad,
    BuildSettlement,
    BuyDevelopmentCard,
    EndTurn,
    MaritimeTrade,
    MoveRobber,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    RollDice,
)
from ..engine.board import GENERIC
from ..engine.constants import DEV_CARDS, RESOURCES, TERRAINS
from ..engine.phases import ACCEPTED, DECLINED, DISCARD, MAIN, PENDING, TRADE_CONFIRM, TRADE_RESPONSE
from ..engine.scoring import public_vp, total_vp
from ..engine.state import CITY, EMPTY
from ..engine.topology import (
    EDGE_NODES,
    HARBOR_NODES,
    HEX_COORDS,
    HEX_COUNT,
    NODE_COUNT,
    NODE_HEXES,
    harbor_xy,
    hex_xy,
    node_xy,
)
from ..engine.trade import confirmable, maritime_rates, responders
from .reasons import reasons_for, waiting_reasons

PLAYER_COLORS: tuple[str, ...] = ("#0072B2", "#D55E00", "#009E73", "#CC79A7")
"""Okabe–Ito colours (colour-blind safe) for seats 0..3: blue, vermillion, green, purple."""
LOG_TAIL = 40
"""Log lines sent with each state update (the newest ones)."""
TEACHER = -1
"""The ``viewer`` that sees every hand."""


def board_json(game: Game, colors: Sequence[str] | None = None) -> dict[str, Any]:
    """The static ``board`` trait: hexes, intersections, paths, harbors and the players."""
    board = game.board
    palette = list(colors) if colors is not None else list(PLAYER_COLORS)
    if len(palette) < len(game.names):
        raise ValueError(f"need {len(game.names)} player colours, got {len(palette)}")
    hexes = []
    for h in range(HEX_COUNT):
        (q, r), (x, y), res = HEX_COORDS[h], hex_xy(h), board.resource(h)
        hexes.append(
            {
                "id": h,
                "q": q,
                "r": r,
                "x": x,
                "y": y,
                "terrain": TERRAINS[board.terrain[h]],
                "resource": None if res is None else RESOURCES[res],
                "number": board.number[h] or None,
                "pips": board.pips(h),
            }
        )
    nodes = []
    for n in range(NODE_COUNT):
        x, y = node_xy(n)
        nodes.append({"id": n, "x": x, "y": y, "hexes": list(NODE_HEXES[n])})
    edges = []
    for e, (a, b) in enumerate(EDGE_NODES):
        (ax, ay), (bx, by) = node_xy(a), node_xy(b)
        edges.append({"id": e, "a": a, "b": b, "x": round((ax + bx) / 2, 4), "y": round((ay + by) / 2, 4)})
    harbors = []
    for i, kind in enumerate(board.harbors):
        x, y = harbor_xy(i)
        generic = kind == GENERIC
        harbors.append(
            {
                "id": i,
                "kind": "3:1" if generic else RESOURCES[kind],
                "resource": None if generic else RESOURCES[kind],
                "rate": 3 if generic else 2,
                "nodes": list(HARBOR_NODES[i]),
                "x": x,
                "y": y,
            }
        )
    players = [{"seat": i, "name": name, "color": palette[i]} for i, name in enumerate(game.names)]
    return {"hexes": hexes, "nodes": nodes, "edges": edges, "harbors": harbors, "players": players}


def _counts(values: Sequence[int], names: Sequence[str]) -> dict[str, int]:
    return dict(zip(names, values))


def _nonzero(values: Sequence[int]) -> dict[str, int]:
    """Resource counts without the zeros (``{"wool": 1}``), for trade terms."""
    return {RESOURCES[r]: n for r, n in enumerate(values) if n}


def _held(values: Sequence[int]) -> dict[str, int]:
    """Development cards by name, only those held (``{"knight": 2}``): keeps updates small."""
    return {DEV_CARDS[c]: n for c, n in enumerate(values) if n}


def sees(viewer: int | None, seat: int) -> bool:
    """True when ``viewer`` may see ``seat``'s hand and development cards."""
    return viewer is not None and viewer in (TEACHER, seat)


def _player(game: Game, seat: int, kind: str, visible: bool) -> dict[str, Any]:
    s = game.state
    hand, dev, new = s.hands[seat], s.dev[seat], s.dev_new[seat]
    vp = public_vp(s, seat)
    roads, settlements, cities = s.pieces[seat]
    return {
        "seat": seat,
        "name": game.names[seat],
        "kind": kind,
        "vp": vp,
        "vp_hidden": total_vp(s, seat) - vp if visible else None,
        "resources": _counts(hand, RESOURCES) if visible else None,
        "resource_count": sum(hand),
        "dev_cards": _held([a + b for a, b in zip(dev, new)]) if visible else None,
        "dev_new": _held(new) if visible else None,
        "dev_count": sum(dev) + sum(new),
        "knights_played": s.knights[seat],
        "road_length": s.road_len[seat],
        "longest_road": s.longest == seat,
        "largest_army": s.army == seat,
        "pieces": {"roads": roads, "settlements": settlements, "cities": cities},
        "discard": s.discards[seat] if s.phase == DISCARD else 0,
    }


def _trade(game: Game) -> dict[str, Any] | None:
    s = game.state
    if s.trade is None:
        return None
    proposer, to, give, want = s.trade
    responses: dict[str, Any] = {}
    for q in responders(s):
        answer, q_give, q_want = s.answers[q] if q < len(s.answers) else (PENDING, (), ())
        if answer == PENDING:
            responses[str(q)] = "pending"
        elif answer == ACCEPTED:
            responses[str(q)] = "accepted"
        elif answer == DECLINED:
            responses[str(q)] = "declined"
        else:
            responses[str(q)] = {"give": _nonzero(q_give), "want": _nonzero(q_want)}
    return {
        "from": proposer,
        "to": None if to < 0 else to,
        "give": _nonzero(give),
        "want": _nonzero(want),
        "responses": responses,
    }


def state_json(
    game: Game,
    viewer: int | None,
    seats: Sequence[str],
    *,
    version: int = 0,
    error: str | None = None,
    bot_delay: float = 0.6,
    show_pips: bool = False,
    log_tail: int = LOG_TAIL,
) -> dict[str, Any]:
    """The dynamic ``state`` trait, as ``viewer`` may see it.

    ``seats`` gives each seat's kind (``"human"`` or ``"bot"``); ``log_tail`` how many of the
    newest log lines to send.
    """
    s = game.state
    owner, level = s.node_owner, s.node_level
    buildings = [
        [n, owner[n], "city" if level[n] == CITY else "settlement"]
        for n in range(NODE_COUNT)
        if owner[n] != EMPTY
    ]
    roads = [[e, p] for e, p in enumerate(s.edge_owner) if p != EMPTY]
    bank = _counts(s.bank, RESOURCES)
    bank["dev_cards"] = len(s.deck)
    return {
        "version": version,
        "turn": s.turn,
        "phase": s.phase_name(),
        "current": s.current,
        "turn_player": s.turn_player,
        "viewer": viewer,
        "robber": s.robber,
        "dice": list(s.dice) if s.dice is not None else None,
        "dice_counts": list(s.dice_counts),
        "buildings": buildings,
        "roads": roads,
        "players": [_player(game, p, seats[p], sees(viewer, p)) for p in range(s.n)],
        "bank": bank,
        "trade": _trade(game),
        "road_building": s.free_roads,
        "winner": s.winner if s.winner >= 0 else None,
        "log": game.log[-log_tail:] if log_tail > 0 else [],
        "error": error,
        "bot_delay": bot_delay,
        "show_pips": show_pips,
    }


def legal_json(
    game: Game,
    seat: int | None,
    *,
    version: int = 0,
    undo: bool = False,
    undo_reason: str | None = None,
) -> dict[str, Any]:
    """The ``legal`` trait: what ``seat`` (the human who must act now, or ``None`` when no human
    may act) can do, with plain-words ``reasons`` for every disabled control.

    ``undo`` / ``undo_reason`` come from the widget, which keeps the undo snapshots.
    """
    s = game.state
    out: dict[str, Any] = {
        "version": version,
        "seat": seat,
        "roll": False,
        "end_turn": False,
        "buy_development_card": False,
        "roads": [],
        "settlements": [],
        "cities": [],
        "robber": [],
        "maritime": [],
        "play": {"knight": False, "road_building": False, "year_of_plenty": False, "monopoly": False},
        "year_of_plenty": [],
        "discard": 0,
        "offer_trade": False,
        "respond_trade": False,
        "accept_trade": False,
        "confirm_trade": [],
        "cancel_trade": False,
        "undo": False,
        "reasons": {},
    }
    if seat is None or seat != s.current or game.is_over:
        out["seat"] = None
        out["reasons"] = waiting_reasons(game)
        return out
    actions = game.legal_actions()
    robber: dict[int, list[int]] = {}
    rates = maritime_rates(s, game.board, seat)
    for a in actions:
        t = type(a)
        if t is BuildRoad:
            out["roads"].append(a.edge)  # type: ignore[attr-defined]
        elif t is BuildSettlement:
            out["settlements"].append(a.node)  # type: ignore[attr-defined]
        elif t is BuildCity:
            out["cities"].append(a.node)  # type: ignore[attr-defined]
        elif t is MoveRobber:
            victims = robber.setdefault(a.hex, [])  # type: ignore[attr-defined]
            if a.victim is not None:  # type: ignore[attr-defined]
                victims.append(a.victim)  # type: ignore[attr-defined]
        elif t is MaritimeTrade:
            give, get = a.give, a.get  # type: ignore[attr-defined]
            out["maritime"].append({"give": RESOURCES[give], "get": RESOURCES[get], "rate": rates[give]})
        elif t is PlayYearOfPlenty:
            out["play"]["year_of_plenty"] = True
            out["year_of_plenty"].append([RESOURCES[a.first], RESOURCES[a.second]])  # type: ignore[attr-defined]
    out["robber"] = [{"hex": h, "victims": v} for h, v in robber.items()]
    out["roll"] = RollDice() in actions
    out["end_turn"] = EndTurn() in actions
    out["buy_development_card"] = BuyDevelopmentCard() in actions
    out["play"]["knight"] = PlayKnight() in actions
    out["play"]["road_building"] = PlayRoadBuilding() in actions
    out["play"]["monopoly"] = any(type(a) is PlayMonopoly for a in actions)
    out["discard"] = s.discards[seat] if s.phase == DISCARD else 0
    out["offer_trade"] = can_offer_trade(game, seat)
    if s.phase == TRADE_RESPONSE:
        out["respond_trade"] = True
        out["accept_trade"] = any(a.kind == "accept_trade" for a in actions)
    if s.phase == TRADE_CONFIRM:
        out["confirm_trade"] = confirmable(s)
        out["cancel_trade"] = True
    out["undo"] = bool(undo)
    out["reasons"] = reasons_for(game, seat, out, undo_reason)
    return out


def can_offer_trade(game: Game, seat: int) -> bool:
    """True when ``seat`` may propose a domestic trade now (its turn, after the roll, cards
    in hand, and — with strict phases — nothing built yet this turn).
    """
    s = game.state
    if s.phase != MAIN or seat != s.turn_player or not any(s.hands[seat]):
        return False
    return not (game.rules.strict_phases and s.built)
