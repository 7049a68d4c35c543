"""Helpers for the analysis tests: scripting staged games, and the geometry of the spot-value map."""

from __future__ import annotations

import math
from typing import Any

import plotly.graph_objects as go

from catan_widget import EndTurn, Game, MoveRobber, RollDice
from catan_widget.engine.board.topology import HEX_NODES


def play_rolls(game: Game, rolls: list[tuple[int, int]]) -> None:
    """Play one turn per scripted roll: roll, move the robber on a 7 (to a hex nobody touches),
    end the turn.
    """
    for dice in rolls:
        game.step(RollDice(), dice=dice)
        if game.phase == "move_robber":
            target = next(a for a in game.legal_actions() if isinstance(a, MoveRobber) and a.victim is None)
            game.step(target)
        game.step(EndTurn())


def node_between(*hexes: int) -> int:
    """The one intersection where the three given hexes meet."""
    common = set(HEX_NODES[hexes[0]]).intersection(*(HEX_NODES[h] for h in hexes[1:]))
    assert len(common) == 1, (hexes, common)
    return common.pop()


Box = tuple[float, float, float, float]
"""A box by its centre and half sizes, in hex units: ``(x, y, half_width, half_height)``."""
Circle = tuple[float, float, float]
"""A disc: ``(x, y, radius)`` in hex units."""


def map_scale(layout: dict[str, Any]) -> float:
    """Pixels per hex unit of a spot-value map, from its layout (size, fixed margins, ranges);
    checks that it is one scale on both axes.
    """
    margin = layout["margin"]
    assert margin["autoexpand"] is False, "fixed margins: the plot area's size is known"
    width = layout["width"] - margin["l"] - margin["r"]
    height = layout["height"] - margin["t"] - margin["b"]
    (x0, x1), (y0, y1) = layout["xaxis"]["range"], layout["yaxis"]["range"]
    assert y0 > y1, "y downwards"
    sx, sy = width / abs(x1 - x0), height / abs(y1 - y0)
    assert abs(sx - sy) < 1e-6 * sx, "one scale on both axes"
    return sx


def tag_boxes(layout: dict[str, Any], scale: float) -> list[Box]:
    """The rank tags' boxes: text box, padding and border, around the tail of each pointer."""
    boxes = []
    for a in layout["annotations"]:
        assert (a["axref"], a["ayref"]) == ("x", "y"), "tags placed in data units"
        pad = a["borderpad"] + a["borderwidth"]
        boxes.append(
            (a["ax"], a["ay"], (a["width"] + 2 * pad) / 2 / scale, (a["height"] + 2 * pad) / 2 / scale)
        )
    return boxes


def map_discs(fig: go.Figure, scale: float) -> tuple[list[Circle], list[Circle], list[Box]]:
    """The pip discs (outline included), the rings of the best spots (line included) and the
    harbor squares of a spot-value map, in hex units, read from its traces.
    """
    nodes = next(t for t in fig.data if t.name == "pips per intersection")
    ringed = next(t for t in fig.data if t.name and t.name.startswith("best "))
    harbors = next(t for t in fig.data if t.name and t.name.startswith("harbor"))
    line = nodes.marker.line.width
    discs = [(x, y, (s / 2 + line) / scale) for x, y, s in zip(nodes.x, nodes.y, nodes.marker.size)]
    width = ringed.marker.line.width
    rings = [(x, y, (s / 2 + width / 2) / scale) for x, y, s in zip(ringed.x, ringed.y, ringed.marker.size)]
    half = (harbors.marker.size / 2 + harbors.marker.line.width) / scale
    squares = [(x, y, half, half) for x, y in zip(harbors.x, harbors.y)]
    return discs, rings, squares


def box_gap_to_circle(box: Box, circle: Circle) -> float:
    """How far ``box`` is from ``circle`` (negative: they overlap), in hex units."""
    x, y, hw, hh = box
    cx, cy, r = circle
    dx, dy = max(abs(cx - x) - hw, 0.0), max(abs(cy - y) - hh, 0.0)
    return math.hypot(dx, dy) - r


def boxes_overlap(a: Box, b: Box) -> bool:
    """Whether two boxes overlap."""
    return abs(a[0] - b[0]) < a[2] + b[2] and abs(a[1] - b[1]) < a[3] + b[3]
