"""Plotly figures of one game: dice, production, spot values, income, victory points.

Each function returns a ``plotly.graph_objects.Figure``; the numbers come from
:mod:`catan_widget.plots.data` and :mod:`catan_widget.plots.stats`.
"""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go

from .._pyodide import patch_plotly
from ..engine import ONLOOKER, RESOURCES, TERRAINS, Board, Game
from ..engine.board.topology import Topology
from ..engine.words.places import hex_name
from .data import (
    best_spots,
    expected_production,
    income_series,
    node_pips,
    node_resources,
    victory_point_series,
)
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
from .stats import DICE_TOTALS, DICE_WAYS, dice_chi_square

patch_plotly()  # JupyterLite: figures show without nbformat (does nothing elsewhere)

PLAYER_COLORS: tuple[str, ...] = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#6B4226", "#332288")
"""Player colours by seat 0..5 (the widget's, colour-blind safe)."""
RESOURCE_COLORS: dict[str, str] = {
    "lumber": "#2f7d34",
    "brick": "#c0582f",
    "wool": "#8cc152",
    "grain": "#e9b824",
    "ore": "#7b8590",
}
"""Resource colours, as on the board."""
TERRAIN_COLORS: dict[str, str] = {
    "forest": "#3f7b37",
    "pasture": "#90c254",
    "fields": "#e8bd3f",
    "hills": "#c8663c",
    "mountains": "#8a929b",
    "desert": "#e2c98a",
}
"""Terrain colours, as on the board."""


def readable(fig: go.Figure) -> go.Figure:
    """Light background and dark text whatever the notebook's theme (JupyterLab dark included)."""
    fig.update_layout(template="plotly_white", paper_bgcolor="white", plot_bgcolor="white", font_color="#222")
    return fig


LABEL_ROOM = 1.2
"""Bar axes end at ``LABEL_ROOM`` times the tallest bar: room for a label above it."""


def bar_range(heights: Sequence[float]) -> list[float]:
    """A bar axis range: from 0 (bars are never cut short to exaggerate differences) to the
    tallest bar with room above it for a text label (1 when there are no bars).
    """
    top = max(heights, default=0)
    return [0, top * LABEL_ROOM if top > 0 else 1]


def dice(game: Game | Sequence[int]) -> go.Figure:
    """Rolls of 2..12 so far (bars) against what fair dice give on average (the 36ths, a line).

    The title carries Pearson's chi-square goodness-of-fit statistic and its p-value
    (10 degrees of freedom): a small p (say below 0.05) means dice this uneven are rare.
    ``game`` may also be 11 counts (e.g. the rolls of many games added up).
    """
    counts = list(game.observe(ONLOOKER).dice_counts) if isinstance(game, Game) else list(game)
    statistic, p_value = dice_chi_square(counts)
    n = sum(counts)
    expected = [n * w / 36 for w in DICE_WAYS]
    fig = go.Figure()
    fig.add_bar(
        x=list(DICE_TOTALS),
        y=counts,
        name="rolled",
        marker_color=["#c0392b" if t in (6, 8) else "#4c6a85" for t in DICE_TOTALS],
        hovertemplate="%{x}: rolled %{y} times<extra></extra>",
    )
    fig.add_scatter(
        x=list(DICE_TOTALS),
        y=expected,
        name="expected (fair dice)",
        mode="lines+markers",
        line={"color": "#222", "dash": "dash"},
        hovertemplate="%{x}: expected %{y:.1f}<extra></extra>",
    )
    if n:
        title = f"Dice: {n} rolls — chi-square {statistic:.2f} (10 dof), p = {p_value:.3g}"
    else:
        title = "Dice: no rolls yet"
    fig.update_layout(
        title=title,
        xaxis={"title": "total of two dice", "tickmode": "array", "tickvals": list(DICE_TOTALS)},
        yaxis={"title": "rolls", "rangemode": "tozero"},
        bargap=0.15,
    )
    return readable(fig)


