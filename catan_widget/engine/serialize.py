"""Saving and loading games as JSON, with a schema version and full validation.

A save holds the seed, rules, board, starting seat, the staged origin (if any), every action
with its scripted chance, and the resulting state.  Loading checks the state's own consistency
(cards conserved, pieces within limits, ids in range) and then replays the actions from the
start: the replay must reproduce the saved state exactly, so an edited save is caught.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .actions import action_from_dict, action_to_dict
from .board import Board
from .constants import CARDS_PER_RESOURCE, CITIES, DEV_CARDS, DEV_DECK_COUNTS, RESOURCES, ROADS, SETTLEMENTS
from .errors import IllegalActionError, SaveError
from .phases import PHASES
from .rng import Rng
from .rules import Rules
from .scoring import road_length
from .state import State
from .topology import EDGE_COUNT, HEX_COUNT, NODE_COUNT

if TYPE_CHECKING:
    from .game import Game

SCHEMA = 1
"""Version of the save format; a save of another version is refused."""

_INT_FIELDS = (
    "first", "longest", "army", "current", "turn_player", "turn", "setup_step",
    "last_settlement", "robber", "free_roads", "winner", "rng",
)  # fmt: skip
_BOOL_FIELDS = ("rolled", "dev_played", "built")
_LIST_FIELDS = {
    "node_owner": NODE_COUNT, "node_level": NODE_COUNT, "edge_owner": EDGE_COUNT,
    "bank": 5, "dice_counts": 11,
}  # fmt: skip
_SEAT_LISTS = ("hands", "dev", "dev_new", "pieces")
_SEAT_INTS = ("knights", "discards")


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
        raise SaveError(f"{where} must be a whole number from {low} to {high}, got {value!r}")
    return value


def _ints(value: object, where: str, length: int, low: int, high: int) -> list[int]:
    if not isinstance(value, list) or len(value) != length:
        raise SaveError(f"{where} must be a list of {length} numbers")
    return [_int(v, f"{where}[{i}]", low, high) for i, v in enumerate(value)]


def state_from_dict(d: object, n: int) -> State:
    """Rebuild and validate a state for ``n`` seats; raises SaveError saying what is wrong."""
    if not isinstance(d, dict):
        raise SaveError("state must be an object")
    expected = set(state_to_dict(State(n, 0, Rng(0), 0)))
    if set(d) != expected:
        missing, extra = sorted(expected - set(d)), sorted(set(d) - expected)
        raise SaveError(f"state fields differ: missing {missing}, unexpected {extra}")
    s = State.__new__(State)
    s.n = n
    for name in _INT_FIELDS:
        setattr(s, name, _int(d[name], f"state.{name}", -1, 2**64 - 1))
    for name in _BOOL_FIELDS:
        if type(d[name]) is not bool:
            raise SaveError(f"state.{name} must be true or false")
        setattr(s, name, d[name])
    for name, length in _LIST_FIELDS.items():
        setattr(s, name, _ints(d[name], f"state.{name}", length, -1, 10_000))
    for name in _SEAT_LISTS:
        width = 3 if name == "pieces" else 5
        rows = d[name]
        if not isinstance(rows, list) or len(rows) != n:
            raise SaveError(f"state.{name} must have one row per player ({n})")
        setattr(s, name, [_ints(r, f"state.{name}[{i}]", width, 0, 95) for i, r in enumerate(rows)])
    for name in _SEAT_INTS:
        setattr(s, name, _ints(d[name], f"state.{name}", n, 0, 95))
    if d["phase"] not in PHASES:
        raise SaveError(f"state.phase: unknown phase {d['phase']!r}")
    s.phase = PHASES.index(d["phase"])
    s.deck = _ints(d["deck"], "state.deck", len(d["deck"]) if isinstance(d["deck"], list) else -1, 0, 4)
    roads = d["roads"]
    if not isinstance(roads, list) or len(roads) != n:
        raise SaveError("state.roads must have one list per player")
    s.roads = [
        _ints(r, f"state.roads[{i}]", len(r) if isinstance(r, list) else -1, 0, EDGE_COUNT - 1)
        for i, r in enumerate(roads)
    ]
    dice = d["dice"]
    s.dice = None if dice is None else tuple(_ints(dice, "state.dice", 2, 1, 6))  # type: ignore[assignment]
    trade = d["trade"]
    if trade is None:
        s.trade = None
    elif isinstance(trade, list) and len(trade) == 4:
        s.trade = (
            _int(trade[0], "state.trade[0]", 0, n - 1),
            _int(trade[1], "state.trade[1]", -1, n - 1),
            tuple(_ints(trade[2], "state.trade give", 5, 0, 95)),
            tuple(_ints(trade[3], "state.trade want", 5, 0, 95)),
        )
    else:
        raise SaveError("state.trade must be null or [from, to, give, want]")
    answers = d["answers"]
    if not isinstance(answers, list) or len(answers) not in (0, n):
        raise SaveError("state.answers must be empty or one answer per player")
    s.answers = []
    for i, a in enumerate(answers):
        if not isinstance(a, list) or len(a) != 3:
            raise SaveError(f"state.answers[{i}] must be [answer, give, want]")
        s.answers.append(
            (
                _int(a[0], "answer", 0, 3),
                tuple(_ints(a[1], "give", 5, 0, 95)),
                tuple(_ints(a[2], "want", 5, 0, 95)),
            )
        )
    s.rng = Rng(0)
    s.rng.state = d["rng"]
    _check_consistency(s)
    s.road_len = [road_length(s, p) for p in range(n)]
    return s


def _check_consistency(s: State) -> None:
    n = s.n
    for r, name in enumerate(RESOURCES):
        total = s.bank[r] + sum(h[r] for h in s.hands)
        if total != CARDS_PER_RESOURCE:
            raise SaveError(
                f"{total} cards of {name} in play (bank and hands); the game has {CARDS_PER_RESOURCE}"
            )
    for c, count in enumerate(DEV_DECK_COUNTS):
        total = s.deck.count(c) + sum(d[c] + e[c] for d, e in zip(s.dev, s.dev_new))
        if c == 0:
            total += sum(s.knights)
        if total > count or (c == 4 and total != count):
            raise SaveError(f"{total} {DEV_CARDS[c]} cards accounted for; the deck has {count}")
    for name in ("first", "current", "turn_player"):
        _int(getattr(s, name), f"state.{name}", 0, n - 1)
    for name in ("longest", "army", "winner"):
        _int(getattr(s, name), f"state.{name}", -1, n - 1)
    _int(s.robber, "state.robber", 0, HEX_COUNT - 1)
    for node in range(NODE_COUNT):
        owner, level = s.node_owner[node], s.node_level[node]
        _int(owner, f"node_owner[{node}]", -1, n - 1)
        if (owner == -1) != (level == 0) or level not in (0, 1, 2):
            raise SaveError(f"intersection {node}: owner and building level disagree")
    for e in range(EDGE_COUNT):
        _int(s.edge_owner[e], f"edge_owner[{e}]", -1, n - 1)
    for p in range(n):
        if sorted(s.roads[p]) != [e for e in range(EDGE_COUNT) if s.edge_owner[e] == p]:
            raise SaveError(f"player {p}'s road list does not match the board")
        settlements = sum(1 for x in range(NODE_COUNT) if s.node_owner[x] == p and s.node_level[x] == 1)
        cities = sum(1 for x in range(NODE_COUNT) if s.node_owner[x] == p and s.node_level[x] == 2)
        if s.pieces[p] != [ROADS - len(s.roads[p]), SETTLEMENTS - settlements, CITIES - cities]:
            raise SaveError(f"player {p}'s pieces in supply do not match the board (limits 15/5/4)")
    _check_phase(s)


def _check_phase(s: State) -> None:
    """The phase agrees with the rest of the state (so a loaded game can always go on)."""
    phase = PHASES[s.phase]
    trading = phase in ("trade_response", "trade_confirm")
    if (s.trade is not None) != trading or (s.answers != []) != trading:
        raise SaveError(f"state.trade and state.answers do not fit phase {phase}")
    if s.trade is not None and s.trade[0] != s.turn_player:
        raise SaveError("state.trade: only the turn player proposes trades")
    if phase == "trade_response":
        acting_ok = s.current != s.turn_player
    else:  # discarding and setup move through the seats; otherwise the turn player acts
        acting_ok = phase in ("discard", "setup_settlement", "setup_road") or s.current == s.turn_player
    if not acting_ok:
        raise SaveError(f"state.current does not fit phase {phase}")
    if (phase == "discard") != any(s.discards) or (phase == "discard" and not s.discards[s.current]):
        raise SaveError(f"state.discards do not fit phase {phase}")
    building = phase == "road_building"
    if (building and s.free_roads == 0) or (s.free_roads > 0 and not building and phase != "game_over"):
        raise SaveError(f"state.free_roads does not fit phase {phase}")
    _int(s.free_roads, "state.free_roads", 0, 2)
    if (phase == "game_over") != (s.winner >= 0):
        raise SaveError(f"state.winner does not fit phase {phase}")
    last = _int(s.last_settlement, "state.last_settlement", -1, NODE_COUNT - 1)
    if phase == "setup_road" and (last < 0 or s.node_owner[last] != s.current):
        raise SaveError("state.last_settlement: the setup road needs the settlement just placed")


def game_to_json(game: Game) -> str:
    """Serialize a game; the same game always gives the same bytes."""
    data = {
        "schema": SCHEMA,
        "players": game.names,
        "seed": game.seed,
        "rules": game.rules.to_dict(),
        "board": game.board.to_dict(),
        "board_kind": game.board_kind,
        "origin": None if game.origin is None else state_to_dict(game.origin),
        "actions": [[action_to_dict(a), _chance_to_json(c)] for a, c in game.history],
        "state": state_to_dict(game.state),
    }
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _chance_to_json(chance: dict[str, Any] | None) -> dict[str, Any] | None:
    if chance is None:
        return None
    return {k: (list(v) if k == "dice" else v) for k, v in chance.items()}


def game_from_json(text: str) -> Game:
    """Load and fully validate a save (see the module docstring)."""
    from .game import Game

    if not isinstance(text, (str, bytes)):
        raise SaveError("a save is JSON text")
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise SaveError(f"not valid JSON (truncated?): {exc}") from None
    if not isinstance(data, dict):
        raise SaveError("a save must be a JSON object")
    if data.get("schema") != SCHEMA:
        raise SaveError(f"unknown save schema {data.get('schema')!r}; this version reads schema {SCHEMA}")
    keys = {"schema", "players", "seed", "rules", "board", "board_kind", "origin", "actions", "state"}
    if set(data) != keys:
        raise SaveError(
            f"save fields differ: missing {sorted(keys - set(data))}, unexpected {sorted(set(data) - keys)}"
        )
    try:
        rules = Rules.from_dict(data["rules"])
        board = Board.from_dict(data["board"])
        players = data["players"]
        if not isinstance(players, list):
            raise SaveError("players must be a list of names")
        n = len(players)
        saved = state_from_dict(data["state"], n) if 3 <= n <= 4 else None
        origin = None if data["origin"] is None else state_from_dict(data["origin"], n)
        seed = data["seed"]
        if type(seed) is not int:
            raise SaveError("seed must be a whole number")
        first = saved.first if saved is not None else None
        kind = data["board_kind"]
        if kind not in ("beginner", "random", "custom"):
            raise SaveError(f"board_kind must be beginner, random or custom, got {kind!r}")
        game = Game(players, seed=seed, board=board if kind == "custom" else kind, rules=rules, first=first)
        if game.board != board:
            raise SaveError(f"the saved board is not the {kind} board of seed {seed}")
    except (TypeError, ValueError) as exc:
        raise SaveError(f"invalid save: {exc}") from None
    assert saved is not None
    if origin is not None:
        game.state = origin.copy()
        game.origin = origin
        game.events = [("staged", origin.turn_player)]
    actions = data["actions"]
    if not isinstance(actions, list):
        raise SaveError("actions must be a list")
    for i, entry in enumerate(actions):
        try:
            if not isinstance(entry, list) or len(entry) != 2:
                raise IllegalActionError("each action is [action, chance]")
            action, chance = action_from_dict(entry[0]), entry[1]
            if chance is not None and not (
                isinstance(chance, dict) and set(chance) <= {"dice", "card", "steal"}
            ):
                raise IllegalActionError("chance must be null or {dice, card, steal}")
            game.step(action, **(chance or {}))
        except (IllegalActionError, TypeError) as exc:
            raise SaveError(f"action #{i} cannot be replayed: {exc}") from None
    replayed = state_to_dict(game.state)
    recorded = state_to_dict(saved)
    if replayed != recorded:
        diff = sorted(k for k in recorded if recorded[k] != replayed[k])
        raise SaveError(f"the saved state does not follow from its actions (differs in: {', '.join(diff)})")
    return game
