"""The end of a game explained: points by source, luck, and victory points over the turns.

plots.summary_data(game)   # plain numbers (also what the widget shows at the end)
plots.summary(game)        # one plotly figure with three panels
plots.belief(game, seat)   # what ``seat`` knows of each opponent's hand (card counting)

The figures take ``language=`` (default: the process's); the data keep their codes
(:data:`POINT_SOURCES`, resource names) in every language.
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..engine import ALL_SEEING, RESOURCES, Game
from ..engine.constants import VICTORY_POINT, amount_words, resource_word, special_card_word
from ..engine.language import Message, resolve, tr, trc, trn, words
from ..engine.state import CITY, EMPTY
from .data import income_series, victory_point_series
from .figures import PLAYER_COLORS, RESOURCE_COLORS, bar_range, readable
from .text import HOVER, signed

__all__ = ["POINT_SOURCES", "belief", "belief_data", "summary", "summary_data"]

POINT_SOURCES = ("settlements", "cities", "longest_road", "largest_army", "vp_cards")
"""Where victory points come from, in the order the summary lists them."""
_SOURCE_COLORS = {
    "settlements": "#56B4E9",
    "cities": "#0072B2",
    "longest_road": "#E69F00",
    "largest_army": "#D55E00",
    "vp_cards": "#009E73",
}
UNKNOWN_COLOR = "#9a9a9a"
"""The colour of cards whose kind is unknown."""


def summary_data(game: Game) -> dict[str, Any]:
    """Each player's points by source, cards produced vs expected, and points over the turns.

    ``players[i]``: ``name``, the points of each of :data:`POINT_SOURCES` (victory-point cards
    as revealed at the end: every card counted), ``total``, ``produced`` (cards received from
    production, setup included), ``expected`` (what average dice would have paid the same
    buildings) and ``luck`` (their difference).  ``turns`` and ``vp`` (``vp[i][k]``: seat i's
    points, hidden cards included, at the end of ``turns[k]``).  ``winner``: a seat or None.
    """
    obs = game.observe(ALL_SEEING)
    assert obs.devs is not None
    income = income_series(game)
    vps = victory_point_series(game)
    players = []
    for p, name in enumerate(game.names):
        info = obs.players[p]
        settlements = sum(1 for n, o in enumerate(obs.node_owner) if o == p and obs.node_level[n] != CITY)
        cities = sum(1 for n, o in enumerate(obs.node_owner) if o == p and obs.node_level[n] == CITY)
        held, new = obs.devs[p]
        points = {
            "settlements": settlements,
            "cities": 2 * cities,
            "longest_road": 2 if info.longest_road else 0,
            "largest_army": 2 if info.largest_army else 0,
            "vp_cards": held[VICTORY_POINT] + new[VICTORY_POINT],
        }
        produced, expected = income.observed[p][-1], income.expected[p][-1]
        players.append(
            {
                "name": name,
                **points,
                "total": sum(points.values()),
                "produced": round(produced),
                "expected": round(expected, 1),
                "luck": round(produced - expected, 1),
            }
        )
    assert all(o == EMPTY or 0 <= o < len(game.names) for o in obs.node_owner)
    return {
        "players": players,
        "turns": list(vps.turns),
        "vp": [list(v) for v in vps.total],
        "winner": obs.winner,
        "vp_to_win": game.rules.vp_to_win,
    }


def _source_word(source: str) -> Message:
    """The legend entry of a source of points (one of :data:`POINT_SOURCES`)."""
    if source == "settlements":
        # TRANSLATORS: points from settlements, 1 victory point each (a legend entry)
        return trc("points from", "settlements (1 each)")
    if source == "cities":
        # TRANSLATORS: points from cities, 2 victory points each (a legend entry)
        return trc("points from", "cities (2 each)")
    if source == "vp_cards":
        return trc("points from", "victory-point cards")
    return special_card_word(source)


def summary(game: Game, language: str | None = None) -> go.Figure:
    """The end of a game in three panels: points by source, cards produced vs expected (luck),
    and victory points over the turns (hidden cards included).  Both bar panels start at 0.
    """
    lang = resolve(language)
    data = summary_data(game)
    names = [p["name"] for p in data["players"]]
    panels = (tr("Points by source"), tr("Cards from production"), tr("Victory points per turn"))
    fig = make_subplots(
        rows=1,
        cols=3,
        column_widths=[0.3, 0.3, 0.4],
        subplot_titles=[words(panel, lang) for panel in panels],
    )
    for source in POINT_SOURCES:
        fig.add_bar(
            x=names,
            y=[p[source] for p in data["players"]],
            name=words(_source_word(source), lang),
            marker_color=_SOURCE_COLORS[source],
            legendgroup="points",
            legendgrouptitle_text=words(trc("plot", "points from"), lang),
            row=1,
            col=1,
        )
    # the two card bars side by side (their own offset groups), the point bars stacked
    fig.add_bar(
        x=names,
        y=[p["produced"] for p in data["players"]],
        name=words(trc("plot", "received"), lang),
        marker_color="#4c6a85",
        legendgroup="cards",
        legendgrouptitle_text=words(trc("plot", "cards"), lang),
        offsetgroup="received",
        text=[signed(p["luck"], lang) for p in data["players"]],
        textposition="outside",
        cliponaxis=False,
        row=1,
        col=2,
    )
    fig.add_bar(
        x=names,
        y=[p["expected"] for p in data["players"]],
        name=words(trc("plot", "expected (average dice)"), lang),
        marker_color="#b9c7d6",
        legendgroup="cards",
        offsetgroup="expected",
        row=1,
        col=2,
    )
    for p, name in enumerate(names):
        fig.add_scatter(
            x=data["turns"],
            y=data["vp"][p],
            name=name,
            legendgroup="players",
            legendgrouptitle_text=words(trc("plot", "players"), lang),
            line={"color": PLAYER_COLORS[p % len(PLAYER_COLORS)], "shape": "hv"},
            row=1,
            col=3,
        )
    winner = data["winner"]
    if winner is None:
        title = tr("Game summary (not finished)")
    else:
        # TRANSLATORS: {name} won the game; write it without telling the winner's gender
        # ("Итоги игры: победитель — {name}")
        title = tr("Game summary: {name} won", name=names[winner])
    fig.update_layout(barmode="relative", title=words(title, lang), height=520, width=1100)
    fig.update_xaxes(title_text=words(trc("plot", "player"), lang), row=1, col=1)
    # bar axes start at 0: a bar cut short exaggerates the differences (luck looks bigger)
    points = words(trc("plot", "victory points"), lang)
    fig.update_yaxes(title_text=points, rangemode="tozero", row=1, col=1)
    # TRANSLATORS: the axis under the card bars: each bar's label is the player's luck,
    # cards received minus cards expected
    luck = trc("plot", "player (label: luck = received − expected)")
    fig.update_xaxes(title_text=words(luck, lang), row=1, col=2)
    cards = [p[k] for p in data["players"] for k in ("produced", "expected")]
    fig.update_yaxes(
        title_text=words(trc("plot", "resource cards"), lang), range=bar_range(cards), row=1, col=2
    )
    fig.update_xaxes(title_text=words(trc("plot", "turn"), lang), row=1, col=3)
    fig.update_yaxes(title_text=points, rangemode="tozero", row=1, col=3)
    return readable(fig, lang)


def belief_data(game: Game, seat: int | str) -> list[dict[str, Any]]:
    """What ``seat`` knows of each opponent's resource hand, from its observation only.

    One dict per opponent: ``name``, ``known`` (resource → cards ``seat`` can name),
    ``unknown`` (cards it cannot name), ``hand_size`` and ``not_held`` (resources none of the
    unknown cards can be).
    """
    obs = game.observe(seat, legal=False)
    out = []
    for p in obs.players:
        if p.seat == obs.seat:
            continue
        out.append(
            {
                "name": p.name,
                "known": dict(zip(RESOURCES, p.known)),
                "unknown": p.unknown,
                "hand_size": p.hand_size,
                "not_held": [RESOURCES[r] for r in p.not_held],
            }
        )
    return out


def belief(game: Game, seat: int | str, language: str | None = None) -> go.Figure:
    """Card counting, shown: for the viewing ``seat``, each opponent's hand as the cards it can
    name (by resource) and the cards it cannot (grey).  Built from ``game.observe(seat)``, so it
    never shows more than that seat could know.
    """
    lang = resolve(language)
    rows = belief_data(game, seat)
    viewer = game.names[seat] if isinstance(seat, int) else seat
    names = [r["name"] for r in rows]
    fig = go.Figure()
    for i, resource in enumerate(RESOURCES):
        fig.add_bar(
            x=names,
            y=[r["known"][resource] for r in rows],
            name=words(resource_word(i), lang),
            marker_color=RESOURCE_COLORS[resource],
            hovertext=[_known_words(r["name"], i, r["known"][resource], lang) for r in rows],
            hovertemplate=HOVER,
        )
    fig.add_bar(
        x=names,
        y=[r["unknown"] for r in rows],
        name=words(trc("plot", "unknown"), lang),
        marker_color=UNKNOWN_COLOR,
        marker_pattern_shape="/",
        hovertext=[_unknown_words(r["name"], r["unknown"], lang) for r in rows],
        hovertemplate=HOVER,
    )
    # TRANSLATORS: the card-counting plot's title: what {name} can tell of the opponents' hands
    title = tr("What {name} knows of the other hands", name=viewer)
    fig.update_layout(
        barmode="stack",
        title=words(title, lang),
        xaxis={"title": words(trc("plot", "opponent"), lang)},
        yaxis={"title": words(trc("plot", "resource cards"), lang), "rangemode": "tozero"},
        legend={"title": words(trc("plot", "cards"), lang)},
    )
    return readable(fig, lang)


def _known_words(name: str, resource: int, count: int, lang: str) -> str:
    """Hover text of a known-cards bar: the cards of ``resource`` the viewer can name."""
    # TRANSLATORS: hover text of the card-counting plot: {cards} ("2 wool") are surely in {name}'s hand
    return words(tr("{name} surely holds {cards}", name=name, cards=amount_words(resource, count)), lang)


def _unknown_words(name: str, count: int, lang: str) -> str:
    """Hover text of an unknown-cards bar."""
    # TRANSLATORS: hover text of the card-counting plot: {n} of {name}'s cards could be any resource
    text = trn("{name}: {n} card of unknown kind", "{name}: {n} cards of unknown kind", count, name=name)
    return words(text, lang)
