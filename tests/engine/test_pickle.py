"""Games pickle whole in both builds (the compiled state is a native class): a pickled game is
the same game, byte for byte when saved, and plays on the same way."""

from __future__ import annotations

import pickle

from catan_widget import Game


def test_a_game_mid_play_pickles_to_the_same_game() -> None:
    for players in (["Ada", "Bo", "Cy"], ["Ada", "Bo", "Cy", "Di"], ["A", "B", "C", "D", "E", "F"]):
        game = Game(players, seed=11, board="random").play("greedy", until=lambda g: len(g.history) >= 120)
        again = pickle.loads(pickle.dumps(game))
        assert type(again) is Game
        assert again is not game
        assert again.to_json() == game.to_json()
        game.play("greedy")
        again.play("greedy")
        assert again.to_json() == game.to_json()  # the same seed carries on the same way


def test_a_staged_game_pickles_with_its_origin() -> None:
    game = Game(seed=3).stage(
        settlements={0: [12], 1: [23], 2: [20], 3: [50]}, hands={"Ada": {"ore": 3}}, phase="main"
    )
    again = pickle.loads(pickle.dumps(game))
    assert again.to_json() == game.to_json()
    assert again.legal_actions() == game.legal_actions()
