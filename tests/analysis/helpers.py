"""Helpers for scripting staged games in the analysis tests."""

from __future__ import annotations

from catan_widget import EndTurn, Game, MoveRobber, RollDice
from catan_widget.engine.topology import HEX_NODES


def play_rolls(game: Game, rolls: list[tuple[int, int]]) -> None:
    """Play one turn per scripted roll: roll, move the robber on a 7 (to a hex nobody touches),
    end the turn.
    """
    for dice in rolls:
        game.step(RollDice(), dice=dice)
        if game.phase == "move_robber":
            target = next(a for a in game.legal_actions() if isinstance(a, MoveRobber) and a.victim is None)
            game.step(target)
        game.step(EndTurn())


def node_between(*hexes: int) -> int:
    """The one intersection where the three given hexes meet."""
    common = set(HEX_NODES[hexes[0]]).intersection(*(HEX_NODES[h] for h in hexes[1:]))
    assert len(common) == 1, (hexes, common)
    return common.pop()
