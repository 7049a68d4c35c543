"""Forgiving clicks: what to do with a move made on an older view of the game.

Every intent echoes the ``state.version`` it was made on.  Settings (theme, view, pips, ...)
publish new versions too, but they do not change the game, so a click made before them is as good
as a current one: :class:`Clicks` keeps the versions published since the game last changed
(``fresh``).  A click made before the game changed is *stale*, and then:

* a repeat of the last move its seat made since that view (a double click, a replayed message)
  is dropped silently: it was done already;
* a move its seat may still make now goes through, as if made now;
* anything else is refused with the engine's sentence (``Game.refusal``): why that move cannot
  be made now, in plain words (a message, worded in the reader's language where it is shown).

Either way the widget publishes again, so the front-end resyncs.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from ..engine import Game
from ..engine.words.reasons import waiting
from .protocol import STALE, Intent, IntentError
from .undo import UndoStack

KEEP = 64
"""How many recent versions are remembered (who could act on each)."""


@dataclass
class Clicks:
    """The versions this widget published, who could act on each, and each seat's last move."""

    fresh: set[int] = field(default_factory=set)
    """Versions published since the game last changed: a click on any of them is current."""
    _seat_at: dict[int, int | None] = field(default_factory=dict)
    _last: dict[int, tuple[int, Intent]] = field(default_factory=dict)

    def published(self, version: int, seat: int | None) -> None:
        """``version`` was sent, with ``seat`` the human who could act on it (None: nobody)."""
        self.fresh.add(version)
        self.fresh.discard(version - KEEP)
        self._seat_at[version] = seat
        self._seat_at.pop(version - KEEP, None)

    def moved(self) -> None:
        """The game changed: clicks made on the versions published so far are stale."""
        self.fresh.clear()

    def reset(self) -> None:
        """Another game (or one edited in place): no click made so far can be placed any more."""
        self.fresh.clear()
        self._seat_at.clear()
        self._last.clear()

    def made(self, seat: int, version: int, intent: Intent) -> None:
        """``seat``'s ``intent`` was carried out while ``version`` was the newest view."""
        self._last[seat] = (version, intent)

    def forgive(
        self, intent: Intent, version: int, game: Game, acting: int | None, undo: UndoStack
    ) -> Intent | None:
        """A stale ``intent`` made on ``version``: the intent to carry out now, or None to drop it
        silently (a repeat of a move already made); raises :class:`IntentError` to refuse it.
        ``acting`` is the human who may act now (None: nobody), ``undo`` the widget's snapshots.
        """
        if version not in self._seat_at:
            raise IntentError(STALE, logging.INFO)  # never published here, or long ago
        seat = self._seat_at[version]
        if seat is None:
            raise IntentError(waiting(game.state, game.names).message, logging.INFO)
        last = self._last.get(seat)
        if last is not None and last[0] >= version and last[1] == intent:
            return None
        if seat != acting:
            raise IntentError(waiting(game.state, game.names).message, logging.INFO)
        if intent.kind == "undo":
            if not undo.can_undo(seat):
                raise IntentError(undo.why(seat), logging.INFO)
            return intent
        assert intent.action is not None
        found = game.refusal(intent.action, seat)
        if found is not None:
            raise IntentError(found.message, logging.INFO)
        return intent
