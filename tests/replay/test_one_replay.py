"""One replay (``engine/rules/replay.py``) behind every rebuilt position: the history rows' replay, the
timeline, the loader and the take-back of an interrupted step give the same states, events and
recorded moves as the game played itself, and as each other, position by position: games of
random and greedy bots, one with domestic trades, a staged one and one with scripted chance.
"""

from __future__ import annotations

import pytest

from catan_widget import Game, RollDice, history
from catan_widget.engine.rules.atomic import replayed_state
from catan_widget.engine.rules.replay import replay, rewound
from catan_widget.timeline import Timeline, states_equal
from tests.engine.helpers import TradingBot, staged


def _traded() -> Game:
    game = Game(seed=12)
    bots = [TradingBot(40 + p, 0.3) for p in range(4)]
    while not game.is_over and len(game.history) < 700:
        game.step(bots[game.current_seat].choose(game))
    return game


def _scripted() -> Game:
    game = staged(hands={"Ada": {"ore": 5, "grain": 4}, "Bo": {"wool": 9}}, phase="roll")
    game.step(RollDice(), dice=(3, 4))  # a 7: discards, then the robber
    return game.play("random", until=lambda g: len(g.history) >= 120)


GAMES = {
    "random": lambda: Game(seed=38, board="random").play("random"),
    "greedy": lambda: Game(seed=3).play("greedy"),
    "trades": _traded,
    "scripted": _scripted,
}


@pytest.fixture(scope="module", params=sorted(GAMES))
def game(request: pytest.FixtureRequest) -> Game:
    return GAMES[request.param]()


def test_the_former_replays_give_the_same_positions_and_events(game: Game) -> None:
    saved = game.to_json()
    steps = list(history.replay(game))
    timeline = Timeline(game)
    loaded = Game.from_json(saved)
    assert len(steps) == len(timeline) == len(game.history) == len(loaded.history)
    prefix = len(game.events) - sum(len(s.events) for s in steps)  # a staged game's first line
    assert prefix in (0, 1)
    assert [e for s in steps for e in s.events] == game.events[prefix:]
    assert loaded.events == timeline.events_at(len(timeline)) == game.events
    assert loaded.history == game.history
    for i in range(0, len(steps) + 1, 7):
        expected = steps[i - 1].after if i else steps[0].before
        assert states_equal(timeline.view_at(i).state, expected), i
        rebuilt = replayed_state(game.start_state(), game.board, game.rules, game.history[:i])
        assert states_equal(rebuilt, expected), i
        assert timeline.events_at(i) == game.events[: prefix + sum(len(s.events) for s in steps[:i])]
    assert states_equal(steps[-1].after, game.state)
    assert states_equal(loaded.state, game.state)
    assert game.to_json() == saved, "no replay changes the game it reads"


def test_the_replay_records_the_moves_as_the_steps_did(game: Game) -> None:
    start = rewound(game)
    assert start.history == []
    assert start.events == []
    assert states_equal(start.state, game.start_state())
    moves = list(replay(start.state, game.board, game.rules, game.history, start.events))
    assert moves == game.history
    assert states_equal(start.state, game.state)
    assert start.events == game.events[len(game.events) - len(start.events) :]
