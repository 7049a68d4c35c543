"""What the other players did since a seat last moved ("since your last turn"), in one glance.

:func:`since_index` finds where that stretch of events begins (the widget's marks ring the same
moves on the board); :func:`since_last_turn` words it, one sentence per player who did something
(``"Bo rolled 8 and 5, built 2 roads and stole a card from you"``), from the events as the
reader sees them (:func:`.log.seen_by`: a hidden card stays unnamed).  The log
tells each move on its own line; this is the short form of the same events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..constants import DEV_CARDS, RESOURCES, card_words, cards_text
from ..rules.events import Event
from .log import HIDDEN_CARD, whom

__all__ = ["ACTS", "since_index", "since_last_turn", "since_title"]

ACTS: Final = frozenset(
    {"roll", "road", "settlement", "city", "buy", "play", "discard", "robber", "maritime", "offer"}
    | {"answer", "trade", "end_turn", "special_pass"}
)
"""Event kinds whose seat is the player who chose the move (so that seat acted)."""

_BUILDS: Final = ("road", "settlement", "city")


def since_index(events: Sequence[Event], seat: int | None) -> int:
    """Index of the first event after ``seat``'s last own move (0 when it never moved); for no
    seat (an onlooker), the first event of the previous turn.
    """
    if seat is not None:
        for i in range(len(events) - 1, -1, -1):
            e = events[i]
            if e[0] in ACTS and e[1] == seat:
                return i + 1
        return 0
    seen = 0
    for i in range(len(events) - 1, -1, -1):
        if events[i][0] == "end_turn":
            seen += 1
            if seen == 2:
                return i + 1
    return 0


def since_title(seat: int | None) -> str:
    """The heading of the summary: ``"Since your last turn"`` for a seat, ``"Since the previous
    turn"`` for no seat (what :func:`since_index` starts from).
    """
    return "Since your last turn" if seat is not None else "Since the previous turn"


def _and(parts: Sequence[str]) -> str:
    """``"a"``, ``"a and b"``, ``"a, b and c"``."""
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def _count(n: int, one: str, many: str) -> str:
    return one if n == 1 else f"{n} {many}"


class _Deeds:
    """One player's moves in the stretch, gathered by kind in the order they first came."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = names
        self.order: list[str] = []
        self.rolls: list[int] = []
        self.built = dict.fromkeys(_BUILDS, 0)
        self.bought = 0
        self.played: list[str] = []
        self.robbed: list[str] = []
        self.discarded = 0
        self.bank = 0
        self.traded: list[str] = []
        self.took: list[str] = []

    def add(self, e: Event) -> None:
        kind = e[0]
        group = "build" if kind in _BUILDS else kind
        if kind == "roll":
            self.rolls.append(e[2][0] + e[2][1])
        elif kind in _BUILDS:
            self.built[kind] += 1
        elif kind == "buy":
            self.bought += 1
        elif kind == "play":
            self.played.append("a knight" if DEV_CARDS[e[2]] == "knight" else card_words(e[2]))
        elif kind == "robber":
            victim, taken = e[3], e[4]
            if victim is None or taken == -1:
                self.robbed.append("moved the robber")
            elif taken == HIDDEN_CARD:
                self.robbed.append(f"stole a card from {whom(self.names[victim])}")
            else:
                self.robbed.append(f"stole 1 {RESOURCES[taken]} from {whom(self.names[victim])}")
        elif kind == "discard":
            self.discarded += sum(e[2])
        elif kind == "maritime":
            self.bank += 1
        elif kind == "trade":
            other = whom(self.names[e[2]])
            self.traded.append(f"traded {cards_text(e[3])} for {cards_text(e[4])} with {other}")
        elif kind in ("longest_road", "largest_army") and e[1] >= 0:
            self.took.append("took Longest Road" if kind == "longest_road" else "took Largest Army")
        else:
            return
        if group not in self.order:
            self.order.append(group)

    def phrases(self) -> list[str]:
        out: list[str] = []
        for group in self.order:
            if group == "roll":
                out.append(f"rolled {_and([str(t) for t in self.rolls])}")
            elif group == "build":
                names = {"road": ("a road", "roads"), "settlement": ("a settlement", "settlements")}
                names["city"] = ("a city", "cities")
                built = [_count(n, *names[k]) for k, n in self.built.items() if n]
                out.append(f"built {_and(built)}")
            elif group == "buy":
                out.append(f"bought {_count(self.bought, 'a development card', 'development cards')}")
            elif group == "play":
                out.append(f"played {_and(self.played)}")
            elif group == "robber":
                out.extend(self.robbed)
            elif group == "discard":
                out.append(f"discarded {_count(self.discarded, 'a card', 'cards')}")
            elif group == "maritime":
                out.append("traded with the bank" + ("" if self.bank == 1 else f" {self.bank} times"))
            elif group == "trade":
                out.extend(self.traded)
            else:
                out.extend(self.took)
        return out


def since_last_turn(events: Sequence[Event], names: Sequence[str], seat: int | None) -> tuple[str, ...]:
    """What the other players did since ``seat`` last moved (for no seat: since the previous
    turn began), one sentence per player in the order they first acted: rolls, builds, cards
    bought and played, the robber and its steals, discards, trades.  ``events`` are as the
    reader sees them (:func:`.log.seen_by`); empty when nobody else did anything.
    """
    deeds: dict[int, _Deeds] = {}
    for e in events[since_index(events, seat) :]:
        mover = e[1]
        if not isinstance(mover, int) or mover < 0 or mover == seat:
            continue
        deeds.setdefault(mover, _Deeds(names)).add(e)
    out = []
    for mover, deed in deeds.items():
        phrases = deed.phrases()
        if phrases:
            out.append(f"{names[mover]} {_and(phrases)}")
    return tuple(out)
