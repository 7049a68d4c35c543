"""The state's plain-data form, and the checks a save's parts must pass before a load trusts them.

Every check raises :class:`SaveError` with a short message that names the field
(``state.robber must be ...``); a bad value is quoted by :func:`show`, at most 60 characters with
control characters escaped, so a hostile save can never make a huge or garbled message.
"""

from __future__ import annotations

import re
import reprlib
from dataclasses import fields
from typing import Any

from ..board.topology import BASE, Topology
from ..constants import CITIES, DEV_CARDS, RESOURCES, ROADS, SETTLEMENTS
from ..errors import SaveError
from ..options import LATER_OPTIONS, Rules
from ..phases import PHASES
from ..rng import Rng
from ..rules.scoring import road_length
from ..state import FIELDS, State

MAX_MESSAGE = 300
"""Longest SaveError message, in characters."""

_BIG = 2**63 - 1  # counters a long game keeps raising (turns, rolls of a total): no real cap
_SEAT_LISTS = ("hands", "dev", "dev_new", "pieces")
_SEAT_INTS = ("knights", "discards")
_BOOL_FIELDS = ("rolled", "dev_played", "built")
_SEATS = ("first", "current", "turn_player")
_SEATS_OR_NONE = ("longest", "army", "winner")
_STATE_KEYS = frozenset(s for s in FIELDS if s not in ("n", "road_len", "topo"))


# --- messages ---------------------------------------------------------------------------------
def _escape(text: str) -> str:
    """Control and other unprintable characters escaped as ``repr`` escapes them."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _short_repr() -> reprlib.Repr:
    r = reprlib.Repr()
    r.maxlevel, r.maxlist, r.maxtuple, r.maxdict = 2, 6, 6, 4
    r.maxstring, r.maxlong, r.maxother = 60, 40, 60
    return r


_REPR = _short_repr()


def show(value: object, limit: int = 60) -> str:
    """A short, printable repr of a bad value for a message: at most ``limit`` characters,
    control characters escaped, containers cut short (cheap even for a huge value).
    """
    try:
        text = _escape(_REPR.repr(value))
    except (ValueError, RecursionError):  # e.g. an int too long to print
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def clean(message: str) -> str:
    """A message made safe to show: escaped and at most :data:`MAX_MESSAGE` characters."""
    text = _escape(message)
    return text if len(text) <= MAX_MESSAGE else text[: MAX_MESSAGE - 3] + "..."


# --- the text before parsing -----------------------------------------------------------------
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_SQUARE = str.maketrans("{}", "[]")


def brackets(text: str, limit: int) -> tuple[int, bool]:
    """How many arrays and objects JSON ``text`` opens, and whether they nest more than
    ``limit`` deep (brackets inside strings ignored).

    Safe and fast on any text, without recursion (``json.loads`` recurses once per level):
    each of at most ``limit`` passes removes the innermost bracket pairs.
    """
    bare = _NOT_BRACKET.sub("", _STRING.sub("", text)).translate(_SQUARE)
    opened = bare.count("[")
    for _ in range(limit):
        shorter = bare.replace("[]", "")
        if len(shorter) == len(bare):
            break
        bare = shorter
    if "[]" in bare:
        return opened, True  # a pair left after ``limit`` passes sat more than ``limit`` deep
    return opened, bare.count("[") > limit  # unclosed (a cut text): as deep as it got


def check_keys(data: dict[Any, Any], expected: frozenset[str], where: str) -> None:
    """``data`` has exactly the ``expected`` keys; else SaveError listing the differences."""
    if set(data) != expected:
        missing = ", ".join(sorted(expected - set(data))) or "none"
        extra = ", ".join(sorted(show(k, 30) for k in set(data) - expected)[:5]) or "none"
        raise SaveError(clean(f"{where} fields differ: missing {missing}; unexpected {extra}"))


# --- rules ------------------------------------------------------------------------------------
def rules_from_dict(data: object) -> Rules:
    """The save's ``rules``: every option present with its type, no others, values in range."""
    if not isinstance(data, dict):
        raise SaveError(f"rules: expected an object of house options, got {show(data)}")
    defaults = {f.name: f.default for f in fields(Rules)}
    data = {**LATER_OPTIONS, **data}  # options newer than the save: their defaults
    missing = sorted(set(defaults) - set(data))
    unknown = sorted(show(k) for k in set(data) - set(defaults))
    if missing or unknown:
        listed = f"missing {', '.join(missing) or 'none'}; unknown {', '.join(unknown) or 'none'}"
        raise SaveError(f"rules: {listed}")
    for name, default in defaults.items():
        expected = type(default)
        if type(data[name]) is not expected:
            what = {bool: "true or false", int: "a whole number"}.get(expected, "a string")
            raise SaveError(f"rules.{name}: expected {what}, got {show(data[name])}")
    try:
        return Rules(**data)
    except (TypeError, ValueError) as exc:
        raise SaveError(f"rules: {clean(str(exc))[:100]}") from None


