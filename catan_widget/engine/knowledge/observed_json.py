"""The observation records read back from their JSON form: :meth:`.observed.Observation.from_dict`.

``Observation.from_dict(obs.to_dict())`` equals ``obs`` (tests/engine/test_observation_json.py
checks it over whole games, for every kind of viewer and with ``shown``): a seat that receives
its observation as JSON (a bot at a table server, :mod:`catan_widget.table.remote_bot`) decides
on the very record it would have been given in the same process.  Every field is checked; a
malformed dict raises ``ValueError`` naming the field, and nothing is built.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

from .. import actions as ac
from ..board.layouts import Board
from ..constants import DEV_CARDS, RESOURCES
from ..errors import Refusal
from ..options import Rules
from ..words.reasons import CONTROLS
from .observed import (
    BY_CARD,
    BY_RESOURCE,
    PLAYER_BY_CARD,
    PLAYER_BY_RESOURCE,
    PLAYER_RESOURCE_LISTS,
    Five,
    Observation,
    PlayerInfo,
    Shown,
    register_reader,
)

__all__ = ["observation_from_dict"]


def _int(value: object, what: str) -> int:
    if type(value) is not int:
        raise ValueError(f"{what}: a whole number, not {type(value).__name__}")
    return value


def _maybe_int(value: object, what: str) -> int | None:
    return None if value is None else _int(value, what)


def _bool(value: object, what: str) -> bool:
    if type(value) is not bool:
        raise ValueError(f"{what}: true or false")
    return value


def _str(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{what}: a string")
    return value


def _list(value: object, what: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise ValueError(f"{what}: a list" + ("" if length is None else f" of {length}"))
    return value


def _ints(value: object, what: str, length: int | None = None) -> tuple[int, ...]:
    return tuple(_int(v, what) for v in _list(value, what, length))


def _five(value: object, what: str) -> Five:
    a, b, c, d, e = _ints(value, what, 5)
    return (a, b, c, d, e)


def _named_five(value: object, names: tuple[str, ...], what: str) -> Five:
    """Five counts given by name (``{"lumber": 1, ...}``), back in id order."""
    if not isinstance(value, dict) or set(value) != set(names):
        raise ValueError(f"{what}: an object with exactly {', '.join(names)}")
    return _five([value[n] for n in names], what)


def _maybe_named_five(value: object, names: tuple[str, ...], what: str) -> Five | None:
    return None if value is None else _named_five(value, names, what)


def _tuples(value: Any) -> Any:
    """JSON's lists back to the tuples they were, all the way down (an event is tuples only)."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def _checked_keys(data: object, cls: type, what: str) -> dict[str, Any]:
    names = {f.name for f in fields(cls)}
    if not isinstance(data, dict) or set(data) != names:
        got = sorted(map(str, data)) if isinstance(data, dict) else type(data).__name__
        raise ValueError(f"{what}: an object with exactly the fields of {cls.__name__} (got {got})")
    checked: dict[str, Any] = data
    return checked


def _player(data: object) -> PlayerInfo:
    d = _checked_keys(data, PlayerInfo, "players[]")
    return PlayerInfo(
        **{f.name: _PLAYER_READ.get(f.name, _int)(d[f.name], f"player.{f.name}") for f in fields(PlayerInfo)}
    )


def _three(value: object, what: str) -> tuple[int, int, int]:
    a, b, c = _ints(value, what, 3)
    return (a, b, c)


def _by_resource(value: object, what: str) -> Five:
    return _named_five(value, RESOURCES, what)


def _by_card(value: object, what: str) -> Five:
    return _named_five(value, DEV_CARDS, what)


def _resources(value: object, what: str) -> tuple[int, ...]:
    return tuple(_resource(r, what) for r in _list(value, what))


_PLAYER_READ: dict[str, Callable[[Any, str], Any]] = {
    "name": _str,
    "longest_road": _bool,
    "largest_army": _bool,
    "pieces": _three,
    **dict.fromkeys(PLAYER_BY_RESOURCE, _by_resource),
    **dict.fromkeys(PLAYER_BY_CARD, _by_card),
    **dict.fromkeys(PLAYER_RESOURCE_LISTS, _resources),
}
"""How each field of :class:`PlayerInfo` is read back (given its name for errors); the others are
whole numbers."""


def _resource(name: object, what: str) -> int:
    if name not in RESOURCES:
        raise ValueError(f"{what}: resource names, not {name!r}")
    return RESOURCES.index(str(name))


def _refusal(data: object) -> Refusal:
    if not isinstance(data, dict) or set(data) != {"code", "rule", "text"}:
        raise ValueError("shown.refusals: each an object with code, rule and text")
    return Refusal(
        _str(data["code"], "refusal.code"),
        _str(data["rule"], "refusal.rule"),
        _str(data["text"], "refusal.text"),
    )


