"""The timeline reproduces every intermediate position of a seeded game exactly, and never
changes the game it was made from."""

from __future__ import annotations

import pytest

from catan_widget import Game
from catan_widget.engine.actions import BuildRoad, RollDice
from catan_widget.engine.viewer import ALL_SEEING, ONLOOKER
from catan_widget.timeline import CHECKPOINT, Timeline, states_equal

VIEWERS: tuple[int, ...] = (ONLOOKER, ALL_SEEING, 0, 1, 2, 3)


def _fresh(game: Game) -> Game:
    return Game(game.names, seed=game.seed, board=game.board, rules=game.rules, first=game.state.first)


def _same(a: Game, b: Game) -> None:
    assert states_equal(a.state, b.state)
    assert a.events == b.events
    assert a.history == b.history
    for viewer in VIEWERS:
        assert a.log_for(viewer) == b.log_for(viewer)
    assert a.observe(ALL_SEEING, legal=False) == b.observe(ALL_SEEING, legal=False)
    assert a.legal_actions() == b.legal_actions()


@pytest.mark.parametrize(("seed", "bots"), [(3, "greedy"), (38, "random")])
def test_every_position_is_the_game_stepped_that_far(seed: int, bots: str) -> None:
    game = Game(seed=seed).play(bots=bots)
    saved = game.to_json()
    timeline = Timeline(game)
    assert len(timeline) == len(game.history)
    fresh = _fresh(game)
    for i, (action, chance) in enumerate(game.history):
        _same(timeline.view_at(i), fresh)
        fresh.step(action, **(chance or {}))
    _same(timeline.view_at(len(timeline)), fresh)
    _same(timeline.end, game)
    assert game.to_json() == saved, "the timeline never changes the game"


def test_positions_in_any_order_and_copies_are_independent() -> None:
    game = Game(seed=5).play(bots="greedy")
    timeline = Timeline(game)
    fresh = _fresh(game)
    expected = [fresh.state.copy()]
    for action, chance in game.history:
        fresh.step(action, **(chance or {}))
        expected.append(fresh.state.copy())
    order = [len(timeline), 0, 7 * CHECKPOINT + 3, 5, 6, 4, 200, 199, 201, len(timeline) - 1, 1]
    for i in order:
        assert states_equal(timeline.view_at(i).state, expected[i]), i
    copy = timeline.game_at(40)
    copy.step(copy.legal_actions()[0])
    assert states_equal(timeline.view_at(40).state, expected[40])


def test_a_staged_game_replays_from_its_staged_position() -> None:
    game = Game(seed=2).stage(settlements={"Ada": [12]}, roads={"Ada": [16]}, turn_player="Ada")
    start = game.state.copy()
    game.step(RollDice(), dice=(2, 3))
    timeline = Timeline(game)
    assert states_equal(timeline.view_at(0).state, start)
    assert states_equal(timeline.view_at(1).state, game.state)
    assert timeline.log_for(ONLOOKER, 1) == game.log
    assert not isinstance(game.history[0][0], BuildRoad)


def test_a_save_gives_the_same_timeline() -> None:
    game = Game(seed=9).play(bots="greedy")
    a, b = Timeline(game), Timeline(game.to_json())
    for i in range(0, len(a) + 1, 37):
        assert states_equal(a.view_at(i).state, b.view_at(i).state)


def test_marks_and_turns() -> None:
    game = Game(seed=3).play(bots="greedy")
    t = Timeline(game)
    rolls = t.marks("roll")
    assert rolls
    assert all(isinstance(game.history[i - 1][0], RollDice) for i in rolls)
    assert t.next_mark(0, "roll") == rolls[0]
    assert t.previous_mark(rolls[1], "roll") == rolls[0]
    assert t.next_mark(len(t), "build") is None
    starts = t.turn_starts()
    assert starts[0] == 0
    for turn, position in enumerate(starts):
        assert t.turn_at(position) == turn
        assert position == 0 or t.turn_at(position - 1) == turn - 1
    with pytest.raises(ValueError, match="kind must be one of"):
        t.marks("trade")
    with pytest.raises(ValueError, match="a position is"):
        t.view_at(len(t) + 1)