# --- the state --------------------------------------------------------------------------------
def state_to_dict(s: State) -> dict[str, Any]:
    """Plain-data form of a state (``road_len`` is derived, so not saved)."""
    return {
        "first": s.first,
        "node_owner": s.node_owner[:],
        "node_level": s.node_level[:],
        "edge_owner": s.edge_owner[:],
        "roads": [r[:] for r in s.roads],
        "hands": [h[:] for h in s.hands],
        "bank": s.bank[:],
        "dev": [d[:] for d in s.dev],
        "dev_new": [d[:] for d in s.dev_new],
        "deck": s.deck[:],
        "knights": s.knights[:],
        "pieces": [p[:] for p in s.pieces],
        "longest": s.longest,
        "army": s.army,
        "phase": PHASES[s.phase],
        "current": s.current,
        "turn_player": s.turn_player,
        "turn": s.turn,
        "setup_step": s.setup_step,
        "last_settlement": s.last_settlement,
        "rolled": s.rolled,
        "dev_played": s.dev_played,
        "built": s.built,
        "dice": list(s.dice) if s.dice else None,
        "dice_counts": s.dice_counts[:],
        "discards": s.discards[:],
        "robber": s.robber,
        "free_roads": s.free_roads,
        "trade": None if s.trade is None else [s.trade[0], s.trade[1], list(s.trade[2]), list(s.trade[3])],
        "answers": [[a, list(g), list(w)] for a, g, w in s.answers],
        "winner": s.winner,
        "rng": s.rng.state,
    }


