"""The spot-value map: pips per intersection as a heat map over the board, best spots ringed.

Positions and sizes come from :mod:`.spot_layout`, the numbers from :mod:`.data`; the words
from the catalogues, in ``language`` (:mod:`.text`).
"""

from __future__ import annotations

import plotly.graph_objects as go

from ..engine import TERRAINS, Board, Game
from ..engine.board.topology import Topology
from ..engine.constants import resource_word, terrain_word
from ..engine.language import joined, resolve, tr, trc, trn, trnc, words
from ..engine.words.places import hex_place
from .data import best_spots, node_pips, node_resources
from .figures import TERRAIN_COLORS, readable
from .spot_layout import (
    HARBOR_PX,
    RING_LINE_PX,
    SPOT_MARGIN,
    SPOT_PLOT_PX,
    TAG_PX,
    disc_px,
    rank_tags,
    ring_px,
    spot_frame,
)

__all__ = ["spot_values"]


def _hex_path(topo: Topology, h: int) -> str:
    points = [topo.node_xy(n) for n in topo.hex_nodes[h]]
    return "M " + " L ".join(f"{x},{y}" for x, y in points) + " Z"


def spot_values(board: Board | Game, best: int = 5, language: str | None = None) -> go.Figure:
    """Pips per intersection as a heat map over the board; the ``best`` top spots are ringed.

    Each intersection's marker is coloured and sized by its pips: the cards a settlement there
    expects per 36 rolls (equal to the rolls that pay it only when no two of its hexes share a
    number; see :func:`.data.paying_rolls`).  Ranking: most pips, then most distinct resources.
    Terrain colours are in the legend; each harbor's label is joined to its two corners; each
    ringed spot's rank is on a tag beside it, clear of the discs (:mod:`.spot_layout`).
    """
    lang = resolve(language)
    if isinstance(board, Game):
        board = board.board
    topo = board.topo  # the base board or the 5–6 player extension's
    hex_xy, node_xy, harbor_xy = topo.hex_xy, topo.node_xy, topo.harbor_xy
    fig = go.Figure()
    for h in range(topo.hex_count):
        terrain = TERRAINS[board.terrain[h]]
        fig.add_shape(
            type="path",
            path=_hex_path(topo, h),
            fillcolor=TERRAIN_COLORS[terrain],
            opacity=0.45,
            line={"color": "#777", "width": 1},
            layer="below",
        )
    for terrain, color in TERRAIN_COLORS.items():  # legend entries for the hex colours
        fig.add_scatter(
            x=[None],
            y=[None],
            mode="markers",
            marker={"symbol": "hexagon", "size": 14, "color": color, "opacity": 0.6},
            name=words(terrain_word(TERRAINS.index(terrain)), lang),
            legendgroup="terrain",
            legendgrouptitle_text=words(trc("plot", "terrain"), lang),
        )
    fig.add_scatter(
        x=[hex_xy(h)[0] for h in range(topo.hex_count)],
        y=[hex_xy(h)[1] + 0.35 for h in range(topo.hex_count)],
        mode="text",
        text=[str(board.number[h]) if board.number[h] else "" for h in range(topo.hex_count)],
        textfont={
            "size": 15,
            "color": ["#b00020" if board.number[h] in (6, 8) else "#222" for h in range(topo.hex_count)],
        },
        hovertext=[_hex_words(board, h, lang) for h in range(topo.hex_count)],
        hoverinfo="text",
        name=words(trc("plot", "hexes"), lang),
        showlegend=False,
    )
    pips = node_pips(board)
    top_pips = max(pips) or 1
    xy = [node_xy(n) for n in range(topo.node_count)]
    for i in range(len(board.harbors)):  # harbors: a label joined to its two corners
        hx, hy = harbor_xy(i)
        for n in topo.harbor_nodes[i]:
            fig.add_shape(
                type="line",
                x0=hx,
                y0=hy,
                x1=xy[n][0],
                y1=xy[n][1],
                line={"color": "#1f4e79", "width": 2, "dash": "dot"},
                layer="below",
            )
    fig.add_scatter(
        x=[harbor_xy(i)[0] for i in range(len(topo.harbor_nodes))],
        y=[harbor_xy(i)[1] for i in range(len(topo.harbor_nodes))],
        mode="markers+text",
        marker={
            "symbol": "square",
            "size": HARBOR_PX,
            "color": "#eaf2fb",
            "line": {"color": "#1f4e79", "width": 1},
        },
        text=[_harbor_tag(k, lang) for k in board.harbors],
        textfont={"size": 9, "color": "#1f4e79"},
        name=words(trc("plot", "harbor (dotted to its 2 corners)"), lang),
        hoverinfo="skip",
    )
    fig.add_scatter(
        x=[p[0] for p in xy],
        y=[p[1] for p in xy],
        mode="markers+text",
        name=words(trc("plot", "pips per intersection"), lang),
        text=[str(v) for v in pips],
        textfont={"size": 9, "color": ["#fff" if v > 0.55 * top_pips else "#111" for v in pips]},
        marker={
            "color": pips,
            "size": [disc_px(v) for v in pips],
            "colorscale": "YlOrRd",
            "cmin": 0,
            "cmax": top_pips,
            "colorbar": {
                # TRANSLATORS: the colour bar's title on the spot-value map, in three short
                # lines (keep the two <br>, line breaks): pips are the cards per 36 rolls
                "title": {"text": words(trc("plot", "pips<br>(cards per<br>36 rolls)"), lang)},
                "x": 1.02,
                "len": 0.5,
                "y": 0.76,
            },
            "line": {"color": "#333", "width": 1},
        },
        customdata=list(range(topo.node_count)),
        hovertext=[_node_words(board, n, pips[n], lang) for n in range(topo.node_count)],
        hoverinfo="text",
    )
    top = best_spots(board, best)
    fig.add_scatter(
        x=[xy[n][0] for n in top],
        y=[xy[n][1] for n in top],
        mode="markers",
        # TRANSLATORS: the legend entry of the rings round the {n} best intersections
        name=words(trnc("plot", "best {n} spot", "best {n} spots", len(top)), lang),
        customdata=top,
        marker={"symbol": "circle-open", "size": [ring_px(pips[n]) for n in top], "color": "#111"},
        marker_line_width=RING_LINE_PX,
        hovertext=[_ranked_words(i + 1, n, pips[n], lang) for i, n in enumerate(top)],
        hoverinfo="text",
    )
    # rank labels on white tags beside their rings, clear of every disc, number and harbor
    frame = spot_frame(topo)
    tags, rings = rank_tags(board, top, frame)
    for i, (n, (tx, ty), ring) in enumerate(zip(top, tags, rings)):
        fig.add_annotation(
            x=xy[n][0],
            y=xy[n][1],
            ax=tx,
            ay=ty,
            axref="x",
            ayref="y",
            # TRANSLATORS: a best spot's rank on the spot-value map: "#1" (keep it short)
            text=words(trc("rank", "#{rank}", rank=i + 1), lang),
            width=TAG_PX[0],
            height=TAG_PX[1],
            borderpad=1,
            borderwidth=1,
            showarrow=True,
            arrowhead=0,
            arrowwidth=1.5,
            standoff=ring[2] * frame[2],
            bgcolor="#ffffff",
            bordercolor="#111",
            font={"size": 11, "color": "#111"},
        )
    fig.update_layout(
        title=words(tr("Spot values: pips per intersection (expected cards per 36 rolls)"), lang),
        xaxis={"visible": False, "range": frame[0], "scaleanchor": "y"},
        yaxis={"visible": False, "range": frame[1]},
        width=SPOT_PLOT_PX[0] + SPOT_MARGIN["l"] + SPOT_MARGIN["r"],
        height=SPOT_PLOT_PX[1] + SPOT_MARGIN["t"] + SPOT_MARGIN["b"],
        margin=SPOT_MARGIN,
        legend={"x": 1.02, "y": 0.46, "yanchor": "top"},
    )
    return readable(fig, lang)


