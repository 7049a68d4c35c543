"""The game as JSON for the front-end: the ``board``, ``state`` and ``legal`` traits.

``board`` is static (a :class:`Game`'s board and names).  ``state`` and ``legal`` are pure
functions of one observation, ``game.observe(viewer, shown=True)``, built once per update: the
viewer is a seat, the onlooker (no hand at all: ``viewer`` null on the wire) or all-seeing (the
teacher's view: ``viewer`` -1 on the wire); nothing here reads the game.  The shapes are the
contract of ``docs/protocol.md``.  Legality, reasons, log lines and marks come from the engine,
in the observation; nothing here decides a rule.  Every text is worded in the ``language`` given
(None: the process's default), from catalogue messages: the observation holds no words.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any, Final

from ..engine import Game
from ..engine.actions import Action, Discard, action_to_dict
from ..engine.board.layouts import GENERIC
from ..engine.constants import (
    CITY_COST,
    DEV_CARD_COST,
    DEV_CARDS,
    RESOURCES,
    ROAD_COST,
    SETTLEMENT_COST,
    SPECIAL_CARDS,
    TERRAINS,
    VICTORY_POINT,
    special_card_title,
    special_card_word,
)
from ..engine.knowledge.observation import Observation, Shown
from ..engine.knowledge.prompts import heading, prompt
from ..engine.language import Words, tr, words
from ..engine.rules.production import discard_words
from ..engine.state import CITY, EMPTY
from ..engine.viewer import ALL_SEEING, ONLOOKER
from ..engine.words.log import TEACHER, describe
from ..engine.words.reasons import CONTROLS, waiting_for
from .colors import check_colors
from .marks import marks_json, moves_json, producing_hexes, since_json
from .replay import COUNTING_UNSEATED

PLAYER_COLORS: tuple[str, ...] = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#6B4226", "#332288")
"""Colour-blind safe colours for seats 0..5: the Okabe–Ito blue, vermillion, green and purple,
then (five and six players) a brown and Tol's indigo, each pair apart under every colour vision
(tests/analysis/test_color_blind_safety.py)."""
LOG_TAIL = 22
"""Log lines sent with each state update (the newest ones)."""
UNDO = "undo"
"""A control that is not an action of the engine (the widget keeps the snapshots)."""
HINT = "hint"
"""The Hint button: off, with the engine's waiting sentence, while no human here must act."""
CONFIRM_UNREADY: Final = tr("Make your choice first.")
"""Why a dialog's Confirm is off until its choice is made (the board trait's ``confirm_unready``)."""
HINT_THINKING: Final = tr("Thinking about your best move…")
"""Why the Hint button is off while a hint is searched (the board trait's ``hint_thinking``)."""
# TRANSLATORS: a template the robber's dialog fills: keep {name} (a player's name) as it is
ROBBER_VICTIM: Final = tr("You will steal a card from {name}.")
"""What the robber's dialog says of a hex with one seat to rob (``{name}``: that seat's name,
filled in by the front-end; the board trait's ``robber_victim``)."""
ROBBER_NO_VICTIM: Final = tr("Nobody to steal from there.")
"""What the robber's dialog says of a hex with no seat to rob (the board trait's
``robber_no_victim``)."""
NOTHING_TO_TAKE_BACK: Final = tr("Nothing to take back.")
"""Why Undo is off when the widget gives no reason of its own."""
COSTS: dict[str, Sequence[int]] = {
    "build_road": ROAD_COST,
    "build_settlement": SETTLEMENT_COST,
    "build_city": CITY_COST,
    "buy_development_card": DEV_CARD_COST,
}
"""What each build costs, by the action kind that buys it (the engine's constants)."""


