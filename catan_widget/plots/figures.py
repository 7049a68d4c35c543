"""Plotly figures of one game: dice, production, income, victory points (the spot-value map
is in :mod:`.spot_map`, the summary in :mod:`.summary`).

Each function returns a ``plotly.graph_objects.Figure``; the numbers come from
:mod:`catan_widget.plots.data` and :mod:`catan_widget.plots.stats`.  Each takes
``language=`` (default: the process's, :func:`catan_widget.set_language`): every word shown is
a catalogue message, every number written as that language writes it (:mod:`.text`); the
figure's data (x, y, customdata) are the same in every language.
"""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go

from .._pyodide import patch_plotly
from ..engine import ONLOOKER, RESOURCES, Game
from ..engine.constants import resource_word
from ..engine.language import Message, number, resolve, tr, trc, trn, words
from ..engine.words.places import hex_place
from .data import expected_production, income_series, victory_point_series
from .stats import DICE_TOTALS, DICE_WAYS, dice_chi_square
from .text import HOVER, separators, signed, significant

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


def readable(fig: go.Figure, language: str | None = None) -> go.Figure:
    """Light background and dark text whatever the notebook's theme (JupyterLab dark included),
    and the axes' numbers written as ``language`` writes them (its decimal sign and thousands
    separator).
    """
    fig.update_layout(
        template="plotly_white",
        paper_bgcolor="white",
        plot_bgcolor="white",
        font_color="#222",
        separators=separators(language),
    )
    return fig


LABEL_ROOM = 1.2
"""Bar axes end at ``LABEL_ROOM`` times the tallest bar: room for a label above it."""


def bar_range(heights: Sequence[float]) -> list[float]:
    """A bar axis range: from 0 (bars are never cut short to exaggerate differences) to the
    tallest bar with room above it for a text label (1 when there are no bars).
    """
    top = max(heights, default=0)
    return [0, top * LABEL_ROOM if top > 0 else 1]


def dice(game: Game | Sequence[int], language: str | None = None) -> go.Figure:
    """Rolls of 2..12 so far (bars) against what fair dice give on average (the 36ths, a line).

    The title carries Pearson's chi-square goodness-of-fit statistic and its p-value
    (10 degrees of freedom): a small p (say below 0.05) means dice this uneven are rare.
    ``game`` may also be 11 counts (e.g. the rolls of many games added up).
    """
    lang = resolve(language)
    counts = list(game.observe(ONLOOKER).dice_counts) if isinstance(game, Game) else list(game)
    statistic, p_value = dice_chi_square(counts)
    n = sum(counts)
    expected = [n * w / 36 for w in DICE_WAYS]
    fig = go.Figure()
    fig.add_bar(
        x=list(DICE_TOTALS),
        y=counts,
        name=words(trc("plot", "rolled"), lang),
        marker_color=["#c0392b" if t in (6, 8) else "#4c6a85" for t in DICE_TOTALS],
        hovertext=[_rolled_words(t, c, lang) for t, c in zip(DICE_TOTALS, counts)],
        hovertemplate=HOVER,
    )
    fig.add_scatter(
        x=list(DICE_TOTALS),
        y=expected,
        name=words(trc("plot", "expected (fair dice)"), lang),
        mode="lines+markers",
        line={"color": "#222", "dash": "dash"},
        hovertext=[_expected_rolls_words(t, e, lang) for t, e in zip(DICE_TOTALS, expected)],
        hovertemplate=HOVER,
    )
    if n:
        # TRANSLATORS: the dice plot's title: Pearson's chi-square statistic {chi2} of the
        # {n} rolls, its degrees of freedom {dof} ("dof") and its p-value {p}
        title = trn(
            "Dice: {n} roll — chi-square {chi2} ({dof} dof), p = {p}",
            "Dice: {n} rolls — chi-square {chi2} ({dof} dof), p = {p}",
            n,
            chi2=number(statistic, lang, 2),
            dof=len(DICE_WAYS) - 1,
            p=significant(p_value, lang),
        )
    else:
        title = tr("Dice: no rolls yet")
    fig.update_layout(
        title=words(title, lang),
        xaxis={
            "title": words(trc("plot", "total of two dice"), lang),
            "tickmode": "array",
            "tickvals": list(DICE_TOTALS),
        },
        yaxis={"title": words(trc("plot", "rolls"), lang), "rangemode": "tozero"},
        bargap=0.15,
    )
    return readable(fig, lang)


