"""House options of the rulebook §9, as one frozen value; and the seeds a game may take."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Final

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


SPECIAL_BUILDING: Final[tuple[str, ...]] = ("auto", "on", "off", "paired")
"""The values of :attr:`Rules.special_building` (the rulebook §11.1, §11.2)."""

LATER_OPTIONS: Final[dict[str, object]] = {"special_building": "auto"}
"""Options added after saves began, with the default that a save without the key means; a save
leaves them out at their default, so older saves stay byte for byte what they were."""


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
        strict_phases: classic order — no trading once something was built or bought this
            turn (Road Building's free roads count as building).
        friendly_robber: the robber may not go on a hex touching a player with 2 or fewer
            visible VP (the mover included), unless no other hex is possible.
        discard_limit: a 7 makes players holding more than this many cards discard half.
        special_building: what follows each turn (the rulebook §11.1, §11.2): ``"auto"`` the
            Special Building Phase with 5 or 6 players and nothing with 3 or 4; ``"on"`` /
            ``"off"`` the phase whatever the number of players, or never; ``"paired"`` the
            paired players' house rule instead (one paired seat builds and trades with the bank).
    """

    vp_to_win: int = 10
    red_numbers_may_touch: bool = False
    spiral_tokens: bool = False
    shuffle_harbors: bool = True
    robber_may_return_to_desert: bool = True
    strict_phases: bool = False
    friendly_robber: bool = False
    discard_limit: int = 7
    special_building: str = "auto"

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            expected = int if f.type in ("int", int) else str if f.type in ("str", str) else bool
            if type(value) is not expected:
                raise TypeError(f"Rules.{f.name} must be {expected.__name__}, got {value!r}")
        if not 3 <= self.vp_to_win <= 30:
            raise ValueError(f"Rules.vp_to_win must be between 3 and 30, got {self.vp_to_win}")
        if not 0 <= self.discard_limit <= 95:
            raise ValueError(f"Rules.discard_limit must be 0..95, got {self.discard_limit}")
        if self.special_building not in SPECIAL_BUILDING:
            allowed = ", ".join(map(repr, SPECIAL_BUILDING))
            got = f"{self.special_building!r:.40}"
            raise ValueError(f"Rules.special_building must be one of {allowed}, got {got}")

    def after_turn(self, players: int) -> str:
        """What follows each turn in a game of ``players``: ``"special"`` (the Special Building
        Phase), ``"paired"`` (the paired players' turn) or ``""`` (the next turn at once).
        """
        kind = self.special_building
        if kind == "auto":
            return "special" if players >= 5 else ""
        return {"on": "special", "off": "", "paired": "paired"}[kind]

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
        """The options as a plain dict (for saves); an option of :data:`LATER_OPTIONS` at its
        default is left out.
        """
        out = asdict(self)
        for name, default in LATER_OPTIONS.items():
            if out[name] == default:
                del out[name]
        return out

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
