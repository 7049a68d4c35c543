"""Saving and loading games as JSON, with a schema version and full validation.

The format (schema 1): one JSON object, keys sorted, no spaces, with exactly these keys —

* ``schema``: the whole number 1;
* ``players``: the 3 to 6 names, by seat, checked as a new game's (:func:`names.check_names`:
  a refused name is a SaveError giving the same reason; spaces around a name are trimmed);
  ``seed``: the game's seed (a whole number);
* ``rules``: every house option of :class:`Rules` (all of them, no others);
* ``board``: terrain names, numbers and harbor kinds; their lengths record the board's size
  (19 hexes and 9 harbors the base board, 30 and 11 the 5–6 player extension's, which 5 or 6
  players need and 3 or 4 may not have); ``board_kind``: ``"beginner"``, ``"random"`` (then
  ``board`` must be that board of ``seed`` for the number of players) or ``"custom"``;
* ``origin``: ``null``, or the staged position the game starts from (a state, as ``state``);
  it also holds ``"free_placement": true`` when it was staged with ``free_placement=True``
  (buildings that break the distance rule are refused without it);
* ``actions``: ``[action, chance]`` per step, ``chance`` null or the scripted
  ``{"dice": [a, b], "card": id, "steal": resource}``;
* ``state``: the resulting state.

Loading treats the text as hostile: only :class:`SaveError` ever escapes, with a short message
naming the field, and nothing half-loads.  Before parsing, the text must be at most
:data:`MAX_SAVE_CHARS` long, nest at most :data:`MAX_DEPTH` deep and open no more arrays and
objects than :data:`MAX_ACTIONS` actions need; before replaying, it may hold at most
:data:`MAX_ACTIONS` actions.  Real games stay far below: the longest of 40,000 seeded games of
random bots (the longest kind; 3 and 4 players, both boards) took 4,775 actions and saved in
196,748 characters; most took about 900 (of 1,000 random 5–6 player games on the extension's
board the longest took 5,440 actions, 175,516 characters).  The text limit is ten times that
save; the action limit five times that game, because replaying costs 20-50 microseconds an action: 25,000
actions load in about a second (and some 20 MB), which a tenfold margin would double.
Then the states' own consistency is checked (cards conserved, pieces within limits, ids
in range, the phase possible; a staged origin also keeps the distance rule unless it carries
``free_placement``), and the actions are replayed from the start: the replay must reproduce the
saved state exactly, so an edited save is caught.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..actions import action_from_dict, action_to_dict
from ..board.layouts import Board, seeded_board
from ..board.topology import EXTENSION, Topology
from ..errors import IllegalActionError, SaveError
from ..language import tr
from ..names import check_names
from ..options import Rules, check_seed
from ..rules.events import Events
from ..rules.replay import Recorded, replay
from ..state import State, fresh_state
from .checks import (
    brackets,
    check_keys,
    clean,
    rules_from_dict,
    show,
    state_from_dict,
    state_to_dict,
)
from .staging import free_placement, staged_origin, too_close

__all__ = [
    "MAX_ACTIONS",
    "MAX_DEPTH",
    "MAX_SAVE_CHARS",
    "SCHEMA",
    "Saved",
    "game_from_json",
    "game_to_json",
    "state_from_dict",
    "state_to_dict",
]

SCHEMA = 1
"""Version of the save format; a save of another version is refused."""
MAX_SAVE_CHARS = 2_000_000
"""Longest save text accepted, in characters (or bytes); checked before parsing."""
MAX_DEPTH = 8
"""Deepest nesting of arrays and objects accepted (a save nests 5 deep); checked before parsing."""
MAX_ACTIONS = 25_000
"""Most actions a save may hold; checked before anything is replayed."""

_MAX_CONTAINERS = 4 * MAX_ACTIONS + 1_000  # an action entry holds at most 4; the states ~100
_KEYS = frozenset({"schema", "players", "seed", "rules", "board", "board_kind", "origin", "actions", "state"})
_BOARD_KINDS = ("beginner", "random", "custom")
_CHANCE_KEYS = frozenset({"dice", "card", "steal"})


@dataclass(frozen=True)
class Saved:
    """What a save holds: a game's parts (``Game.to_json`` saves its own, ``Game.from_json``
    makes a game of those loaded).  ``events`` are those of the replayed moves (after the
    ``staged`` event of a staged ``origin``); a save does not store them.
    """

    names: list[str]
    seed: int
    rules: Rules
    board: Board
    board_kind: str
    origin: State | None
    history: list[Recorded]
    events: Events
    state: State


def game_to_json(game: Saved) -> str:
    """Serialize a game's parts; the same game always gives the same bytes."""
    origin = None if game.origin is None else state_to_dict(game.origin)
    if origin is not None and free_placement(game.origin):
        origin["free_placement"] = True
    data = {
        "schema": SCHEMA,
        "players": game.names,
        "seed": game.seed,
        "rules": game.rules.to_dict(),
        "board": game.board.to_dict(),
        "board_kind": game.board_kind,
        "origin": origin,
        "actions": [[action_to_dict(a), _chance_to_json(c)] for a, c in game.history],
        "state": state_to_dict(game.state),
    }
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _chance_to_json(chance: dict[str, Any] | None) -> dict[str, Any] | None:
    if chance is None:
        return None
    return {k: (list(v) if k == "dice" else v) for k, v in chance.items()}


