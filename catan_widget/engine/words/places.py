"""Places on the board in words, as a player sees them: never by their internal ids.

A hex is named by its number token and resource (``"the 8 ore"``, ``"the desert"``); a corner
(intersection) by the hexes around it (``"the corner of 6 brick, 4 wool and 2 wool"``, with
``"coastal"`` when it touches fewer than three hexes and its harbor when it has one); a path by
the hexes on its two sides (``"the path between 6 brick and 4 wool"``) or, on the coast, by its
hex and the hexes next to its ends (``"the coast of 10 ore by 2 wool"``).  Hexes are listed best
first (most pips), so the words read like the board; they need not be unique, only readable.
"""

from __future__ import annotations

from typing import Final

from ..board.layouts import GENERIC, Board
from ..board.topology import TOPOLOGIES
from ..constants import RESOURCES

__all__ = ["corner_name", "harbor_words", "hex_label", "hex_name", "path_name"]

_HARBOR_PATHS: Final = {
    name: frozenset(frozenset(pair) for pair in topo.harbor_nodes) for name, topo in TOPOLOGIES.items()
}
"""The coastal paths a harbor serves, as node pairs, by board."""


def hex_label(board: Board, hex_id: int) -> str:
    """A hex inside a list of hexes: ``"8 ore"``, or ``"the desert"``."""
    r = board.resource(hex_id)
    return "the desert" if r is None else f"{board.number[hex_id]} {RESOURCES[r]}"


def hex_name(board: Board, hex_id: int) -> str:
    """A hex on its own: ``"the 8 ore"``, or ``"the desert"``."""
    label = hex_label(board, hex_id)
    return label if board.resource(hex_id) is None else f"the {label}"


def _listing(board: Board, hexes: list[int] | tuple[int, ...]) -> str:
    """``"6 brick, 4 wool and 2 wool"``: the hexes' labels, most pips first."""
    labels = [hex_label(board, h) for h in sorted(hexes, key=lambda h: (-board.pips(h), h))]
    return labels[0] if len(labels) == 1 else f"{', '.join(labels[:-1])} and {labels[-1]}"


def harbor_words(kind: int | None) -> str:
    """A harbor in words: ``"3:1 harbor"``, ``"2:1 wool harbor"`` (``""`` for None)."""
    if kind is None:
        return ""
    return "3:1 harbor" if kind == GENERIC else f"2:1 {RESOURCES[kind]} harbor"


def corner_name(board: Board, node: int) -> str:
    """An intersection by the hexes around it: ``"the corner of 6 brick, 4 wool and 2 wool"``;
    on the coast ``"the coastal corner of 6 brick and 4 wool (3:1 harbor)"``.
    """
    hexes = board.topo.node_hexes[node]
    kind = "corner" if len(hexes) == 3 else "coastal corner"
    harbor = harbor_words(board.node_harbor[node])
    return f"the {kind} of {_listing(board, hexes)}" + (f" ({harbor})" if harbor else "")


def path_name(board: Board, edge: int) -> str:
    """A path by the hexes on its sides: ``"the path between 6 brick and 4 wool"``; on the
    coast by its hex and the other hexes at its two ends: ``"the coast of 10 ore by 2 wool"``
    (plus the harbor it serves, if any).
    """
    topo = board.topo
    a, b = topo.edge_nodes[edge]
    node_hexes = topo.node_hexes
    sides = sorted(set(node_hexes[a]) & set(node_hexes[b]))
    if len(sides) == 2:
        return f"the path between {_listing(board, sides)}"
    near = sorted((set(node_hexes[a]) | set(node_hexes[b])) - set(sides))
    text = f"the coast of {_listing(board, sides)}"
    if near:
        text += f" by {_listing(board, near)}"
    if frozenset((a, b)) in _HARBOR_PATHS[topo.name]:
        text += f" ({harbor_words(board.node_harbor[a])})"
    return text
