"""A tiny seeded random number generator whose whole state is one integer.

SplitMix64: fast in pure Python, identical on every platform and Python version, and trivially
copied by ``fork()`` and saved in JSON.  Every random thing in a game flows from one of these.
"""

from __future__ import annotations

from types import FunctionType
from typing import Final

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_M32: Final = 0xFFFFFFFF


class Rng:
    """SplitMix64 generator; ``state`` is a 64-bit integer.

    Compiled, the state lives in two 32-bit halves (``hi``, ``lo``), so a draw is all small-int
    arithmetic; interpreted, it lives in one integer (``whole``), where CPython's big-integer
    arithmetic is the faster form.  Only the form in use is kept current; ``state`` reads it.
    """

    __slots__ = ("hi", "lo", "whole")

    def __init__(self, seed: int) -> None:
        """Start from any integer seed (negative and huge seeds are folded to 64 bits)."""
        s = seed & _MASK
        self.whole = s
        self.hi = s >> 32
        self.lo = s & _M32

    @property
    def state(self) -> int:
        """The whole state as one 64-bit integer (what saves and forks carry)."""
        if LIMBS:
            return (self.hi << 32) | self.lo
        return self.whole

    @state.setter
    def state(self, value: int) -> None:
        s = value & _MASK
        self.whole, self.hi, self.lo = s, s >> 32, s & _M32

    def __reduce__(self) -> tuple[type[Rng], tuple[int]]:
        """Pickled as its state: a generator seeded with its state is in that state (the
        compiled class is native, which pickle cannot take apart by itself).
        """
        return (Rng, (self.state,))

    def clone(self) -> Rng:
        """An independent generator in the same state."""
        if not LIMBS:
            return Rng(self.whole)
        other = Rng(0)
        other.hi = self.hi
        other.lo = self.lo
        return other

    def next64(self) -> int:
        """The next 64-bit output."""
        if LIMBS:
            hi, lo = self._advance()
            hi, lo = _draw(hi, lo)
            return (hi << 32) | lo
        self.whole = s = (self.whole + _GOLDEN) & _MASK
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def _advance(self) -> tuple[int, int]:
        """Step the halves by the golden gamma (compiled form); returns them."""
        lo = self.lo + 0x7F4A7C15  # _GOLDEN's low half
        hi = (self.hi + 0x9E3779B9 + (lo >> 32)) & _M32
        lo &= _M32
        self.hi = hi
        self.lo = lo
        return hi, lo

    def below(self, n: int) -> int:
        """A uniform integer in ``0..n-1`` (``n >= 1``)."""
        if LIMBS and n < 1 << 20:
            hi, lo = self._advance()
            hi, lo = _draw(hi, lo)
            return (times(hi, n) + (times(lo, n) >> 32)) >> 32
        return (self.next64() * n) >> 64

    def die(self) -> int:
        """One six-sided die."""
        if LIMBS:
            return self.below(6) + 1
        return ((self.next64() * 6) >> 64) + 1

    def shuffle(self, items: list) -> None:  # type: ignore[type-arg]
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def spawn(self, salt: int) -> Rng:
        """An independent generator derived from this one's state and ``salt`` (no draw)."""
        if LIMBS:
            s = salt & _MASK
            hi, lo = _mul(s >> 32, s & _M32, 0x7C15, 0x7F4A, 0x79B9, 0x9E37)  # _GOLDEN
            child = Rng(self.state ^ ((hi << 32) | lo))
        else:
            child = Rng(self.state ^ ((salt * _GOLDEN) & _MASK))
        child.next64()
        return child


def _xorshift(hi: int, lo: int, k: int) -> tuple[int, int]:
    """``z ^ (z >> k)`` on the 32-bit halves of ``z`` (``0 < k < 32``)."""
    return hi ^ (hi >> k), lo ^ (lo >> k) ^ ((hi & ((1 << k) - 1)) << (32 - k))


def times(x: int, n: int) -> int:
    """``x * n`` for ``x < 2**32`` and ``n < 2**20`` as two products of 16-bit limbs: every
    operand stays in mypyc's short-int range.  A product of a larger operand goes through
    CPython's big-integer multiply, which checks for signals: compiled code takes its NULL for
    out-of-memory and aborts the process on a keyboard interrupt.
    """
    return ((x >> 16) * n << 16) + (x & 0xFFFF) * n


def _mul(hi: int, lo: int, c0: int, c1: int, c2: int, c3: int) -> tuple[int, int]:
    """``z * c mod 2**64`` on 32-bit halves, ``c`` in 16-bit limbs (every product < 2**34)."""
    x0, x1, x2, x3 = lo & 0xFFFF, lo >> 16, hi & 0xFFFF, hi >> 16
    r0 = x0 * c0
    r1 = x1 * c0 + x0 * c1
    r2 = x2 * c0 + x1 * c1 + x0 * c2
    r3 = x3 * c0 + x2 * c1 + x1 * c2 + x0 * c3
    low = r0 + ((r1 & 0xFFFF) << 16)
    return ((r1 >> 16) + r2 + ((r3 & 0xFFFF) << 16) + (low >> 32)) & _M32, low & _M32


def _draw(hi: int, lo: int) -> tuple[int, int]:
    """SplitMix64's output mix of the (already advanced) state, on 32-bit halves."""
    hi, lo = _xorshift(hi, lo, 30)
    hi, lo = _mul(hi, lo, 0xE5B9, 0x1CE4, 0x476D, 0xBF58)  # 0xBF58476D1CE4E5B9
    hi, lo = _xorshift(hi, lo, 27)
    hi, lo = _mul(hi, lo, 0x11EB, 0x1331, 0x49BB, 0x94D0)  # 0x94D049BB133111EB
    return _xorshift(hi, lo, 31)


LIMBS: Final = not isinstance(_draw, FunctionType)
"""True when this module is compiled (mypyc's functions are not Python functions): draws then
use 32-bit halves (:func:`_draw`), mypyc's small-int arithmetic instead of allocating big
integers; interpreted, the big-integer form is the faster one.  The same numbers either way."""
