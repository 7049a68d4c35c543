"""The next game at the same table: the game-over dialog's "New game".

Same players, seats and settings (board kind, rules); its seed is drawn from the old game's seed
(:func:`next_seed`), so a sequence of games started from one seed is the same every time.
"""

from __future__ import annotations

from ..engine import Game
from ..engine.rng import Rng

NEXT_GAME_STREAM = 4
"""The stream of a game's seed that draws the next game's seed (1: the board, 2: the first
player, 3: the dice and the deck are the game's own)."""


def next_seed(seed: int) -> int:
    """The seed of the game after one seeded ``seed``: ``Rng(seed).spawn(4).below(2**63)``."""
    return Rng(seed).spawn(NEXT_GAME_STREAM).below(2**63)


def rematch(game: Game) -> Game:
    """A new game with ``game``'s players, board kind (a custom board: the same board) and
    rules, seeded :func:`next_seed` of its seed; the first player is drawn from that seed.
    """
    board = game.board if game.board_kind not in ("beginner", "random") else game.board_kind
    return Game(players=list(game.names), seed=next_seed(game.seed), board=board, rules=game.rules)