def _rolled_words(total: int, count: int, lang: str) -> str:
    """Hover text of a bar of the dice plot."""
    # TRANSLATORS: hover text of a bar of the dice plot: the {total} of two dice was rolled {n} times.
    # Hover texts hold no plotly "%{y}" references: every value is filled in before plotly sees it
    return words(trn("{total}: rolled {n} time", "{total}: rolled {n} times", count, total=total), lang)


def _expected_rolls_words(total: int, rolls: float, lang: str) -> str:
    """Hover text of a point of the dice plot's line."""
    # TRANSLATORS: hover text of the dice plot's line: fair dice give the {total} of two dice
    # {rolls} times on average ({rolls} is a decimal number: "3.5")
    return words(tr("{total}: expected {rolls}", total=total, rolls=number(rolls, lang, 1)), lang)


def production(game: Game, language: str | None = None) -> go.Figure:
    """Expected resource cards per roll for each player, stacked by resource.

    Counts the buildings on the board now (a city counts 2) and the robber (its hex pays
    nothing).  Multiply by 36 for "cards per 36 rolls".
    """
    lang = resolve(language)
    public = game.observe(ONLOOKER)  # public pieces and the robber only
    table = expected_production(public, game.board)
    names = game.names
    fig = go.Figure()
    for r, resource in enumerate(RESOURCES):
        word = resource_word(r)
        fig.add_bar(
            x=names,
            y=[table[p][r] for p in range(len(names))],
            name=words(word, lang),
            marker_color=RESOURCE_COLORS[resource],
            hovertext=[_production_words(name, word, table[p][r], lang) for p, name in enumerate(names)],
            hovertemplate=HOVER,
        )
    totals = [sum(row) for row in table]
    fig.add_scatter(
        x=names,
        y=totals,
        mode="text",
        text=[number(t, lang, 2) for t in totals],
        textposition="top center",
        cliponaxis=False,
        showlegend=False,
        hoverinfo="skip",
    )
    # TRANSLATORS: the production plot's title; {hex} is the hex the robber is on ("mountains 8")
    title = tr("Expected cards per roll (robber on {hex})", hex=hex_place(game.board, public.robber))
    fig.update_layout(
        barmode="stack",
        title=words(title, lang),
        xaxis={"title": words(trc("plot", "player"), lang)},
        yaxis={"title": words(trc("plot", "cards per roll"), lang), "range": bar_range(totals)},
        legend={"title": words(trc("plot", "resource"), lang)},
    )
    return readable(fig, lang)


def _production_words(name: str, resource: Message, cards: float, lang: str) -> str:
    """Hover text of a bar of the production plot."""
    # TRANSLATORS: hover text of the production plot: a roll gives {player} {cards} cards of
    # {resource} on average ({cards} is a decimal number: "0.139")
    text = tr(
        "{player}, {resource}: {cards} cards per roll",
        player=name,
        resource=resource,
        cards=number(cards, lang, 3),
    )
    return words(text, lang)