def production(game: Game) -> go.Figure:
    """Expected resource cards per roll for each player, stacked by resource.

    Counts the buildings on the board now (a city counts 2) and the robber (its hex pays
    nothing).  Multiply by 36 for "cards per 36 rolls".
    """
    public = game.observe(ONLOOKER)  # public pieces and the robber only
    table = expected_production(public, game.board)
    names = game.names
    fig = go.Figure()
    for r, resource in enumerate(RESOURCES):
        fig.add_bar(
            x=names,
            y=[table[p][r] for p in range(len(names))],
            name=resource,
            marker_color=RESOURCE_COLORS[resource],
            hovertemplate=f"%{{x}}: %{{y:.3f}} {resource} per roll<extra></extra>",
        )
    totals = [sum(row) for row in table]
    fig.add_scatter(
        x=names,
        y=totals,
        mode="text",
        text=[f"{t:.2f}" for t in totals],
        textposition="top center",
        cliponaxis=False,
        showlegend=False,
        hoverinfo="skip",
    )
    fig.update_layout(
        barmode="stack",
        title=f"Expected cards per roll (robber on {hex_name(game.board, public.robber)})",
        xaxis={"title": "player"},
        yaxis={"title": "cards per roll", "range": bar_range(totals)},
        legend={"title": "resource"},
    )
    return readable(fig)


def _hex_path(topo: Topology, h: int) -> str:
    points = [topo.node_xy(n) for n in topo.hex_nodes[h]]
    return "M " + " L ".join(f"{x},{y}" for x, y in points) + " Z"


def spot_values(board: Board | Game, best: int = 5) -> go.Figure:
    """Pips per intersection as a heat map over the board; the ``best`` top spots are ringed.

    Each intersection's marker is coloured and sized by its pips: the cards a settlement there
    expects per 36 rolls (equal to the rolls that pay it only when no two of its hexes share a
    number; see :func:`.data.paying_rolls`).  Ranking: most pips, then most distinct resources.
    Terrain colours are in the legend; each harbor's label is joined to its two corners; each
    ringed spot's rank is on a tag beside it, clear of the discs (:mod:`.spot_layout`).
    """
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
            name=terrain,
            legendgroup="terrain",
            legendgrouptitle_text="terrain",
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
        hovertext=[
            f"hex {h}: {TERRAINS[board.terrain[h]]}, number {board.number[h] or '-'}, {board.pips(h)} pips"
            for h in range(topo.hex_count)
        ],
        hoverinfo="text",
        name="hexes",
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
        text=["3:1" if k < 0 else f"2:1<br>{RESOURCES[k]}" for k in board.harbors],
        textfont={"size": 9, "color": "#1f4e79"},
        name="harbor (dotted to its 2 corners)",
        hoverinfo="skip",
    )
    fig.add_scatter(
        x=[p[0] for p in xy],
        y=[p[1] for p in xy],
        mode="markers+text",
        name="pips per intersection",
        text=[str(v) for v in pips],
        textfont={"size": 9, "color": ["#fff" if v > 0.55 * top_pips else "#111" for v in pips]},
        marker={
            "color": pips,
            "size": [disc_px(v) for v in pips],
            "colorscale": "YlOrRd",
            "cmin": 0,
            "cmax": top_pips,
            "colorbar": {
                "title": {"text": "pips<br>(cards per<br>36 rolls)"},
                "x": 1.02,
                "len": 0.5,
                "y": 0.76,
            },
            "line": {"color": "#333", "width": 1},
        },
        customdata=list(range(topo.node_count)),
        hovertext=[
            f"intersection {n}: {pips[n]} pips — "
            + (", ".join(RESOURCES[r] for r in node_resources(board, n)) or "nothing")
            for n in range(topo.node_count)
        ],
        hoverinfo="text",
    )
    top = best_spots(board, best)
    fig.add_scatter(
        x=[xy[n][0] for n in top],
        y=[xy[n][1] for n in top],
        mode="markers",
        name=f"best {len(top)} spots",
        customdata=top,
        marker={"symbol": "circle-open", "size": [ring_px(pips[n]) for n in top], "color": "#111"},
        marker_line_width=RING_LINE_PX,
        hovertext=[f"#{i + 1}: intersection {n}, {pips[n]} pips" for i, n in enumerate(top)],
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
            text=f"#{i + 1}",
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
        title="Spot values: pips per intersection (expected cards per 36 rolls)",
        xaxis={"visible": False, "range": frame[0], "scaleanchor": "y"},
        yaxis={"visible": False, "range": frame[1]},
        width=SPOT_PLOT_PX[0] + SPOT_MARGIN["l"] + SPOT_MARGIN["r"],
        height=SPOT_PLOT_PX[1] + SPOT_MARGIN["t"] + SPOT_MARGIN["b"],
        margin=SPOT_MARGIN,
        legend={"x": 1.02, "y": 0.46, "yanchor": "top"},
    )
    return readable(fig)


