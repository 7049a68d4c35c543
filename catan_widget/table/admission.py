"""Who gets a connection at a table: the slots of each link, of the spectators and of the
sockets still before their hello (docs/table-protocol.md).

Every seat's link (and the teacher's) holds up to :data:`PER_LINK` connections of its own — its
tabs and devices — reserved for it: nobody else can take them, so a seat's own link is never
refused because strangers hold the table's connections.  The spectators share a budget of their
own, :data:`SPECTATORS` connections and :data:`SPECTATOR_RATE` frames a second between them all,
that no seat ever draws on.  A socket before its hello holds one of :data:`PENDING` slots of its
own; when they are all taken, a new socket closes the oldest of them (which still has its hello
timeout), so a flood of sockets without a token cannot keep a seat's link from saying hello.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final, Protocol, TypeVar

from ..engine.language import trc
from . import codes
from .limits import BURST, RATE_PER_SECOND, Clock, TokenBucket

__all__ = ["FULL", "LINK_FULL", "PENDING", "PER_LINK", "SPECTATORS", "SPECTATOR_RATE", "Admission"]

PER_LINK: Final = 4
"""Connections one seat's link (or the teacher's) holds at once; one more is closed with 4503."""
SPECTATORS: Final = 32
"""Connections the spectators' link holds at once, all spectators together."""
SPECTATOR_RATE: Final = RATE_PER_SECOND
"""Frames a second all the spectators of a table may send together (a burst of :data:`BURST`)."""
PENDING: Final = 16
"""Sockets of one table before their hello; one more closes the oldest of them."""

# TRANSLATORS: why the server closed a connection (a WebSocket close reason: keep it short)
FULL: Final = trc("close reason", "table full")
"""Why a spectator past the spectators' budget, or a socket pushed out before its hello, is closed."""
# TRANSLATORS: why the table closed a connection (a WebSocket close reason: keep it short)
LINK_FULL: Final = trc("close reason", "this link is open on too many devices")
"""Why one more connection on a link that holds :data:`PER_LINK` already is closed."""


class Slot(Protocol):
    """What admission reads of a connection (:class:`~.connection.Connection`)."""

    role: str | None
    seat: int | None
    closed: bool

    @property
    def authenticated(self) -> bool:
        """True once its hello was accepted (and until it closes)."""
        ...


S = TypeVar("S", bound=Slot)


@dataclass
class Admission:
    """The slots of one table's connections.

    Args:
        per_link: connections each seat's link, and the teacher's, holds at once.
        spectators: connections the spectators' link holds at once.
        pending: sockets before their hello.
        spectator_rate: frames a second all spectators may send together.
    """

    per_link: int = PER_LINK
    spectators: int = SPECTATORS
    pending: int = PENDING
    spectator_rate: float = SPECTATOR_RATE
    _bucket: TokenBucket | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        for name in ("per_link", "spectators", "pending"):
            value = getattr(self, name)
            if type(value) is not int or value < 1:
                raise ValueError(f"{name} must be a whole number of at least 1, got {value!r}")
        if not self.spectator_rate > 0:
            raise ValueError("spectator_rate must be above 0")

    def spectators_may_send(self, clock: Clock) -> bool:
        """Take one frame from the spectators' shared budget; False when it is spent."""
        if self._bucket is None:
            self._bucket = TokenBucket(self.spectator_rate, BURST, clock)
        return self._bucket.take()

    def crowded(self, connections: Sequence[S]) -> S | None:
        """The oldest socket before its hello when those already hold every pending slot (to close
        before one more is let in), else None.
        """
        waiting = [c for c in connections if c.role is None and not c.closed]
        return waiting[0] if len(waiting) >= self.pending else None

    def admits(self, role: str, seat: int | None, connections: Sequence[Slot]) -> bool:
        """True when one more connection of ``role`` (and ``seat``) fits its own slots."""
        same = sum(1 for c in connections if c.authenticated and c.role == role and c.seat == seat)
        if role == codes.SPECTATOR:
            return same < self.spectators
        return same < self.per_link
