"""Plotly figures of one game: dice, production, spot values, income, victory points.

Each function returns a ``plotly.graph_objects.Figure``; the numbers come from
:mod:`catan_widget.plots.data` and :mod:`catan_widget.plots.stats`.
"""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go

from ..engine import RESOURCES, TERRAINS, Board, Game
from ..engine.places import hex_name
from ..engine.topology import (
    HARBOR_NODES,
    HEX_COUNT,
    HEX_NODES,
    NODE_COUNT,
    harbor_xy,
    hex_xy,
    node_xy,
)
from .data import (
    best_spots,
    expected_production,
    income_series,
    node_pips,
    node_resources,
    victory_point_series,
)
from .stats import DICE_TOTALS, DICE_WAYS, dice_chi_square

PLAYER_COLORS: tuple[str, ...] = ("#0072B2", "#D55E00", "#009E73", "#CC79A7")
"""Player colours by seat (Okabe–Ito, colour-blind safe)."""
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


def dice(game: Game | Sequence[int]) -> go.Figure:
    """Rolls of 2..12 so far (bars) against what fair dice give on average (the 36ths, a line).

    The title carries Pearson's chi-square goodness-of-fit statistic and its p-value
    (10 degrees of freedom): a small p (say below 0.05) means dice this uneven are rare.
    ``game`` may also be 11 counts (e.g. the rolls of many games added up).
    """
    counts = list(game.observe(None).dice_counts) if isinstance(game, Game) else list(game)
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
        yaxis={"title": "rolls"},
        bargap=0.15,
    )
    return fig


def production(game: Game) -> go.Figure:
    """Expected resource cards per roll for each player, stacked by resource.

    Counts the buildings on the board now (a city counts 2) and the robber (its hex pays
    nothing).  Multiply by 36 for "cards per 36 rolls".
    """
    public = game.observe(None)  # public pieces and the robber only
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
        showlegend=False,
        hoverinfo="skip",
    )
    fig.update_layout(
        barmode="stack",
        title=f"Expected cards per roll (robber on {hex_name(game.board, public.robber)})",
        yaxis={"title": "cards per roll"},
        legend={"title": "resource"},
    )
    return fig


def _hex_path(h: int) -> str:
    points = [node_xy(n) for n in HEX_NODES[h]]
    return "M " + " L ".join(f"{x},{y}" for x, y in points) + " Z"


