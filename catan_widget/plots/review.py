"""The win-chance chart of a game review (:func:`catan_widget.review`): a line per player over
the turns, the blunders and mistakes marked on the mover's line, the move and the better one
in the hover text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import plotly.graph_objects as go

from ..engine.language import number, resolve, tr, trc, words
from ..reviews.words import grade_words
from .figures import PLAYER_COLORS, readable
from .text import HOVER

if TYPE_CHECKING:
    from ..reviews.report import Review

MARKED = {"blunder": "x", "mistake": "circle-open"}
"""The grades marked on the chart, with their marker symbols."""


def turn_axis(turns: Sequence[int]) -> list[float]:
    """Each position's place on a turn axis: turn ``t``'s positions spread evenly over ``[t, t+1)``."""
    xs: list[float] = []
    i = 0
    while i < len(turns):
        j = i
        while j < len(turns) and turns[j] == turns[i]:
            j += 1
        xs.extend(turns[i] + (k - i) / (j - i) for k in range(i, j))
        i = j
    return xs


def win_chances(review: Review, language: str | None = None) -> go.Figure:
    """Each player's win chance (%) at every position of the reviewed game, over the turns;
    blunders (crosses) and mistakes (rings) on the mover's line, hover: the move, its grade,
    the points lost and the better move.
    """
    lang = resolve(language)
    xs = turn_axis(review.turns)
    fig = go.Figure()
    for p, name in enumerate(review.names):
        ys = [100 * c[p] for c in review.chances]
        hover = [
            # TRANSLATORS: hover text of the win-chance chart: {chance} is a percentage
            words(
                tr("{name}, turn {turn}: {chance}% to win", name=name, turn=t, chance=number(y, lang)), lang
            )
            for t, y in zip(review.turns, ys)
        ]
        fig.add_scatter(
            x=xs,
            y=ys,
            name=name,
            mode="lines",
            line={"color": PLAYER_COLORS[p % len(PLAYER_COLORS)], "width": 2},
            hovertext=hover,
            hovertemplate=HOVER,
        )
    for grade, symbol in MARKED.items():
        marked = [d for d in review.decisions if d.grade == grade]
        if not marked:
            continue
        fig.add_scatter(
            x=[xs[d.index + 1] for d in marked],
            y=[100 * review.chances[d.index + 1][d.seat] for d in marked],
            name=words(grade_words(grade), lang),
            mode="markers",
            marker={
                "symbol": symbol,
                "size": 11,
                "color": [PLAYER_COLORS[d.seat % len(PLAYER_COLORS)] for d in marked],
                "line": {"width": 2, "color": "#222"},
            },
            hovertext=["<br>".join(review.explain(d, lang)) for d in marked],
            hovertemplate=HOVER,
        )
    fig.update_layout(
        title=words(tr("Win chance per player"), lang),
        xaxis={"title": words(trc("plot", "turn"), lang)},
        yaxis={"title": words(trc("plot", "win chance (%)"), lang), "range": [0, 100]},
        legend={"title": words(trc("plot", "player"), lang)},
    )
    return readable(fig, lang)
