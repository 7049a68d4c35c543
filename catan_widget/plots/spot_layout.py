"""Where the spot-value map puts things: its frame, its marker sizes and its rank tags.

The map's positions are in hex units (:mod:`catan_widget.engine.board.topology`), its markers and
tags in pixels.  The plot area has a fixed size in pixels (:data:`SPOT_PLOT_PX`, fixed margins)
and one scale on both axes, so the two can be compared: :func:`rank_tags` puts each "#1".."#5"
tag beside its ring, clear of the pip discs, the rings, the harbors, the hex numbers and the
other tags.  No plotly here.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..engine import Board
from ..engine.board.topology import BASE, Topology
from .data import node_pips

__all__ = [
    "HARBOR_PX",
    "NUMBER_TEXT_PX",
    "RING_LINE_PX",
    "SPOT_MARGIN",
    "SPOT_PLOT_PX",
    "TAG_PX",
    "Box",
    "Circle",
    "Frame",
    "Obstacles",
    "box_is_clear",
    "disc_px",
    "place_tags",
    "pointer_is_clear",
    "rank_tags",
    "ring_px",
    "spot_frame",
]

SPOT_PLOT_PX = (500, 580)
"""The spot-value map's plot area in pixels (fixed margins), so pixel-sized markers and tags
can be placed among the hex-unit positions."""
SPOT_MARGIN = {"l": 20, "r": 260, "t": 60, "b": 20, "autoexpand": False}
"""The map's margins in pixels: the legend and the colour bar sit in the right one."""
TAG_PX = (20, 14)
"""A rank tag's text box in pixels; its border and padding add 2 px on each side."""
HARBOR_PX = 30
"""A harbor's square marker, in pixels."""
RING_LINE_PX = 3
"""The line width of a best spot's ring, in pixels."""
NUMBER_TEXT_PX = (5.5, 6.5)
"""Half the width of one digit and half the height of a hex number (font size 15), in pixels."""


def disc_px(pips: int) -> float:
    """The diameter in pixels of an intersection's disc (its outline aside): bigger with pips."""
    return 10 + 1.6 * pips


def ring_px(pips: int) -> float:
    """The diameter in pixels of the ring round a best spot (its line aside)."""
    return 16 + 1.6 * pips


Box = tuple[float, float, float, float]
"""A box by its centre and half sizes: ``(x, y, half_width, half_height)``."""
Circle = tuple[float, float, float]
"""A disc: ``(x, y, radius)``."""
Obstacles = tuple[Sequence[Box], Sequence[Box]]
"""The boxes a rank tag keeps clear of: the harbors (always) and the hex numbers (if it can)."""
Frame = tuple[list[float], list[float], float]
"""The map's x range, y range (reversed) and pixels per hex unit."""


def spot_frame(topo: Topology = BASE) -> Frame:
    """The spot-value map's x range, y range (reversed: y downwards) and pixels per hex unit:
    the board and its harbors centred, one scale on both axes, filling :data:`SPOT_PLOT_PX`.
    """
    points = [topo.node_xy(n) for n in range(topo.node_count)]
    points += [topo.harbor_xy(i) for i in range(len(topo.harbor_nodes))]
    pad = 0.6
    x0, x1 = min(p[0] for p in points) - pad, max(p[0] for p in points) + pad
    y0, y1 = min(p[1] for p in points) - pad, max(p[1] for p in points) + pad
    width, height = SPOT_PLOT_PX
    scale = min(width / (x1 - x0), height / (y1 - y0))
    cx, cy, half_w, half_h = (x0 + x1) / 2, (y0 + y1) / 2, width / scale / 2, height / scale / 2
    return [cx - half_w, cx + half_w], [cy + half_h, cy - half_h], scale


def box_is_clear(box: Box, circles: Sequence[Circle], boxes: Sequence[Box], gap: float) -> bool:
    """True when ``box`` keeps ``gap`` away from every circle and every other box."""
    x, y, hw, hh = box
    for cx, cy, r in circles:
        dx, dy = max(abs(cx - x) - hw, 0.0), max(abs(cy - y) - hh, 0.0)
        if dx * dx + dy * dy < (r + gap) ** 2:
            return False
    return all(abs(bx - x) >= hw + bw + gap or abs(by - y) >= hh + bh + gap for bx, by, bw, bh in boxes)


