"""Tournaments: seat rotation, seeded and identical serially, on processes and on a Dask cluster;
clustered intervals and the seat-order test; bots written as classes in a cell."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

import catan_widget as cw
from catan_widget.engine import Action, Observation
from catan_widget.tournaments import clustered_interval, schedule
from catan_widget.tournaments.games import play_one


class FirstLegal:
    """A bot written in a cell: one method taking the observation."""

    def choose(self, observation: Observation) -> Action:
        return observation.legal[0]


class Seeded:
    """A bot class made per game with the game's seed and its seat."""

    def __init__(self, seed: int, seat: int) -> None:
        self.k = (seed + seat) % 3

    def choose(self, observation: Observation) -> Action:
        legal = observation.legal
        return legal[self.k % len(legal)]


def test_schedule_rotates_every_bot_through_every_seat_on_each_board() -> None:
    specs = schedule(["search", "greedy", "greedy", "greedy"], games=8, players=4, seed=3)
    assert len(specs) == 8
    assert {s.board for s in specs} == {0, 1}
    for board in (0, 1):
        games = [s for s in specs if s.board == board]
        assert len({s.seed for s in games}) == 1
        assert sorted(g.labels.index("search") for g in games) == [0, 1, 2, 3]
    assert specs[0].seed != specs[4].seed
    assert len(schedule(["greedy", "random"], games=5, players=3)) == 6  # whole boards


def test_a_tournament_is_identical_serially_and_with_executors() -> None:
    lineup = ["greedy", "random", FirstLegal(), Seeded]
    serial = cw.tournament(lineup, games=8, seed=5, executor="serial")
    with ThreadPoolExecutor(2) as pool:
        threaded = cw.tournament(lineup, games=8, seed=5, executor=pool, chunk=3)
    processes = cw.tournament(lineup, games=8, seed=5, executor="processes", workers=2)
    assert serial.games == threaded.games == processes.games
    assert serial.records() == threaded.records() == processes.records()
    assert [r.bot for r in serial.table] == ["greedy", "random", "FirstLegal", "Seeded"]


def test_search_bot_in_a_tournament_is_reproducible() -> None:
    a = cw.tournament(["search", "greedy"], games=4, seed=2, executor="serial")
    b = cw.tournament(["search", "greedy"], games=4, seed=2, executor="processes", workers=2)
    assert a.games == b.games
    assert all(g.winner is not None for g in a.games)


def test_table_counts_seats_wins_vp_and_seat_order() -> None:
    result = cw.tournament(["greedy", "random", "random"], games=6, players=3, seed=1, executor="serial")
    greedy, rnd = result.row("greedy"), result.row("random")
    assert (greedy.seats, rnd.seats) == (6, 12)
    assert greedy.wins + rnd.wins + result.no_winner == 6
    assert greedy.win_rate > rnd.win_rate
    assert 0 <= greedy.ci_low <= greedy.win_rate <= greedy.ci_high <= 1
    assert sum(result.seat_wins) == 6 - result.no_winner
    assert 0 <= result.seat_p_value <= 1
    assert result.mean_turns > 0
    assert "seat order" in result.summary()
    assert result.figure().data[0].y[0] == greedy.win_rate
    assert len(result.games_table()) == 6
    frame = result.to_pandas()
    assert list(frame.index) == ["greedy", "random"]


def test_clustered_interval_widens_when_boards_differ() -> None:
    p, lo, hi = clustered_interval([4, 0, 4, 0], [4, 4, 4, 4])
    q, lo2, hi2 = clustered_interval([2, 2, 2, 2], [4, 4, 4, 4])
    assert p == q == 0.5
    assert hi - lo > hi2 - lo2
    assert lo2 < 0.5 < hi2  # never narrower than the Wilson interval
    assert clustered_interval([4, 4], [4, 4])[1] < 1.0
    assert clustered_interval([], []) == (0.0, 0.0, 1.0)


def test_progress_callback_and_bad_input() -> None:
    seen: list[tuple[int, int]] = []
    cw.tournament(
        ["random"], games=3, players=3, executor="serial", progress=lambda d, t: seen.append((d, t))
    )
    assert seen[-1] == (3, 3)
    with pytest.raises(ValueError, match="5 or 6"):
        cw.tournament(["random"], players=7)
    with pytest.raises(TypeError, match="line-up"):
        cw.tournament("random")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown bot"):
        play_one(schedule(["nobody"], games=3, players=3)[0])


class _UnprintableError(Exception):
    def __str__(self) -> str:
        raise RuntimeError("no str for you")


class Broken:
    """A bot whose error cannot even be printed."""

    def choose(self, observation: Observation) -> Action:
        raise _UnprintableError


@pytest.mark.parametrize("how", ["serial", "threads"])
def test_a_bot_error_reaches_the_caller_unchanged_even_when_it_cannot_be_printed(how: str) -> None:
    """A tournament formats no bot error: the bot's own exception is raised as it is."""
    bots = [Broken(), "random", "random"]
    with ThreadPoolExecutor(max_workers=2) as pool:
        executor = "serial" if how == "serial" else pool
        with pytest.raises(_UnprintableError):
            cw.tournament(bots, games=3, players=3, executor=executor, progress=False)


def test_dask_local_cluster_gives_the_same_table() -> None:
    distributed = pytest.importorskip("distributed")
    serial = cw.tournament(["greedy", "random", FirstLegal()], games=6, players=3, seed=9, executor="serial")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_cluster = cw.tournament(
            ["greedy", "random", FirstLegal()], games=6, players=3, seed=9, executor=client.get_executor()
        )
    assert on_cluster.games == serial.games
    assert on_cluster.records() == serial.records()


def test_one_bot_in_every_seat_plays_each_game_on_its_own_board() -> None:
    specs = schedule(["greedy"], games=6, players=4, seed=1)
    assert len(specs) == 6
    assert len({s.seed for s in specs}) == 6
    result = cw.tournament(["greedy"], games=6, seed=1, executor="serial")
    assert sum(result.seat_wins) + result.no_winner == 6