def board_json(
    game: Game, colors: Sequence[str] | None = None, language: str | None = None
) -> dict[str, Any]:
    """The static ``board`` trait: hexes, intersections, paths, harbors, the players, the
    special cards' names and worth in words, the builds' ``costs`` (by action kind),
    ``counting_unseated``, what the card-counting box says when no seat views,
    ``confirm_unready``, why a dialog's Confirm is off until its choice is made,
    ``hint_thinking``, why the Hint button is off while a hint is searched, and
    ``robber_victim`` / ``robber_no_victim``, what the robber's dialog says of whom it robs
    (``{name}`` left for the front-end to fill), every text in ``language``.

    ``colors``: the players' CSS colours by seat, checked by :func:`.colors.check_colors`
    (ValueError naming the rule); Okabe–Ito (:data:`PLAYER_COLORS`) by default.
    """
    board = game.board
    topo = board.topo  # the base board's 19 hexes or the extension's 30
    palette = check_colors(colors, len(game.names)) if colors is not None else PLAYER_COLORS
    hexes = []
    for h in range(topo.hex_count):
        (q, r), (x, y), res = topo.hex_coords[h], topo.hex_xy(h), board.resource(h)
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
    for n in range(topo.node_count):
        x, y = topo.node_xy(n)
        nodes.append({"id": n, "x": x, "y": y, "hexes": list(topo.node_hexes[n])})
    edges = []
    for e, (a, b) in enumerate(topo.edge_nodes):
        (ax, ay), (bx, by) = topo.node_xy(a), topo.node_xy(b)
        edges.append({"id": e, "a": a, "b": b, "x": round((ax + bx) / 2, 4), "y": round((ay + by) / 2, 4)})
    harbors = []
    for i, kind in enumerate(board.harbors):
        x, y = topo.harbor_xy(i)
        generic = kind == GENERIC
        harbors.append(
            {
                "id": i,
                "kind": "3:1" if generic else RESOURCES[kind],
                "resource": None if generic else RESOURCES[kind],
                "rate": 3 if generic else 2,
                "nodes": list(topo.harbor_nodes[i]),
                "x": x,
                "y": y,
            }
        )
    players = [{"seat": i, "name": name, "color": palette[i]} for i, name in enumerate(game.names)]
    special = {
        key: {
            "name": words(special_card_word(key), language),
            "title": words(special_card_title(key), language),
        }
        for key in SPECIAL_CARDS
    }
    return {
        "hexes": hexes,
        "nodes": nodes,
        "edges": edges,
        "harbors": harbors,
        "players": players,
        "special_cards": special,
        "costs": {kind: _named(cost, RESOURCES, drop_zeros=True) for kind, cost in COSTS.items()},
        "counting_unseated": words(COUNTING_UNSEATED, language),
        "confirm_unready": words(CONFIRM_UNREADY, language),
        "hint_thinking": words(HINT_THINKING, language),
        "robber_victim": words(ROBBER_VICTIM, language),
        "robber_no_victim": words(ROBBER_NO_VICTIM, language),
    }


def _named(values: Sequence[int], names: Sequence[str], *, drop_zeros: bool) -> dict[str, int]:
    return {k: n for k, n in zip(names, values) if n or not drop_zeros}


def _player(obs: Observation, seat: int, kind: str, visible: bool) -> dict[str, Any]:
    p = obs.players[seat]
    hand: Sequence[int] | None = None
    held: Sequence[int] | None = None
    new: Sequence[int] | None = None
    if visible and obs.devs is not None and obs.hands is not None:
        hand, (held, new) = obs.hands[seat], obs.devs[seat]
    elif visible and seat == obs.seat:
        hand, held, new = obs.hand, obs.dev_cards, obs.dev_new
    roads, settlements, cities = p.pieces
    out: dict[str, Any] = {"seat": seat, "name": p.name, "kind": kind, "vp": p.vp}
    if hand is not None:  # what this viewer may not see is left out, not sent as null
        out["resources"] = _named(hand, RESOURCES, drop_zeros=False)
    if held is not None and new is not None:
        out["vp_hidden"] = held[VICTORY_POINT] + new[VICTORY_POINT]
        out["dev_cards"] = _named([a + b for a, b in zip(held, new)], DEV_CARDS, drop_zeros=True)
        out["dev_new"] = _named(new, DEV_CARDS, drop_zeros=True)
    out.update(
        resource_count=p.hand_size,
        dev_count=p.dev_count,
        knights_played=p.knights,
        road_length=p.road_length,
        pieces={"roads": roads, "settlements": settlements, "cities": cities},
    )
    for flag, on in (("longest_road", p.longest_road), ("largest_army", p.largest_army)):
        if on:  # sent only when set: every player entry goes out with every update
            out[flag] = True
    if p.discard and obs.phase == "discard":
        out["discard"] = p.discard
    return out


def _trade(obs: Observation, language: str | None) -> dict[str, Any] | None:
    """The open offer, its answers so far and, in ``text``, the offer in the engine's words
    for the observation's viewer.
    """
    if obs.trade is None:
        return None
    proposer, to, give, want = obs.trade
    n = len(obs.names)
    seats = [to] if to >= 0 else [(proposer + i) % n for i in range(1, n)]
    words = {0: "pending", 1: "accepted", 2: "declined"}  # phases.PENDING/ACCEPTED/DECLINED
    responses: dict[str, Any] = {}
    for q in seats:
        answer, q_give, q_want = obs.answers[q]
        responses[str(q)] = words.get(answer) or {
            "give": _named(q_give, RESOURCES, drop_zeros=True),
            "want": _named(q_want, RESOURCES, drop_zeros=True),
        }
    return {
        "from": proposer,
        "to": None if to < 0 else to,
        "give": _named(give, RESOURCES, drop_zeros=True),
        "want": _named(want, RESOURCES, drop_zeros=True),
        "responses": responses,
        "text": describe(
            ("offer", proposer, give, want, None if to < 0 else to),
            obs.names,
            None,
            wire_viewer(obs),
            language=language,
        ),
    }


