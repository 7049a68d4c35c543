"""The game log: events (tuples of ids and counts, :mod:`catan_widget.engine.rules.events`)
put in words for each reader.

:func:`describe` words one event for one reader (``viewer``): a seat, ``None`` (or
:data:`.viewer.ONLOOKER`) for a public onlooker, or ``-1`` for an all-seeing teacher;
:func:`event_fields` gives the same as a plain dict, :func:`event_message` as a catalogue
message (words only when shown).  Places are named as players see them (:mod:`.places`), never
by id.  Each event is one whole message; the reader's own moves have messages of their own in
the second person ("You rolled 8"), and so have the moves done to the reader ("Bo moved the
robber to mountains 8 and stole 1 ore from you"), chosen by the reader's seat, never by a
player's name: a player named "You" is just a name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..answer_reasons import reason_message
from ..board.layouts import Board
from ..constants import DEV_CARDS, RESOURCES, amount_words, cards_text, dev_card_word, resource_word
from ..language import Joined, Message, joined, tr, trc, words
from ..phases import ACCEPTED, DECLINED
from ..rules.events import Event
from ..viewer import ALL_SEEING
from . import log_words as w
from .places import corner_place, hex_place, path_place

__all__ = [
    "HIDDEN_CARD",
    "TEACHER",
    "describe",
    "event_fields",
    "event_message",
    "render",
    "seen_by",
]

TEACHER: Final = ALL_SEEING
"""The ``viewer`` who sees everything (hidden cards included): :data:`.viewer.ALL_SEEING`."""
HIDDEN_CARD: Final = -2
"""The robber's stolen card in an event as seen by a reader who may not see it (:func:`seen_by`);
-1 there means nothing was taken."""

_ANSWERS: Final = {ACCEPTED: "accepted", DECLINED: "declined"}
_PLACES: Final[dict[str, Callable[[Board, int], Message]]] = {
    "node": corner_place,
    "edge": path_place,
    "hex": hex_place,
}


@dataclass(frozen=True)
class _Reader:
    """Who reads the log: player names, the board (for places), the viewer (what they may
    see) and the person (whose moves read in the second person: the viewer's seat, or the
    reader's own seat when they are shown every hand, as at a finished game).
    """

    names: Sequence[str]
    board: Board | None
    viewer: int | None
    person: int | None

    def sees(self, *seats: int | None) -> bool:
        """True when the viewer may see a card private to ``seats``."""
        return self.viewer == TEACHER or (self.viewer is not None and self.viewer in seats)

    def you(self, p: int | None) -> bool:
        """True when seat ``p`` is the reader's own (the second person)."""
        return p is not None and p >= 0 and self.person == p

    def place(self, kind: str, place_id: int) -> Message:
        """A node, edge or hex as a label."""
        if self.board is None:
            return w.unknown_place(kind)
        return _PLACES[kind](self.board, place_id)


def _cards(counts: Sequence[int]) -> dict[str, int]:
    return {RESOURCES[r]: n for r, n in enumerate(counts) if n}


def _one(resource: int, n: int = 1) -> dict[str, int]:
    return {RESOURCES[resource]: n}


Fields = dict[str, Any]
_Wording = Callable[[_Reader, Event], tuple[Message, Fields]]


def _gained(rd: _Reader, q: int, cards: list[tuple[int, int]]) -> Message:
    """One player's gain in a roll: ``"Ada +1 grain"`` (``"you +1 grain"`` to them)."""
    got: Message | None = None
    for r, n in cards:
        # TRANSLATORS: cards gained in a roll: "+2 ore" ({amount} is "2 ore")
        item = trc("roll", "+{amount}", amount=amount_words(r, n))
        # TRANSLATORS: one player's cards gained in a roll, one after another: "+1 grain +2 ore"
        got = item if got is None else trc("roll", "{cards} {more}", cards=got, more=item)
    assert got is not None
    if rd.you(q):
        # TRANSLATORS: the reader's gain in a roll, in a list after the dice: "you +1 grain"
        return trc("roll", "you {cards}", cards=got)
    # TRANSLATORS: a player's gain in a roll, in a list after the dice: "Ada +1 grain"
    return trc("roll", "{name} {cards}", name=rd.names[q], cards=got)


def _shortage(resource: int, had: int) -> Message:
    """The bank's shortage: ``"the bank has only 1 ore: nobody gets ore"``."""
    what = resource_word(resource)
    if had:
        amount = amount_words(resource, had)
        # TRANSLATORS: after a roll: the bank could not pay everyone, so nobody got {resource}
        return tr("the bank has only {amount}: nobody gets {resource}", amount=amount, resource=what)
    # TRANSLATORS: after a roll: the bank had none of {resource} left, so nobody got it
    return tr("the bank has no {resource}: nobody gets {resource}", resource=what)


def _roll(rd: _Reader, e: Event) -> tuple[Message, Fields]:
    p, (d1, d2), gains, short = e[1], e[2], e[3], e[4]
    total = d1 + d2
    per: dict[int, list[tuple[int, int]]] = {}
    for q, r, n in gains:
        per.setdefault(q, []).append((r, n))
    fields: Fields = {"dice": [d1, d2], "total": total}
    fields["gains"] = {rd.names[q]: {RESOURCES[r]: n for r, n in cards} for q, cards in sorted(per.items())}
    fields["short"] = {RESOURCES[r]: had for r, had in short}
    parts: list[Message | Joined] = []
    if per:
        parts.append(joined((_gained(rd, q, cards) for q, cards in sorted(per.items())), "comma"))
    parts.extend(_shortage(r, had) for r, had in short)
    outcome: Message | Joined | None = None
    for part in parts:
        # TRANSLATORS: what a roll produced, then the bank's shortage ("...; the bank has no ore: ...")
        outcome = part if outcome is None else trc("roll", "{outcome}; {more}", outcome=outcome, more=part)
    return w.rolled(rd.you(p), rd.names[p], total, d1, d2, outcome), fields


def _building(kind: str, place: str) -> _Wording:
    def word(rd: _Reader, e: Event) -> tuple[Message, Fields]:
        where = rd.place(place, e[2])
        fields: Fields = {"where": where}
        if len(e) > 3:
            fields["paid"] = bool(e[3])
        return w.built(kind, rd.you(e[1]), rd.names[e[1]], where), fields

    return word


def _setup_income(rd: _Reader, e: Event) -> tuple[Message, Fields]:
    p, cards = e[1], e[2]
    if rd.you(p):
        text = tr("You take {cards} for the second settlement", cards=cards_text(cards))
    else:
        text = tr("{name} takes {cards} for the second settlement", name=rd.names[p], cards=cards_text(cards))
    return text, {"cards": _cards(cards)}


def _buy(rd: _Reader, e: Event) -> tuple[Message, Fields]:
    p, card = e[1], e[2]
    you, name = rd.you(p), rd.names[p]
    if not rd.sees(p):
        return (
            tr("You bought a development card") if you else tr("{name} bought a development card", name=name)
        ), {}
    what = dev_card_word(card)
    if you:
        # TRANSLATORS: {card} is the development card's name ("Knight")
        text = tr("You bought a development card ({card})", card=what)
    else:
        text = tr("{name} bought a development card ({card})", name=name, card=what)
    return text, {"card": DEV_CARDS[card]}


def _monopoly(rd: _Reader, e: Event) -> tuple[Message, Fields]:
    p, card, (resource, takes) = e[1], e[2], e[3]
    given: list[Message] = []
    for q, n in enumerate(takes):
        if n and rd.you(q):
            # TRANSLATORS: what the reader handed over to a Monopoly: "2 ore from you"
            given.append(trc("monopoly", "{cards} from you", cards=amount_words(resource, n)))
        elif n:
            # TRANSLATORS: what a player handed over to a Monopoly: "2 ore from Ada"
            given.append(
                trc("monopoly", "{cards} from {name}", cards=amount_words(resource, n), name=rd.names[q])
            )
    took = amount_words(resource, sum(takes))
    text = w.monopoly(
        rd.you(p), rd.names[p], dev_card_word(card), took, joined(given, "comma") if given else None
    )
    fields: Fields = {"card": DEV_CARDS[card], "cards": _one(resource, sum(takes))}
    fields["from"] = {rd.names[q]: n for q, n in enumerate(takes) if n}
    return text, fields


def _play(rd: _Reader, e: Event) -> tuple[Message, Fields]:
    p, card, data = e[1], e[2], e[3]
    you, name, what = rd.you(p), rd.names[p], dev_card_word(card)
    fields: Fields = {"card": DEV_CARDS[card]}
    kind = DEV_CARDS[card]
    if kind == "knight":
        return (tr("You played a knight") if you else tr("{name} played a knight", name=name)), fields
    if kind == "road_building":
        fields["free_roads"] = data[0]
        return w.road_building(you, name, what, data[0]), fields
    if kind == "year_of_plenty":
        a, b = data
        fields["cards"] = _cards([(r == a) + (r == b) for r in range(5)])
        took = amount_words(a, 2) if a == b else joined((resource_word(a), resource_word(b)))
        if you:
            # TRANSLATORS: {card} is "Year of Plenty"; {cards} the resources taken ("wool and ore")
            return tr("You played {card}: took {cards}", card=what, cards=took), fields
        return tr("{name} played {card}: took {cards}", name=name, card=what, cards=took), fields
    if kind == "monopoly":
        return _monopoly(rd, e)
    return (
        tr("You played {card}", card=what) if you else tr("{name} played {card}", name=name, card=what)
    ), fields


def _discard(rd: _Reader, e: Event) -> tuple[Message, Fields]:
    p, cards = e[1], cards_text(e[2])
    text = (
        tr("You discarded {cards}", cards=cards)
        if rd.you(p)
        else tr("{name} discarded {cards}", name=rd.names[p], cards=cards)
    )
    return text, {"cards": _cards(e[2])}


def _robber(rd: _Reader, e: Event) -> tuple[Message, Fields]:
    p, hex_id, victim, taken = e[1], e[2], e[3], e[4]
    where = rd.place("hex", hex_id)
    fields: Fields = {"where": where, "victim": None, "stolen": False}
    thief = w.Party(rd.you(p), rd.names[p])
    if victim is None:
        return w.robber_moved(thief, where), fields
    fields.update(victim=rd.names[victim], stolen=taken != -1)
    robbed = w.Party(rd.you(victim), rd.names[victim])
    if taken == -1:
        return w.robber_found_nothing(thief, where, robbed), fields
    if taken == HIDDEN_CARD or not rd.sees(p, victim):
        return w.robber_stole(thief, where, robbed, None), fields
    fields["cards"] = _one(taken)
    return w.robber_stole(thief, where, robbed, amount_words(taken, 1)), fields


def _maritime(rd: _Reader, e: Event) -> tuple[Message, Fields]:
    p, give, rate, get = e[1], e[2], e[3], e[4]
    gives, gets = amount_words(give, rate), amount_words(get, 1)
    if rd.you(p):
        text = tr("You traded {give} with the bank for {get}", give=gives, get=gets)
    else:
        text = tr("{name} traded {give} with the bank for {get}", name=rd.names[p], give=gives, get=gets)
    return text, {"give": _one(give, rate), "get": _one(get), "rate": rate}


def _offer(rd: _Reader, e: Event) -> tuple[Message, Fields]:
    p, give, want, to = e[1], e[2], e[3], e[4]
    fields: Fields = {"give": _cards(give), "want": _cards(want), "to": None if to is None else rd.names[to]}
    to_party = None if to is None else w.Party(rd.you(to), rd.names[to])
    return w.offered(w.Party(rd.you(p), rd.names[p]), cards_text(give), cards_text(want), to_party), fields


def _answer(rd: _Reader, e: Event) -> tuple[Message, Fields]:
    p, code, give, want = e[1], e[2], e[3], e[4]
    answer = _ANSWERS.get(code, "countered")
    fields: Fields = {"answer": answer, "give": _cards(give), "want": _cards(want)}
    because = None
    if len(e) > 5:  # the answer's reason: "Bo declines: they need their ore for a city"
        fields["reason"] = e[5]
        because = reason_message(e[5], rd.you(p))
    party = w.Party(rd.you(p), rd.names[p])
    return w.answered(party, answer, cards_text(give), cards_text(want), because), fields


def _trade(rd: _Reader, e: Event) -> tuple[Message, Fields]:
    p, other, gives, gets = e[1], e[2], e[3], e[4]
    fields: Fields = {"other": rd.names[other], "give": _cards(gives), "get": _cards(gets)}
    a, b = w.Party(rd.you(p), rd.names[p]), w.Party(rd.you(other), rd.names[other])
    return w.traded(a, b, cards_text(gives), cards_text(gets)), fields


def _trade_closed(rd: _Reader, e: Event) -> tuple[Message, Fields]:
    p, reason = e[1], e[2]
    return w.closed(w.Party(rd.you(p), rd.names[p]), reason), {"reason": reason}


def _longest_road(rd: _Reader, e: Event) -> tuple[Message, Fields]:
    p, before, length = e[1], e[2], e[3]
    fields: Fields = {"before": rd.names[before] if before >= 0 else None, "length": length}
    was = None if before < 0 else w.Party(rd.you(before), rd.names[before])
    taker = None if p < 0 else w.Party(rd.you(p), rd.names[p])
    return w.longest_road(taker, was, length), fields


def _largest_army(rd: _Reader, e: Event) -> tuple[Message, Fields]:
    p, knights = e[1], e[2]
    return w.largest_army(w.Party(rd.you(p), rd.names[p]), knights), {"knights": knights}


def _simple(kind: str) -> _Wording:
    def word(rd: _Reader, e: Event) -> tuple[Message, Fields]:
        return w.simple(kind, w.Party(rd.you(e[1]), rd.names[e[1]])), {}

    return word


def _win(rd: _Reader, e: Event) -> tuple[Message, Fields]:
    p, vp = e[1], e[2]
    return w.won(w.Party(rd.you(p), rd.names[p]), vp), {"vp": vp}


_WORDINGS: Final[dict[str, _Wording]] = {
    "roll": _roll,
    "road": _building("road", "edge"),
    "settlement": _building("settlement", "node"),
    "city": _building("city", "node"),
    "setup_income": _setup_income,
    "buy": _buy,
    "play": _play,
    "discard": _discard,
    "robber": _robber,
    "maritime": _maritime,
    "offer": _offer,
    "answer": _answer,
    "trade": _trade,
    "trade_closed": _trade_closed,
    "longest_road": _longest_road,
    "largest_army": _largest_army,
    "end_turn": _simple("end_turn"),
    "special_pass": _simple("special_pass"),
    "staged": _simple("staged"),
    "win": _win,
}


def _worded(
    event: Event, names: Sequence[str], board: Board | None, viewer: int | None, reader: int | None = None
) -> tuple[Message, Fields]:
    wording = _WORDINGS.get(event[0])
    rd = _Reader(names, board, viewer, viewer if reader is None else reader)
    if wording is None:
        p = event[1]
        who = names[p] if isinstance(p, int) and 0 <= p < len(names) else str(p)
        # TRANSLATORS: an event the log has no words for: a player's name and the event's code
        return trc("log", "{name}: {event}", name=who, event=str(event[0])), {}
    return wording(rd, event)


def event_message(
    event: Event,
    names: Sequence[str],
    board: Board | None,
    viewer: int | None = None,
    *,
    reader: int | None = None,
) -> Message:
    """:func:`describe` as a catalogue message, not yet in words (:func:`.language.words`)."""
    return _worded(event, names, board, viewer, reader)[0]


def describe(
    event: Event,
    names: Sequence[str],
    board: Board | None,
    viewer: int | None = None,
    *,
    language: str | None = None,
    reader: int | None = None,
) -> str:
    """One event in plain words for one reader, e.g. ``"Bo rolled 8 (3+5): Ada +1 grain"``.

    Args:
        event: an engine event (see the module docstring).
        names: player names by seat.
        board: names the places (``"the corner of hills 6, pasture 4 and pasture 2"``); without
            it places read ``"a corner"``, ``"a path"``, ``"a hex"``.
        viewer: the seat reading (its own moves, and the moves done to it, read in the second
            person), ``None`` or ONLOOKER for a public onlooker, ``-1`` for the all-seeing
            teacher.  Only the thief and the victim (and the teacher) see which card a robber
            took, only the buyer (and the teacher) which development card was bought.
        language: the reader's language (default: the process's, :func:`.language.get_language`).
        reader: the seat addressed in the second person when it is not ``viewer``'s (a player
            shown every hand at a finished game still reads "You win").
    """
    return words(_worded(event, names, board, viewer, reader)[0], language)


def event_fields(
    event: Event,
    names: Sequence[str],
    board: Board | None,
    viewer: int | None = None,
    *,
    language: str | None = None,
    reader: int | None = None,
) -> dict[str, Any]:
    """The event as a plain, JSON-ready dict, hiding what :func:`describe` hides.

    Always ``kind``, ``seat``, ``who`` (the name) and ``text`` (:func:`describe`, in
    ``language``); then, by kind: ``where`` (a place in words, in ``language``: road,
    settlement, city, robber), ``paid``; ``cards`` (``{resource: n}``: cards taken or
    discarded, the stolen card when visible); ``give`` / ``want`` / ``get`` (trades); ``dice``,
    ``total``, ``gains`` (``{name: {resource: n}}``) and ``short`` (``{resource: bank_had}``)
    for a roll; ``card`` (a development card's code, left out when hidden), ``free_roads``,
    ``from`` (monopoly: ``{name: n}``); ``victim``, ``stolen``; ``to``, ``other``, ``answer``,
    ``reason`` (a code), ``before``, ``length``, ``knights``, ``vp``.  Resources are codes
    (``"ore"``) in every language.
    """
    text, fields = _worded(event, names, board, viewer, reader)
    seat = event[1] if isinstance(event[1], int) and event[1] >= 0 else None
    head: dict[str, Any] = {"kind": event[0], "seat": seat, "who": None if seat is None else names[seat]}
    if "where" in fields:
        fields["where"] = words(fields["where"], language)
    return head | {"text": words(text, language)} | fields


def seen_by(event: Event, viewer: int | None) -> Event:
    """``event`` as ``viewer`` sees it: the bought card (``buy``) is -1 and the stolen card
    (``robber``) :data:`HIDDEN_CARD` when ``viewer`` may not see them, as :func:`describe`
    hides them (a robber's -1 stays: nothing was taken).
    """
    kind = event[0]
    if kind == "buy" or (kind == "robber" and event[3] is not None and event[4] >= 0):
        rd = _Reader((), None, viewer, viewer)
        if not (rd.sees(event[1]) if kind == "buy" else rd.sees(event[1], event[3])):
            return (*event[:-1], -1 if kind == "buy" else HIDDEN_CARD)
    return event


def render(
    event: Event, names: Sequence[str], board: Board | None = None, *, language: str | None = None
) -> str:
    """The public wording of an event: :func:`describe` for an onlooker (``viewer=None``)."""
    return describe(event, names, board, None, language=language)
