"""The staged game of tests/browser/test_table_game.py: short, and certain in every step.

Ada, Bo and Di are humans, Cy is the table's bot.  Only three buildings are on the board, each on
a coast touching one hex (Ada's on the 10 ore, Bo's on the 9 lumber, Di's on the 5 brick) and Cy
has none and no cards, so the greedy bot only ever rolls and ends its turn.  The dice are
scripted: Ada rolls a 7 while Ada, Bo and Di hold more than 7 cards (each discards 4), then
moves the robber onto Di's brick and steals from Di, who holds only ore by then (so the stolen
card is ore whatever the seed draws); Ada offers Di 1 lumber for 1 ore and Di accepts.  The
other rolls (4, 3, 12) touch no building: nobody produces, so every hand is known at every step.
"""

from __future__ import annotations

from catan_widget import Game
from catan_widget.engine.constants import RESOURCES

NAMES = ("Ada", "Bo", "Cy", "Di")
SEATS = {"Ada": "human", "Bo": "human", "Cy": "bot", "Di": "human"}
ADA, BO, CY, DI = range(4)
DICE = ((3, 4), (2, 2), (1, 2), (6, 6))
"""Ada's 7, then Bo's, Cy's and Di's rolls (nobody produces)."""
ROBBER_HEX = 16
"""The 5 brick: Di's settlement (intersection 51) is its only neighbour."""
DISCARDS = {
    ADA: {"brick": 1, "wool": 2, "grain": 1},
    BO: {"brick": 2, "grain": 2},
    DI: {"wool": 4},
}
"""What each human discards after the 7 (in the engine's order: Ada, Bo, then Di)."""
OFFER = ({"lumber": 1}, {"ore": 1})
"""Ada gives, Ada wants (offered to Di only)."""
KINDS = [
    "roll",
    "discard",
    "discard",
    "discard",
    "move_robber",
    "offer_trade",
    "accept_trade",
    "confirm_trade",
    "end_turn",
    "roll",
    "end_turn",
    "roll",
    "end_turn",
    "roll",
    "end_turn",
]
"""The table's history at the end, by action kind."""


def hand(**cards: int) -> list[int]:
    """A hand as the engine's five counts."""
    return [cards.get(r, 0) for r in RESOURCES]


HANDS_AFTER_TRADE = [hand(lumber=3, brick=1, ore=2), hand(brick=2, grain=2), hand(), hand(lumber=1, ore=2)]
"""Every hand from the trade to the end (the later rolls produce nothing)."""


def staged_game(seed: int = 7) -> Game:
    """The game at Ada's first roll."""
    game = Game(players=list(NAMES), seed=seed, board="beginner")
    return game.stage(
        settlements={"Ada": [0], "Bo": [6], "Di": [51]},
        hands={
            "Ada": {"lumber": 4, "brick": 2, "wool": 2, "grain": 1},
            "Bo": {"grain": 4, "brick": 4},
            "Di": {"ore": 4, "wool": 4},
        },
        turn_player="Ada",
    )
