"""Scripted dice: the rolls a teacher decides in advance (``CatanWidget.script_dice``).

A part of :class:`~.widget.CatanWidget`: every move the widget makes (a click, a bot's move) is
stepped here, so the next scripted roll goes to whoever rolls next.
"""

from __future__ import annotations

from ..engine import Game
from ..engine.actions import Action, RollDice


class ScriptedDice:
    """The rolls still to come, in order; the widget's moves are stepped through it."""

    def __init__(self) -> None:
        """No roll scripted: the game's seeded dice decide."""
        self._rolls: list[tuple[int, int]] = []

    def add(self, *rolls: tuple[int, int]) -> None:
        """Append rolls (pairs of dice 1..6); raises ValueError for anything else, adding none."""
        for roll in rolls:
            ok = isinstance(roll, (tuple, list)) and len(roll) == 2
            if not ok or not all(type(d) is int and 1 <= d <= 6 for d in roll):
                raise ValueError(f"a scripted roll is a pair of dice 1..6 like (3, 4), got {roll!r}")
        self._rolls.extend((roll[0], roll[1]) for roll in rolls)

    def step(self, game: Game, action: Action) -> None:
        """``game.step(action)``, with the next scripted roll when ``action`` rolls the dice."""
        dice = self._rolls[0] if self._rolls and isinstance(action, RollDice) else None
        game.step(action, dice=dice)
        if dice is not None:
            self._rolls.pop(0)

    def __len__(self) -> int:
        return len(self._rolls)