def spot_values(board: Board | Game, best: int = 5) -> go.Figure:
    """Pips per intersection as a heat map over the board; the ``best`` top spots are ringed.

    Each intersection's marker is coloured and sized by its pips (the ways out of 36 that a roll
    pays a settlement there).  Ranking: most pips, then most distinct resources.
    """
    if isinstance(board, Game):
        board = board.board
    fig = go.Figure()
    for h in range(HEX_COUNT):
        terrain = TERRAINS[board.terrain[h]]
        fig.add_shape(
            type="path",
            path=_hex_path(h),
            fillcolor=TERRAIN_COLORS[terrain],
            opacity=0.35,
            line={"color": "#777", "width": 1},
            layer="below",
        )
    fig.add_scatter(
        x=[hex_xy(h)[0] for h in range(HEX_COUNT)],
        y=[hex_xy(h)[1] for h in range(HEX_COUNT)],
        mode="text",
        text=[str(board.number[h]) if board.number[h] else "" for h in range(HEX_COUNT)],
        textfont={
            "size": 16,
            "color": ["#c0392b" if board.number[h] in (6, 8) else "#222" for h in range(HEX_COUNT)],
        },
        hovertext=[
            f"hex {h}: {TERRAINS[board.terrain[h]]}, number {board.number[h] or '-'}, {board.pips(h)} pips"
            for h in range(HEX_COUNT)
        ],
        hoverinfo="text",
        name="hexes",
        showlegend=False,
    )
    pips = node_pips(board)
    xy = [node_xy(n) for n in range(NODE_COUNT)]
    fig.add_scatter(
        x=[p[0] for p in xy],
        y=[p[1] for p in xy],
        mode="markers+text",
        name="pips per intersection",
        text=[str(v) for v in pips],
        textfont={"size": 9},
        marker={
            "color": pips,
            "size": [8 + 2 * v for v in pips],
            "colorscale": "YlOrRd",
            "cmin": 0,
            "cmax": max(pips),
            "colorbar": {"title": {"text": "pips"}},
            "line": {"color": "#333", "width": 1},
        },
        customdata=list(range(NODE_COUNT)),
        hovertext=[
            f"intersection {n}: {pips[n]} pips — "
            + (", ".join(RESOURCES[r] for r in node_resources(board, n)) or "nothing")
            for n in range(NODE_COUNT)
        ],
        hoverinfo="text",
    )
    top = best_spots(board, best)
    fig.add_scatter(
        x=[xy[n][0] for n in top],
        y=[xy[n][1] for n in top],
        mode="markers+text",
        name=f"best {len(top)} spots",
        text=[f"#{i + 1}" for i in range(len(top))],
        textposition="top center",
        customdata=top,
        marker={"symbol": "circle-open", "size": [14 + 2 * pips[n] for n in top], "color": "#111"},
        marker_line_width=3,
        hovertext=[f"#{i + 1}: intersection {n}, {pips[n]} pips" for i, n in enumerate(top)],
        hoverinfo="text",
    )
    harbor_points = [harbor_xy(i) for i in range(len(HARBOR_NODES))]
    fig.add_scatter(
        x=[p[0] for p in harbor_points],
        y=[p[1] for p in harbor_points],
        mode="text",
        text=["3:1" if k < 0 else f"2:1 {RESOURCES[k]}" for k in board.harbors],
        textfont={"size": 10, "color": "#1f4e79"},
        name="harbors",
        hoverinfo="skip",
        showlegend=False,
    )
    fig.update_layout(
        title="Spot values: pips per intersection (ways out of 36 to be paid)",
        xaxis={"visible": False, "scaleanchor": "y"},
        yaxis={"visible": False, "autorange": "reversed"},
        width=700,
        height=640,
        plot_bgcolor="white",
        legend={"orientation": "h", "y": -0.02},
    )
    return fig


def income(game: Game) -> go.Figure:
    """Observed (solid) against expected (dashed) cumulative income per player over the turns.

    The gap between a player's two curves is dice luck; the slope of the dashed curve is what
    their building earned.  Definitions in :mod:`catan_widget.plots.data`.
    """
    series = income_series(game)
    fig = go.Figure()
    for p, name in enumerate(game.names):
        color = PLAYER_COLORS[p % len(PLAYER_COLORS)]
        luck = series.observed[p][-1] - series.expected[p][-1]
        fig.add_scatter(
            x=series.turns,
            y=series.observed[p],
            name=f"{name} observed ({luck:+.1f} luck)",
            legendgroup=name,
            line={"color": color},
            hovertemplate=f"{name}, turn %{{x}}: %{{y}} cards<extra></extra>",
        )
        fig.add_scatter(
            x=series.turns,
            y=series.expected[p],
            name=f"{name} expected",
            legendgroup=name,
            line={"color": color, "dash": "dash"},
            hovertemplate=f"{name}, turn %{{x}}: %{{y:.1f}} expected<extra></extra>",
        )
    fig.update_layout(
        title="Income: observed (solid) vs expected (dashed) — luck vs skill",
        xaxis={"title": "turn"},
        yaxis={"title": "resource cards from production (cumulative)"},
    )
    return fig


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
    )
    return fig


__all__ = [
    "PLAYER_COLORS",
    "RESOURCE_COLORS",
    "TERRAIN_COLORS",
    "dice",
    "income",
    "production",
    "spot_values",
    "victory_points",
]
