"""Names and numbers of the base game and of the 5–6 player extension: resources, terrains,
costs, card counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .language import Joined, Message, joined, tr, trc, trnc

RESOURCES: Final[tuple[str, ...]] = ("lumber", "brick", "wool", "grain", "ore")
"""Resource names; a resource's index in this tuple is its id everywhere in the engine."""
LUMBER: Final = 0
BRICK: Final = 1
WOOL: Final = 2
GRAIN: Final = 3
ORE: Final = 4

TERRAINS: Final[tuple[str, ...]] = ("forest", "hills", "pasture", "fields", "mountains", "desert")
"""Terrain names; terrain ``i < 5`` produces resource ``i``; 5 is the desert."""
DESERT: Final = 5

DEV_CARDS: Final[tuple[str, ...]] = (
    "knight",
    "road_building",
    "year_of_plenty",
    "monopoly",
    "victory_point",
)
"""Development card names; a card's index in this tuple is its id."""
KNIGHT: Final = 0
ROAD_BUILDING: Final = 1
YEAR_OF_PLENTY: Final = 2
MONOPOLY: Final = 3
VICTORY_POINT: Final = 4
DEV_DECK_COUNTS: Final[tuple[int, ...]] = (14, 2, 2, 2, 5)
EXTENSION_DEV_DECK_COUNTS: Final[tuple[int, ...]] = (20, 3, 3, 3, 5)
"""The 5–6 player extension's deck: 34 cards (20 knights, 3 of each progress card, 5 VP)."""

MAX_PLAYERS: Final = 6
"""The most players a game seats (5 and 6 play the extension)."""

CARDS_PER_RESOURCE: Final = 19
EXTENSION_CARDS_PER_RESOURCE: Final = 24
"""The bank of the 5–6 player extension holds 24 cards of each resource."""
ROADS: Final = 15
SETTLEMENTS: Final = 5
CITIES: Final = 4

ROAD_COST: Final[tuple[int, ...]] = (1, 1, 0, 0, 0)
SETTLEMENT_COST: Final[tuple[int, ...]] = (1, 1, 1, 1, 0)
CITY_COST: Final[tuple[int, ...]] = (0, 0, 0, 2, 3)
DEV_CARD_COST: Final[tuple[int, ...]] = (0, 0, 1, 1, 1)

PIPS: Final[dict[int, int]] = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
"""Ways two dice make each number token."""
NUMBER_TOKENS: Final[tuple[int, ...]] = (2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12)
EXTENSION_NUMBER_TOKENS: Final[tuple[int, ...]] = tuple(
    sorted((*NUMBER_TOKENS, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12))
)
"""The extension's 28 tokens: 2 and 12 twice, every other number three times."""
TERRAIN_COUNTS: Final[tuple[int, ...]] = (4, 3, 4, 4, 3, 1)
EXTENSION_TERRAIN_COUNTS: Final[tuple[int, ...]] = (6, 5, 6, 6, 5, 2)
"""How many hexes of each terrain (in TERRAINS order) the base board and the extension have."""

LONGEST_ROAD_MIN: Final = 5
LARGEST_ARMY_MIN: Final = 3
SPECIAL_CARD_VP: Final = 2
"""Victory points of Longest Road and of Largest Army (§7)."""
SPECIAL_CARDS: Final[dict[str, str]] = {"longest_road": "Longest Road", "largest_army": "Largest Army"}
"""The special cards (§7) by key, named as the rulebook names them."""


def special_card_title(key: str) -> Message:
    """What a special card is worth, in words: ``"Longest Road: 2 VP"``."""
    if key == "longest_road":
        return tr("Longest Road: {vp} VP", vp=SPECIAL_CARD_VP)
    return tr("Largest Army: {vp} VP", vp=SPECIAL_CARD_VP)


def special_card_word(key: str) -> Message:
    """A special card's name (§7): ``"Longest Road"``, ``"Largest Army"``."""
    return (
        trc("special card", "Longest Road") if key == "longest_road" else trc("special card", "Largest Army")
    )


def resource_word(resource: int) -> Message:
    """A resource's name as a label: ``"ore"`` (the glossary's word in each language)."""
    return (
        trc("resource", "lumber"),
        trc("resource", "brick"),
        trc("resource", "wool"),
        trc("resource", "grain"),
        trc("resource", "ore"),
    )[resource]


def terrain_word(terrain: int) -> Message:
    """A terrain's name as a label: ``"mountains"``, ``"desert"``."""
    return (
        trc("terrain", "forest"),
        trc("terrain", "hills"),
        trc("terrain", "pasture"),
        trc("terrain", "fields"),
        trc("terrain", "mountains"),
        trc("terrain", "desert"),
    )[terrain]


def amount_words(resource: int, n: int) -> Message:
    """``n`` cards of ``resource``: ``"2 wool"`` (the language's plural form)."""
    if resource == LUMBER:
        return trnc("cards", "{n} lumber", "{n} lumber", n)
    if resource == BRICK:
        return trnc("cards", "{n} brick", "{n} brick", n)
    if resource == WOOL:
        return trnc("cards", "{n} wool", "{n} wool", n)
    if resource == GRAIN:
        return trnc("cards", "{n} grain", "{n} grain", n)
    return trnc("cards", "{n} ore", "{n} ore", n)


def dev_card_word(card: int) -> Message:
    """A development card's name as the rulebook labels it (§6): ``"Road Building"``."""
    return (
        trc("development card", "Knight"),
        trc("development card", "Road Building"),
        trc("development card", "Year of Plenty"),
        trc("development card", "Monopoly"),
        trc("development card", "Victory Point"),
    )[card]


def card_words(card: int) -> Message:
    """A development card in a sentence: its name (:func:`dev_card_word`)."""
    return dev_card_word(card)


def cards_text(counts: Sequence[int]) -> Joined:
    """A resource count vector in words: ``"2 wool, 1 ore"`` (``"nothing"`` if empty)."""
    return joined((amount_words(r, n) for r, n in enumerate(counts) if n), "comma", trc("cards", "nothing"))
