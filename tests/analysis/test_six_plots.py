"""Plots and tournaments with five and six players (issue 23): the extension's board in the
spot-value map, six seats in the production, income, victory-point and summary figures, and
tournaments of five and six seats."""

from __future__ import annotations

import plotly.graph_objects as go
import pytest

import catan_widget as cw
from catan_widget import Game, plots
from catan_widget.engine.board.topology import EXTENSION
from catan_widget.plots import PLAYER_COLORS
from catan_widget.tournaments import schedule

SIX = ["Ada", "Bo", "Cy", "Di", "Ed", "Flo"]


@pytest.fixture(scope="module")
def six_game() -> Game:
    """A whole six-player game between greedy bots."""
    game = Game(SIX, seed=11, board="random").play(bots="greedy")
    assert game.is_over
    return game


def test_the_spot_value_map_draws_the_extensions_board() -> None:
    board = Game(SIX, seed=4, board="beginner").board
    fig = plots.spot_values(board)
    hexes = [s for s in fig.layout.shapes if s.type == "path"]
    assert len(hexes) == EXTENSION.hex_count == 30
    nodes = next(t for t in fig.data if t.name == "pips per intersection")
    assert len(nodes.x) == EXTENSION.node_count == 80
    assert list(nodes.x) == [EXTENSION.node_xy(n)[0] for n in range(80)]
    assert list(nodes.marker.color) == plots.node_pips(board)
    harbors = next(t for t in fig.data if t.name.startswith("harbor"))
    assert len(harbors.x) == 11
    best = plots.best_spots(board, 5)
    assert all(0 <= n < 80 for n in best)
    assert plots.node_pips(board)[best[0]] == max(plots.node_pips(board))


def test_the_figures_have_a_line_or_bar_for_each_of_six_players(six_game: Game) -> None:
    production = plots.production(six_game)
    bars = [t for t in production.data if t.type == "bar"]
    assert len(bars) == 5
    assert all(list(t.x) == SIX for t in bars)
    vp = plots.victory_points(six_game)
    lines = [t for t in vp.data if t.name in SIX]
    assert [t.name for t in lines] == SIX
    assert [t.line.color for t in lines] == list(PLAYER_COLORS)
    assert [t.y[-1] for t in lines] == [p.public_victory_points for p in six_game.players]
    income = plots.income(six_game)
    assert len(income.data) == 12, "received and expected for each of six players"
    assert income.layout.height == 3 * 280, "three rows of two panels"
    assert isinstance(plots.summary(six_game), go.Figure)
    rows = plots.summary_data(six_game)
    assert len(rows["players"]) == 6


def test_expected_production_has_a_row_per_seat(six_game: Game) -> None:
    table = plots.expected_production(six_game.state, six_game.board)
    assert len(table) == 6
    assert all(len(row) == 5 for row in table)
    assert all(v >= 0 for row in table for v in row)
    assert any(v > 0 for row in table for v in row)


@pytest.mark.parametrize("players", [5, 6])
def test_a_tournament_of_five_or_six_seats(players: int) -> None:
    specs = schedule(["greedy", "random"], games=players, players=players, seed=3)
    assert len(specs) == players
    assert all(len(s.labels) == players for s in specs)
    r = cw.tournament(
        ["greedy", "random"], games=players, players=players, seed=3, executor="serial", progress=False
    )
    assert r.players == players
    assert len(r.games) == players
    assert {row.bot for row in r.table} == {"greedy", "random"}
    assert all(row.fair_share == pytest.approx(1 / players) for row in r.table)
    assert sum(g.winner is not None for g in r.games) == players - r.no_winner
    assert all(len(g.vp) == players for g in r.games)
