"""Offers never stall the game: an open offer that waits on a human at this screen is answered
for them when they cannot accept it (at once) or let it run out (``offer_timeout`` seconds).

A part of :class:`~.widget.CatanWidget`.  The answer is a real ``DeclineTrade`` stepped on the
game by the bot runner (:mod:`.runner`), like any move: saves and replays stay exact, and only
*when* it comes depends on the clock.  Whether the human can accept is the engine's call: the
refusal of ``AcceptTrade`` for that seat, by its code; its sentence is what the widget shows.
The countdown is off for a teacher's view (``teacher=True``) and with ``offer_timeout=None``;
it starts once the human has the screen (after a hot-seat hand-over).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

from ..engine import AcceptTrade, Game, Refusal
from .seats import Seats

OFFER_TIMEOUT = 9.0
"""Seconds a human has to answer an offer before the widget declines it for them (the default:
long enough to read it, short enough not to hold the table; a teacher's view has none)."""

CANNOT_ACCEPT = "cards_not_held"
"""The refusal code of ``AcceptTrade`` when the hand lacks the cards asked."""


class OffersWidget(Protocol):
    """What :class:`Offers` needs from the widget: its game and the hot-seat hand-over."""

    @property
    def game(self) -> Game:
        """The live game."""
        ...

    def _handover(self) -> int | None: ...


class Offers:
    """When the widget answers an offer for the human it waits on, and why."""

    def __init__(
        self,
        widget: OffersWidget,
        seats: Seats,
        timeout: float | None = OFFER_TIMEOUT,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """The offers to ``seats``' humans; ``timeout``: seconds before a decline (None: never),
        timed by ``clock``.
        """
        self._widget, self._seats = widget, seats
        self.timeout = timeout
        self._clock = clock
        self._since: tuple[tuple[object, object, int], float] | None = None
        """The position an offer waits on a human at (the game, its state object, its moves) and
        when it began to: a restore or a staged position at the same number of moves is another
        position (a new state object), and its offer gets a countdown of its own."""

    def waiting(self) -> int | None:
        """The human at this screen the open offer waits on (None: it waits on nobody here)."""
        g = self._widget.game
        if g.phase != "trade_response":
            return None
        return self._seats.acting(g)

    def cannot_accept(self) -> Refusal | None:
        """Why the human the offer waits on cannot accept it (their hand lacks the cards asked),
        in the engine's words; None when they can, or when it waits on nobody here.
        """
        seat = self.waiting()
        if seat is None:
            return None
        found = self._widget.game.refusal(AcceptTrade(), seat)
        return found if found is not None and found.code == CANNOT_ACCEPT else None

    def due_in(self) -> float | None:
        """Seconds before the widget declines the offer for the human it waits on: 0 when they
        cannot accept it, the countdown's seconds left otherwise; None when no decline is due
        (no offer waits on a human here, the countdown is off, or the screen is being handed over).
        """
        if self.waiting() is None:
            return None
        if self.cannot_accept() is not None:
            return 0.0
        left = self.countdown()
        return None if left is None else max(0.0, left)

    def countdown(self) -> float | None:
        """The countdown's seconds left (negative once run out), started the first time it is
        asked for this position (a changed ``timeout`` applies at once); None when none runs.
        """
        g = self._widget.game
        if self.timeout is None or self._seats.teacher or self._widget._handover() is not None:
            return None
        at = len(g.history)
        now = self._clock()
        since = self._since
        if since is None or since[0][0] is not g or since[0][1] is not g.state or since[0][2] != at:
            since = self._since = ((g, g.state, at), now)  # holding both: their ids are not reused
        return since[1] + self.timeout - now
