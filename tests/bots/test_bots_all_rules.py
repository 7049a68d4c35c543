"""The built-in bots choose only legal actions under every mix of house rules.

``Game.play`` steps each choice, and ``step`` raises IllegalActionError on an illegal one, so a
game that plays through is a game of legal choices.  Every discard limit from 0 to 9 is played
(with a limit of 0 or 1 a 7 makes almost everyone discard, from small hands), and the other
options alone and together, on random boards with 3 and 4 players.
"""

from __future__ import annotations

from typing import Any

import pytest

from catan_widget import Game, RollDice, Rules
from catan_widget.bots import GreedyBot, SearchBot, register_bot

NAMES = ["Ada", "Bo", "Cy", "Di"]
KINDS = ["random", "greedy", "search_tiny"]
register_bot("search_tiny", lambda seed, seat: SearchBot(seed, seat, budget=0.01))
# A game with 15 points to win may stall (no spot left, no card in the deck): cap its moves.
MAX_STEPS = 4000


def _play(kind: str | list[str], seed: int, n: int, **options: Any) -> Game:
    game = Game(NAMES[:n], seed=seed, board="random", rules=Rules(**options))
    return game.play(bots=kind, max_steps=MAX_STEPS)


def _discards(game: Game) -> int:
    return sum(1 for event in game.events if event[0] == "discard")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("limit", range(10))
def test_bots_discard_legally_whatever_the_discard_limit(kind: str, limit: int) -> None:
    n = 3 + limit % 2
    # the search bot rarely holds many cards: random opponents make sure somebody must discard
    seats = [kind, "random", kind, "random"][:n] if kind == "search_tiny" else kind
    discarded = 0
    for seed in range(500 + limit, 600, 10):  # until a game where the bots had to discard
        game = _play(seats, seed=seed, n=n, discard_limit=limit)
        assert game.is_over
        discarded = _discards(game)
        if discarded:
            break
    assert discarded > 0, "the bots had to discard"


OPTION_MIXES: list[dict[str, Any]] = [
    {"friendly_robber": True},
    {"strict_phases": True},
    {"robber_may_return_to_desert": False},
    {"vp_to_win": 3},
    {"vp_to_win": 15},
    {
        "friendly_robber": True,
        "strict_phases": True,
        "robber_may_return_to_desert": False,
        "discard_limit": 1,
    },
    {"friendly_robber": True, "strict_phases": True, "discard_limit": 0, "vp_to_win": 15},
    {"special_building": "on"},  # the Special Building Phase (§11.1) with 3 and 4 players
    {"special_building": "paired", "strict_phases": True},
]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("options", OPTION_MIXES, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_bots_play_legally_under_each_option_mix(kind: str, options: dict[str, Any]) -> None:
    for n in (3, 4):
        game = _play(kind, seed=600 + n + len(options), n=n, **options)
        assert game.is_over or len(game.history) == MAX_STEPS


def test_mixed_bots_play_legally_with_every_option_on() -> None:
    options = {"friendly_robber": True, "strict_phases": True, "robber_may_return_to_desert": False}
    game = _play(["random", "greedy", "greedy", "random"], seed=700, n=4, discard_limit=0, **options)
    assert game.is_over


def test_greedy_discards_only_cards_it_holds_with_a_discard_limit_of_one() -> None:
    game = Game(["Ada", "Bo", "Cy"], seed=1, rules=Rules(discard_limit=1))
    game.stage(
        settlements={"Ada": [12], "Bo": [23], "Cy": [40]},
        hands={"Bo": {"grain": 1, "ore": 1}},
        turn_player="Ada",
        phase="roll",
    )
    game.step(RollDice(), dice=(3, 4))
    assert (game.phase, game.current_seat) == ("discard", 1)
    game.step(GreedyBot(seat=1).choose(game.observe(1)))
    assert sum(game.state.hands[1]) == 1
