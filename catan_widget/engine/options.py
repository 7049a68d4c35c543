"""House options of the rulebook §9, as one frozen value; and the seeds a game may take."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

SEED_BITS = 64
"""A seed is a whole number of at most this many bits: ``-2**64 < seed < 2**64``.

The game's generator folds any seed to 64 bits (:class:`~.rng.Rng`), so a larger one adds
nothing; every signed or unsigned 64-bit value is a seed, and so is every seed ``Game()``
draws (``0 <= seed < 2**63``).  Saves and ``Game(seed=...)`` refuse a longer one."""


def check_seed(seed: object) -> int:
    """``seed`` if it is a seed (an int of at most :data:`SEED_BITS` bits); raises TypeError
    for anything but an int and ValueError for a longer one, saying the rule.
    """
    if type(seed) is not int:
        raise TypeError(f"a seed is a whole number, got {type(seed).__name__}")
    if seed.bit_length() > SEED_BITS:
        raise ValueError(
            f"a seed is a whole number of at most {SEED_BITS} bits (-2**{SEED_BITS} < seed < "
            f"2**{SEED_BITS}), got a {seed.bit_length()}-bit number"
        )
    return seed


@dataclass(frozen=True)
class Rules:
    """The switches a house may flip; the defaults are the official base game.

    Attributes:
        vp_to_win: victory points that win the game on one's own turn.
        red_numbers_may_touch: random boards may put 6 and 8 on neighbouring hexes.
        spiral_tokens: random boards lay tokens in the official spiral order (A–R) instead of
            shuffling them.
        shuffle_harbors: random boards shuffle harbor types over the 9 frame positions.
        robber_may_return_to_desert: the robber may be moved back onto the desert.
        strict_phases: classic order — no trading once something was built this turn.
        friendly_robber: the robber may not go on a hex touching a player (other than the mover)
            with 2 or fewer visible VP, unless no other hex is possible.
        discard_limit: a 7 makes players holding more than this many cards discard half.
    """

    vp_to_win: int = 10
    red_numbers_may_touch: bool = False
    spiral_tokens: bool = False
    shuffle_harbors: bool = True
    robber_may_return_to_desert: bool = True
    strict_phases: bool = False
    friendly_robber: bool = False
    discard_limit: int = 7

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            expected = int if f.type in ("int", int) else bool
            if type(value) is not expected:
                raise TypeError(f"Rules.{f.name} must be {expected.__name__}, got {value!r}")
        if not 3 <= self.vp_to_win <= 30:
            raise ValueError(f"Rules.vp_to_win must be between 3 and 30, got {self.vp_to_win}")
        if not 0 <= self.discard_limit <= 95:
            raise ValueError(f"Rules.discard_limit must be 0..95, got {self.discard_limit}")

    def board_options(self) -> dict[str, bool]:
        """The options that shape a random board, as keywords of
        :func:`catan_widget.engine.board.layouts.random_board` (and ``seeded_board``).
        """
        return {
            "spiral_tokens": self.spiral_tokens,
            "red_numbers_may_touch": self.red_numbers_may_touch,
            "shuffle_harbors": self.shuffle_harbors,
        }

    def to_dict(self) -> dict[str, Any]:
        """The options as a plain dict (for saves)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """Rebuild from :meth:`to_dict` output; unknown keys are an error."""
        if not isinstance(data, dict):
            raise ValueError("rules must be an object")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown rules option(s): {', '.join(map(str, unknown))}")
        return cls(**data)
