"""Bots play fair: a bot's choice cannot depend on what its seat does not know.

Along seeded games, the acting seat's bot chooses in the real game and in a copy that differs
only in hidden information: the opponents' cards that the seat cannot be sure of are dealt
again among them (every hand keeps its size and every card the seat knows of), their
development cards are exchanged with the deck, the deck is reordered and the random state
changes.  A fresh bot with the same seed must choose the same action in both.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest
from engine.helpers import redeal_hidden  # tests/engine/helpers.py (pytest puts tests/ on the path)

from catan_widget import Game, OfferTrade
from catan_widget.bots import GreedyBot, RandomBot, SearchBot, make_bots
from catan_widget.engine.actions import action_to_dict
from catan_widget.engine.registry import Bot

NAMES = ["Ada", "Bo", "Cy", "Di"]
BOTS: dict[str, Callable[[int, int], Bot]] = {
    "greedy": GreedyBot,
    "random": RandomBot,
    "search": lambda seed, seat: SearchBot(seed, seat, budget=0.02),
    "hint": lambda seed, seat: SearchBot(seed, seat, budget=0.02, hint=True),  # the Hint's planner
}


def _positions(n: int, board: str, players: str, seed: int, steps: int) -> Iterator[Game]:
    """The live game before each of its first ``steps`` moves, played by ``players`` bots."""
    game = Game(NAMES[:n], seed=seed, board=board)
    bots = make_bots(game, players)
    for _ in range(steps):
        if game.is_over:
            return
        yield game
        seat = game.current_seat
        game.step(bots[seat].choose(game.observe(seat)))


def _hidden_elsewhere(game: Game, seat: int, rng: random.Random) -> tuple[Game, bool]:
    """A fork differing from ``game`` only in what ``seat`` cannot know; says if a hand changed."""
    return redeal_hidden(game, seat, rng)


GAMES = [(4, "random", "greedy", 74), (3, "beginner", "random", 72), (4, "beginner", "greedy", 73)]


@pytest.mark.parametrize("kind", list(BOTS))
@pytest.mark.parametrize(("n", "board", "players", "seed"), GAMES)
def test_a_bots_choice_ignores_what_its_seat_cannot_know(
    kind: str, n: int, board: str, players: str, seed: int
) -> None:
    rng = random.Random(seed)
    make = BOTS[kind]
    differed = 0
    for step, game in enumerate(_positions(n, board, players, seed, steps=900)):
        if step % 3:
            continue
        seat = game.current_seat
        alt, changed = _hidden_elsewhere(game, seat, rng)
        real, other = game.observe(seat), alt.observe(seat)
        assert real == other
        assert make(seed, seat).choose(real) == make(seed, seat).choose(other), (step, game.phase)
        differed += changed
    assert differed >= 15, "the test must see positions where the opponents' cards could differ"


def test_a_bot_given_a_game_chooses_from_the_acting_seats_observation_only() -> None:
    rng = random.Random(5)
    for step, game in enumerate(_positions(4, "random", "greedy", 74, steps=600)):
        if step % 5:
            continue
        alt, _ = _hidden_elsewhere(game, game.current_seat, rng)
        seat = game.current_seat
        with pytest.warns(DeprecationWarning, match="takes an observation"):  # a Game: the old form
            assert GreedyBot(74, seat).choose(game) == GreedyBot(74, seat).choose(alt)


def test_the_search_bot_given_a_game_ignores_hidden_cards_too() -> None:
    rng = random.Random(6)
    for step, game in enumerate(_positions(4, "random", "greedy", 75, steps=400)):
        if step % 7:
            continue
        alt, _ = _hidden_elsewhere(game, game.current_seat, rng)
        seat = game.current_seat
        with pytest.warns(DeprecationWarning, match="takes an observation"):
            assert SearchBot(75, seat, budget=0.05).choose(game) == SearchBot(75, seat, budget=0.05).choose(
                alt
            )


def test_the_search_bots_setup_playouts_ignore_the_hidden_deck_and_dice() -> None:
    rng = random.Random(7)
    checked = 0
    for game in _positions(4, "random", "greedy", 76, steps=16):
        if not game.phase.startswith("setup"):
            continue
        seat = game.current_seat
        alt, _ = _hidden_elsewhere(game, seat, rng)
        real, other = game.observe(seat), alt.observe(seat)
        assert SearchBot(76, seat, budget=0.1).choose(real) == SearchBot(76, seat, budget=0.1).choose(other)
        checked += 1
    assert checked == 16


def test_the_search_bots_answers_to_offers_and_their_reasons_ignore_hidden_cards() -> None:
    """Issue 21: accepting, countering (the terms) and declining (the reason code) from the
    answering seat's observation only; offers to one bot at a time, as a human makes them."""
    rng = random.Random(8)
    kinds: dict[str, int] = {}
    differed = 0
    for step, game in enumerate(_positions(4, "random", "greedy", 77, steps=1500)):
        if game.phase != "main" or step % 3:
            continue
        p, s = game.current_seat, game.state
        for q in (q for q in range(4) if q != p):
            pairs = [(a, b) for a in range(5) for b in range(5) if a != b and s.hands[p][a] and s.hands[q][b]]
            for a, b in pairs[:: max(1, len(pairs) // 2)]:
                g = game.fork()
                g.step(OfferTrade(_one(a), _one(b), q))
                alt, changed = _hidden_elsewhere(g, q, rng)
                differed += changed
                real, other = g.observe(q), alt.observe(q)
                assert real == other
                answer = SearchBot(77, q).choose(real)
                again = SearchBot(77, q).choose(other)
                assert action_to_dict(answer) == action_to_dict(again), (step, a, b, q)
                kinds[answer.kind] = kinds.get(answer.kind, 0) + 1
    assert min(kinds.get(k, 0) for k in ("accept_trade", "decline_trade", "counter_trade")) >= 20, kinds
    assert differed >= 30, "the test must see answers where the proposer's cards could differ"


def _one(r: int) -> tuple[int, int, int, int, int]:
    cards = [0] * 5
    cards[r] = 1
    return (cards[0], cards[1], cards[2], cards[3], cards[4])
