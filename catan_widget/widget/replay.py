"""Replay inside the widget: the ``replay_at`` setting, the ``timeline`` trait and the summary.

``replay_at`` is None while the game is played live.  Set to a position (0 = the start, up to
the number of actions in the game) it shows the game as it was then — board, panels, log, dice
histogram — from the chosen view, read from a :class:`~catan_widget.timeline.Timeline` built
from a copy of the game.  While replaying, moves and bots are off; the game itself never
changes.  ``timeline`` (Python → front-end, sent once per replay) holds the length, the
position where each turn starts and the positions after each roll, build and robber move, for
the slider and its jump buttons.  ``summary`` (sent once the shown game is over) explains the
end of the game: see :func:`catan_widget.plots.summary_data`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import traitlets

from ..engine import Game
from ..timeline import MARKS, Timeline
from .protocol import short

if TYPE_CHECKING:
    from ..engine.observation import Observation

__all__ = ["Replay", "counting_json"]

_W = TypeVar("_W", bound="Replay")


class Replay(traitlets.HasTraits):
    """The replay and end-of-game traits (mixed into :class:`~.widget.CatanWidget`)."""

    timeline = traitlets.Dict().tag(sync=True)
    summary = traitlets.Dict().tag(sync=True)
    _game: Game
    _timeline_obj: Timeline | None = None
    _timeline_key: tuple[int, int] | None = None
    _replay_only = False
    _summary_key: tuple[int, int] | None = None
    _summary_cache: dict[str, Any] | None = None

    if TYPE_CHECKING:  # provided by the widget and the settings
        replay_at: int | None

        def _publish(self, error: str | None = None) -> None: ...

        def __init__(self, *args: Any, **kwargs: Any) -> None: ...

        view: int | None

    @classmethod
    def replay(
        cls: type[_W],
        game_or_save: Game | str,
        *,
        at: int | None = None,
        viewer: int | None = None,
        show_ids: bool = False,
        colors: Sequence[str] | None = None,
    ) -> _W:
        """Watch a finished or loaded game again, with a timeline (``replay_at``).

        ``game_or_save``: a :class:`Game` or a save (``game.to_json()`` text).  The widget shows
        a copy: the game given is never changed, and no move can be made.  ``at``: the position
        to start from (0 = the start; the end by default); ``viewer``: a seat's view, or the
        teacher's (every hand) by default.
        """
        game = Game.from_json(game_or_save) if isinstance(game_or_save, str) else game_or_save
        if not isinstance(game, Game):
            raise TypeError(f"replay needs a Game or a save, got {type(game_or_save).__name__}")
        w = cls(game.fork(), None, teacher=viewer is None, show_ids=show_ids, colors=colors)
        w._replay_only = True
        w.replay_at = len(game.history) if at is None else at
        if viewer is not None:
            w.view = viewer
        return w

    def _replaying(self) -> bool:
        return self.replay_at is not None

    def _the_timeline(self) -> Timeline:
        """The timeline of the game as it is now (rebuilt when the game has changed)."""
        g = self._game
        key = (id(g), len(g.history))
        if self._timeline_obj is None or self._timeline_key != key:
            self._timeline_obj, self._timeline_key = Timeline(g), key
        return self._timeline_obj

    def _shown(self) -> Game:
        """The game to draw: the live game, or the replay at ``replay_at`` (never to be stepped)."""
        at = self.replay_at
        if at is None:
            return self._game
        timeline = self._the_timeline()
        return timeline.view_at(min(at, len(timeline)))

    def _timeline_json(self) -> dict[str, Any]:
        if self.replay_at is None:
            return {}
        t = self._the_timeline()
        return {
            "length": len(t),
            "turns": t.turn_starts(),
            "marks": {kind: t.marks(kind) for kind in MARKS},
            "locked": self._replay_only,
        }

    def _check_replay_at(self, value: Any) -> int | None:
        if value is None:
            if self._replay_only:
                raise ValueError("this widget only replays: choose a position 0..end")
            return None
        if type(value) is not int or value < 0:
            end = len(self._game.history)
            raise ValueError(f"replay_at is a position 0..{end} or None, got {short(value, 40)}")
        return min(value, len(self._game.history))

    def _refresh_replay_traits(self) -> None:
        """Send the timeline when a replay starts or ends, and the summary when the shown game is over."""
        timeline = self._timeline_json()
        if timeline != self.timeline:
            self.timeline = timeline
        shown = self._shown()
        if shown.is_over:
            key = (id(self._game), len(shown.history))
            if self._summary_key != key:
                from ..plots.summary import summary_data

                self._summary_cache, self._summary_key = summary_data(shown), key
            if self._summary_cache is not None and self.summary is not self._summary_cache:
                self.summary = self._summary_cache
        elif self.summary:
            self.summary = {}


def counting_json(obs: Observation, shown: list[dict[str, Any]]) -> None:
    """Add the viewer's card counting to the players of a ``state`` trait, in place.

    For every opponent of the observing seat: ``known`` (the resources the seat knows they
    hold, zeros left out) and ``unknown`` (how many of their cards it cannot name).  Read from
    the observation only, so nothing the seat could not know is added.
    """
    if obs.seat is None:
        return
    for p, out in zip(obs.players, shown):
        if p.seat == obs.seat:
            continue
        out["known"] = {r: n for r, n in zip(("lumber", "brick", "wool", "grain", "ore"), p.known) if n}
        out["unknown"] = p.unknown
