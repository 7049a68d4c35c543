import pytest

from catan_widget import Game, plots

from .helpers import node_between, play_rolls


def test_income_totals_equal_the_sum_of_production_events(greedy_game: Game) -> None:
    produced = [0] * 4
    for event in greedy_game.events:
        if event[0] == "roll":
            for seat, _, count in event[3]:
                produced[seat] += count
        elif event[0] == "setup_income":
            produced[event[1]] += sum(event[2])
    series = plots.income_series(greedy_game)
    assert [col[-1] for col in series.observed] == produced
    assert series.turns == list(range(greedy_game.turn + 1))


def test_observed_and_expected_income_follow_scripted_rolls() -> None:
    # Ada alone on forest 8 / mountains 3 / hills 5: 11 pips, so 11/36 cards expected per roll.
    game = Game(seed=2).stage(settlements={"Ada": [node_between(12, 13, 16)]}, turn_player="Ada")
    play_rolls(game, [(4, 4), (1, 2), (2, 3), (6, 6), (3, 4)])  # 8, 3, 5, 12, 7
    series = plots.income_series(game)
    assert series.turns == [1, 2, 3, 4, 5]
    assert series.observed[0] == [1, 2, 3, 3, 3]
    assert series.expected[0] == pytest.approx([11 / 36 * k for k in range(1, 6)])
    assert series.observed[1] == [0] * 5
    assert series.expected[1] == [0] * 5


def test_expected_income_skips_the_hex_under_the_robber() -> None:
    # The robber on forest 8 (hex 12) leaves 2 + 4 = 6 pips of Ada's 11.
    game = Game(seed=2).stage(settlements={"Ada": [node_between(12, 13, 16)]}, robber=12, turn_player="Ada")
    play_rolls(game, [(4, 4), (1, 2)])
    series = plots.income_series(game)
    assert series.observed[0] == [0, 1]
    assert series.expected[0] == pytest.approx([6 / 36, 12 / 36])


def test_expected_income_counts_setup_income_and_each_roll(greedy_game: Game) -> None:
    series = plots.income_series(greedy_game)
    setup = [0] * 4
    for event in greedy_game.events:
        if event[0] == "setup_income":
            setup[event[1]] += sum(event[2])
    assert [col[0] for col in series.expected] == setup
    assert all(col == sorted(col) for col in series.expected)


def test_income_figure_plots_both_series_per_player(greedy_game: Game) -> None:
    series = plots.income_series(greedy_game)
    fig = plots.income(greedy_game)
    assert len(fig.data) == 8
    titles = [a.text for a in fig.layout.annotations]
    for p, name in enumerate(greedy_game.names):
        observed, expected = fig.data[2 * p], fig.data[2 * p + 1]
        assert (observed.name, expected.name) == ("received", "expected (average dice)")
        assert list(observed.y) == series.observed[p]
        assert list(expected.y) == pytest.approx(series.expected[p])
        assert expected.line.dash == "dash"
        luck = series.observed[p][-1] - series.expected[p][-1]
        assert titles[p] == f"{name}: luck {luck:+.1f} cards"