def _int(value: object, where: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise SaveError(f"{where} must be a whole number from {low} to {high}, got {show(value)}")
    return value


def _ints(value: object, where: str, length: int | None, low: int, high: int) -> list[int]:
    """A list of whole numbers in ``low..high``; of exactly ``length`` items unless None."""
    if not isinstance(value, list) or (length is not None and len(value) != length):
        size = "numbers" if length is None else f"{length} numbers"
        raise SaveError(f"{where} must be a list of {size}, got {show(value)}")
    return [_int(v, f"{where}[{i}]", low, high) for i, v in enumerate(value)]


def _rows(value: object, where: str, n: int) -> list[object]:
    if not isinstance(value, list) or len(value) != n:
        raise SaveError(f"{where} must have one row per player ({n}), got {show(value)}")
    return value


def state_from_dict(d: object, n: int, where: str = "state", topo: Topology = BASE) -> State:
    """Rebuild and validate a state for ``n`` seats on a board of ``topo``; raises SaveError
    saying what is wrong.

    ``where`` names the state in messages (``"state"`` or ``"origin"``).
    """
    if not isinstance(d, dict):
        raise SaveError(f"{where} must be an object, got {show(d)}")
    check_keys(d, _STATE_KEYS, where)
    s = State.__new__(State)
    s.n = n
    s.topo = topo
    nodes, edges = topo.node_count, topo.edge_count
    w = where
    s.first, s.current, s.turn_player = (_int(d[k], f"{w}.{k}", 0, n - 1) for k in _SEATS)
    s.longest, s.army, s.winner = (_int(d[k], f"{w}.{k}", -1, n - 1) for k in _SEATS_OR_NONE)
    s.turn = _int(d["turn"], f"{w}.turn", 0, _BIG)
    s.setup_step = _int(d["setup_step"], f"{w}.setup_step", 0, 2 * n)
    s.last_settlement = _int(d["last_settlement"], f"{w}.last_settlement", -1, nodes - 1)
    s.robber = _int(d["robber"], f"{w}.robber", 0, topo.hex_count - 1)
    s.free_roads = _int(d["free_roads"], f"{w}.free_roads", 0, 2)
    s.rng = Rng(0)
    s.rng.state = _int(d["rng"], f"{w}.rng", 0, 2**64 - 1)
    for name in _BOOL_FIELDS:
        if type(d[name]) is not bool:
            raise SaveError(f"{w}.{name} must be true or false, got {show(d[name])}")
        setattr(s, name, d[name])
    s.node_owner = _ints(d["node_owner"], f"{w}.node_owner", nodes, -1, n - 1)
    s.node_level = _ints(d["node_level"], f"{w}.node_level", nodes, 0, 2)
    s.edge_owner = _ints(d["edge_owner"], f"{w}.edge_owner", edges, -1, n - 1)
    s.bank = _ints(d["bank"], f"{w}.bank", 5, 0, topo.cards_per_resource)
    s.dice_counts = _ints(d["dice_counts"], f"{w}.dice_counts", 11, 0, _BIG)
    for name in _SEAT_LISTS:
        width = 3 if name == "pieces" else 5
        rows = _rows(d[name], f"{w}.{name}", n)
        setattr(s, name, [_ints(r, f"{w}.{name}[{i}]", width, 0, 95) for i, r in enumerate(rows)])
    for name in _SEAT_INTS:
        setattr(s, name, _ints(d[name], f"{w}.{name}", n, 0, 95))
    phase = d["phase"]
    if not isinstance(phase, str) or phase not in PHASES:
        raise SaveError(f"{w}.phase: unknown phase {show(phase)}")
    s.phase = PHASES.index(phase)
    s.deck = _ints(d["deck"], f"{w}.deck", None, 0, len(DEV_CARDS) - 1)
    roads = _rows(d["roads"], f"{w}.roads", n)
    s.roads = [_ints(r, f"{w}.roads[{i}]", None, 0, edges - 1) for i, r in enumerate(roads)]
    dice = d["dice"]
    s.dice = None if dice is None else tuple(_ints(dice, f"{w}.dice", 2, 1, 6))  # type: ignore[assignment]
    _read_trade(s, d["trade"], d["answers"], w)
    _check_consistency(s, w)
    s.road_len = [road_length(s, p) for p in range(n)]
    return s


def _read_trade(s: State, trade: object, answers: object, w: str) -> None:
    n = s.n
    if trade is None:
        s.trade = None
    elif isinstance(trade, list) and len(trade) == 4:
        s.trade = (
            _int(trade[0], f"{w}.trade[0]", 0, n - 1),
            _int(trade[1], f"{w}.trade[1]", -1, n - 1),
            tuple(_ints(trade[2], f"{w}.trade give", 5, 0, 95)),
            tuple(_ints(trade[3], f"{w}.trade want", 5, 0, 95)),
        )
    else:
        raise SaveError(f"{w}.trade must be null or [from, to, give, want], got {show(trade)}")
    if not isinstance(answers, list) or len(answers) not in (0, n):
        raise SaveError(f"{w}.answers must be empty or one answer per player, got {show(answers)}")
    s.answers = []
    for i, a in enumerate(answers):
        if not isinstance(a, list) or len(a) != 3:
            raise SaveError(f"{w}.answers[{i}] must be [answer, give, want], got {show(a)}")
        s.answers.append(
            (
                _int(a[0], f"{w}.answers[{i}][0]", 0, 3),
                tuple(_ints(a[1], f"{w}.answers[{i}] give", 5, 0, 95)),
                tuple(_ints(a[2], f"{w}.answers[{i}] want", 5, 0, 95)),
            )
        )


def _check_consistency(s: State, w: str) -> None:
    n, topo = s.n, s.topo
    nodes, edges, bank = topo.node_count, topo.edge_count, topo.cards_per_resource
    for r, name in enumerate(RESOURCES):
        total = s.bank[r] + sum(h[r] for h in s.hands)
        if total != bank:
            raise SaveError(f"{w}: {total} cards of {name} in play (bank and hands); the game has {bank}")
    for c, count in enumerate(topo.deck_counts):
        total = s.deck.count(c) + sum(d[c] + e[c] for d, e in zip(s.dev, s.dev_new))
        if c == 0:
            total += sum(s.knights)
        if total > count or (c == 4 and total != count):
            raise SaveError(f"{w}: {total} {DEV_CARDS[c]} cards accounted for; the deck has {count}")
    for node in range(nodes):
        if (s.node_owner[node] == -1) != (s.node_level[node] == 0):
            raise SaveError(f"{w}: intersection {node}: owner and building level disagree")
    for p in range(n):
        if sorted(s.roads[p]) != [e for e in range(edges) if s.edge_owner[e] == p]:
            raise SaveError(f"{w}: player {p}'s road list does not match the board")
        settlements = sum(1 for x in range(nodes) if s.node_owner[x] == p and s.node_level[x] == 1)
        cities = sum(1 for x in range(nodes) if s.node_owner[x] == p and s.node_level[x] == 2)
        if s.pieces[p] != [ROADS - len(s.roads[p]), SETTLEMENTS - settlements, CITIES - cities]:
            raise SaveError(f"{w}: player {p}'s pieces in supply do not match the board (limits 15/5/4)")
    _check_phase(s, w)


def _check_phase(s: State, w: str) -> None:
    """The phase agrees with the rest of the state (so a loaded game can always go on)."""
    phase = PHASES[s.phase]
    trading = phase in ("trade_response", "trade_confirm")
    if (s.trade is not None) != trading or (s.answers != []) != trading:
        raise SaveError(f"{w}.trade and {w}.answers do not fit phase {phase}")
    if s.trade is not None and s.trade[0] != s.turn_player:
        raise SaveError(f"{w}.trade: only the turn player proposes trades")
    if phase in ("trade_response", "special_build"):  # another seat answers, or builds
        acting_ok = s.current != s.turn_player
    else:  # discarding and setup move through the seats; otherwise the turn player acts
        acting_ok = phase in ("discard", "setup_settlement", "setup_road") or s.current == s.turn_player
    if not acting_ok:
        raise SaveError(f"{w}.current does not fit phase {phase}")
    if (phase == "discard") != any(s.discards) or (phase == "discard" and not s.discards[s.current]):
        raise SaveError(f"{w}.discards do not fit phase {phase}")
    building = phase == "road_building"
    if (building and s.free_roads == 0) or (s.free_roads > 0 and not building and phase != "game_over"):
        raise SaveError(f"{w}.free_roads does not fit phase {phase}")
    if (phase == "game_over") != (s.winner >= 0):
        raise SaveError(f"{w}.winner does not fit phase {phase}")
    last = s.last_settlement
    if phase == "setup_road" and (last < 0 or s.node_owner[last] != s.current):
        raise SaveError(f"{w}.last_settlement: the setup road needs the settlement just placed")
