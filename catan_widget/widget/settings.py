"""The widget's settings: traits that Python and the front-end may both set, validated alike.

``bot_delay`` (seconds between bot moves), ``view`` (whose hand: a seat, -1 for the teacher's
view, None for automatic), ``show_pips``, ``theme`` ("auto", "light", "dark") and
``bots_paused``; ``show_ids`` (the ids of hexes, corners and paths written on the board),
``show_counting`` (the viewing seat's card counting of each opponent), ``replay_at`` (None
while playing, else the replayed position: see :mod:`.replay`), and ``bot_level`` and
``hint_request`` (the bot menu and the Hint button: see :mod:`.hints`); ``ready_seat`` (in
hot-seat, the human who took the screen at the hand-over: see ``CatanWidget``).  The front-end may
set these and nothing else: any other key it sends, or a bad value, is refused, logged, shown in
the widget, and the trait is sent back as it was.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import traitlets

if TYPE_CHECKING:
    from ..engine import Game

from .hints import check_level, check_request
from .protocol import clip, delay_seconds, flag, handover_seat, short, theme_name, view_seat

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
)
"""The traits the front-end may set; every other key it sends is refused."""


class Settings(traitlets.HasTraits):
    """The settings traits and their checks (mixed into :class:`~.widget.CatanWidget`)."""

    bot_delay = traitlets.Float(0.6).tag(sync=True)
    view = traitlets.Int(None, allow_none=True).tag(sync=True)
    show_pips = traitlets.Bool(False).tag(sync=True)
    theme = traitlets.Unicode("auto").tag(sync=True)
    bots_paused = traitlets.Bool(False).tag(sync=True)
    show_ids = traitlets.Bool(False).tag(sync=True)
    show_counting = traitlets.Bool(False).tag(sync=True)
    replay_at = traitlets.Int(None, allow_none=True).tag(sync=True)
    ready_seat = traitlets.Int(None, allow_none=True).tag(sync=True)
    _closed: bool
    _game: Game
    _kinds: list[str]
    _teacher: bool

    if TYPE_CHECKING:  # provided by the widget (and ipywidgets' Widget)

        def _publish(self, error: str | None = None) -> None: ...

        def _check_replay_at(self, value: Any) -> int | None: ...

        keys: list[str]

        def send_state(self, key: str | list[str] | None = None) -> None:
            """Send these traits to the front-end."""

    # --- settings: validated whether they come from Python or from the front-end ---------------
    def _check_setting(self, name: str, value: Any) -> Any:
        """``value`` checked for the setting ``name``; raises TraitError saying what is wrong."""
        checks: dict[str, Callable[[Any], Any]] = {
            "bot_delay": delay_seconds,
            "view": lambda v: view_seat(v, len(self._game.names)),
            "theme": theme_name,
            "show_pips": flag,
            "bots_paused": flag,
            "show_ids": flag,
            "show_counting": flag,
            "replay_at": self._check_replay_at,
            "bot_level": check_level,
            "hint_request": check_request,
            "ready_seat": lambda v: handover_seat(v, len(self._game.names)),
        }
        try:
            return checks[name](value)
        except (ValueError, TypeError) as exc:  # TypeError: a value of a type no check foresaw
            raise traitlets.TraitError(clip(exc, 200)) from None

    def _check_private_view(self, value: Any) -> None:
        """In hot-seat (two humans or more) the front-end may pick only the acting human's view
        (or automatic): another human's hand or the teacher's view would show an opponent's
        cards at a shared screen.  A notebook that wants that asks for ``teacher=True``.
        """
        humans = [i for i, kind in enumerate(self._kinds) if kind == "human"]
        if value is None or len(humans) < 2 or self._teacher:
            return
        g = self._game
        acting = g.current_seat if g.current_seat in humans and not g.is_over else None
        if value != acting:
            raise traitlets.TraitError(
                "in hot-seat only the view of the player who must act can be picked "
                "(a teacher's view needs teacher=True in Python)"
            )

    @traitlets.validate(*SETTINGS)
    def _valid_setting(self, proposal: Any) -> Any:
        return self._check_setting(proposal["trait"].name, proposal["value"])

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Take settings from the front-end; anything else it tries to set is refused, and a
        refused value is logged, shown, and sent back as it was.
        """
        if self._closed:
            logger.warning("A closed catan widget refused a state update from the front-end.")
            return
        bad: dict[str, str] = {}
        good: dict[str, Any] = {}
        for key, value in sync_data.items():
            if key not in SETTINGS:
                bad[key] = f"{short(key, 30)} cannot be set from the front-end"
                continue
            try:
                self._check_setting(key, value)
                if key == "view":
                    self._check_private_view(value)
            except traitlets.TraitError as exc:
                bad[key] = f"{key}: {exc}"
                continue
            good[key] = value
        if good:
            super().set_state(good)  # type: ignore[misc]
        if bad:
            reasons = list(bad.values())
            more = f" (and {len(reasons) - 3} more)" if len(reasons) > 3 else ""
            text = clip("Refused a setting from the front-end: " + "; ".join(reasons[:3]) + more, 300)
            logger.warning("%s", text)
            self._publish(error=text)
            synced = [k for k in bad if isinstance(k, str) and k in self.keys]
            if synced:
                self.send_state(synced)  # the front-end's copy goes back to what Python holds
