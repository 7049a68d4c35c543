from catan_widget import Game, plots

from .helpers import node_between


def test_vp_series_ends_at_the_players_final_vp(greedy_game: Game) -> None:
    series = plots.victory_point_series(greedy_game)
    assert [col[-1] for col in series.public] == [p.public_victory_points for p in greedy_game.players]
    assert [col[-1] for col in series.total] == [p.victory_points for p in greedy_game.players]
    winner = greedy_game.winner
    assert winner is not None
    assert series.total[winner.seat][-1] >= greedy_game.rules.vp_to_win


def test_vp_series_after_setup_is_two_each(greedy_game: Game) -> None:
    series = plots.victory_point_series(greedy_game)
    assert series.turns[0] == 0
    assert [col[0] for col in series.public] == [2, 2, 2, 2]


def test_hidden_vp_cards_show_only_in_the_teacher_view() -> None:
    game = Game(seed=4).stage(
        settlements={"Ada": [node_between(12, 13, 16)]},
        cities={"Bo": [node_between(7, 8, 12)]},
        dev_cards={"Ada": {"victory_point": 2}},
    )
    public = plots.victory_points(game)
    teacher = plots.victory_points(game, teacher=True)
    assert [list(t.y) for t in public.data] == [[1], [2], [0], [0]]
    assert [list(t.y) for t in teacher.data] == [[3], [2], [0], [0]]
    assert "public" in public.layout.title.text
    assert "hidden" in teacher.layout.title.text


def test_vp_figure_lines_are_the_series(greedy_game: Game) -> None:
    series = plots.victory_point_series(greedy_game)
    fig = plots.victory_points(greedy_game, teacher=True)
    for p, trace in enumerate(fig.data):
        assert trace.name == greedy_game.names[p]
        assert list(trace.x) == series.turns
        assert list(trace.y) == series.total[p]