def _last_roll(obs: Observation, shown: Shown) -> list[Any] | None:
    """The newest roll as ``[seat, hexes, gains]``: who rolled, the hexes that paid and what
    each seat got (``{"0": {"lumber": 1}}``, seats that got nothing left out).  Read from the
    newest events the observation shows (every turn's roll is among them).
    """
    events = shown.recent
    for i in range(len(events) - 1, -1, -1):
        e = events[i]
        if e[0] == "roll":
            gains: dict[str, dict[str, int]] = {}
            for q, r, n in e[3]:
                gains.setdefault(str(q), {})[RESOURCES[r]] = n
            return [e[1], producing_hexes(obs.board, shown, i), gains]
    return None


def observations(game: Game, viewer: int | None, acting: int | None) -> tuple[Observation, Observation]:
    """The observations one widget update is built from: ``viewer``'s (a seat, -1 all-seeing
    or None the onlooker, as ``state.viewer`` says it), made once with ``shown=True``, and the
    one the controls of ``acting`` (the human who must act, or None) come from: the same one,
    unless that human looks at another seat's view.  A discard is shown as its count and rule,
    so its many ways are not listed.
    """
    seen = ONLOOKER if viewer is None else viewer
    listing = game.phase != "discard"
    obs = game.observe(seen, legal=listing, shown=True)
    if acting is None or seen in (acting, ALL_SEEING):
        return obs, obs
    return obs, game.observe(acting, legal=listing, shown=True)


def wire_viewer(obs: Observation) -> int | None:
    """The observation's viewer as ``state.viewer`` says it: a seat, -1 (all-seeing: the
    teacher's view, :data:`TEACHER`) or null (the onlooker).
    """
    return TEACHER if obs.sees_all else obs.seat


def _shown(obs: Observation) -> Shown:
    if obs.shown is None:
        raise ValueError("the widget's traits are built from game.observe(viewer, shown=True)")
    return obs.shown


def state_json(
    obs: Observation,
    seats: Sequence[str],
    *,
    version: int = 0,
    error: Words | None = None,
    log_tail: int = LOG_TAIL,
    marks_seat: int | None = None,
    language: str | None = None,
    log: Sequence[str] | None = None,
    reader: int | None = None,
) -> dict[str, Any]:
    """The dynamic ``state`` trait, as the viewer of ``obs`` may see it, from that observation
    alone (made with ``shown=True``), its texts in ``language``.

    ``seats`` gives each seat's kind (``"human"`` or ``"bot"``); ``log_tail`` how many of the
    newest log lines to send, worded for the viewer: ``log``, those lines in ``language``
    (:class:`.publish.LogTail`), else the observation's own (the default language).  ``marks``
    (:mod:`.marks`) are the places other players changed since the viewing seat (or, with no
    seat viewing, ``marks_seat``) moved.  ``error``: what ``state.error`` says (a message).
    ``reader``: the seat addressed in the second person when it is not the viewer's (the single
    human at a finished game, shown every hand).
    """
    shown = _shown(obs)
    mover = obs.seat if obs.seat is not None else marks_seat
    owner, level = obs.node_owner, obs.node_level
    buildings = [
        [n, owner[n], "city" if level[n] == CITY else "settlement"]
        for n in range(len(owner))
        if owner[n] != EMPTY
    ]
    roads = [[e, p] for e, p in enumerate(obs.edge_owner) if p != EMPTY]
    bank: dict[str, int] = _named(obs.bank, RESOURCES, drop_zeros=False)
    bank["dev_cards"] = obs.deck_size
    sees_all = obs.sees_all
    return {
        "version": version,
        "turn": obs.turn,
        "heading": heading(obs, reader, language=language),
        "phase": obs.phase,
        "prompt": prompt(obs, reader, language=language),
        "current": obs.current,
        "turn_player": obs.turn_player,
        "viewer": wire_viewer(obs),
        "robber": obs.robber,
        "dice": list(obs.dice) if obs.dice is not None else None,
        "roll": _last_roll(obs, shown) if obs.dice is not None else None,
        "dice_counts": list(obs.dice_counts),
        "buildings": buildings,
        "roads": roads,
        "players": [_player(obs, p, seats[p], sees_all or p == obs.seat) for p in range(len(seats))],
        "bank": bank,
        "trade": _trade(obs, language),
        "road_building": obs.free_roads,
        "winner": obs.winner,
        "log": _log_tail(shown, log, log_tail),
        "marks": marks_json(obs, mover, log_tail) if log_tail > 0 else [],
        "moves": moves_json(obs),
        "since": since_json(obs, mover, log_tail, language=language),
        "error": None if error is None else words(error, language),
    }