def _hex_words(board: Board, h: int, lang: str) -> str:
    """A hex's hover text on the spot-value map: its id, its name and its pips."""
    # TRANSLATORS: hover text of a hex: its id {hex}, its name {place} ("mountains 8"), {n} pips
    text = trn(
        "hex {hex}: {place}, {n} pip",
        "hex {hex}: {place}, {n} pips",
        board.pips(h),
        hex=h,
        place=hex_place(board, h),
    )
    return words(text, lang)


def _ranked_words(rank: int, node: int, pips: int, lang: str) -> str:
    """A ringed intersection's hover text: its rank, its id and its pips."""
    # TRANSLATORS: hover text of a ringed intersection: its rank {rank}, its id {node}, its {n} pips
    text = trn(
        "#{rank}: intersection {node}, {n} pip",
        "#{rank}: intersection {node}, {n} pips",
        pips,
        rank=rank,
        node=node,
    )
    return words(text, lang)


def _harbor_tag(kind: int, lang: str) -> str:
    """A harbor's tag on the spot-value map: ``"3:1"``, or ``"2:1"`` over its resource."""
    if kind < 0:
        return "3:1"
    # TRANSLATORS: a 2:1 harbor's tag on the map, in two short lines (keep the <br>, a line break)
    return words(trc("plot", "2:1<br>{resource}", resource=resource_word(kind)), lang)


def _node_words(board: Board, node: int, pips: int, lang: str) -> str:
    """An intersection's hover text on the spot-value map: its id, pips and resources."""
    resources = joined(
        [resource_word(r) for r in node_resources(board, node)], "comma", trc("resources", "nothing")
    )
    # TRANSLATORS: hover text of an intersection: its id {node}, its {n} pips, {resources} around it
    text = trn(
        "intersection {node}: {n} pip — {resources}",
        "intersection {node}: {n} pips — {resources}",
        pips,
        node=node,
        resources=resources,
    )
    return words(text, lang)