def income(game: Game, language: str | None = None) -> go.Figure:
    """Observed (solid) against expected (dashed) cumulative income, one small panel per player.

    The gap between a player's two curves is their dice luck; the dashed curve is what average
    dice would have paid their buildings — which reflects their play, and also earlier luck
    (lucky cards become buildings).  Definitions in :mod:`catan_widget.plots.data`.
    """
    from plotly.subplots import make_subplots

    lang = resolve(language)
    series = income_series(game)
    n = len(game.names)
    titles = []
    for p, name in enumerate(game.names):
        luck = series.observed[p][-1] - series.expected[p][-1]
        # TRANSLATORS: a player's panel in the income plot: {luck} is a signed decimal number
        # ("+1.5", "-0.3": cards received minus cards expected), so use the form a fraction takes
        titles.append(words(tr("{name}: luck {luck} cards", name=name, luck=signed(luck, lang)), lang))
    rows = -(-n // 2)  # two panels a row: 2 rows for 3-4 players, 3 for 5-6
    fig = make_subplots(rows=rows, cols=2, subplot_titles=titles, shared_xaxes=True, shared_yaxes=True)
    for p, name in enumerate(game.names):
        row, col = p // 2 + 1, p % 2 + 1
        color = PLAYER_COLORS[p % len(PLAYER_COLORS)]
        fig.add_scatter(
            x=series.turns,
            y=series.observed[p],
            name=words(trc("plot", "received"), lang),
            legendgroup="received",
            showlegend=p == 0,
            line={"color": color},
            hovertext=[
                _cards_words(name, t, round(v), lang) for t, v in zip(series.turns, series.observed[p])
            ],
            hovertemplate=HOVER,
            row=row,
            col=col,
        )
        fig.add_scatter(
            x=series.turns,
            y=series.expected[p],
            name=words(trc("plot", "expected (average dice)"), lang),
            legendgroup="expected",
            showlegend=p == 0,
            line={"color": color, "dash": "dash"},
            hovertext=[_expected_words(name, t, v, lang) for t, v in zip(series.turns, series.expected[p])],
            hovertemplate=HOVER,
            row=row,
            col=col,
        )
    turn, cumulative = words(trc("plot", "turn"), lang), words(trc("plot", "cards (cumulative)"), lang)
    for i in range(1, min(n, 2 * rows) + 1):
        row, col = (i - 1) // 2 + 1, (i - 1) % 2 + 1
        fig.update_xaxes(title_text=turn if row == rows else None, row=row, col=col)
        fig.update_yaxes(title_text=cumulative if i % 2 else None, row=row, col=col)
    fig.update_layout(
        title=words(tr("Income from production: received (solid) vs expected (dashed)"), lang),
        height=280 * rows,
        legend={"title": words(trc("plot", "line (colour = player)"), lang), "orientation": "h", "y": -0.12},
    )
    return readable(fig, lang)


def _cards_words(name: str, turn: int, cards: int, lang: str) -> str:
    """Hover text of a point of a received-income line."""
    # TRANSLATORS: hover text of the income plot: {name} had received {n} cards by turn {turn}
    text = trn("{name}, turn {turn}: {n} card", "{name}, turn {turn}: {n} cards", cards, name=name, turn=turn)
    return words(text, lang)


def _expected_words(name: str, turn: int, cards: float, lang: str) -> str:
    """Hover text of a point of an expected-income line."""
    # TRANSLATORS: hover text of the income plot: {cards} (a decimal number, "12.5") is what
    # average dice would have given {name} by turn {turn}
    text = tr("{name}, turn {turn}: {cards} expected", name=name, turn=turn, cards=number(cards, lang, 1))
    return words(text, lang)


def victory_points(game: Game, teacher: bool = False, language: str | None = None) -> go.Figure:
    """Victory points per player at the end of every turn.

    By default the public points (what the table sees); ``teacher=True`` adds the hidden
    victory-point cards.
    """
    lang = resolve(language)
    series = victory_point_series(game)
    values = series.total if teacher else series.public
    fig = go.Figure()
    for p, name in enumerate(game.names):
        fig.add_scatter(
            x=series.turns,
            y=values[p],
            name=name,
            line={"color": PLAYER_COLORS[p % len(PLAYER_COLORS)], "shape": "hv"},
            hovertext=[_points_words(name, t, v, lang) for t, v in zip(series.turns, values[p])],
            hovertemplate=HOVER,
        )
    # TRANSLATORS: the line marking the {n} victory points that win the game
    goal = trn("{n} to win", "{n} to win", game.rules.vp_to_win)
    fig.add_hline(
        y=game.rules.vp_to_win, line_dash="dot", line_color="#888", annotation_text=words(goal, lang)
    )
    if teacher:
        title = tr("Victory points per turn — total (hidden cards included)")
    else:
        # TRANSLATORS: "public": the points everyone at the table sees (hidden cards left out)
        title = tr("Victory points per turn — public")
    fig.update_layout(
        title=words(title, lang),
        xaxis={"title": words(trc("plot", "turn"), lang)},
        yaxis={"title": words(trc("plot", "victory points"), lang), "rangemode": "tozero"},
        legend={"title": words(trc("plot", "player"), lang)},
    )
    return readable(fig, lang)


def _points_words(name: str, turn: int, points: int, lang: str) -> str:
    """Hover text of a point of a victory-point line."""
    # TRANSLATORS: hover text of the victory-point plot: {name} had {n} victory points at turn {turn}
    text = trn("{name}, turn {turn}: {n} VP", "{name}, turn {turn}: {n} VP", points, name=name, turn=turn)
    return words(text, lang)


__all__ = [
    "PLAYER_COLORS",
    "RESOURCE_COLORS",
    "TERRAIN_COLORS",
    "dice",
    "income",
    "production",
    "readable",
    "victory_points",
]