def _log_tail(shown: Shown, log: Sequence[str] | None, tail: int) -> list[str]:
    if tail <= 0:
        return []
    return list((shown.log if log is None else log)[-tail:])


@lru_cache(maxsize=4096)
def _action_json(action: Action) -> dict[str, Any]:
    """Actions are immutable values: their JSON form is computed once (copied by the caller)."""
    return action_to_dict(action)


def pack_actions(actions: Iterable[Mapping[str, Any]]) -> dict[str, dict[str, list[Any]]]:
    """The wire form of ``legal.actions``: one entry per kind, in the engine's order, each a
    column per field (``{"build_road": {"edge": [3, 4]}, "end_turn": {}}``).  Naming every
    action's kind and fields again made a setup or robber update over 5 KB; columns keep it
    under the 4 KB budget.  A kind with no fields is listed once: ``{}``.
    """
    packed: dict[str, dict[str, list[Any]]] = {}
    for action in actions:
        columns = packed.setdefault(action["kind"], {})
        for field, value in action.items():
            if field != "kind":
                columns.setdefault(field, []).append(value)
    return packed


def unpack_actions(packed: Mapping[str, Mapping[str, Sequence[Any]]]) -> list[dict[str, Any]]:
    """The actions :func:`pack_actions` packed, each as ``action_to_dict`` gives it."""
    out: list[dict[str, Any]] = []
    for kind, columns in packed.items():
        count = len(next(iter(columns.values()))) if columns else 1
        out.extend({"kind": kind, **{f: v[i] for f, v in columns.items()}} for i in range(count))
    return out


def pack_reasons(reasons: Mapping[str, str]) -> dict[str, list[str]]:
    """The wire form of ``legal.reasons``: each sentence once, with the controls it explains
    (``{"Waiting for Bo.": ["roll", "end_turn", ...]}``).  While a phase asks for one thing
    first, or another seat must act, most controls share one sentence.
    """
    packed: dict[str, list[str]] = {}
    for kind, text in reasons.items():
        packed.setdefault(text, []).append(kind)
    return packed


def unpack_reasons(packed: Mapping[str, Sequence[str]]) -> dict[str, str]:
    """The reasons :func:`pack_reasons` packed, keyed by control again."""
    return {kind: text for text, kinds in packed.items() for kind in kinds}


def legal_json(
    obs: Observation,
    seat: int | None,
    *,
    version: int = 0,
    undo: bool = False,
    undo_reason: Words | None = None,
    language: str | None = None,
) -> dict[str, Any]:
    """The ``legal`` trait: what ``seat`` (the human who must act now, or ``None`` when no human
    may act) can do, in the engine's action JSON, with the engine's reasons for every disabled
    control in ``language``, from one observation made with ``shown=True``: ``seat``'s own or
    the all-seeing one.  ``undo`` / ``undo_reason`` come from the widget, which keeps the undo
    snapshots.
    """
    out: dict[str, Any] = {
        "version": version,
        "seat": None,
        "actions": {},
        "open": [],
        "discard": 0,
        "rates": None,
        "trade_max": 0,
        "undo": False,
        "reasons": {},
    }
    if seat is None or seat != obs.current or obs.phase == "game_over":
        waiting = waiting_for(obs.names, obs.current, obs.winner).words(language)
        out["reasons"] = {waiting: [*CONTROLS, UNDO, HINT]}
        return out
    if obs.seat != seat and not obs.sees_all:
        raise ValueError(f"the controls of seat {seat} are built from its own or the all-seeing observation")
    shown = _shown(obs)
    assert shown.rates is not None
    discarding = obs.phase == "discard"  # the count and the rule, never every way to discard
    out["seat"] = seat
    out["actions"] = pack_actions(_action_json(a) for a in obs.legal if type(a) is not Discard)
    out["open"] = list(obs.open)
    out["discard"] = obs.players[seat].discard if discarding else 0
    out["rates"] = _named(shown.rates, RESOURCES, drop_zeros=False)
    # what an offer may ask of one resource: every card of it there is (the board's topology)
    out["trade_max"] = obs.board.topo.cards_per_resource if obs.open else 0
    out["undo"] = bool(undo)
    reasons = {kind: found.words(language) for kind, found in shown.refusals}
    if discarding:  # the discard button waits for exactly this many cards: the engine's rule
        reasons["discard"] = words(discard_words(out["discard"]), language)
    if not undo:
        reasons[UNDO] = words(undo_reason or NOTHING_TO_TAKE_BACK, language)
    out["reasons"] = pack_reasons(reasons)
    return out
