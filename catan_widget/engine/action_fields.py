"""The checks that turn a user's values into action fields: resources by name or id, card counts,
board ids and seats, each refusing anything else with an ``IllegalActionError`` ("malformed")
that names the field (the action classes in :mod:`.actions` run them on construction).
"""

from __future__ import annotations

from .constants import MAX_PLAYERS as MAX_SEATS
from .constants import RESOURCES
from .errors import IllegalActionError

Cards = tuple[int, int, int, int, int]
"""Five resource counts, in the order of ``RESOURCES``."""


def show(value: object) -> str:
    """A short repr for error messages (a huge bad value must not make a huge message)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def not_an_action(value: object) -> IllegalActionError:
    """The refusal of a value that is not an action (of a known kind), to raise."""
    return IllegalActionError(
        "malformed", f"Not an action: {show(value)} (use e.g. RollDice(), BuildRoad(edge=17))."
    )


def to_resource(value: object, what: str = "resource") -> int:
    """A resource id from a name or id; raises IllegalActionError for anything else."""
    if isinstance(value, str) and value in RESOURCES:
        return RESOURCES.index(value)
    if type(value) is int and 0 <= value < 5:
        return value
    raise IllegalActionError(
        "malformed", f"{what} must be one of {', '.join(RESOURCES)} (or 0..4), got {show(value)}"
    )


def to_cards(value: object, what: str = "cards") -> Cards:
    """A 5-tuple of counts from a ``{name: count}`` dict or a sequence of 5 counts."""
    if isinstance(value, dict):
        counts = [0] * 5
        for key, n in value.items():
            if type(n) is not int or n < 0:
                raise IllegalActionError(
                    "malformed", f"{what}: the count of {show(key)} must be a whole number >= 0"
                )
            counts[to_resource(key, f"{what} key")] += n
    elif isinstance(value, (list, tuple)) and len(value) == 5:
        counts = list(value)
        if not all(type(n) is int and 0 <= n <= 95 for n in counts):
            raise IllegalActionError("malformed", f"{what} must be 5 whole numbers >= 0, got {show(value)}")
    else:
        raise IllegalActionError(
            "malformed", f"{what} must be a dict of resource counts or 5 counts, got {show(value)}"
        )
    if any(n > 95 for n in counts):
        raise IllegalActionError("malformed", f"{what}: no count can exceed 95, got {show(value)}")
    return (counts[0], counts[1], counts[2], counts[3], counts[4])


def check_id(value: object, limit: int, what: str) -> None:
    """Refuse anything but an int id in ``0 .. limit - 1`` (``what`` names the field)."""
    if type(value) is not int or not 0 <= value < limit:
        raise IllegalActionError(
            "malformed", f"{what} must be an id from 0 to {limit - 1}, got {show(value)}"
        )


def check_seat(value: object, what: str, allow_none: bool = False) -> None:
    """Refuse anything but a seat number 0..5 (or ``None`` when ``allow_none``); whether the
    game has that seat is the rules' to say.
    """
    if value is None and allow_none:
        return
    if type(value) is not int or not 0 <= value < MAX_SEATS:
        raise IllegalActionError("malformed", f"{what} must be a seat number 0..5, got {show(value)}")
