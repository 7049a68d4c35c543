"""Game review: grades on staged positions, fairness, determinism, executors, progress, words."""

from __future__ import annotations

import threading

import pytest

import catan_widget as cw
from catan_widget import AcceptTrade, DeclineTrade, Game, OfferTrade
from catan_widget.engine.actions import BuildSettlement
from catan_widget.engine.language import languages
from catan_widget.reviews import GRADES, Review, ReviewCancelledError, load_model, review
from catan_widget.reviews.grading import THRESHOLDS, grade, grade_of, move_accuracy

from .staged import six_eight_board, winning_card_offer


@pytest.fixture(scope="module")
def game() -> Game:
    return Game(seed=11, board="random").play(["search", "greedy", "random", "greedy"])


@pytest.fixture(scope="module")
def reviewed(game: Game) -> Review:
    return review(game)


def test_review_is_importable_from_the_package_and_returns_a_review(reviewed: Review, game: Game) -> None:
    assert cw.review is review
    assert isinstance(reviewed, Review)
    assert len(reviewed.chances) == len(game.history) + 1 == len(reviewed.turns)
    for chances in reviewed.chances:
        assert sum(chances) == pytest.approx(1.0)
    assert reviewed.chances[-1][game.state.winner] == 1.0


def test_every_decision_had_a_choice_and_a_grade(reviewed: Review) -> None:
    assert reviewed.decisions
    for d in reviewed.decisions:
        assert d.options >= 2  # a lone legal move is not graded
        assert d.grade == grade_of(d.loss)
        assert d.grade in GRADES
        assert d.loss >= 0
        assert d.chance_best >= d.chance_played
    for q, acc in enumerate(reviewed.accuracy):
        mine = [move_accuracy(d.loss) for d in reviewed.decisions if d.seat == q]
        assert acc == pytest.approx(sum(mine) / len(mine))
        assert 0 <= acc <= 100


def test_thresholds_and_accuracy_curve() -> None:
    assert [grade_of(x) for x in (0.0, THRESHOLDS[0], THRESHOLDS[1], THRESHOLDS[2], THRESHOLDS[3])] == list(
        GRADES
    )
    assert move_accuracy(0) == pytest.approx(100, abs=0.01)
    assert move_accuracy(100) == 0
    assert move_accuracy(2) > move_accuracy(5) > move_accuracy(10)


def test_a_settlement_on_a_six_eight_corner_beats_a_two_twelve_one() -> None:
    board, good, bad = six_eight_board()
    game = Game(board=board, seed=5)
    model = load_model()
    on_good = grade(game, 0, BuildSettlement(good), model)
    on_bad = grade(game, 0, BuildSettlement(bad), model)
    assert on_good is not None
    assert on_bad is not None
    assert grade_of(on_good.loss) in ("best", "good")
    assert grade_of(on_bad.loss) in ("mistake", "blunder")
    assert on_bad.chance_played < on_good.chance_played


def test_giving_away_the_winning_card_is_a_blunder() -> None:
    game = winning_card_offer()
    game.step(OfferTrade({"wool": 1}, {"ore": 1}, 1))
    assert game.current_player.name == "Bo"
    model = load_model()
    accepted = grade(game, len(game.history), AcceptTrade(), model)
    declined = grade(game, len(game.history), DeclineTrade(), model)
    assert accepted is not None
    assert declined is not None
    assert grade_of(accepted.loss) == "blunder"
    assert accepted.best == DeclineTrade()
    assert grade_of(declined.loss) == "best"


def _swap_hidden_cards(game: Game, seat: int) -> Game | None:
    """A copy of ``game`` where two opponents of ``seat`` swap one card ``seat`` cannot place
    (None when no two opponents hold such cards of different resources).
    """
    obs = game.observe(seat)
    g = game.fork()
    hands = g.state.hands
    for a in range(len(g.names)):
        for b in range(a + 1, len(g.names)):
            if seat in (a, b):
                continue
            for ra in range(5):
                for rb in range(5):
                    if ra == rb:
                        continue
                    free_a = hands[a][ra] - obs.players[a].known[ra]
                    free_b = hands[b][rb] - obs.players[b].known[rb]
                    if free_a > 0 and free_b > 0:
                        hands[a][ra] -= 1
                        hands[a][rb] += 1
                        hands[b][rb] -= 1
                        hands[b][ra] += 1
                        return g
    return None


