"""Hints and the bots' level in the widget (mixed into :class:`~.widget.CatanWidget`).

* ``hint_request``: a counter the front-end's "Hint" button raises; each new value asks the
  search bot for the acting human's best move (``Game.hint``, from that seat's observation,
  with the fixed amount of search work of :data:`HINT_BUDGET`) and answers in ``hint``.
* ``hint`` (Python to the front-end): ``{}`` before any request;
  ``{"request", "version", "pending": true}`` while request ``request`` is being searched (sent
  before the search starts: the Hint button says "Thinking…" and takes no click);
  ``{"request", "version", "seat", "action", "reason"}``, the answer; ``{"request", "version"}``
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
from typing import TYPE_CHECKING, Any

import traitlets

from ..bots import LEVELS
from ..engine.registry import HINT_BUDGET, Hint, error_text
from .protocol import short

if TYPE_CHECKING:
    from ..engine import Game
    from ..engine.registry import Bot

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


class Hints(traitlets.HasTraits):
    """The ``hint_request``/``hint`` and ``bot_level`` traits and what they do."""

    hint_request = traitlets.Int(0).tag(sync=True)
    hint = traitlets.Dict().tag(sync=True)
    bot_level = traitlets.Unicode("normal").tag(sync=True)
    _hint_busy = False
    _hint_found: tuple[tuple[int, int, float], Hint] | None = None
    """The last hint and the position it is for: (publish version, seat, budget)."""

    if TYPE_CHECKING:  # provided by the widget
        _game: Game
        _ready: bool
        _version: int
        _specs: list[Any]
        _default_bot: Any
        _bots: dict[int, Bot]
        _kinds: list[str]

        def _acting_human(self) -> int | None: ...

        def _start(self) -> None: ...

        def _publish(self, error: str | None = None) -> None: ...

        def _resolve_bots(self) -> None: ...

    def show_hint(self, budget: float = HINT_BUDGET) -> Hint | None:
        """Ask for the acting human's best move and show it on the board (None: no human acts,
        or a search is already under way and will answer).  ``budget``: the search work (see
        :data:`HINT_BUDGET`).  A hint for the position of the last one is that hint again.
        """
        if self._hint_busy:
            logger.info("A hint request arrived during the search for a hint: that search answers it.")
            return None
        seat, version = self._acting_human(), self._version
        if seat is None:
            self.hint = {"request": self.hint_request, "version": version}
            return None
        key = (version, seat, budget)
        found = self._hint_found
        if found is None or found[0] != key:
            self.hint = {"request": self.hint_request, "version": version, "pending": True}
            self._hint_busy = True
            try:
                found = (key, self._game.hint(seat, budget=budget))
            except BaseException:
                self.hint = {"request": self.hint_request, "version": version}
                raise
            finally:
                self._hint_busy = False
            self._hint_found = found
        hint = found[1]
        self.hint = {**hint.to_dict(), "version": version, "request": self.hint_request}
        return hint

    @traitlets.observe("hint_request")
    def _hint_requested(self, _change: Any) -> None:
        if not self._ready:
            return
        try:
            self.show_hint()
        except Exception as exc:  # an observer must not raise into the comm handler
            text = f"No hint: {error_text(exc)}"
            logger.warning("%s", text)
            self._publish(error=text)
            self.hint = {"request": self.hint_request, "version": self._version}

    @traitlets.observe("bot_level")
    def _level_changed(self, change: Any) -> None:
        level = change["new"]
        if not self._ready or not level:
            return
        name = LEVELS[level]
        named = set(LEVELS.values()) | {"bot"}
        self._specs = [name if isinstance(s, str) and s in named else s for s in self._specs]
        self._default_bot = name
        self._resolve_bots()
        self._publish()
        self._start()
