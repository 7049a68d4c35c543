"""What one connection may send: the size of a frame, the rate of frames (a token bucket), how
long it may wait before its hello and how many refusals in a row it gets before it is closed
(docs/table-protocol.md).  Who gets a connection at all is :mod:`.admission`'s.
"""

from __future__ import annotations

import time
from typing import Final

from ..widget.runner import Clock

MAX_FRAME: Final = 16 * 1024
"""The largest client frame, in bytes (UTF-8)."""
RATE_PER_SECOND: Final = 20.0
"""Frames a client may send per second on average."""
BURST: Final = 40
"""Frames a client may send at once (the bucket's size)."""
HELLO_SECONDS: Final = 10.0
"""Seconds a new connection has to send its hello."""
REFUSALS_IN_A_ROW: Final = 50
"""Refused frames in a row after which the connection is closed."""
__all__ = [
    "BURST",
    "HELLO_SECONDS",
    "MAX_FRAME",
    "RATE_PER_SECOND",
    "REFUSALS_IN_A_ROW",
    "Clock",
    "TokenBucket",
]


def too_big(frame: str | bytes) -> bool:
    """True when ``frame`` is over :data:`MAX_FRAME` bytes (a text is measured as UTF-8)."""
    if len(frame) > MAX_FRAME:
        return True
    return isinstance(frame, str) and len(frame.encode("utf-8", "surrogatepass")) > MAX_FRAME


class TokenBucket:
    """``rate`` frames a second on average, ``burst`` at once."""

    def __init__(
        self, rate: float = RATE_PER_SECOND, burst: int = BURST, clock: Clock = time.monotonic
    ) -> None:
        """A full bucket."""
        self._rate, self._burst, self._clock = rate, float(burst), clock
        self._tokens = float(burst)
        self._at = clock()

    def take(self) -> bool:
        """Take one frame's token; False when the bucket is empty (the frame is refused)."""
        now = self._clock()
        self._tokens = min(self._burst, self._tokens + max(0.0, now - self._at) * self._rate)
        self._at = now
        if self._tokens < 1.0:
            return False
        self._tokens -= 1.0
        return True


class RefusalStreak:
    """Counts refused frames in a row; an accepted frame starts the count again."""

    def __init__(self, limit: int = REFUSALS_IN_A_ROW) -> None:
        """No refusal yet."""
        self.limit = limit
        self.count = 0

    def refused(self) -> bool:
        """One more refusal; True once the limit is reached (close the connection)."""
        self.count += 1
        return self.count >= self.limit

    def accepted(self) -> None:
        """A frame was accepted."""
        self.count = 0
