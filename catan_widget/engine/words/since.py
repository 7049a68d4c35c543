"""What the other players did since a seat last moved ("since your last turn"), in one glance.

:func:`since_index` finds where that stretch of events begins (the widget's marks ring the same
moves on the board); :func:`since_last_turn` words it, one sentence per player who did something
(``"Bo rolled 8 and 5, built 2 roads and stole a card from you"``: "you" is the reader's seat),
from the events as the reader sees them (:func:`.log.seen_by`: a hidden card stays unnamed).  The log
tells each move on its own line; this is the short form of the same events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..answer_reasons import CANNOT_PAY
from ..constants import DEV_CARDS, amount_words, cards_text, dev_card_word, special_card_word
from ..language import Message, joined, tr, trc, trnc, words
from ..rules.events import Event
from .log import HIDDEN_CARD

__all__ = [
    "ACTS",
    "chosen",
    "since_heading",
    "since_index",
    "since_last_turn",
    "since_messages",
    "since_title",
]

ACTS: Final = frozenset(
    {"roll", "road", "settlement", "city", "buy", "play", "discard", "robber", "maritime", "offer"}
    | {"answer", "trade", "end_turn", "special_pass"}
)
"""Event kinds whose seat is the player who chose the move (so that seat acted)."""

_BUILDS: Final = ("road", "settlement", "city")


def chosen(event: Event) -> bool:
    """Whether the seat of ``event`` chose that move: not an answer given for it automatically
    (a decline because it cannot pay, which the widget answers for a human without a click).
    """
    return event[0] in ACTS and not (event[0] == "answer" and len(event) > 5 and event[5] == CANNOT_PAY)


def since_index(events: Sequence[Event], seat: int | None) -> int:
    """Index of the first event after ``seat``'s last move of its own choosing (0 when it never
    moved; an automatic answer does not count, :func:`chosen`); for no seat (an onlooker), the
    first event of the previous turn.
    """
    if seat is not None:
        for i in range(len(events) - 1, -1, -1):
            e = events[i]
            if e[1] == seat and chosen(e):
                return i + 1
        return 0
    seen = 0
    for i in range(len(events) - 1, -1, -1):
        if events[i][0] == "end_turn":
            seen += 1
            if seen == 2:
                return i + 1
    return 0


def since_heading(seat: int | None) -> Message:
    """:func:`since_title` as a catalogue message."""
    return tr("Since your last turn") if seat is not None else tr("Since the previous turn")


def since_title(seat: int | None, *, language: str | None = None) -> str:
    """The heading of the summary: ``"Since your last turn"`` for a seat, ``"Since the previous
    turn"`` for no seat (what :func:`since_index` starts from), in ``language``.
    """
    return words(since_heading(seat), language)


class _Deeds:
    """One player's moves in the stretch, gathered by kind in the order they first came; the
    reader's seat (``seat``) reads as "you" where a move was done to it.
    """

    def __init__(self, names: Sequence[str], seat: int | None) -> None:
        self.names = names
        self.seat = seat
        self.order: list[str] = []
        self.rolls: list[int] = []
        self.built = dict.fromkeys(_BUILDS, 0)
        self.bought = 0
        self.played: list[Message] = []
        self.robbed: list[Message] = []
        self.discarded = 0
        self.bank = 0
        self.traded: list[Message] = []
        self.took: list[Message] = []

    def _you(self, q: int) -> bool:
        return self.seat is not None and q == self.seat

    def _steal(self, victim: int, taken: int) -> Message:
        if taken == HIDDEN_CARD:
            if self._you(victim):
                return trc("since", "stole a card from you")
            return trc("since", "stole a card from {victim}", victim=self.names[victim])
        card = amount_words(taken, 1)
        if self._you(victim):
            # TRANSLATORS: {card} is the card stolen: "1 ore"
            return trc("since", "stole {card} from you", card=card)
        # TRANSLATORS: {card} is the card stolen: "1 ore"
        return trc("since", "stole {card} from {victim}", card=card, victim=self.names[victim])

    def _trade(self, other: int, gives: Sequence[int], gets: Sequence[int]) -> Message:
        give, get = cards_text(gives), cards_text(gets)
        if self._you(other):
            return trc("since", "traded {give} for {get} with you", give=give, get=get)
        return trc(
            "since", "traded {give} for {get} with {other}", give=give, get=get, other=self.names[other]
        )

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
            self.played.append(
                trc("since", "a knight") if DEV_CARDS[e[2]] == "knight" else dev_card_word(e[2])
            )
        elif kind == "robber":
            victim, taken = e[3], e[4]
            if victim is None or taken == -1:
                self.robbed.append(trc("since", "moved the robber"))
            else:
                self.robbed.append(self._steal(victim, taken))
        elif kind == "discard":
            self.discarded += sum(e[2])
        elif kind == "maritime":
            self.bank += 1
        elif kind == "trade":
            self.traded.append(self._trade(e[2], e[3], e[4]))
        elif kind in ("longest_road", "largest_army") and e[1] >= 0:
            # TRANSLATORS: {card} is "Longest Road" or "Largest Army"
            self.took.append(trc("since", "took {card}", card=special_card_word(kind)))
        else:
            return
        if group not in self.order:
            self.order.append(group)

    def _builds(self) -> Message:
        counted = [
            trnc("since", "a road", "{n} roads", self.built["road"]),
            trnc("since", "a settlement", "{n} settlements", self.built["settlement"]),
            trnc("since", "a city", "{n} cities", self.built["city"]),
        ]
        built = [m for m, n in zip(counted, self.built.values()) if n]
        # TRANSLATORS: {builds} lists what was built: "2 roads and a settlement"
        return trc("since", "built {builds}", builds=joined(built))

    def phrases(self) -> list[Message]:
        out: list[Message] = []
        for group in self.order:
            if group == "roll":
                # TRANSLATORS: a move in "since your last turn", after a player's name ("Bo rolled 8
                # and 5, built a road"): write these so that no verb tells a gender; {rolls}: "8 and 5"
                out.append(trc("since", "rolled {rolls}", rolls=joined(self.rolls)))
            elif group == "build":
                out.append(self._builds())
            elif group == "buy":
                n = self.bought
                out.append(trnc("since", "bought a development card", "bought {n} development cards", n))
            elif group == "play":
                # TRANSLATORS: {cards} lists the development cards played: "a knight and Monopoly"
                out.append(trc("since", "played {cards}", cards=joined(self.played)))
            elif group == "robber":
                out.extend(self.robbed)
            elif group == "discard":
                out.append(trnc("since", "discarded a card", "discarded {n} cards", self.discarded))
            elif group == "maritime":
                n = self.bank
                out.append(trnc("since", "traded with the bank", "traded with the bank {n} times", n))
            elif group == "trade":
                out.extend(self.traded)
            else:
                out.extend(self.took)
        return out


def since_messages(events: Sequence[Event], names: Sequence[str], seat: int | None) -> tuple[Message, ...]:
    """:func:`since_last_turn` as catalogue messages, not yet in words."""
    deeds: dict[int, _Deeds] = {}
    for e in events[since_index(events, seat) :]:
        mover = e[1]
        if not isinstance(mover, int) or mover < 0 or mover == seat:
            continue
        deeds.setdefault(mover, _Deeds(names, seat)).add(e)
    out = []
    for mover, deed in deeds.items():
        phrases = deed.phrases()
        if phrases:
            # TRANSLATORS: one player's moves since the reader's last turn: {deeds} lists them
            # ("rolled 8, built 2 roads and stole a card from you"); a label form ("{name}: ...") is fine
            out.append(trc("since", "{name} {deeds}", name=names[mover], deeds=joined(phrases)))
    return tuple(out)


def since_last_turn(
    events: Sequence[Event], names: Sequence[str], seat: int | None, *, language: str | None = None
) -> tuple[str, ...]:
    """What the other players did since ``seat`` last moved (for no seat: since the previous
    turn began), one sentence per player in the order they first acted: rolls, builds, cards
    bought and played, the robber and its steals, discards, trades; a move done to ``seat``
    reads "you" ("stole a card from you").  ``events`` are as the reader sees them
    (:func:`.log.seen_by`); empty when nobody else did anything.  In ``language`` (default: the
    process's).
    """
    return tuple(words(m, language) for m in since_messages(events, names, seat))
