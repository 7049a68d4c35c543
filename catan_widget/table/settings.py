"""The settings a table's connection may change (``set`` frames, docs/table-protocol.md), each
checked before anything reads it: a name the table does not know, or a value its check refuses,
is refused with ``bad_setting`` in the connection's language (the check's own English detail
goes to the log only).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine.language import joined, tr
from ..widget.hints import check_request
from ..widget.protocol import clip, flag, theme_name
from . import codes

if TYPE_CHECKING:
    from .connection import Connection

__all__ = ["SETTINGS", "check_setting"]

logger = logging.getLogger("catan_widget.table")

SETTINGS: dict[str, Callable[[Any], Any]] = {
    "show_counting": flag,
    "hint_request": check_request,
    "theme": theme_name,
    "show_pips": flag,
    "show_ids": flag,
    "observation": flag,
}
"""The settings a connection may set (``set`` frames) and the check of each value."""


def check_setting(conn: Connection, name: object, value: object) -> tuple[str, Any] | None:
    """``(name, value)`` checked (the value as its check gives it back), or None once ``conn``
    was refused (``bad_setting``).
    """
    check = SETTINGS.get(name) if isinstance(name, str) else None
    if check is None or not isinstance(name, str):
        # TRANSLATORS: {settings} lists the settings' names as the protocol spells them
        conn.refuse(codes.BAD_SETTING, tr("The settings are {settings}.", settings=joined(SETTINGS)))
        return None
    try:
        return name, check(value)
    except (ValueError, TypeError) as exc:
        logger.debug("catan_widget.table: a value of the setting %s was refused: %s", name, clip(exc, 200))
        # TRANSLATORS: {name} is a setting's name as the protocol spells it ("show_counting")
        conn.refuse(codes.BAD_SETTING, tr("That is not a value of the setting {name}.", name=name))
        return None
