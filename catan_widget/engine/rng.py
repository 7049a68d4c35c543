"""A tiny seeded random number generator whose whole state is one integer.

SplitMix64: fast in pure Python, identical on every platform and Python version, and trivially
copied by ``fork()`` and saved in JSON.  Every random thing in a game flows from one of these.
"""

from __future__ import annotations

from typing import Final

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64 generator; ``state`` is a 64-bit integer."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        """Start from any integer seed (negative and huge seeds are folded to 64 bits)."""
        self.state = seed & _MASK

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = s = (self.state + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0..n-1`` (``n >= 1``)."""
        return (self.next64() * n) >> 64

    def die(self) -> int:
        """One six-sided die."""
        return ((self.next64() * 6) >> 64) + 1

    def shuffle(self, items: list) -> None:  # type: ignore[type-arg]
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def spawn(self, salt: int) -> Rng:
        """An independent generator derived from this one's state and ``salt`` (no draw)."""
        child = Rng(self.state ^ ((salt * _GOLDEN) & _MASK))
        child.next64()
        return child
