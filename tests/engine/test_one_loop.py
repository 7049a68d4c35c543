"""One play loop (``engine/autoplay.py``'s ``play_bots``) for ``Game.play`` and tournaments, and
one listed path for every listed move: the loop gives the very game a plain loop of
``game.step`` gives, for bots with ``choose_among``, with ``choose`` alone and mixed; an action
equal to a listed one (a click, a move rebuilt from JSON) is applied on the listed path and
recorded as the listed object, while anything not listed is checked.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from catan_widget import Action, EndTurn, Game, IllegalActionError
from catan_widget.bots import GreedyBot, RandomBot
from catan_widget.engine.actions import action_from_dict, action_to_dict
from catan_widget.engine.knowledge.observation import Observation
from catan_widget.engine.rules import atomic
from catan_widget.tournaments.games import MAX_STEPS, GameSpec, play_one


class Observing:
    """A random bot with ``choose`` alone: it reads its observation's legal actions."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Observation) -> Action:
        return self.rng.choice(observation.legal)


class Rebuilt:
    """A ``choose_among`` bot that hands back an equal copy of its pick, never the listed object."""

    def __init__(self, seed: int) -> None:
        self.inner = RandomBot(seed=seed)

    def choose(self, observation: Observation) -> Action:
        return self.choose_among(list(observation.legal))

    def choose_among(self, actions: list[Action]) -> Action:
        return action_from_dict(action_to_dict(self.inner.choose_among(actions)))


def _plain_loop(game: Game, bots: list[Any], max_steps: int = MAX_STEPS) -> Game:
    """The reference: every seat asked through its observation, every pick stepped."""
    for _ in range(max_steps):
        if game.is_over:
            break
        seat = game.current_seat
        game.step(bots[seat].choose(game.observe(seat)))
    return game


def _line_ups(seed: int) -> dict[str, list[Any]]:
    return {
        "among": [RandomBot(seed=seed + p) for p in range(4)],
        "observing": [Observing(seed + p) for p in range(4)],
        "mixed": [RandomBot(seed=seed), Observing(seed + 1), GreedyBot(seed=seed + 2), RandomBot(seed=seed)],
        "rebuilt": [Rebuilt(seed + p) for p in range(4)],
    }


@pytest.mark.parametrize("kind", ["among", "observing", "mixed", "rebuilt"])
def test_play_gives_the_game_of_a_plain_step_loop(kind: str) -> None:
    played = Game(seed=31, board="random").play(_line_ups(5)[kind])
    plain = _plain_loop(Game(seed=31, board="random"), _line_ups(5)[kind])
    assert played.is_over
    assert played.to_json() == plain.to_json()
    assert played.log == plain.log


def test_a_rebuilt_pick_is_applied_as_the_listed_object(monkeypatch: pytest.MonkeyPatch) -> None:
    checked: list[Game] = []
    original = atomic.check_and_apply

    def spy(game: Game, *args: Any) -> None:
        checked.append(game)
        original(game, *args)

    monkeypatch.setattr(atomic, "check_and_apply", spy)
    game = Game(seed=8).play([Rebuilt(p) for p in range(4)], max_steps=400)
    assert len(game.history) == 400
    assert checked == []  # every pick equal to a listed action: none went the checked way


def test_tournament_games_are_played_by_the_same_loop() -> None:
    spec = GameSpec(index=0, board=0, seed=77, labels=("a", "b", "c"), specs=("random", "greedy", "random"))
    result = play_one(spec)
    bots = [RandomBot(seed=77, seat=0), GreedyBot(seed=77, seat=1), RandomBot(seed=77, seat=2)]
    plain = _plain_loop(Game(["P1", "P2", "P3"], seed=77, board="random"), bots)
    assert result.steps == len(plain.history)
    assert result.winner == plain.state.winner
    assert result.turns == plain.turn


def test_until_and_max_steps_are_kept_for_every_kind_of_bot() -> None:
    for kind, bots in _line_ups(9).items():
        game = Game(seed=4).play(bots, max_steps=37)
        assert len(game.history) == 37, kind
        game = Game(seed=4).play(bots, until=lambda g: g.turn >= 3)
        assert game.turn == 3, kind
        assert Game(seed=4).play(bots, max_steps=0).history == [], kind


def test_an_equal_action_takes_the_listed_path_and_anything_else_is_checked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    checked: list[Game] = []
    original = atomic.check_and_apply

    def spy(game: Game, *args: Any) -> None:
        checked.append(game)
        original(game, *args)

    monkeypatch.setattr(atomic, "check_and_apply", spy)
    listed, equal, unlisted = (Game(seed=21, board="random") for _ in range(3))
    rnd = random.Random(4)
    for _ in range(300):
        options = listed.legal_actions()
        i = rnd.randrange(len(options))
        listed.step(options[i])
        mine = equal.legal_actions()
        same = action_from_dict(action_to_dict(mine[i]))
        assert same == mine[i]
        assert same is not mine[i]
        equal.step(same)
        assert equal.history[-1][0] is mine[i]  # recorded as the listed object
        elsewhere = unlisted.fork().legal_actions()[i]  # listed on a copy, not for this game
        unlisted.step(action_from_dict(action_to_dict(elsewhere)))
    assert [g is unlisted for g in checked] == [True] * 300
    assert listed.to_json() == equal.to_json() == unlisted.to_json()


def test_an_equal_action_of_a_stale_listing_is_still_checked() -> None:
    game = Game(seed=2).play("random", until=lambda g: g.phase == "main")
    end = next(a for a in game.legal_actions() if isinstance(a, EndTurn))
    game.step(EndTurn())  # equal to the listed one: applied
    with pytest.raises(IllegalActionError, match="roll"):
        game.step(end)  # listed for the position before: checked, and refused
