"""The widget's game review (:class:`Reviews`, a part of :class:`~.widget.CatanWidget`).

At the end of a game the summary offers "Review this game"; the front-end sends
``{"type": "review", "run": true}`` (``false`` cancels).  The review (:func:`catan_widget.review`,
all-seeing analysis of a finished game) runs on a worker thread, so the kernel's event loop
goes on answering (the bar moves, Cancel is heard); with no running loop (plain Python, tests)
it runs at once.  The ``review`` trait (Python → front-end):

* ``{}``: none asked for;
* ``{"state": "running", "done": d, "total": n}``: under way (``d`` of ``n`` moves graded);
* ``{"state": "cancelled"}`` / ``{"state": "failed"}`` (``state.error`` says why);
* ``{"state": "done", ...}``: :func:`review_json` — each seat's win chance at every position,
  the accuracy, the key moments and the graded moves with the better one, words in the widget's
  language (worded again when it changes).

A review is of one game as it was: a new move or another game makes it old news (``{}``).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any, Protocol

from ..engine import Game
from ..engine.actions import action_to_dict
from ..engine.language import Words, tr, words
from ..engine.registry import error_text
from ..reviews import Review, ReviewCancelledError, review
from ..reviews.words import grade_words
from .protocol import IntentError, check_size, short

logger = logging.getLogger("catan_widget")

#: the grades whose moves are marked on the timeline's strip (and their better move ringed)
MARKED = ("inaccuracy", "mistake", "blunder")


def parse_review(msg: object) -> bool:
    """``{"type": "review", "run": true|false}``: start (true) or cancel (false) the review of
    the finished game.  Raises IntentError.
    """
    if not isinstance(msg, dict):
        raise IntentError("Refused a review message that is not an object.")
    check_size(msg)
    if sorted(msg) != ["run", "type"]:
        raise IntentError("Refused a review message: it takes exactly the fields run, type.")
    run = msg["run"]
    if type(run) is not bool:
        raise IntentError(f"Refused a review message: run must be true or false, got {short(run)}.")
    return run


def review_json(r: Review, language: str) -> dict[str, Any]:
    """The ``review`` trait of a finished review, its words in ``language``."""
    return {
        "state": "done",
        "names": list(r.names),
        "chances": [[round(c, 3) for c in row] for row in r.chances],
        "turns": list(r.turns),
        "accuracy": [None if a is None else round(a, 1) for a in r.accuracy],
        "moments": [{"at": m.index, "seat": m.seat, "text": m.words(language)} for m in r.moments],
        "marks": [
            {
                "at": d.index,
                "seat": d.seat,
                "grade": d.grade,
                "grade_words": words(grade_words(d.grade), language),
                "best": action_to_dict(d.best),
                "text": list(r.explain(d, language)),
            }
            for d in r.decisions
            if d.grade in MARKED
        ],
    }


class ReviewsWidget(Protocol):
    """What :class:`Reviews` needs from the widget: its game, language and ``review`` trait."""

    review: dict[str, Any]
    language: str

    @property
    def game(self) -> Game:
        """The live game."""
        ...

    def _publish(self, error: Words | None = None) -> None: ...


class Reviews:
    """Runs the review of the widget's finished game on request, one at a time."""

    def __init__(self, widget: ReviewsWidget) -> None:
        """The reviews of ``widget`` (whose ``review`` trait this part sets)."""
        self._widget = widget
        self._cancel: threading.Event | None = None
        self._done: tuple[tuple[int, int], Review] | None = None

    def _key(self) -> tuple[int, int]:
        g = self._widget.game
        return (id(g), len(g.history))

    def handle(self, msg: object) -> bool:
        """Start or cancel the review (the front-end's message); True when accepted."""
        run = parse_review(msg)
        if not run:
            if self._cancel is not None:
                self._cancel.set()
            return True
        if not self._widget.game.is_over:
            raise IntentError(tr("The game is not over: it can be reviewed once it ends."), logging.INFO)
        self.start()
        return True

    def start(self) -> None:
        """Review the game now (on a worker thread when the kernel's loop runs)."""
        w = self._widget
        if self._cancel is not None:
            return  # one at a time: the one under way answers
        key = self._key()
        if self._done is not None and self._done[0] == key:
            w.review = review_json(self._done[1], w.language)
            return
        game, cancel = w.game.fork(), threading.Event()
        total = len(game.history)
        self._cancel = cancel
        w.review = {"state": "running", "done": 0, "total": total}
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:
            self._finish(key, self._run(game, cancel, lambda d, n: self._progress(key, d, n)))
            return

        def progress(done: int, n: int) -> bool:
            loop.call_soon_threadsafe(self._progress, key, done, n)
            return not cancel.is_set()

        def work() -> None:
            result = self._run(game, cancel, progress)
            loop.call_soon_threadsafe(self._finish, key, result)

        threading.Thread(target=work, name="catan-review", daemon=True).start()

    @staticmethod
    def _run(game: Game, cancel: threading.Event, progress: Any) -> Review | BaseException:
        try:
            return review(game, progress=progress, cancel=cancel)
        except BaseException as exc:  # handed to the loop's thread, which says what happened
            return exc

    def _progress(self, key: tuple[int, int], done: int, total: int) -> None:
        w = self._widget
        if self._cancel is not None and key == self._key():
            w.review = {"state": "running", "done": done, "total": total}

    def _finish(self, key: tuple[int, int], result: Review | BaseException) -> None:
        w = self._widget
        self._cancel = None
        if isinstance(result, Review):
            self._done = (key, result)
            w.review = review_json(result, w.language) if key == self._key() else {}
        elif isinstance(result, ReviewCancelledError):
            w.review = {"state": "cancelled"}
        else:
            logger.error("catan_widget: the review failed: %s", error_text(result))
            w.review = {"state": "failed"}
            # TRANSLATORS: {error} is a program's error message, in English
            w._publish(error=tr("The review failed: {error}", error=error_text(result)))

    def game_changed(self) -> None:
        """A move or another game: the review shown is old news."""
        w = self._widget
        current = self._done is not None and self._done[0] == self._key()
        if w.review and w.review.get("state") != "running" and not current:
            w.review = {}

    def reword(self) -> None:
        """The language changed: the review's words again."""
        w = self._widget
        if self._done is not None and self._done[0] == self._key() and w.review.get("state") == "done":
            w.review = review_json(self._done[1], w.language)
