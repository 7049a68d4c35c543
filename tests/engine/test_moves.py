"""``knowledge.moves.card_moves``: where each event's cards go. Checked against the rules
themselves: over whole games of bots (trades, robberies, development cards, discards), applying
the moves of every step's events to the hands and the bank gives exactly the hands and the bank
after the step; and for a steal between two others, the card moves face down.
"""

from __future__ import annotations

import pytest

from catan_widget import Game
from catan_widget.engine.knowledge.moves import BANK, DICE, FACE_DOWN, card_moves
from catan_widget.engine.words.log import seen_by


def _apply(hands: list[list[int]], bank: list[int], moves: list[tuple[int, int, int, int]]) -> None:
    for giver, taker, r, n in moves:
        assert r >= 0, "the all-seeing events name every card"
        if giver in (BANK, DICE):
            bank[r] -= n
        else:
            hands[giver][r] -= n
        if taker == BANK:
            bank[r] += n
        else:
            hands[taker][r] += n


@pytest.mark.parametrize(("players", "seed"), [(4, 11), (4, 12), (6, 13)])
def test_the_moves_of_every_step_carry_the_hands_and_the_bank_over(players: int, seed: int) -> None:
    names = ["A", "B", "C", "D", "E", "F"][:players]
    game = Game(names, seed=seed)
    kinds: set[str] = set()
    steps = 0
    while game.winner is None and steps < 3000:
        s = game.state
        hands, bank = [list(h) for h in s.hands], list(s.bank)
        before = len(game.events)
        game.play(bots="greedy", max_steps=1)
        moves = [m for e in game.events[before:] for m in card_moves(e)]
        kinds |= {e[0] for e in game.events[before:] if card_moves(e)}
        _apply(hands, bank, moves)
        assert hands == [list(h) for h in game.state.hands], game.events[before:]
        assert bank == list(game.state.bank), game.events[before:]
        steps += 1
    every = {"roll", "road", "settlement", "city", "buy", "setup_income", "discard", "maritime", "play"}
    assert every | {"robber", "trade"} <= kinds, kinds


def test_a_steal_between_two_others_moves_face_down() -> None:
    steal = ("robber", 1, 7, 2, 3)  # seat 1 took an ore (3) from seat 2 on hex 7
    assert card_moves(steal) == [(2, 1, 3, 1)]
    assert card_moves(seen_by(steal, 1)) == [(2, 1, 3, 1)]
    assert card_moves(seen_by(steal, 2)) == [(2, 1, 3, 1)]
    assert card_moves(seen_by(steal, 0)) == [(2, 1, FACE_DOWN, 1)]
    assert card_moves(("robber", 1, 7, 2, -1)) == []  # nothing to take
    assert card_moves(("robber", 1, 7, None, -1)) == []


def test_trades_monopolies_and_the_bank() -> None:
    assert card_moves(("trade", 0, 2, (1, 0, 0, 0, 0), (0, 0, 0, 0, 2))) == [(0, 2, 0, 1), (2, 0, 4, 2)]
    assert card_moves(("maritime", 3, 1, 4, 2)) == [(3, BANK, 1, 4), (BANK, 3, 2, 1)]
    assert card_moves(("play", 0, 3, (2, (0, 2, 0, 1)))) == [(1, 0, 2, 2), (3, 0, 2, 1)]
    assert card_moves(("play", 0, 2, (4, 4))) == [(BANK, 0, 4, 2)]
    assert card_moves(("play", 0, 0, ())) == []  # a knight moves no card (its robbery is an event of its own)
    assert card_moves(("road", 0, 5, False)) == []  # setup and Road Building are free
    assert card_moves(("discard", 2, (2, 0, 0, 1, 0))) == [(2, BANK, 0, 2), (2, BANK, 3, 1)]
