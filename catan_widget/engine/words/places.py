"""Places on the board in words, as a player sees them: never by their internal ids.

One name for each place, used everywhere (the board's popovers, the log, hints):

* a hex by its terrain and number token, as a label: ``"mountains 8"``; the desert ``"desert"``;
* a corner (intersection) by the hexes around it: ``"the corner of hills 6, pasture 4 and
  pasture 2"``, ``"the coastal corner of mountains 10 (3:1 harbor)"`` when it touches fewer
  than three hexes (with its harbor when it has one);
* a path by the hexes on its two sides (``"the path between hills 6 and pasture 4"``) or, on
  the coast, by its hex and the hexes next to its ends (``"the coast of mountains 10 by
  pasture 2"``, plus the harbor it serves);
* a harbor: ``"3:1 harbor"``, ``"2:1 wool harbor"``.

Hexes are listed best first (most pips), so the words read like the board; they need not be
unique, only readable.  The ``*_place`` / :func:`harbor_label` functions give catalogue
messages (labels a sentence puts in a placeholder); the ``*_name`` functions give the same in
words, in ``language`` (default: the process's).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ..board.layouts import GENERIC, Board
from ..board.topology import TOPOLOGIES
from ..constants import resource_word, terrain_word
from ..language import Joined, Message, joined, tr, trc, words

__all__ = [
    "corner_name",
    "corner_place",
    "harbor_label",
    "harbor_words",
    "hex_label",
    "hex_name",
    "hex_place",
    "hexes_label",
    "path_name",
    "path_place",
]

_HARBOR_PATHS: Final = {
    name: frozenset(frozenset(pair) for pair in topo.harbor_nodes) for name, topo in TOPOLOGIES.items()
}
"""The coastal paths a harbor serves, as node pairs, by board."""


def hex_place(board: Board, hex_id: int) -> Message:
    """A hex as a label: ``"mountains 8"`` (terrain and number token), the desert ``"desert"``."""
    terrain = terrain_word(board.terrain[hex_id])
    if board.resource(hex_id) is None:
        return terrain
    # TRANSLATORS: a hex named by its terrain and number token: "mountains 8"
    return trc("hex", "{terrain} {number}", terrain=terrain, number=board.number[hex_id])


def hexes_label(board: Board, hexes: Iterable[int]) -> Joined:
    """Hexes as one list, most pips first: ``"hills 6, pasture 4 and pasture 2"``."""
    return joined(hex_place(board, h) for h in sorted(hexes, key=lambda h: (-board.pips(h), h)))


def harbor_label(kind: int | None) -> Message | None:
    """A harbor as a label: ``"3:1 harbor"``, ``"2:1 wool harbor"`` (None for no harbor)."""
    if kind is None:
        return None
    if kind == GENERIC:
        return tr("3:1 harbor")
    # TRANSLATORS: a harbor trading 2 cards of {resource} for 1 of any resource
    return tr("2:1 {resource} harbor", resource=resource_word(kind))


def corner_place(board: Board, node: int) -> Message:
    """An intersection by the hexes around it: ``"the corner of hills 6, pasture 4 and pasture
    2"``; on the coast ``"the coastal corner of hills 6 and pasture 4 (3:1 harbor)"``.
    """
    around = board.topo.node_hexes[node]
    hexes = hexes_label(board, around)
    harbor = harbor_label(board.node_harbor[node])
    if harbor is not None:  # harbors are on the coast
        # TRANSLATORS: an intersection on the coast, by the hexes it touches, and its harbor
        return tr("the coastal corner of {hexes} ({harbor})", hexes=hexes, harbor=harbor)
    if len(around) == 3:
        # TRANSLATORS: an intersection named by the three hexes around it
        return tr("the corner of {hexes}", hexes=hexes)
    # TRANSLATORS: an intersection on the coast, named by the one or two hexes it touches
    return tr("the coastal corner of {hexes}", hexes=hexes)


def path_place(board: Board, edge: int) -> Message:
    """A path by the hexes on its sides: ``"the path between hills 6 and pasture 4"``; on the
    coast by its hex and the other hexes at its two ends: ``"the coast of mountains 10 by
    pasture 2"`` (plus the harbor it serves, if any).
    """
    topo = board.topo
    a, b = topo.edge_nodes[edge]
    node_hexes = topo.node_hexes
    sides = sorted(set(node_hexes[a]) & set(node_hexes[b]))
    if len(sides) == 2:
        # TRANSLATORS: a path (edge) named by the two hexes on its sides
        return tr("the path between {hexes}", hexes=hexes_label(board, sides))
    hexes = hexes_label(board, sides)
    near = sorted((set(node_hexes[a]) | set(node_hexes[b])) - set(sides))
    harbor = harbor_label(board.node_harbor[a]) if frozenset((a, b)) in _HARBOR_PATHS[topo.name] else None
    if near:
        by = hexes_label(board, near)
        if harbor is None:
            # TRANSLATORS: a coastal path: {hexes} is the hex it borders, {near} the hexes at its ends
            return tr("the coast of {hexes} by {near}", hexes=hexes, near=by)
        return tr("the coast of {hexes} by {near} ({harbor})", hexes=hexes, near=by, harbor=harbor)
    if harbor is None:
        # TRANSLATORS: a coastal path: {hexes} is the hex it borders
        return tr("the coast of {hexes}", hexes=hexes)
    return tr("the coast of {hexes} ({harbor})", hexes=hexes, harbor=harbor)


def hex_name(board: Board, hex_id: int, *, language: str | None = None) -> str:
    """:func:`hex_place` in words: ``"mountains 8"``, ``"desert"``."""
    return words(hex_place(board, hex_id), language)


def hex_label(board: Board, hex_id: int, *, language: str | None = None) -> str:
    """The same as :func:`hex_name` (a hex has one name, alone or in a list)."""
    return words(hex_place(board, hex_id), language)


def harbor_words(kind: int | None, *, language: str | None = None) -> str:
    """:func:`harbor_label` in words: ``"3:1 harbor"``, ``"2:1 wool harbor"`` (``""`` for None)."""
    label = harbor_label(kind)
    return "" if label is None else words(label, language)


def corner_name(board: Board, node: int, *, language: str | None = None) -> str:
    """:func:`corner_place` in words: ``"the corner of hills 6, pasture 4 and pasture 2"``."""
    return words(corner_place(board, node), language)


def path_name(board: Board, edge: int, *, language: str | None = None) -> str:
    """:func:`path_place` in words: ``"the path between hills 6 and pasture 4"``."""
    return words(path_place(board, edge), language)
