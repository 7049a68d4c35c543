"""The widget's settings: traits that Python and the front-end may both set, validated alike.

``bot_delay`` (seconds between bot moves), ``view`` (whose hand: a seat, -1 for the teacher's
view, None for automatic), ``show_pips``, ``theme`` ("auto", "light", "dark") and
``bots_paused``; ``show_ids`` (the ids of hexes, corners and paths written on the board),
``show_counting`` (the viewing seat's card counting of each opponent), ``replay_at`` (None
while playing, else the replayed position: see :mod:`.replay`), and ``bot_level`` and
``hint_request`` (the bot menu and the Hint button: see :mod:`.hints`); ``ready_seat`` (in
hot-seat, the human who took the screen at the hand-over: see ``CatanWidget``); ``language`` (the
reader's language, a code of :func:`~catan_widget.engine.language.languages`: the Language menu).
The front-end may set these and nothing else: any other key it sends, or a bad value, is refused,
logged, shown in the widget, and the trait is sent back as it was.  A bad value set from Python
raises :class:`SettingError` (a TraitError and a ValueError).  The traits are the widget's; :class:`Settings`,
a part of :class:`~.widget.CatanWidget`, checks them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol

import traitlets

from ..engine import Game
from ..engine.language import Words, resolve, tr
from .hints import check_level, check_request
from .protocol import clip, delay_seconds, flag, handover_seat, short, theme_name, view_seat
from .replay import Replay
from .seats import Seats

logger = logging.getLogger("catan_widget")
logger.addHandler(logging.NullHandler())

SETTINGS = (
    "bot_delay",
    "view",
    "show_pips",
    "theme",
    "bots_paused",
    "show_ids",
    "show_counting",
    "replay_at",
    "bot_level",
    "hint_request",
    "ready_seat",
    "language",
)
"""The traits the front-end may set; every other key it sends is refused."""


MAX_LANGUAGE = 35
"""The longest language code taken (``"uk"``, ``"en-XA"``, ``"ru_RU.UTF-8"``)."""


class SettingError(traitlets.TraitError, ValueError):
    """A setting refused: its value is not one the setting takes (``str()`` says why)."""


def language_code(value: Any) -> str:
    """``value`` as a language there is a catalogue for (``"RU"`` is ``"ru"``); raises ValueError."""
    if not isinstance(value, str) or not value.isascii() or not 0 < len(value) <= MAX_LANGUAGE:
        raise ValueError(f"the language is a short code such as 'en' or 'ru', got {short(value)}")
    return resolve(value)


class SettingsWidget(Protocol):
    """What :class:`Settings` needs from the widget: its game, its synced keys and its drawing."""

    keys: list[str]

    @property
    def game(self) -> Game:
        """The live game."""
        ...

    @property
    def closed(self) -> bool:
        """True once the widget was closed."""
        ...

    def send_state(self, key: str | list[str] | None = None) -> None:
        """Send these traits to the front-end."""
        ...

    def _publish(self, error: Words | None = None) -> None: ...


class Settings:
    """Checks the settings, whether they come from Python (the traits' validator) or from the
    front-end (``set_state``), where a refused one is logged, shown and sent back as it was.
    """

    def __init__(self, widget: SettingsWidget, seats: Seats, replay: Replay) -> None:
        """The checks of ``widget``, whose seats are ``seats`` and whose replay is ``replay``."""
        self._widget, self._seats, self._replay = widget, seats, replay

    def check(self, name: str, value: Any) -> Any:
        """``value`` checked for the setting ``name``; raises :class:`SettingError` saying what
        is wrong.
        """
        game = self._widget.game
        count = len(game.names)
        checks: dict[str, Callable[[Any], Any]] = {
            "bot_delay": delay_seconds,
            "view": lambda v: view_seat(v, count),
            "theme": theme_name,
            "show_pips": flag,
            "bots_paused": flag,
            "show_ids": flag,
            "show_counting": flag,
            "replay_at": lambda v: self._replay.check_at(game, v),
            "bot_level": check_level,
            "hint_request": check_request,
            "ready_seat": lambda v: handover_seat(v, count),
            "language": language_code,
        }
        try:
            return checks[name](value)
        except (ValueError, TypeError) as exc:  # TypeError: a value of a type no check foresaw
            raise SettingError(clip(exc, 200)) from None

    def take(self, sync_data: dict[str, Any], apply: Callable[[dict[str, Any]], None]) -> None:
        """A state update from the front-end: ``apply`` the settings it may set; refuse the rest
        (logged, shown, and sent back as Python holds them).
        """
        w = self._widget
        if w.closed:
            logger.warning("A closed catan widget refused a state update from the front-end.")
            return
        bad: dict[str, str] = {}
        good: dict[str, Any] = {}
        for key, value in sync_data.items():
            if key not in SETTINGS:
                bad[key] = f"{short(key, 30)} cannot be set from the front-end"
                continue
            try:
                self.check(key, value)
                if key == "view":
                    self._seats.check_private_view(w.game, value)
            except (traitlets.TraitError, ValueError) as exc:
                bad[key] = f"{key}: {exc}"
                continue
            good[key] = value
        if good:
            apply(good)
        if bad:
            reasons = list(bad.values())
            more = f" (and {len(reasons) - 3} more)" if len(reasons) > 3 else ""
            details = clip("; ".join(reasons[:3]) + more, 260)  # for programmers: in English
            logger.warning("Refused a setting from the front-end: %s", details)
            # TRANSLATORS: {details} says which values were refused, in English (a program's words)
            w._publish(error=tr("Refused a setting from the front-end: {details}", details=details))
            synced = [k for k in bad if isinstance(k, str) and k in w.keys]
            if synced:
                w.send_state(synced)  # the front-end's copy goes back to what Python holds
