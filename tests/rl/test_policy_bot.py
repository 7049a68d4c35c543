"""A policy as a bot: in Game.play, a tournament, the widget's seats, by a registered name."""

from __future__ import annotations

import numpy as np
import pytest

from catan_widget import Game, tournament
from catan_widget.engine.registry import make_bot
from catan_widget.rl.actions import action_space
from catan_widget.rl.features import shapes
from catan_widget.rl.policy_bot import PolicyBot, register_policy
from catan_widget.widget.widget import CatanWidget


class LinearPolicy:
    """A fixed random linear scorer over the features: the best-scoring id of the mask."""

    def __init__(self, players: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.weights = rng.normal(size=(shapes(players).size, action_space(players).n)).astype(np.float32)
        self.calls = 0

    def __call__(self, obs: dict[str, np.ndarray]) -> int:
        self.calls += 1
        scores = obs["observation"] @ self.weights
        return int(np.argmax(np.where(obs["action_mask"] > 0, scores, -np.inf)))


def test_a_policy_plays_whole_games_as_a_bot() -> None:
    policy = LinearPolicy(4, 0)
    game = Game(["Ada", "Bo", "Cy", "Di"], seed=5).play([PolicyBot(policy), "greedy", "random", "greedy"])
    assert game.is_over
    assert policy.calls > 50


def test_a_policy_in_a_tournament_and_by_name() -> None:
    register_policy("linear-test", LinearPolicy(3, 1))
    result = tournament(
        ["linear-test", "random", "random"], games=3, players=3, executor="serial", progress=False
    )
    assert len(result.games) == 3
    assert sum(result.seat_wins) + result.no_winner == 3
    assert any(row.bot == "linear-test" and row.seats == 3 for row in result.table)
    assert isinstance(make_bot("linear-test", 0, 0), PolicyBot)


def test_a_policy_takes_a_seat_of_the_widget() -> None:
    bot = PolicyBot(LinearPolicy(4, 2))
    widget = CatanWidget(Game(["Ada", "Bo", "Cy", "Di"], seed=6), seats={"Bo": bot})
    assert widget._seats.bots[1] is bot  # type: ignore[attr-defined]
    widget.close()


def test_an_illegal_id_raises_or_falls_back() -> None:
    game = Game(["Ada", "Bo", "Cy"], seed=2)
    obs = game.observe(game.current_seat)
    with pytest.raises(ValueError, match="outside the mask"):
        PolicyBot(lambda o: 0).choose(obs)  # id 0 is the roll: not in setup
    bot = PolicyBot(lambda o: 0, on_illegal="first")
    assert bot.choose(obs) in obs.legal
    assert bot.illegal == 1
