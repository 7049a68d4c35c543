"""Names and numbers of the base game: resources, terrains, costs, card counts."""

from __future__ import annotations

RESOURCES: tuple[str, ...] = ("lumber", "brick", "wool", "grain", "ore")
"""Resource names; a resource's index in this tuple is its id everywhere in the engine."""
LUMBER, BRICK, WOOL, GRAIN, ORE = range(5)

TERRAINS: tuple[str, ...] = ("forest", "hills", "pasture", "fields", "mountains", "desert")
"""Terrain names; terrain ``i < 5`` produces resource ``i``; 5 is the desert."""
DESERT = 5

DEV_CARDS: tuple[str, ...] = (
    "knight",
    "road_building",
    "year_of_plenty",
    "monopoly",
    "victory_point",
)
"""Development card names; a card's index in this tuple is its id."""
KNIGHT, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY, VICTORY_POINT = range(5)
DEV_DECK_COUNTS: tuple[int, ...] = (14, 2, 2, 2, 5)

CARDS_PER_RESOURCE = 19
ROADS, SETTLEMENTS, CITIES = 15, 5, 4

ROAD_COST: tuple[int, ...] = (1, 1, 0, 0, 0)
SETTLEMENT_COST: tuple[int, ...] = (1, 1, 1, 1, 0)
CITY_COST: tuple[int, ...] = (0, 0, 0, 2, 3)
DEV_CARD_COST: tuple[int, ...] = (0, 0, 1, 1, 1)

PIPS: dict[int, int] = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
"""Ways two dice make each number token."""
NUMBER_TOKENS: tuple[int, ...] = (2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12)

LONGEST_ROAD_MIN = 5
LARGEST_ARMY_MIN = 3


def cards_text(counts: tuple[int, ...] | list[int]) -> str:
    """Plain words for a resource count vector: ``"2 wool, 1 ore"`` (``"nothing"`` if empty)."""
    parts = [f"{n} {RESOURCES[r]}" for r, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else "nothing"
