"""Shared games for the analysis tests."""

from __future__ import annotations

import pytest

from catan_widget import Game


@pytest.fixture(scope="module")
def greedy_game() -> Game:
    """A finished, seeded game of four greedy bots (about 130 turns)."""
    game = Game(["Ada", "Bo", "Cy", "Di"], seed=3).play(bots="greedy")
    assert game.is_over
    return game
