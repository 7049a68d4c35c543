"""Card counting: what one seat can know of every hand from public events alone.

For each seat and resource the counter keeps a *known* count, the number of cards of that
resource the viewer is sure the seat holds (seen produced, taken from the bank, traded,
monopolised, stolen in front of the viewer), lowered when the seat pays or gives cards away.
The rest of the hand, whose size is public, is *unknown*: stolen cards the viewer did not see,
and whatever a staged position put there.  Known counts are lower bounds, never guesses: a card
stolen out of sight lowers each resource the seat might have lost by one.

``viewer`` is a :data:`.viewer.Viewer`: a seat, :data:`.viewer.ALL_SEEING` (every card) or
:data:`.viewer.ONLOOKER` (public events only).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from ..constants import CITY_COST, DEV_CARD_COST, MONOPOLY, ROAD_COST, SETTLEMENT_COST, YEAR_OF_PLENTY
from ..phases import ACCEPTED, COUNTERED
from ..rules.events import Event
from ..viewer import ALL_SEEING

Known = list[list[int]]
"""Per seat, 5 known counts."""

_PAID_COST: Final = {"road": ROAD_COST, "settlement": SETTLEMENT_COST}


def _spend(row: list[int], cards: tuple[int, ...] | list[int]) -> None:
    for r in range(5):
        if cards[r]:
            row[r] = max(0, row[r] - cards[r])


def _gain(row: list[int], cards: tuple[int, ...] | list[int]) -> None:
    for r in range(5):
        row[r] += cards[r]


def _at_least(row: list[int], cards: tuple[int, ...]) -> None:
    for r in range(5):
        row[r] = max(row[r], cards[r])


def count_event(known: Known, event: Event, viewer: int | None, excluded: list[int] | None = None) -> None:
    """Update ``known`` with one event, as ``viewer`` sees it; ``excluded`` (a bit mask of
    resources per seat) says which resources a seat's unknown cards cannot be: after a
    monopoly its victims hold none of that resource beyond the cards known.
    """
    kind: str = event[0]  # typed: compiled, a str compares with each kind below far faster
    p = event[1]
    if excluded is not None:
        _exclusions(excluded, known, event, viewer)
    if kind == "roll":
        for q, r, n in event[3]:
            known[q][r] += n
    elif kind == "setup_income":
        _gain(known[p], event[2])
    elif kind in _PAID_COST:
        if event[3]:
            _spend(known[p], _PAID_COST[kind])
    elif kind == "city":
        _spend(known[p], CITY_COST)
    elif kind == "buy":
        _spend(known[p], DEV_CARD_COST)
    elif kind == "play":
        _count_play(known, p, event[2], event[3])
    elif kind == "discard":
        _spend(known[p], event[2])
    elif kind == "robber":
        _count_steal(known, p, event[3], event[4], viewer)
    elif kind == "maritime":
        give, rate, get = event[2], event[3], event[4]
        cost = [0] * 5
        cost[give] = rate
        _spend(known[p], cost)
        known[p][get] += 1
    elif kind == "trade":
        other, gives, gets = event[2], event[3], event[4]
        _spend(known[p], gives)
        _gain(known[p], gets)
        _spend(known[other], gets)
        _gain(known[other], gives)
    elif kind == "offer":
        _at_least(known[p], event[2])
    elif kind == "answer" and event[2] in (ACCEPTED, COUNTERED):
        _at_least(known[p], event[3])  # accepting or countering shows one holds what one gives
    elif kind == "staged":
        for row in known:
            row[:] = [0] * 5


def _count_play(known: Known, p: int, card: int, data: tuple[object, ...]) -> None:
    if card == YEAR_OF_PLENTY:
        for r in data:
            assert isinstance(r, int)
            known[p][r] += 1
    elif card == MONOPOLY:
        r, takes = data
        assert isinstance(r, int)
        assert isinstance(takes, tuple)
        for q in range(len(takes)):
            if q != p:
                known[q][r] = 0
        known[p][r] += sum(takes)


def _exclusions(excluded: list[int], known: Known, event: Event, viewer: int | None) -> None:
    """Update ``excluded`` with one event, before ``known`` counts it."""
    kind: str = event[0]
    if kind == "play" and event[2] == MONOPOLY:
        r = event[3][0]
        for q in range(len(excluded)):
            if q != event[1]:
                excluded[q] |= 1 << r
    elif kind == "robber" and event[3] is not None and event[4] >= 0:
        if not (viewer == ALL_SEEING or viewer in (event[1], event[3])):
            thief, victim = event[1], event[3]
            # an excluded resource the victim held known cards of may now be one of its unknown
            # cards (its known count drops by one); one it surely had none of stays excluded,
            # and the thief's unseen card cannot be such a resource either
            none = 0
            for r in range(5):
                if known[victim][r] == 0:
                    none |= 1 << r
            excluded[victim] &= none
            excluded[thief] &= excluded[victim]
    elif kind == "staged":
        excluded[:] = [0] * len(excluded)


def _count_steal(known: Known, thief: int, victim: int | None, taken: int, viewer: int | None) -> None:
    if victim is None or taken < 0:
        return
    if viewer == ALL_SEEING or viewer in (thief, victim):
        known[victim][taken] = max(0, known[victim][taken] - 1)
        known[thief][taken] += 1
    else:
        _spend(known[victim], [1, 1, 1, 1, 1])


@dataclass(frozen=True)
class Baseline:
    """What was public when a game started from a position rather than from the beginning (a
    determinized game): the development cards each seat had played, the offers made this turn,
    and what ``viewer`` knew of every hand.  Other viewers start knowing nothing (a sound lower
    bound).
    """

    viewer: int | None
    known: tuple[tuple[int, ...], ...]
    played: tuple[tuple[int, ...], ...]
    offers: int
    excluded: tuple[int, ...]

    def __reduce__(self) -> tuple[type[Baseline], tuple[object, ...]]:
        """Pickled and copied by its fields (compiled, a frozen class cannot be rebuilt the
        default way).
        """
        return (Baseline, (self.viewer, self.known, self.played, self.offers, self.excluded))


class CardCounter:
    """Known counts for one viewer, kept up to date with a game's event list as it grows."""

    __slots__ = ("counting", "events", "excluded", "known", "played", "seen", "start", "viewer")

    def __init__(self, n: int, viewer: int | None, start: Baseline | None = None) -> None:
        """A counter for ``n`` seats, as ``viewer`` sees them, from the ``start`` knowledge
        (None: nothing known, nothing played).
        """
        self.viewer = viewer
        self.start = start
        self.known: Known = [[0] * 5 for _ in range(n)]
        self.played: Known = [[0] * 5 for _ in range(n)]
        """Development cards each seat played since the start (or the staged position)."""
        self.excluded = [0] * n
        """Per seat, a bit mask of resources its unknown cards cannot be."""
        self.events: object = None
        self.seen = 0
        self.counting = False
        """True while :meth:`update` counts: still True after an interrupt tore a count."""

    def update(self, events: list[Event]) -> Known:
        """Catch up with ``events`` (started again when it is another list, it shrank, or an
        interrupt cut the last update short: the counts are then torn, so all is counted again).
        """
        torn = self.counting
        self.counting = True  # until the counts below are whole again
        if torn or events is not self.events or len(events) < self.seen:
            self.known = [[0] * 5 for _ in self.known]
            self.played = [[0] * 5 for _ in self.known]
            self.excluded = [0] * len(self.known)
            if self.start is not None:
                self.played = [list(row) for row in self.start.played]
                if self.viewer == self.start.viewer:
                    self.known = [list(row) for row in self.start.known]
                    self.excluded = list(self.start.excluded)
            self.events, self.seen = events, 0
        known, played, viewer, excluded = self.known, self.played, self.viewer, self.excluded
        for i in range(self.seen, len(events)):
            event = events[i]
            if i == 0 and self.start is not None and event[0] == "staged":
                continue  # a saved position's first event: the baseline is what was known there
            count_event(known, event, viewer, excluded)
            kind: str = event[0]
            if kind == "play":
                played[event[1]][event[2]] += 1
            elif kind == "staged":
                for row in played:
                    row[:] = [0] * 5
        self.seen = len(events)
        self.counting = False
        return known