def income(game: Game) -> go.Figure:
    """Observed (solid) against expected (dashed) cumulative income, one small panel per player.

    The gap between a player's two curves is their dice luck; the dashed curve is what average
    dice would have paid their buildings — which reflects their play, and also earlier luck
    (lucky cards become buildings).  Definitions in :mod:`catan_widget.plots.data`.
    """
    from plotly.subplots import make_subplots

    series = income_series(game)
    n = len(game.names)
    titles = []
    for p, name in enumerate(game.names):
        luck = series.observed[p][-1] - series.expected[p][-1]
        titles.append(f"{name}: luck {luck:+.1f} cards")
    rows = -(-n // 2)  # two panels a row: 2 rows for 3-4 players, 3 for 5-6
    fig = make_subplots(rows=rows, cols=2, subplot_titles=titles, shared_xaxes=True, shared_yaxes=True)
    for p, name in enumerate(game.names):
        row, col = p // 2 + 1, p % 2 + 1
        color = PLAYER_COLORS[p % len(PLAYER_COLORS)]
        fig.add_scatter(
            x=series.turns,
            y=series.observed[p],
            name="received",
            legendgroup="received",
            showlegend=p == 0,
            line={"color": color},
            hovertemplate=f"{name}, turn %{{x}}: %{{y}} cards<extra></extra>",
            row=row,
            col=col,
        )
        fig.add_scatter(
            x=series.turns,
            y=series.expected[p],
            name="expected (average dice)",
            legendgroup="expected",
            showlegend=p == 0,
            line={"color": color, "dash": "dash"},
            hovertemplate=f"{name}, turn %{{x}}: %{{y:.1f}} expected<extra></extra>",
            row=row,
            col=col,
        )
    for i in range(1, min(n, 2 * rows) + 1):
        row, col = (i - 1) // 2 + 1, (i - 1) % 2 + 1
        fig.update_xaxes(title_text="turn" if row == rows else None, row=row, col=col)
        fig.update_yaxes(title_text="cards (cumulative)" if i % 2 else None, row=row, col=col)
    fig.update_layout(
        title="Income from production: received (solid) vs expected (dashed)",
        height=280 * rows,
        legend={"title": "line (colour = player)", "orientation": "h", "y": -0.12},
    )
    return readable(fig)


def victory_points(game: Game, teacher: bool = False) -> go.Figure:
    """Victory points per player at the end of every turn.

    By default the public points (what the table sees); ``teacher=True`` adds the hidden
    victory-point cards.
    """
    series = victory_point_series(game)
    values = series.total if teacher else series.public
    fig = go.Figure()
    for p, name in enumerate(game.names):
        fig.add_scatter(
            x=series.turns,
            y=values[p],
            name=name,
            line={"color": PLAYER_COLORS[p % len(PLAYER_COLORS)], "shape": "hv"},
            hovertemplate=f"{name}, turn %{{x}}: %{{y}} VP<extra></extra>",
        )
    fig.add_hline(
        y=game.rules.vp_to_win,
        line_dash="dot",
        line_color="#888",
        annotation_text=f"{game.rules.vp_to_win} to win",
    )
    kind = "total (hidden cards included)" if teacher else "public"
    fig.update_layout(
        title=f"Victory points per turn — {kind}",
        xaxis={"title": "turn"},
        yaxis={"title": "victory points", "rangemode": "tozero"},
        legend={"title": "player"},
    )
    return readable(fig)


__all__ = [
    "PLAYER_COLORS",
    "RESOURCE_COLORS",
    "TERRAIN_COLORS",
    "dice",
    "income",
    "production",
    "readable",
    "spot_values",
    "victory_points",
]
