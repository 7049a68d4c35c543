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

from typing import TYPE_CHECKING, Any, Final, Protocol

from ..engine import Game
from ..engine.language import tr, words
from ..timeline import MARKS, Timeline
from .protocol import short

if TYPE_CHECKING:
    from ..engine.knowledge.observation import Observation

__all__ = ["COUNTING_UNSEATED", "Replay", "ReplayWidget", "counting_json"]

COUNTING_UNSEATED: Final = tr("Choose a player's view to see what that seat knows.")
"""The card-counting box's words when no seat views (the board trait's ``counting_unseated``)."""


class ReplayWidget(Protocol):
    """What :class:`Replay` needs from the widget: its game and the replay traits."""

    replay_at: int | None
    timeline: dict[str, Any]
    summary: dict[str, Any]

    @property
    def game(self) -> Game:
        """The live game."""
        ...


class Replay:
    """The replay of a widget: the game shown at ``replay_at``, the ``timeline`` and the
    ``summary`` traits (a part of :class:`~.widget.CatanWidget`, which holds the traits).
    """

    def __init__(self, widget: ReplayWidget) -> None:
        """The replay of ``widget``."""
        self._widget = widget
        self.only = False
        """The widget only replays (``replay_at`` may not go back to None)."""
        self._timeline: Timeline | None = None
        self._timeline_key: tuple[int, int] | None = None
        self._summary_key: tuple[int, int] | None = None
        self._summary: dict[str, Any] = {}

    def _the_timeline(self) -> Timeline:
        """The timeline of the game as it is now (rebuilt when the game has changed)."""
        g = self._widget.game
        key = (id(g), len(g.history))
        if self._timeline is None or self._timeline_key != key:
            self._timeline, self._timeline_key = Timeline(g), key
        return self._timeline

    def shown(self) -> Game:
        """The game to draw: the live game, or the replay at ``replay_at`` (never to be stepped)."""
        at = self._widget.replay_at
        if at is None:
            return self._widget.game
        timeline = self._the_timeline()
        return timeline.view_at(min(at, len(timeline)))

    def _timeline_json(self) -> dict[str, Any]:
        if self._widget.replay_at is None:
            return {}
        t = self._the_timeline()
        return {
            "length": len(t),
            "turns": t.turn_starts(),
            "marks": {kind: t.marks(kind) for kind in MARKS},
            "locked": self.only,
        }

    def check_at(self, game: Game, value: Any) -> int | None:
        """A valid ``replay_at`` for ``game``; raises ValueError otherwise."""
        if value is None:
            if self.only:
                raise ValueError("this widget only replays: choose a position 0..end")
            return None
        if type(value) is not int or value < 0:
            end = len(game.history)
            raise ValueError(f"replay_at is a position 0..{end} or None, got {short(value, 40)}")
        return min(value, len(game.history))

    def refresh_traits(self) -> None:
        """Send the timeline when a replay starts or ends, and the summary when the shown game is over."""
        w = self._widget
        timeline = self._timeline_json()
        if timeline != w.timeline:
            w.timeline = timeline
        shown = self.shown()
        if shown.is_over:
            key = (id(w.game), len(shown.history))
            if self._summary_key != key:
                from ..plots.summary import summary_data

                self._summary, self._summary_key = summary_data(shown), key
            if w.summary is not self._summary:
                w.summary = self._summary
        elif w.summary:
            w.summary = {}


def counting_json(obs: Observation, shown: list[dict[str, Any]], *, language: str | None = None) -> None:
    """Add the viewer's card counting to the players of a ``state`` trait, in place.

    For every opponent of the observing seat: ``known`` (the resources the seat knows they
    hold, zeros left out) and ``unknown`` (how many of their cards it cannot name); for the
    seat itself, ``counting``: the box's heading in ``language`` ("What you know": the box is
    always the reader's own).  Read from the observation only, so nothing the seat could not
    know is added.
    """
    if obs.seat is None:
        return
    for p, out in zip(obs.players, shown):
        if p.seat == obs.seat:
            # TRANSLATORS: the heading of the box listing the cards the reader knows others hold
            out["counting"] = words(tr("What you know"), language)
            continue
        out["known"] = {r: n for r, n in zip(("lumber", "brick", "wool", "grain", "ore"), p.known) if n}
        out["unknown"] = p.unknown
