"""The fixed data of the 5–6 player extension's layouts: our own balanced beginner map, its
harbors, and the spiral used by the ``spiral_tokens`` house option.

The beginner map (ids as in :mod:`.topology`, reading order) is our own, found once by a
seeded search and written down here; what makes it balanced:

* each resource's pips (ways to roll its hexes' numbers) are within 1.3 of its share of the
  88 pips on the board (forest, pasture, fields 19 each; hills 16, mountains 15);
* no two hexes of one terrain touch; no 6 or 8 touches another 6 or 8, no number touches the
  same number, no 2 touches a 12;
* the two deserts lie inland and apart (hex 4 and the centre, hex 15), the robber starting on
  hex 4;
* no intersection is worth more than 12 pips, and every resource has a hex of 4 pips or more.

The harbors alternate a 3:1 harbor and a 2:1 harbor around the coast, the two wool harbors
far apart.
"""

from __future__ import annotations

from typing import Final

GENERIC: Final = -1
"""Harbor kind of a 3:1 harbor; a 2:1 harbor's kind is its resource id."""

#: Terrain id of each hex (TERRAINS order: forest, hills, pasture, fields, mountains, desert).
BEGINNER6_TERRAIN: Final[tuple[int, ...]] = (
    *(0, 4, 2),
    *(3, 5, 0, 1),
    *(2, 4, 3, 2, 3),
    *(4, 1, 0, 5, 1, 4),
    *(0, 4, 1, 2, 3),
    *(1, 2, 3, 0),
    *(3, 0, 2),
)
#: Number token of each hex (0 on a desert).
BEGINNER6_NUMBERS: Final[tuple[int, ...]] = (
    *(11, 8, 3),
    *(6, 0, 4, 5),
    *(9, 12, 9, 8, 12),
    *(4, 10, 8, 0, 3, 6),
    *(3, 2, 9, 11, 5),
    *(10, 6, 4, 10),
    *(11, 5, 2),
)
#: Harbor kinds, clockwise from the top-left (see ``EXTENSION.harbor_sides``).
BEGINNER6_HARBORS: Final[tuple[int, ...]] = (GENERIC, 2, GENERIC, 1, GENERIC, 4, 2, GENERIC, 3, GENERIC, 0)

#: The extension's rings of hexes, each counter-clockwise from its top-left hex, outside in.
EXTENSION_RINGS_CCW: Final[tuple[tuple[int, ...], ...]] = (
    (0, 3, 7, 12, 18, 23, 27, 28, 29, 26, 22, 17, 11, 6, 2, 1),
    (4, 8, 13, 19, 24, 25, 21, 16, 10, 5),
    (9, 14, 20, 15),
)
#: The order of the 28 tokens laid in a spiral (our own, after the printed extension's letters).
SPIRAL6_TOKENS: Final[tuple[int, ...]] = (
    *(2, 5, 4, 6, 3, 9, 8, 11, 11, 10, 6, 3, 8, 4),
    *(8, 10, 11, 12, 10, 5, 4, 9, 5, 9, 12, 3, 2, 6),
)
