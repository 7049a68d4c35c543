"""One update of a widget's view: :class:`Publisher`, the part that builds and sends ``state``
and ``legal`` in the widget's language, and decides whose view they show.

Every change (a move, a setting, a language, a refused message) ends in one :meth:`publish`:
a new version, the hot-seat hand-over, the viewer, one observation (:func:`.view.observations`)
and the traits made from it.  The log's lines are worded here, in the widget's language, from
the shown game's events (:class:`LogTail`: each line once per language and viewer), so a
change of language rewords the whole view without touching the game.
"""

from __future__ import annotations

import threading
from typing import Any, Protocol

from ..engine import Game
from ..engine.language import Words
from ..engine.rules.events import Event
from ..engine.viewer import ONLOOKER
from ..engine.words.log import TEACHER, describe
from .clicks import Clicks
from .replay import Replay, counting_json
from .runner import BotRunner
from .seats import Seats
from .undo import UndoStack
from .view import LOG_TAIL, legal_json, observations, state_json

__all__ = ["LogTail", "PublishWidget", "Publisher"]


class PublishWidget(Protocol):
    """What :class:`Publisher` needs from the widget: its game, settings and traits."""

    view: int | None
    replay_at: int | None
    show_counting: bool
    language: str
    state: dict[str, Any]
    legal: dict[str, Any]
    _trait_values: dict[str, Any]

    @property
    def game(self) -> Game:
        """The live game."""
        ...

    def send_state(self, key: str | list[str] | None = None) -> None:
        """Send these traits to the front-end."""
        ...

    def hold_sync(self) -> Any:
        """A context in which the traits set are sent as one message."""
        ...


class LogTail:
    """The newest lines of a game's log for one viewer in one language, each worded once (a
    line is kept while its event is the same object at the same place in the log).
    """

    def __init__(self) -> None:
        """No line worded yet."""
        self._key: tuple[object, ...] | None = None
        self._lines: dict[int, tuple[Event, str]] = {}

    def lines(
        self, game: Game, viewer: int, language: str, tail: int = LOG_TAIL, reader: int | None = None
    ) -> list[str]:
        """The newest ``tail`` lines of ``game``'s log as ``viewer`` (a seat, ``TEACHER`` or
        ``ONLOOKER``) reads it, in ``language``; ``reader``: the seat addressed in the second
        person when it is not the viewer's (:func:`~catan_widget.engine.words.log.describe`).
        """
        names, board, events = game.names, game.board, game.events
        key = (viewer, reader, language, tuple(names), board)
        if key != self._key:
            self._key, self._lines = key, {}
        start = max(0, len(events) - tail)
        kept, out = self._lines, []
        fresh: dict[int, tuple[Event, str]] = {}
        for i in range(start, len(events)):
            e = events[i]
            found = kept.get(i)
            if found is None or found[0] is not e:
                found = (e, describe(e, names, board, viewer, language=language, reader=reader))
            fresh[i] = found
            out.append(found[1])
        self._lines = fresh
        return out


class Publisher:
    """Builds and sends the widget's ``state`` and ``legal`` (one version per update), and
    decides whose view they show (a part of :class:`~.widget.CatanWidget`).
    """

    def __init__(
        self,
        widget: PublishWidget,
        seats: Seats,
        replay: Replay,
        undo: UndoStack,
        clicks: Clicks,
        runner: BotRunner,
    ) -> None:
        """The updates of ``widget``, whose parts are given."""
        self._widget, self._seats, self._replay = widget, seats, replay
        self._undo, self._clicks, self._runner = undo, clicks, runner
        self.version = 0
        """The version of the newest update (``state.version``)."""
        self.drawing = threading.RLock()
        """Held while an update is made: a game stepped on two threads draws one at a time."""
        self._log = LogTail()

    def acting_human(self) -> int | None:
        """The human at this screen who must act now (None: a bot must, or the game is over)."""
        return self._seats.acting(self._widget.game)

    def replaying(self) -> bool:
        """True while a past position is shown (``replay_at`` set)."""
        return self._widget.replay_at is not None

    def handover(self) -> int | None:
        """In hot-seat, the human who must act next but has not taken the screen yet."""
        return self._seats.handover(self._widget.game, self._widget.view, self.replaying())

    def current_viewer(self) -> int | None:
        """Whose view is shown: the ``view`` setting, else the teacher's (every hand) for a
        teacher, bots alone or a finished game, the single human, or in hot-seat the human who
        must act (nobody's hand until they take the screen).
        """
        w = self._widget
        if w.view is not None:
            return w.view
        humans = self._seats.humans
        if self._seats.teacher or not humans or w.game.is_over:
            return TEACHER
        if len(humans) == 1:
            return humans[0]
        if self.handover() is not None:
            return None  # nobody's hand until the next human takes the screen
        return self.acting_human()

    def _expire_view(self) -> None:
        """In hot-seat, a view picked by one human ends when another human must act.  Called by
        the update under way, which draws it: the trait is set without its observer and sent.
        """
        w = self._widget
        if self._seats.view_expired(w.game, w.view):
            w._trait_values["view"] = None
            w.send_state("view")

    def publish(self, error: Words | None = None) -> None:
        """Send a new ``state`` and ``legal`` (one version), worded in the widget's language;
        ``error`` (a message) is shown in ``state.error``, else why the bots are paused.
        """
        w = self._widget
        with self.drawing:
            self.version += 1
            replaying = self.replaying()
            if not replaying:  # a replay is watched: no hand-over between seats
                self._expire_view()
            handover = self.handover()
            g = self._replay.shown()
            acting = None if replaying or handover is not None else self.acting_human()
            viewer = self.current_viewer()
            humans = self._seats.humans
            alone = humans[0] if len(humans) == 1 else None
            marks_seat = next((s for s in (handover, acting) if s is not None), alone)
            obs, controls = observations(g, viewer, acting)  # everything shown comes from these
            language = w.language
            # the single human reads "You win" at the end, while every hand is shown
            reader = alone if viewer == TEACHER and not self._seats.teacher and w.view is None else None
            state = state_json(
                obs,
                self._seats.kinds,
                version=self.version,
                error=error or self._runner.fault,
                marks_seat=marks_seat,
                language=language,
                log=self._log.lines(g, ONLOOKER if viewer is None else viewer, language, reader=reader),
                reader=reader,
            )
            state["handover"] = None if handover is None else {"seat": handover, "name": obs.names[handover]}
            if w.show_counting and obs.seat is not None:
                counting_json(obs, state["players"], language=language)
            undo, why = self._undo.can_undo(acting), self._undo.reason(acting, language=language)
            legal = legal_json(
                controls, acting, version=self.version, undo=undo, undo_reason=why, language=language
            )
            self._clicks.published(self.version, legal["seat"])
            with w.hold_sync():
                self._replay.refresh_traits()
                w.state = state
                w.legal = legal
