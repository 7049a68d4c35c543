"""The game log: events (tuples of ids and counts, :mod:`catan_widget.engine.rules.events`)
put in words for each reader.

:func:`describe` words one event for one reader (``viewer``): a seat, ``None`` for a public
onlooker, or ``-1`` for an all-seeing teacher; :func:`event_fields` gives the same as a plain
dict.  Places are named as players see them (:mod:`.places`), never by id.  A player named
``"You"`` reads in the second person ("You rolled 8", "Your offer is closed").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..answer_reasons import reason_words
from ..board.layouts import Board
from ..constants import DEV_CARDS, RESOURCES, card_words, cards_text
from ..phases import ACCEPTED, DECLINED
from ..rules.events import Event
from ..viewer import ALL_SEEING
from .places import corner_name, hex_name, path_name

__all__ = [
    "HIDDEN_CARD",
    "TEACHER",
    "YOU",
    "agree",
    "describe",
    "event_fields",
    "render",
    "seen_by",
    "whom",
    "whose",
]

TEACHER: Final = ALL_SEEING
"""The ``viewer`` who sees everything (hidden cards included): :data:`.viewer.ALL_SEEING`."""
YOU: Final = "You"
"""A player with this name is worded in the second person."""
HIDDEN_CARD: Final = -2
"""The robber's stolen card in an event as seen by a reader who may not see it (:func:`seen_by`);
-1 there means nothing was taken."""

_SECOND_PERSON: Final = {"takes": "take", "wins": "win", "offers": "offer", "has": "have", "is": "are"}
_SECOND_PERSON.update(accepts="accept", declines="decline", counters="counter", knows="know")
_ANSWERS: Final = {ACCEPTED: ("accepted", "accepts the offer"), DECLINED: ("declined", "declines the offer")}
_UNKNOWN_PLACE: Final = {"node": "a corner", "edge": "a path", "hex": "a hex"}
_PLACE_WORDS: Final[dict[str, Callable[[Board, int], str]]] = {
    "node": corner_name,
    "edge": path_name,
    "hex": hex_name,
}


def whom(name: str) -> str:
    """A player as an object: ``"Ada"``, or ``"you"`` for the player named ``"You"``."""
    return "you" if name == YOU else name


def whose(name: str, capital: bool = False) -> str:
    """A player's possessive: ``"Ada's"``, or for the player named ``"You"`` ``"your"``
    (``"Your"`` with ``capital``, at the start of a sentence).
    """
    if name != YOU:
        return f"{name}'s"
    return "Your" if capital else "your"


def agree(name: str, third: str) -> str:
    """The verb ``third`` (``"takes"``) agreeing with the player ``name`` as its subject."""
    return _SECOND_PERSON.get(third, third) if name == YOU else third


@dataclass(frozen=True)
class _Reader:
    """Who reads the log: player names, the board (for places) and the viewer."""

    names: Sequence[str]
    board: Board | None
    viewer: int | None

    def sees(self, *seats: int | None) -> bool:
        """True when the viewer may see a card private to ``seats``."""
        return self.viewer == TEACHER or (self.viewer is not None and self.viewer in seats)

    def who(self, p: int) -> str:
        """The subject: a name (``"You"`` stays ``"You"``)."""
        return self.names[p] if p >= 0 else "nobody"

    def whom(self, p: int) -> str:
        """The object: ``"Ada"``, or ``"you"`` (:func:`whom`)."""
        return whom(self.names[p])

    def verb(self, p: int, third: str) -> str:
        """``third`` (``"takes"``) agreeing with seat ``p`` as the subject (:func:`agree`)."""
        return agree(self.names[p], third)

    def whose(self, p: int, capital: bool = False) -> str:
        """The possessive: ``"Ada's"``, ``"your"`` (``"Your"`` with ``capital``; :func:`whose`)."""
        return whose(self.names[p], capital)

    def place(self, kind: str, place_id: int) -> str:
        """A node, edge or hex in words."""
        if self.board is None:
            return _UNKNOWN_PLACE[kind]
        return _PLACE_WORDS[kind](self.board, place_id)


def _cards(counts: Sequence[int]) -> dict[str, int]:
    return {RESOURCES[r]: n for r, n in enumerate(counts) if n}


def _one(resource: int, n: int = 1) -> dict[str, int]:
    return {RESOURCES[resource]: n}


Fields = dict[str, Any]
_Wording = Callable[[_Reader, Event], tuple[str, Fields]]


def _roll(rd: _Reader, e: Event) -> tuple[str, Fields]:
    p, (d1, d2), gains, short = e[1], e[2], e[3], e[4]
    total = d1 + d2
    head = f"{rd.who(p)} rolled {total} ({d1}+{d2})"
    per: dict[int, dict[str, int]] = {}
    for q, r, n in gains:
        per.setdefault(q, {})[RESOURCES[r]] = n
    fields: Fields = {"dice": [d1, d2], "total": total}
    fields["gains"] = {rd.names[q]: cards for q, cards in sorted(per.items())}
    fields["short"] = {RESOURCES[r]: had for r, had in short}
    if total == 7:
        return f"{head}: the robber!", fields
    parts = [rd.who(q) + "".join(f" +{n} {r}" for r, n in cards.items()) for q, cards in sorted(per.items())]
    tail = ", ".join(parts)
    for r, had in short:
        bank = f"has only {had}" if had else "has no"
        tail += f"; the bank {bank} {RESOURCES[r]}: nobody gets {RESOURCES[r]}"
    return f"{head}: {tail.removeprefix('; ') or 'nobody produces'}", fields


def _building(what: str, kind: str) -> _Wording:
    def word(rd: _Reader, e: Event) -> tuple[str, Fields]:
        where = rd.place(kind, e[2])
        fields: Fields = {"where": where}
        if len(e) > 3:
            fields["paid"] = bool(e[3])
        return f"{rd.who(e[1])} built {what} on {where}", fields

    return word


def _setup_income(rd: _Reader, e: Event) -> tuple[str, Fields]:
    p, cards = e[1], e[2]
    text = f"{rd.who(p)} {rd.verb(p, 'takes')} {cards_text(cards)} for the second settlement"
    return text, {"cards": _cards(cards)}


def _buy(rd: _Reader, e: Event) -> tuple[str, Fields]:
    p, card = e[1], e[2]
    text = f"{rd.who(p)} bought a development card"
    if not rd.sees(p):
        return text, {}
    return f"{text} ({card_words(card)})", {"card": DEV_CARDS[card]}


def _monopoly_detail(rd: _Reader, resource: int, takes: Sequence[int]) -> str:
    name = RESOURCES[resource]
    given = [f"{n} {name} from {rd.whom(q)}" for q, n in enumerate(takes) if n]
    return f"took {sum(takes)} {name}" + (f" ({', '.join(given)})" if given else "")


def _play(rd: _Reader, e: Event) -> tuple[str, Fields]:
    p, card, data = e[1], e[2], e[3]
    head = f"{rd.who(p)} played {card_words(card)}"
    fields: Fields = {"card": DEV_CARDS[card]}
    name = DEV_CARDS[card]
    if name == "knight":
        return f"{rd.who(p)} played a knight", fields
    if name == "road_building":
        free = data[0]
        fields["free_roads"] = free
        if not free:
            return f"{head}, but no road can be placed", fields
        return f"{head}: {free} free road{'s' if free > 1 else ''}", fields
    if name == "year_of_plenty":
        a, b = data
        fields["cards"] = _cards([(r == a) + (r == b) for r in range(5)])
        took = f"2 {RESOURCES[a]}" if a == b else f"{RESOURCES[a]} and {RESOURCES[b]}"
        return f"{head}: took {took}", fields
    resource, takes = data
    fields["cards"] = _one(resource, sum(takes))
    fields["from"] = {rd.names[q]: n for q, n in enumerate(takes) if n}
    return f"{head}: {_monopoly_detail(rd, resource, takes)}", fields


def _discard(rd: _Reader, e: Event) -> tuple[str, Fields]:
    return f"{rd.who(e[1])} discarded {cards_text(e[2])}", {"cards": _cards(e[2])}


def _robber(rd: _Reader, e: Event) -> tuple[str, Fields]:
    p, hex_id, victim, taken = e[1], e[2], e[3], e[4]
    where = rd.place("hex", hex_id)
    text = f"{rd.who(p)} moved the robber to {where}"
    fields: Fields = {"where": where, "victim": None, "stolen": False}
    if victim is None:
        return text, fields
    fields.update(victim=rd.names[victim], stolen=taken != -1)
    if taken == -1:
        return f"{text}, but {rd.whom(victim)} had no cards", fields
    if taken == HIDDEN_CARD or not rd.sees(p, victim):
        return f"{text} and stole a card from {rd.whom(victim)}", fields
    fields["cards"] = _one(taken)
    return f"{text} and stole 1 {RESOURCES[taken]} from {rd.whom(victim)}", fields


def _maritime(rd: _Reader, e: Event) -> tuple[str, Fields]:
    p, give, rate, get = e[1], e[2], e[3], e[4]
    text = f"{rd.who(p)} traded {rate} {RESOURCES[give]} with the bank for 1 {RESOURCES[get]}"
    return text, {"give": _one(give, rate), "get": _one(get), "rate": rate}


def _offer(rd: _Reader, e: Event) -> tuple[str, Fields]:
    p, give, want, to = e[1], e[2], e[3], e[4]
    target = "everyone" if to is None else rd.whom(to)
    text = f"{rd.who(p)} {rd.verb(p, 'offers')} {cards_text(give)} for {cards_text(want)} to {target}"
    return text, {"give": _cards(give), "want": _cards(want), "to": None if to is None else rd.names[to]}


def _answer(rd: _Reader, e: Event) -> tuple[str, Fields]:
    p, code, give, want = e[1], e[2], e[3], e[4]
    counter = f"counters with {cards_text(give)} for {cards_text(want)}"
    answer, words = _ANSWERS.get(code) or ("countered", counter)
    verb, rest = words.split(" ", 1)
    fields: Fields = {"answer": answer, "give": _cards(give), "want": _cards(want)}
    if len(e) > 5:  # the answer's reason: "Bo declines: they need their ore for a city"
        fields["reason"] = e[5]
        rest = rest if answer == "countered" else ""
        because = reason_words(e[5], rd.names[p] == YOU)
        return f"{rd.who(p)} {rd.verb(p, verb)}{' ' if rest else ''}{rest}: {because}", fields
    return f"{rd.who(p)} {rd.verb(p, verb)} {rest}", fields


def _trade(rd: _Reader, e: Event) -> tuple[str, Fields]:
    p, other, gives, gets = e[1], e[2], e[3], e[4]
    text = f"{rd.who(p)} traded {cards_text(gives)} to {rd.whom(other)} for {cards_text(gets)}"
    return text, {"other": rd.names[other], "give": _cards(gives), "get": _cards(gets)}


def _trade_closed(rd: _Reader, e: Event) -> tuple[str, Fields]:
    p, reason = e[1], e[2]
    return f"{rd.whose(p, capital=True)} offer is closed: {reason}", {"reason": reason}


def _longest_road(rd: _Reader, e: Event) -> tuple[str, Fields]:
    p, before, length = e[1], e[2], e[3]
    fields: Fields = {"before": rd.names[before] if before >= 0 else None, "length": length}
    if p < 0:
        was = "yours" if rd.names[before] == YOU else f"{rd.names[before]}'s"
        return f"Longest Road is set aside (was {was})", fields
    taken = f" from {rd.whom(before)}" if before >= 0 else ""
    return f"{rd.who(p)} {rd.verb(p, 'takes')} Longest Road{taken} ({length} roads)", fields


def _largest_army(rd: _Reader, e: Event) -> tuple[str, Fields]:
    p, knights = e[1], e[2]
    return f"{rd.who(p)} {rd.verb(p, 'takes')} Largest Army ({knights} knights)", {"knights": knights}


def _end_turn(rd: _Reader, e: Event) -> tuple[str, Fields]:
    return f"{rd.who(e[1])} ended the turn", {}


def _special_pass(rd: _Reader, e: Event) -> tuple[str, Fields]:
    return f"{rd.who(e[1])} passed (special build)", {}


def _staged(rd: _Reader, e: Event) -> tuple[str, Fields]:
    return f"A position was staged: {rd.who(e[1])} to play", {}


def _win(rd: _Reader, e: Event) -> tuple[str, Fields]:
    p, vp = e[1], e[2]
    return f"{rd.who(p)} {rd.verb(p, 'wins')} with {vp} victory points!", {"vp": vp}


_WORDINGS: Final[dict[str, _Wording]] = {
    "roll": _roll,
    "road": _building("a road", "edge"),
    "settlement": _building("a settlement", "node"),
    "city": _building("a city", "node"),
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
    "end_turn": _end_turn,
    "special_pass": _special_pass,
    "staged": _staged,
    "win": _win,
}


def _worded(
    event: Event, names: Sequence[str], board: Board | None, viewer: int | None
) -> tuple[str, Fields]:
    wording = _WORDINGS.get(event[0])
    rd = _Reader(names, board, viewer)
    if wording is None:
        return f"{rd.who(event[1])}: {event[0]}", {}
    return wording(rd, event)


def describe(event: Event, names: Sequence[str], board: Board | None, viewer: int | None = None) -> str:
    """One event in plain words for one reader, e.g. ``"Bo rolled 8 (3+5): Ada +1 grain"``.

    Args:
        event: an engine event (see the module docstring).
        names: player names by seat; a player named ``"You"`` reads in the second person.
        board: names the places (``"the corner of 6 brick, 4 wool and 2 wool"``); without it
            places read ``"a corner"``, ``"a path"``, ``"a hex"``.
        viewer: the seat reading, ``None`` for a public onlooker, ``-1`` for the all-seeing
            teacher.  Only the thief and the victim (and the teacher) see which card a robber
            took, only the buyer (and the teacher) which development card was bought.
    """
    return _worded(event, names, board, viewer)[0]


def event_fields(
    event: Event, names: Sequence[str], board: Board | None, viewer: int | None = None
) -> dict[str, Any]:
    """The event as a plain, JSON-ready dict, hiding what :func:`describe` hides.

    Always ``kind``, ``seat``, ``who`` (the name) and ``text`` (:func:`describe`); then, by
    kind: ``where`` (a place in words: road, settlement, city, robber), ``paid``; ``cards``
    (``{resource: n}``: cards taken or discarded, the stolen card when visible); ``give`` /
    ``want`` / ``get`` (trades); ``dice``, ``total``, ``gains`` (``{name: {resource: n}}``) and
    ``short`` (``{resource: bank_had}``) for a roll; ``card`` (a development card's name, left
    out when hidden), ``free_roads``, ``from`` (monopoly: ``{name: n}``); ``victim``, ``stolen``;
    ``to``, ``other``, ``answer``, ``reason``, ``before``, ``length``, ``knights``, ``vp``.
    """
    text, fields = _worded(event, names, board, viewer)
    seat = event[1] if isinstance(event[1], int) and event[1] >= 0 else None
    head: dict[str, Any] = {"kind": event[0], "seat": seat, "who": None if seat is None else names[seat]}
    return head | {"text": text} | fields


def seen_by(event: Event, viewer: int | None) -> Event:
    """``event`` as ``viewer`` sees it: the bought card (``buy``) is -1 and the stolen card
    (``robber``) :data:`HIDDEN_CARD` when ``viewer`` may not see them, as :func:`describe`
    hides them (a robber's -1 stays: nothing was taken).
    """
    kind = event[0]
    if kind == "buy" or (kind == "robber" and event[3] is not None and event[4] >= 0):
        rd = _Reader((), None, viewer)
        if not (rd.sees(event[1]) if kind == "buy" else rd.sees(event[1], event[3])):
            return (*event[:-1], -1 if kind == "buy" else HIDDEN_CARD)
    return event


def render(event: Event, names: Sequence[str], board: Board | None = None) -> str:
    """The public wording of an event: :func:`describe` for an onlooker (``viewer=None``)."""
    return describe(event, names, board, None)