def _shown(data: object) -> Shown | None:
    if data is None:
        return None
    d = _checked_keys(data, Shown, "shown")
    refusals = d["refusals"]
    if not isinstance(refusals, dict) or not set(refusals) <= set(CONTROLS):
        raise ValueError(
            f"shown.refusals: an object of control → refusal (the controls: {', '.join(CONTROLS)})"
        )
    return Shown(
        log=tuple(_str(line, "shown.log") for line in _list(d["log"], "shown.log")),
        recent=_tuples(_list(d["recent"], "shown.recent")),
        recent_from=_int(d["recent_from"], "shown.recent_from"),
        robber_at_start=_int(d["robber_at_start"], "shown.robber_at_start"),
        refusals=tuple((kind, _refusal(refusals[kind])) for kind in CONTROLS if kind in refusals),  # in order
        rates=_maybe_named_five(d["rates"], RESOURCES, "shown.rates"),
    )


def _trade(value: object) -> tuple[int, int, Five, Five] | None:
    if value is None:
        return None
    proposer, to, give, want = _list(value, "trade", 4)
    return (_int(proposer, "trade"), _int(to, "trade"), _five(give, "trade"), _five(want, "trade"))


def _answer(value: object) -> tuple[int, Five, Five]:
    answer, give, want = _list(value, "answers[]", 3)
    return (_int(answer, "answers[]"), _five(give, "answers[]"), _five(want, "answers[]"))


def _dice(value: object) -> tuple[int, int] | None:
    if value is None:
        return None
    a, b = _ints(value, "dice", 2)
    return (a, b)


def _devs(value: object) -> tuple[tuple[Five, Five], ...] | None:
    if value is None:
        return None
    return tuple(
        (_five(pair[0], "devs"), _five(pair[1], "devs"))
        for pair in (_list(v, "devs", 2) for v in _list(value, "devs"))
    )


def _action(data: object) -> ac.Action:
    try:
        return ac.action_from_dict(data)
    except ValueError as exc:  # IllegalActionError is one
        raise ValueError(f"legal: {exc}") from exc


_READ: dict[str, Callable[[Any], Any]] = {
    "viewer": lambda v: _int(v, "viewer"),
    "seat": lambda v: _maybe_int(v, "seat"),
    "names": lambda v: tuple(_str(n, "names") for n in _list(v, "names")),
    "board": Board.from_dict,
    "rules": Rules.from_dict,
    "phase": lambda v: _str(v, "phase"),
    "rolled": lambda v: _bool(v, "rolled"),
    "dev_played": lambda v: _bool(v, "dev_played"),
    "built": lambda v: _bool(v, "built"),
    "dice": _dice,
    "dice_counts": lambda v: _ints(v, "dice_counts"),
    "winner": lambda v: _maybe_int(v, "winner"),
    "node_owner": lambda v: _ints(v, "node_owner"),
    "node_level": lambda v: _ints(v, "node_level"),
    "edge_owner": lambda v: _ints(v, "edge_owner"),
    "roads": lambda v: tuple(_ints(r, "roads") for r in _list(v, "roads")),
    "players": lambda v: tuple(_player(p) for p in _list(v, "players")),
    "trade": _trade,
    "answers": lambda v: tuple(_answer(a) for a in _list(v, "answers")),
    "hidden_vp": lambda v: _maybe_int(v, "hidden_vp"),
    "hands": lambda v: None if v is None else tuple(_five(h, "hands") for h in _list(v, "hands")),
    "devs": _devs,
    "legal": lambda v: tuple(_action(a) for a in _list(v, "legal")),
    "open": lambda v: tuple(_str(k, "open") for k in _list(v, "open")),
    "shown": _shown,
}
"""How each field of :class:`Observation` is read back; the others are whole numbers."""


def _by_name(field: str, names: tuple[str, ...]) -> Callable[[Any], Any]:
    return lambda v: _maybe_named_five(v, names, field)


_READ.update({f: _by_name(f, RESOURCES) for f in BY_RESOURCE})
_READ.update({f: _by_name(f, DEV_CARDS) for f in BY_CARD})
_READ["bank"] = lambda v: _named_five(v, RESOURCES, "bank")  # never None


def observation_from_dict(data: object) -> Observation:
    """The :class:`Observation` whose :meth:`~.observed.Observation.to_dict` is ``data``;
    ``ValueError`` naming the first malformed field otherwise.
    """
    d = _checked_keys(data, Observation, "observation")
    values: dict[str, Any] = {}
    try:
        for f in fields(Observation):
            read = _READ.get(f.name)
            values[f.name] = _int(d[f.name], f.name) if read is None else read(d[f.name])
    except (TypeError, KeyError, IndexError, AttributeError) as exc:  # a shape the checks did not foresee
        raise ValueError(f"observation: malformed ({exc})") from exc
    return Observation(**values)


register_reader(observation_from_dict)  # Observation.from_dict (the records do not import this module)
