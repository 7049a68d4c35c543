"""Hints and the bots' level in the widget (:class:`Hints`, a part of :class:`~.widget.CatanWidget`).

* ``hint_request``: a counter the front-end's "Hint" button raises; each new value asks the
  search bot for the acting human's best move (``Game.hint``, from that seat's observation,
  with the fixed amount of search work of :data:`HINT_BUDGET`) and answers in ``hint``.
* ``hint`` (Python to the front-end): ``{}`` before any request;
  ``{"request", "version", "pending": true}`` while request ``request`` is being searched (sent
  before the search starts: the Hint button says "Thinking…" and takes no click);
  ``{"request", "version", "seat", "action", "reason"}``, the answer (its reason in the
  widget's language, worded again when the language changes); ``{"request", "version"}``
  when there is no hint (no human at this screen acts, or the search failed: ``state.error``
  says why).  The front-end shows a hint while ``state.version`` equals its ``version``: any
  move makes it stale.
* One search at a time, and one per position: a request that arrives while a search runs is
  not searched again (the answer under way carries the latest request's number), and a request
  for the position of the last hint (clicks that waited in the kernel's queue behind the search)
  is answered with that hint at once.  A hint depends only on the position, never on the clock,
  so this is the hint a new search would give.
* ``bot_level``: ``"easy"``, ``"normal"`` or ``"hard"`` (the bot menu): the "random", "greedy"
  or "search" bot for every seat played by a named bot; ``""`` when the bots are custom objects.
"""

from __future__ import annotations

import logging
from typing import Any, Protocol

from ..bots import LEVELS
from ..engine import Game
from ..engine.actions import action_to_dict
from ..engine.language import ENGLISH, Words, tr, words
from ..engine.registry import HINT_BUDGET, Hint, error_text
from .protocol import short

__all__ = ["HINT_BUDGET", "Hints", "check_level", "check_request", "level_of"]

logger = logging.getLogger("catan_widget")
_BY_NAME = {name: level for level, name in LEVELS.items()}


def level_of(bot: object) -> str:
    """The menu level of a default bot spec (``""`` for an object or an unlisted name)."""
    if bot == "bot":
        return "normal"
    return _BY_NAME.get(bot, "") if isinstance(bot, str) else ""


def check_level(value: Any) -> str:
    """A valid ``bot_level`` (a string: ``""`` or a key of LEVELS); raises ValueError otherwise."""
    if isinstance(value, str) and (value == "" or value in LEVELS):
        return value
    raise ValueError(f"bot_level is one of {', '.join(LEVELS)}, got {short(value, 40)}")


def check_request(value: Any) -> int:
    """A valid ``hint_request`` counter; raises ValueError otherwise."""
    if type(value) is not int or value < 0:
        raise ValueError(f"hint_request is a count (0 or more), got {short(value, 40)}")
    return value


class HintsWidget(Protocol):
    """What :class:`Hints` needs from the widget: the acting human, the version and the traits."""

    hint_request: int
    hint: dict[str, Any]
    language: str
    _version: int

    @property
    def game(self) -> Game:
        """The live game."""
        ...

    def _acting_human(self) -> int | None: ...

    def _publish(self, error: Words | None = None) -> None: ...


class Hints:
    """Answers the Hint button (``hint_request``) in the ``hint`` trait: one search at a time,
    one per position.
    """

    def __init__(self, widget: HintsWidget) -> None:
        """The hints of ``widget`` (whose ``hint`` trait this part sets)."""
        self._widget = widget
        self._searching = False
        self._found: tuple[tuple[int, int, float], Hint] | None = None
        """The last hint and the position it is for: (publish version, seat, budget)."""

    def show(self, budget: float = HINT_BUDGET) -> Hint | None:
        """Ask for the acting human's best move and show it on the board (None: no human acts,
        or a search is already under way and will answer).  ``budget``: the search work (see
        :data:`HINT_BUDGET`).  A hint for the position of the last one is that hint again.
        """
        w = self._widget
        if self._searching:
            logger.info("A hint request arrived during the search for a hint: that search answers it.")
            return None
        seat, version = w._acting_human(), w._version
        if seat is None:
            w.hint = {"request": w.hint_request, "version": version}
            return None
        key = (version, seat, budget)
        found = self._found
        if found is None or found[0] != key:
            w.hint = {"request": w.hint_request, "version": version, "pending": True}
            self._searching = True
            try:
                found = (key, w.game.hint(seat, budget=budget))
            except BaseException:
                w.hint = {"request": w.hint_request, "version": version}
                raise
            finally:
                self._searching = False
            self._found = found
        hint = found[1]
        w.hint = self._answer(hint, version)
        return hint

    def _answer(self, hint: Hint, version: int) -> dict[str, Any]:
        """The ``hint`` trait answering with ``hint``, its reason in the widget's language."""
        w = self._widget
        reason = words(hint.reason, w.language)
        return {
            "seat": hint.seat,
            "action": action_to_dict(hint.action),
            "reason": reason,
            "version": version,
            "request": w.hint_request,
        }

    def reword(self) -> None:
        """The widget's language changed: the hint shown gives its reason in the new one."""
        w, found = self._widget, self._found
        if found is not None and "reason" in w.hint and w.hint.get("version") == found[0][0]:
            w.hint = self._answer(found[1], found[0][0])

    def requested(self) -> None:
        """The front-end asked for a hint: answer it; a failed search says why in ``state.error``
        and answers "no hint".
        """
        w = self._widget
        try:
            self.show()
        except Exception as exc:  # an observer must not raise into the comm handler
            # TRANSLATORS: {error} is a program's error message, in English
            text = tr("No hint: {error}", error=error_text(exc))
            logger.warning("%s", words(text, ENGLISH))
            w._publish(error=text)
            w.hint = {"request": w.hint_request, "version": w._version}
