"""The checks that turn a user's values into action fields: resources by name or id, card counts,
board ids and seats, each refusing anything else with an ``IllegalActionError`` ("malformed")
that names the field (the action classes in :mod:`.actions` run them on construction).
"""

from __future__ import annotations

from typing import Final

from .constants import MAX_PLAYERS as MAX_SEATS
from .constants import RESOURCES
from .errors import IllegalActionError
from .language import tr

Cards = tuple[int, int, int, int, int]
"""Five resource counts, in the order of ``RESOURCES``."""


def show(value: object) -> str:
    """A short repr for error messages (a huge bad value must not make a huge message)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def not_an_action(value: object) -> IllegalActionError:
    """The refusal of a value that is not an action (of a known kind), to raise."""
    return IllegalActionError(
        "malformed",
        # TRANSLATORS: {value} is what the program gave, as Python writes it; RollDice() and
        # BuildRoad(edge=17) are Python code, kept as they are
        tr("Not an action: {value} (use e.g. RollDice(), BuildRoad(edge=17)).", value=show(value)),
    )


_NAMES: Final = ", ".join(RESOURCES)
"""The resource names a program may give (in English, as the code spells them)."""


def to_resource(value: object, what: str = "resource") -> int:
    """A resource id from a name or id; raises IllegalActionError for anything else (``what``
    names the field).
    """
    if isinstance(value, str) and value in RESOURCES:
        return RESOURCES.index(value)
    if type(value) is int and 0 <= value < 5:
        return value
    raise IllegalActionError(
        "malformed",
        # TRANSLATORS: {field} is the name of a field in the code ("give"); {names} the resource
        # names a program may give, kept in English; {value} what it gave, as Python writes it
        tr(
            "{field} must be one of {names} (or 0..4), got {value}",
            field=what,
            names=_NAMES,
            value=show(value),
        ),
    )


def _resource_key(key: object, what: str) -> int:
    """A resource id from a key of a ``{name: count}`` dict of field ``what``."""
    if (isinstance(key, str) and key in RESOURCES) or (type(key) is int and 0 <= key < 5):
        return to_resource(key)
    raise IllegalActionError(
        "malformed",
        # TRANSLATORS: {field} is the name of a field in the code ("give"); {names} the resource
        # names a program may give, kept in English; {value} what it gave, as Python writes it
        tr(
            "{field} key must be one of {names} (or 0..4), got {value}",
            field=what,
            names=_NAMES,
            value=show(key),
        ),
    )


def to_cards(value: object, what: str = "cards") -> Cards:
    """A 5-tuple of counts from a ``{name: count}`` dict or a sequence of 5 counts."""
    if isinstance(value, dict):
        counts = [0] * 5
        for key, n in value.items():
            if type(n) is not int or n < 0:
                raise IllegalActionError(
                    "malformed",
                    # TRANSLATORS: {field} is the name of a field in the code ("give"); {key} a
                    # resource as the program gave it, as Python writes it ("'ore'")
                    tr("{field}: the count of {key} must be a whole number >= 0", field=what, key=show(key)),
                )
            counts[_resource_key(key, what)] += n
    elif isinstance(value, (list, tuple)) and len(value) == 5:
        counts = list(value)
        if not all(type(n) is int and 0 <= n <= 95 for n in counts):
            raise IllegalActionError(
                "malformed",
                # TRANSLATORS: {field} is the name of a field in the code ("give"); {value} what
                # the program gave, as Python writes it
                tr("{field} must be 5 whole numbers >= 0, got {value}", field=what, value=show(value)),
            )
    else:
        raise IllegalActionError(
            "malformed",
            # TRANSLATORS: {field} is the name of a field in the code ("give"); {value} what the
            # program gave, as Python writes it
            tr(
                "{field} must be a dict of resource counts or 5 counts, got {value}",
                field=what,
                value=show(value),
            ),
        )
    if any(n > 95 for n in counts):
        raise IllegalActionError(
            "malformed",
            # TRANSLATORS: {field} is the name of a field in the code ("give"); {value} what the
            # program gave, as Python writes it
            tr("{field}: no count can exceed 95, got {value}", field=what, value=show(value)),
        )
    return (counts[0], counts[1], counts[2], counts[3], counts[4])


def check_id(value: object, limit: int, what: str) -> None:
    """Refuse anything but an int id in ``0 .. limit - 1`` (``what`` names the field)."""
    if type(value) is not int or not 0 <= value < limit:
        raise IllegalActionError(
            "malformed",
            # TRANSLATORS: {field} is the name of a field in the code ("edge"); {value} what the
            # program gave, as Python writes it
            tr(
                "{field} must be an id from 0 to {last}, got {value}",
                field=what,
                last=limit - 1,
                value=show(value),
            ),
        )


def check_seat(value: object, what: str, allow_none: bool = False) -> None:
    """Refuse anything but a seat number 0..5 (or ``None`` when ``allow_none``); whether the
    game has that seat is the rules' to say.
    """
    if value is None and allow_none:
        return
    if type(value) is not int or not 0 <= value < MAX_SEATS:
        raise IllegalActionError(
            "malformed",
            # TRANSLATORS: {field} is the name of a field in the code ("victim"); {value} what the
            # program gave, as Python writes it
            tr("{field} must be a seat number 0..5, got {value}", field=what, value=show(value)),
        )
