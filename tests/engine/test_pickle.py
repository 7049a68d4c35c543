"""Games pickle whole in both builds (the compiled state is a native class): a pickled game is
the same game, byte for byte when saved, and plays on the same way."""

from __future__ import annotations

import pickle

import catan_widget.bots  # noqa: F401  (registers the named bots)
from catan_widget import Game
from catan_widget.engine.registry import make_bot
from catan_widget.engine.rng import Rng


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


def test_the_named_bots_pickle_mid_game_and_choose_on_the_same_way() -> None:
    """Bots cross processes (tournament workers, a cluster's actors): pickled mid-game, each
    named bot (its seeded generator included) picks what the original picks from then on."""
    for name in ("random", "greedy"):
        bots = [make_bot(name, 5, seat) for seat in range(4)]
        game = Game(seed=5).play(bots, until=lambda g: len(g.history) >= 60)
        twin, twin_bots = pickle.loads(pickle.dumps((game, bots)))
        game.play(bots, until=lambda g: len(g.history) >= 400)
        twin.play(twin_bots, until=lambda g: len(g.history) >= 400)
        assert twin.to_json() == game.to_json(), name


def test_a_generator_pickles_in_its_state() -> None:
    rng = Rng(2**70 + 12345)
    rng.next64()
    again = pickle.loads(pickle.dumps(rng))
    assert again.state == rng.state
    assert [again.next64() for _ in range(5)] == [rng.next64() for _ in range(5)]