def pointer_is_clear(
    start: tuple[float, float], end: tuple[float, float], circles: Sequence[Circle], boxes: Sequence[Box]
) -> bool:
    """True when the segment from ``start`` to ``end`` enters none of the circles and boxes
    (checked every 1/50 of a hex unit, about a pixel).
    """
    steps = max(2, int(math.dist(start, end) * 50))
    points = (
        (start[0] + (end[0] - start[0]) * i / steps, start[1] + (end[1] - start[1]) * i / steps)
        for i in range(steps + 1)
    )
    return all(box_is_clear((x, y, 0.0, 0.0), circles, boxes, 0.0) for x, y in points)


_TURNS = (0, *(sign * t for t in range(15, 180, 15) for sign in (1, -1)), 180)
"""Directions tried for a tag, in degrees from straight up, nearest first."""


def place_tags(
    rings: Sequence[Circle], discs: Sequence[Circle], boxes: Obstacles, frame: Frame
) -> list[tuple[float, float]]:
    """Centres for one tag per ring (in order), beside it with a visible pointer to it.

    ``discs`` are the pip discs and the rings; ``boxes`` the harbors and the hex numbers.  A tag
    always stays inside the plot and clear of the discs, the harbors and the tags placed before
    it.  The nearest spot is taken (looking up first, then around) that, at best, also keeps
    clear of the numbers, has a pointer crossing nothing and is nearer its own ring than any
    other; failing that, the same without the nearest-ring rule, then with a pointer that may
    cross a number or a harbor, then with a tag that may cover a number.
    """
    x_range, y_range, scale = frame
    hw, hh = (TAG_PX[0] + 4) / 2 / scale, (TAG_PX[1] + 4) / 2 / scale
    gap = 3 / scale
    left, right = x_range[0] + hw, x_range[1] - hw
    top, bottom = min(y_range) + hh, max(y_range) - hh
    harbors, numbers = list(boxes[0]), list(boxes[1])
    placed: list[Box] = []

    def fits(x: float, y: float, r: float, d: float, turn: int, tier: int) -> tuple[float, float] | None:
        angle = math.radians(turn - 90)
        tx, ty = x + d * math.cos(angle), y + d * math.sin(angle)
        edge = (x + r * 1.001 * math.cos(angle), y + r * 1.001 * math.sin(angle))
        if not (left <= tx <= right and top <= ty <= bottom):
            return None
        if tier == 0 and any(
            math.dist((tx, ty), o[:2]) - o[2] < math.dist((tx, ty), (x, y)) - r for o in rings
        ):
            return None
        box_blocks = [*harbors, *placed] + (numbers if tier < 3 else [])
        pointer_blocks = placed + (harbors + numbers if tier < 2 else [])
        if box_is_clear((tx, ty, hw, hh), discs, box_blocks, gap) and pointer_is_clear(
            edge, (tx, ty), discs, pointer_blocks
        ):
            return tx, ty
        return None

    for x, y, r in rings:
        tries = (
            fits(x, y, r, r + hh + (5 + 4 * k) / scale, turn, tier)
            for tier in range(4)
            for k in range(20)
            for turn in _TURNS
        )
        spot = next((t for t in tries if t is not None), (x, y - r - hh - 5 / scale))
        placed.append((*spot, hw, hh))
    return [(bx, by) for bx, by, _, _ in placed]


def rank_tags(
    board: Board, top: Sequence[int], frame: Frame
) -> tuple[list[tuple[float, float]], list[Circle]]:
    """The centres of the rank tags of the spots ``top`` (best first) and their rings, in hex
    units, placed by :func:`place_tags` among the board's discs, harbors and hex numbers.
    """
    scale = frame[2]
    pips = node_pips(board)
    topo = board.topo
    xy = [topo.node_xy(n) for n in range(topo.node_count)]
    discs = [(x, y, (disc_px(v) / 2 + 1) / scale) for (x, y), v in zip(xy, pips)]
    rings = [(*xy[n], (ring_px(pips[n]) + RING_LINE_PX) / 2 / scale) for n in top]
    half = (HARBOR_PX / 2 + 1) / scale
    harbors = [(*topo.harbor_xy(i), half, half) for i in range(len(topo.harbor_nodes))]
    digit, height = NUMBER_TEXT_PX
    numbers = [
        (x, y + 0.35, (digit * len(str(board.number[h])) + 1) / scale, height / scale)
        for h, (x, y) in enumerate(map(topo.hex_xy, range(topo.hex_count)))
        if board.number[h]
    ]
    return place_tags(rings, discs + rings, (harbors, numbers), frame), rings
