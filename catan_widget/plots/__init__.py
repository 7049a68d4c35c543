"""Plotly figures of a game: dice fairness, expected production, spot values, luck vs skill.

    from catan_widget import plots
    plots.dice(game)            # rolls vs the 36ths, chi-square p-value in the title
    plots.production(game)      # expected cards per roll, per player and resource
    plots.spot_values(board)    # pips per intersection as a board heat map, best spots ringed
    plots.income(game)          # observed vs expected income over the turns
    plots.victory_points(game)  # VP per player over the turns (teacher=True: hidden cards too)
    plots.summary(game)         # the end explained: points by source, luck, VP over the turns
    plots.belief(game, seat)    # card counting: what a seat knows of each opponent's hand
    plots.win_chances(review)   # a game review's win chance per player, blunders marked

Every figure takes ``language=`` (``plots.summary(game, language="ru")``; default: the
process's, :func:`catan_widget.set_language`): its words and numbers in that language, its data
the same in every language.  The numbers behind each figure are plain functions in
:mod:`.data` and :mod:`.stats` (also re-exported here).  This package imports the engine;
the engine never imports plotly.
"""

from __future__ import annotations

from .data import (
    CARD_SOURCES,
    IncomeSeries,
    VictoryPointSeries,
    best_spots,
    card_sources,
    expected_production,
    income_series,
    node_pips,
    node_resources,
    paying_rolls,
    victory_point_series,
)
from .figures import (
    PLAYER_COLORS,
    RESOURCE_COLORS,
    TERRAIN_COLORS,
    dice,
    income,
    production,
    victory_points,
)
from .review import win_chances
from .spot_map import spot_values
from .stats import chi2_sf, dice_chi_square, wilson_interval
from .summary import POINT_SOURCES, belief, belief_data, summary, summary_data

__all__ = [
    "CARD_SOURCES",
    "PLAYER_COLORS",
    "POINT_SOURCES",
    "RESOURCE_COLORS",
    "TERRAIN_COLORS",
    "IncomeSeries",
    "VictoryPointSeries",
    "belief",
    "belief_data",
    "best_spots",
    "card_sources",
    "chi2_sf",
    "dice",
    "dice_chi_square",
    "expected_production",
    "income",
    "income_series",
    "node_pips",
    "node_resources",
    "paying_rolls",
    "production",
    "spot_values",
    "summary",
    "summary_data",
    "victory_point_series",
    "victory_points",
    "wilson_interval",
    "win_chances",
]
