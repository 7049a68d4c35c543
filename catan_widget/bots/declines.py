"""Why a bot declines a trade offer, as a reason code of :mod:`catan_widget.engine.answer_reasons`:
the one rule every bot that says why uses (the search bot through :mod:`.trading`, the greedy
bot directly), so the same hand and terms give the same reason whichever bot declines.

The reason is the nearest build the trade would take a card from (``keeps_ore_for_city``),
``cannot_pay`` when the seat does not hold what is asked, and ``no_gain`` otherwise.  Only what
the seat knows goes in: its own hand, its pieces in supply, whether it has a settlement to
upgrade or a free spot in reach, whether the deck has cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import answer_reasons as why
from ..engine.constants import CITY_COST, DEV_CARD_COST, ROAD_COST, SETTLEMENT_COST

Cards = tuple[int, ...]
Build = tuple[str, Cards]
"""A build's name (one of :data:`~catan_widget.engine.answer_reasons.BUILDS`) and its cost."""


def holds(hand: Cards, cards: Cards) -> bool:
    """True when ``hand`` holds every card of ``cards``."""
    return all(h >= c for h, c in zip(hand, cards))


def has_settlement(seat: int, node_owner: Sequence[int], node_level: Sequence[int]) -> bool:
    """True when ``seat`` has a settlement on the board (one to upgrade to a city)."""
    return any(o == seat and lv == 1 for o, lv in zip(node_owner, node_level))


def builds_in_reach(pieces: Cards, has_settlement: bool, free_spot: bool, deck_left: bool) -> list[Build]:
    """The builds a seat could make with the cards, best first: a city (a settlement to upgrade
    and a city in supply), a settlement (a free spot in reach and one in supply), a
    development card (the deck not empty), a road (one in supply).  ``pieces``: roads,
    settlements, cities left in supply.
    """
    out: list[Build] = []
    if pieces[2] > 0 and has_settlement:
        out.append(("city", CITY_COST))
    if pieces[1] > 0 and free_spot:
        out.append(("settlement", SETTLEMENT_COST))
    if deck_left:
        out.append(("development_card", DEV_CARD_COST))
    if pieces[0] > 0:
        out.append(("road", ROAD_COST))
    return out


def decline_reason(hand: Cards, builds: list[Build], give: Cards) -> str:
    """Why giving ``give`` from ``hand`` does not suit a seat whose builds in reach are
    ``builds`` (:func:`builds_in_reach`): the nearest build it would take a card from
    (``keeps_<resource>_for_<build>``; ties go to the earlier build), ``cannot_pay``, or
    ``no_gain``.
    """
    if not holds(hand, give):
        return why.CANNOT_PAY
    best: tuple[int, int, str] | None = None
    for order, (build, cost) in enumerate(builds):
        short = [r for r in range(5) if give[r] and cost[r] and hand[r] - give[r] < cost[r]]
        if short:
            missing = sum(max(0, c - h) for h, c in zip(hand, cost))
            if best is None or (missing, order) < (best[0], best[1]):
                best = (missing, order, why.keeps(short[0], build))
    return why.NO_GAIN if best is None else best[2]
