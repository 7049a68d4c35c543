"""Hints and the bots' level in the widget (mixed into :class:`~.widget.CatanWidget`).

* ``hint_request``: a counter the front-end's "Hint" button raises; each new value asks the
  search bot for the acting human's best move (``Game.hint``, from that seat's observation,
  within :data:`HINT_BUDGET` seconds) and puts it in ``hint``.
* ``hint``: ``{"seat", "action", "reason", "version"}`` (Python to the front-end; empty when
  there is none).  The front-end shows it while ``state.version`` equals its ``version``: any
  move makes it stale.
* ``bot_level``: ``"easy"``, ``"normal"`` or ``"hard"`` (the bot menu): the "random", "greedy"
  or "search" bot for every seat played by a named bot; ``""`` when the bots are custom objects.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import traitlets

from ..bots import LEVELS
from ..engine.registry import Hint
from .protocol import short

if TYPE_CHECKING:
    from ..engine import Game
    from ..engine.registry import Bot

HINT_BUDGET = 1.0
"""Seconds the search bot may think for a hint (the kernel waits that long at most)."""

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
        """Ask for the acting human's best move and show it on the board (None: no human acts)."""
        seat = self._acting_human()
        if seat is None:
            self.hint = {}
            return None
        hint = self._game.hint(seat, budget=budget)
        self.hint = {**hint.to_dict(), "version": self._version}
        return hint

    @traitlets.observe("hint_request")
    def _hint_requested(self, _change: Any) -> None:
        if self._ready:
            self.show_hint()

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