def game_from_json(text: str | bytes) -> Saved:
    """Load and fully validate a save (see the module docstring): the game's parts; raises
    only SaveError.
    """
    try:
        return _load(text)
    except SaveError as exc:
        raise SaveError(clean(str(exc))) from None
    except RecursionError:
        raise SaveError(f"the save nests too deeply (at most {MAX_DEPTH} levels)") from None
    except MemoryError:
        raise SaveError("the save is too large to load") from None
    except Exception as exc:  # a check missed something: still a refusal, never a crash
        raise SaveError(clean(f"invalid save: {type(exc).__name__}: {exc}")) from None


def _parse(text: object) -> Any:
    """The JSON value of ``text``, after the size and depth limits."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_SAVE_CHARS:
            raise SaveError(f"the save is {len(text):,} bytes; at most {MAX_SAVE_CHARS:,} are accepted")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SaveError(f"a save is UTF-8 text: {exc.reason} at byte {exc.start}") from None
    if not isinstance(text, str):
        raise SaveError(f"a save is JSON text, got {type(text).__name__}")
    if len(text) > MAX_SAVE_CHARS:
        raise SaveError(f"the save is {len(text):,} characters; at most {MAX_SAVE_CHARS:,} are accepted")
    opened, too_deep = brackets(text, MAX_DEPTH)
    if too_deep:
        raise SaveError(f"the save nests arrays and objects more than {MAX_DEPTH} levels deep")
    if opened > _MAX_CONTAINERS:
        limit = f"{MAX_ACTIONS:,} actions need at most {_MAX_CONTAINERS:,}"
        raise SaveError(f"the save holds {opened:,} arrays and objects; {limit}")
    try:
        return json.loads(text)
    except ValueError as exc:
        raise SaveError(f"not valid JSON (truncated?): {exc}") from None


def _load(text: object) -> Saved:
    data = _parse(text)
    if not isinstance(data, dict):
        raise SaveError(f"a save must be a JSON object, got {show(data)}")
    schema = data.get("schema")
    if type(schema) is not int or schema != SCHEMA:
        raise SaveError(f"schema: this version reads schema {SCHEMA}, got {show(schema)}")
    check_keys(data, _KEYS, "save")
    actions = data["actions"]
    if not isinstance(actions, list):
        raise SaveError(f"actions must be a list, got {show(actions)}")
    if len(actions) > MAX_ACTIONS:
        raise SaveError(f"actions: {len(actions):,} actions; a save holds at most {MAX_ACTIONS:,}")
    players = data["players"]
    if not (isinstance(players, list) and 3 <= len(players) <= 6):
        raise SaveError(f"players: expected a list of 3 to 6 distinct names, got {show(players)}")
    try:
        players = check_names(players)
    except ValueError as exc:
        raise SaveError(f"players: {exc}") from None
    seed = data["seed"]
    if type(seed) is not int:
        raise SaveError(f"seed: expected a whole number, got {show(seed)}")
    try:
        check_seed(seed)
    except ValueError as exc:
        raise SaveError(f"seed: {exc}") from None
    kind = data["board_kind"]
    if not isinstance(kind, str) or kind not in _BOARD_KINDS:
        raise SaveError(f'board_kind: expected "beginner", "random" or "custom", got {show(kind)}')
    rules = rules_from_dict(data["rules"])
    try:
        board = Board.from_dict(data["board"])
    except (TypeError, ValueError) as exc:
        raise SaveError(f"board: {exc}") from None
    n = len(players)
    extension = n >= 5
    if (board.topo is EXTENSION) != extension:
        size = "the extension's 30 hexes" if extension else "the base board's 19 hexes"
        raise SaveError(f"board: {n} players play on {size}, got {board.topo.hex_count}")
    saved = state_from_dict(data["state"], n, topo=board.topo)
    origin = _origin(data["origin"], n, board.topo)
    if kind != "custom" and board != seeded_board(kind, seed, **rules.board_options(), extension=extension):
        raise SaveError(f"board: not the {kind} board of seed {show(seed)}")
    if origin is None:
        state, events = fresh_state(n, board.desert, seed, saved.first, board.topo), []
    else:
        state, events = origin.copy(), [("staged", origin.turn_player)]
    history: list[Recorded] = []
    _replay(state, board, rules, history, events, actions)
    replayed = state_to_dict(state)
    recorded = state_to_dict(saved)
    if replayed != recorded:
        diff = sorted(k for k in recorded if recorded[k] != replayed[k])
        raise SaveError(f"the saved state does not follow from its actions (differs in: {', '.join(diff)})")
    return Saved(players, seed, rules, board, kind, origin, history, events, state)


def _origin(data: object, n: int, topo: Topology) -> State | None:
    """The staged origin (or None), with its ``free_placement`` flag and the distance rule."""
    if data is None:
        return None
    if not isinstance(data, dict):
        raise SaveError(f"origin must be null or an object, got {show(data)}")
    fields = dict(data)
    flag = fields.pop("free_placement", False)
    if "free_placement" in data and flag is not True:
        raise SaveError(f"origin.free_placement: true when present (absent means false), got {show(flag)}")
    origin = state_from_dict(fields, n, "origin", topo)
    conflicts = too_close(origin.node_owner, topo)
    if conflicts and not flag:
        pairs = ", ".join(f"{a}-{b}" for a, b in conflicts[:6]) + (", ..." if len(conflicts) > 6 else "")
        raise SaveError(
            f"origin: buildings on neighbouring intersections ({pairs}) break the distance rule; "
            "only a position staged with free_placement=True may"
        )
    return staged_origin(origin, free_placement=flag)


def _replay(
    state: State, board: Board, rules: Rules, history: list[Recorded], events: Events, actions: list[Any]
) -> None:
    """Play the save's actions on ``state`` (the game's start) with the engine's one replay
    (:func:`..rules.replay.replay`: each move checked as a step checks it), recording each in
    ``history``; a SaveError names the first action that cannot be replayed.
    """
    try:
        for move in replay(state, board, rules, _moves(actions), events):
            history.append(move)  # noqa: PERF402  one by one: a refusal names its action by the count
    except (IllegalActionError, TypeError, ValueError) as exc:
        raise SaveError(f"action #{len(history)} cannot be replayed: {clean(str(exc))[:200]}") from None
    except Exception as exc:  # an engine check missed a hostile origin: refuse, don't crash
        raise SaveError(f"action #{len(history)} cannot be replayed ({type(exc).__name__})") from None


def _moves(actions: list[Any]) -> Iterator[Recorded]:
    """The save's ``[action, chance]`` entries as moves, each decoded when the replay reaches it."""
    for entry in actions:
        if not isinstance(entry, list) or len(entry) != 2:
            raise IllegalActionError(
                "malformed",
                # TRANSLATORS: [action, chance] is the JSON form in a save, kept as it is; {value}
                # what the save holds, as Python writes it
                tr("each action is [action, chance], got {value}", value=show(entry)),
            )
        action, chance = action_from_dict(entry[0]), entry[1]
        if chance is not None and not (isinstance(chance, dict) and set(chance) <= _CHANCE_KEYS):
            raise IllegalActionError(
                "malformed",
                # TRANSLATORS: null and {{dice, card, steal}} are the JSON form in a save, kept as
                # they are; {value} what the save holds, as Python writes it
                tr("chance must be null or {{dice, card, steal}}, got {value}", value=show(chance)),
            )
        yield action, chance