def test_hidden_cards_the_player_could_not_see_do_not_change_its_grade() -> None:
    game = Game(seed=21, board="random")
    swapped = None
    for _ in range(100):
        game.play("greedy", until=lambda g: g.phase == "main")
        swapped = _swap_hidden_cards(game, game.state.current)
        if swapped is not None:
            break
        game.play("greedy", until=lambda g: g.phase != "main")
    assert swapped is not None
    seat = game.state.current
    assert swapped.state.hands != game.state.hands
    assert swapped.observe(seat).players == game.observe(seat).players
    model = load_model()
    index = len(game.history)
    for action in game.legal_actions()[:6]:
        a = grade(game, index, action, model)
        b = grade(swapped, index, action, model)
        assert a == b


def test_same_review_twice_from_a_save_and_on_processes(game: Game, reviewed: Review) -> None:
    again = review(game.to_json())
    assert again == reviewed
    on_processes = review(game, executor="processes", workers=2)
    assert on_processes == reviewed


def test_a_save_file_is_reviewed_by_its_path(game: Game, reviewed: Review, tmp_path) -> None:
    path = tmp_path / "game.json"
    path.write_text(game.to_json(), encoding="utf-8")
    assert review(path) == reviewed
    assert review(str(path)) == reviewed


def test_progress_reports_and_cancels(game: Game) -> None:
    seen: list[tuple[int, int]] = []
    review(game, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (len(game.history), len(game.history))
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    with pytest.raises(ReviewCancelledError):
        review(game, progress=lambda done, total: False)
    stop = threading.Event()
    stop.set()
    with pytest.raises(ReviewCancelledError):
        review(game, cancel=stop)


def test_a_game_in_progress_is_reviewed_too() -> None:
    game = Game(seed=4).play("greedy", until=lambda g: g.turn >= 6)
    r = review(game)
    assert len(r.chances) == len(game.history) + 1
    assert r.decisions


@pytest.mark.parametrize("language", languages())
def test_key_moments_and_rows_in_every_language(reviewed: Review, language: str) -> None:
    sentences = reviewed.key_moments(language)
    assert 3 <= len(sentences) <= 5
    for s in sentences:
        assert s
        assert "{" not in s
    rows = reviewed.rows(language)
    assert len(rows) == len(reviewed.decisions)
    assert all(r["move"] and r["grade"] for r in rows)


def test_key_moments_are_the_largest_swings_after_setup(reviewed: Review) -> None:
    sizes = [abs(m.points) for m in reviewed.moments]
    assert sizes == sorted(sizes, reverse=True)
    assert all(reviewed.turns[m.index] > 0 for m in reviewed.moments)


def test_to_pandas_one_row_per_decision(reviewed: Review) -> None:
    pd = pytest.importorskip("pandas")
    frame = reviewed.to_pandas()
    assert isinstance(frame, pd.DataFrame)
    assert len(frame) == len(reviewed.decisions)
    assert list(frame.columns)[:4] == ["index", "turn", "player", "move"]


def test_win_chances_plot(reviewed: Review) -> None:
    from catan_widget import plots

    fig = plots.win_chances(reviewed, language="pl")
    lines = [t for t in fig.data if t.mode == "lines"]
    assert [t.name for t in lines] == list(reviewed.names)
    marked = [d for d in reviewed.decisions if d.grade in ("blunder", "mistake")]
    markers = [t for t in fig.data if t.mode == "markers"]
    assert sum(len(t.x) for t in markers) == len(marked)
    assert all("<br>" in h for t in markers for h in t.hovertext)


def test_the_model_was_fitted_on_tuning_seeds_only() -> None:
    from catan_widget.reviews.features import NAMES

    fit = load_model().fit
    first, last = (int(x) for x in fit["seeds"].split(" ")[0].split(".."))
    assert 0 < first <= last < 9_000_000  # bench_review.py reports on 9000000 and up
    assert fit["held_out_log_loss"] < fit["held_out_uniform_log_loss"]
    assert len(load_model().weights) == len(NAMES)


def test_to_pandas_without_pandas_says_how_to_get_it(
    reviewed: Review, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match="pip install pandas"):
        reviewed.to_pandas()
