import math

import pytest

from catan_widget import Game, plots

from .helpers import play_rolls


def test_dice_figure_shows_this_games_rolls_and_the_36ths() -> None:
    game = Game(seed=1).stage(turn_player=0)
    play_rolls(game, [(3, 3), (2, 4), (4, 4), (5, 3), (6, 1), (3, 4), (6, 2), (5, 2)])
    assert game.state.dice_counts == [0, 0, 0, 0, 2, 3, 3, 0, 0, 0, 0]
    fig = plots.dice(game)
    bars, line = fig.data[0], fig.data[1]
    assert list(bars.x) == list(range(2, 13))
    assert list(bars.y) == [0, 0, 0, 0, 2, 3, 3, 0, 0, 0, 0]
    assert list(line.y) == pytest.approx([8 * w / 36 for w in (1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)])


def test_dice_figure_title_has_the_hand_computed_p_value() -> None:
    game = Game(seed=1).stage(turn_player=0)
    play_rolls(game, [(3, 3)] * 4 + [(4, 4)] * 4 + [(3, 4)] * 4)
    # 12 rolls; 6 and 8: (4 - 5/3)^2/(5/3) = 49/15 each; 7: (4-2)^2/2 = 2; the rest 20/3.
    x = 2 * 49 / 15 + 2 + 20 / 3
    p = math.exp(-x / 2) * sum((x / 2) ** k / math.factorial(k) for k in range(5))
    title = plots.dice(game).layout.title.text
    assert "12 rolls" in title
    assert f"chi-square {x:.2f}" in title
    assert f"p = {p:.3g}" in title


def test_dice_figure_before_any_roll_says_so() -> None:
    fig = plots.dice(Game(seed=1))
    assert fig.layout.title.text == "Dice: no rolls yet"
    assert list(fig.data[1].y) == [0] * 11


def test_dice_figure_accepts_summed_counts() -> None:
    counts = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    fig = plots.dice(counts)
    assert list(fig.data[0].y) == counts
    assert "p = 1" in fig.layout.title.text
