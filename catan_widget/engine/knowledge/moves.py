"""Where the cards of one event go: from whom to whom, which resource, how many.

The front-end moves cards on the table by these (a roll's cards from the dice to the players who
got them, a stolen card from the victim to the thief, a trade's cards between the traders, what a
player pays to the bank); the facts are the engine's events as one viewer sees them
(``Observation.shown.recent``), so a card the viewer may not see moves face down.

A move is ``(giver, taker, resource, n)``: a seat, or :data:`BANK`, or :data:`DICE` (a roll's
gains); ``resource`` an index of ``constants.RESOURCES``, or :data:`FACE_DOWN` for a card this
viewer may not see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..constants import CITY_COST, DEV_CARD_COST, MONOPOLY, ROAD_COST, SETTLEMENT_COST, YEAR_OF_PLENTY
from ..rules.events import Event

BANK: Final = -1
"""The bank, as a giver or a taker."""
DICE: Final = -2
"""The dice: the giver of a roll's gains (paid by the bank, shown coming from the roll)."""
FACE_DOWN: Final = -1
"""A card the viewer may not see (a steal between two others)."""

Move = tuple[int, int, int, int]

_COSTS: Final = {"road": ROAD_COST, "settlement": SETTLEMENT_COST, "city": CITY_COST, "buy": DEV_CARD_COST}


def _cards(giver: int, taker: int, cards: Sequence[int]) -> list[Move]:
    return [(giver, taker, r, n) for r, n in enumerate(cards) if n]


def _paid(event: Event) -> bool:
    """Whether a building event cost cards (roads and settlements are free in setup)."""
    kind = event[0]
    return kind in ("city", "buy") or bool(event[3])


def card_moves(event: Event) -> list[Move]:
    """The cards ``event`` moves (see the module); none for an event that moves no card."""
    kind, p = event[0], event[1]
    if kind == "roll":
        return [(DICE, q, r, n) for q, r, n in event[3]]
    if kind in _COSTS:
        return _cards(p, BANK, _COSTS[kind]) if _paid(event) else []
    if kind == "setup_income":
        return _cards(BANK, p, event[2])
    if kind == "discard":
        return _cards(p, BANK, event[2])
    if kind == "maritime":
        give, rate, get = event[2], event[3], event[4]
        return [(p, BANK, give, rate), (BANK, p, get, 1)]
    if kind == "trade":
        other, gives, gets = event[2], event[3], event[4]
        return _cards(p, other, gives) + _cards(other, p, gets)
    if kind == "robber":
        victim, taken = event[3], event[4]
        if victim is None or taken == -1:
            return []
        return [(victim, p, taken if taken >= 0 else FACE_DOWN, 1)]
    if kind == "play":
        card, data = event[2], event[3]
        if card == YEAR_OF_PLENTY:
            a, b = data
            return [(BANK, p, a, 2)] if a == b else [(BANK, p, a, 1), (BANK, p, b, 1)]
        if card == MONOPOLY:
            resource, takes = data
            return [(q, p, resource, n) for q, n in enumerate(takes) if n and q != p]
    return []
