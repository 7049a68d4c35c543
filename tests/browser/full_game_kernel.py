"""Test-only chance and bots for the whole game played by clicks (imported by the notebook's cell).

Nothing here is product code: :class:`ScriptedGame` scripts chance (the dice of every roll and the
development cards "You" draw), :class:`CellBot` is "a bot written in a cell" (greedy, except that
it offers "You" a trade now and then and accepts every offer from "You" it can pay).  The test
process imports the same module to play the same game ahead (tests/browser/full_game_plan.py),
so the notebook's game and the plan stay move for move the same.
"""

from __future__ import annotations

from typing import Any

from catan_widget import Game
from catan_widget.bots.greedy import GreedyBot
from catan_widget.engine import actions as ac
from catan_widget.engine.constants import DEV_CARDS

YOU = 0
NAMES = ["You", "Bot 1", "Bot 2", "Bot 3"]
SEED = 7
PLAYED_CARDS = ("road_building", "monopoly", "knight", "year_of_plenty", "knight", "knight")
YOUR_CARDS = [*PLAYED_CARDS, *["victory_point"] * 5]
"""The development cards You draw, in order (then whatever the deck gives)."""
PAIRS = {s: (min(6, s - 1), s - min(6, s - 1)) for s in range(2, 13)}
"""A pair of dice for each sum (6 first: 8 is (6, 2))."""
BOT_OFFERS = 3
"""How many trades the bots offer You in the whole game (answered: accept, decline, counter)."""


def gains(game: Game, total: int) -> list[list[int]]:
    """Cards each seat would get from a roll of ``total`` now, by resource."""
    g = game.fork()
    g.step(ac.RollDice(), dice=PAIRS[total])
    return [[a - b for a, b in zip(after, before)] for after, before in zip(g.state.hands, game.state.hands)]


class ScriptedGame(Game):
    """A game whose chance is scripted: every roll picks its sum (You roll one 7, with more
    than 7 cards; no other 7), and You draw the cards of :data:`YOUR_CARDS` in order.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        """As :class:`Game`."""
        super().__init__(*args, **kwargs)
        self.seven_rolled = False
        self.draws = 0

    def next_sum(self) -> int:
        """The sum the next roll shows: a 7 the first time You roll holding more than 7 cards;
        otherwise the sum that gives You most of the cards You hold fewest of (then the most
        cards in all).
        """
        if self.current_seat == YOU and not self.seven_rolled and sum(self.state.hands[YOU]) > 7:
            self.seven_rolled = True
            return 7

        hand = self.state.hands[YOU]

        def score(total: int) -> tuple[float, int, int]:
            got = gains(self, total)
            mine = sum(n / (1 + h) for n, h in zip(got[YOU], hand))  # the scarcest cards first
            return (mine, sum(map(sum, got)), -total)

        return max((s for s in range(2, 13) if s != 7), key=score)

    def step(
        self,
        action: ac.Action,
        *,
        dice: tuple[int, int] | None = None,
        card: int | str | None = None,
        steal: int | str | None = None,
    ) -> None:
        """:meth:`Game.step`, with the scripted dice and the scripted draws of You."""
        if isinstance(action, ac.RollDice) and dice is None and self.phase == "roll":
            dice = PAIRS[self.next_sum()]
        if isinstance(action, ac.BuyDevelopmentCard) and card is None and self.current_seat == YOU:
            wanted = YOUR_CARDS[self.draws] if self.draws < len(YOUR_CARDS) else None
            if wanted is not None and DEV_CARDS.index(wanted) in self.state.deck:
                card = wanted
        mine = isinstance(action, ac.BuyDevelopmentCard) and self.current_seat == YOU
        super().step(action, dice=dice, card=card, steal=steal)
        self.draws += mine


class CellBot:
    """Greedy, but it never offers trades of its own: now and then (at most :data:`BOT_OFFERS`
    times in the game) it offers You one card for one You are known to hold, and it accepts
    every offer from You that it can pay.
    """

    offers_made = 0
    """Offers to You by all the cell's bots so far (shared, so they take turns)."""

    def __init__(self, seed: int = 0, seat: int = 0) -> None:
        """The greedy bot of this seed and seat does the rest."""
        self.greedy = GreedyBot(seed, seat)
        self.seat = seat

    def choose(self, obs: Any) -> ac.Action:
        """The action for the observation ``obs`` of this bot's seat."""
        actions = obs.legal_actions()
        if obs.phase == "trade_response" and obs.trade is not None and obs.trade[0] == YOU:
            accept = ac.AcceptTrade()
            return accept if accept in actions else ac.DeclineTrade()
        if obs.phase == "main":
            offer = self.offer(obs)
            if offer is not None:
                return offer
        action = self.greedy.choose(obs)
        if isinstance(action, ac.OfferTrade):
            return ac.BuyDevelopmentCard() if ac.BuyDevelopmentCard() in actions else ac.EndTurn()
        return action

    def offer(self, obs: Any) -> ac.OfferTrade | None:
        """One card for one, to You, when the bot may offer and has a card You lack."""
        if CellBot.offers_made >= BOT_OFFERS or "offer_trade" not in obs.open or obs.offers_this_turn:
            return None
        hand, yours = obs.hand, obs.players[YOU].known
        give = next((r for r in range(5) if hand[r] >= 1 and yours[r] == 0), None)
        want = next((r for r in range(5) if yours[r] >= 1 and r != give), None)
        if give is None or want is None:
            return None
        CellBot.offers_made += 1
        give_cards, want_cards = [0] * 5, [0] * 5
        give_cards[give], want_cards[want] = 1, 1
        return ac.OfferTrade(ac.cards(give_cards), ac.cards(want_cards), to=YOU)


def new_game() -> ScriptedGame:
    """The game of the test: the beginner board, You first."""
    return ScriptedGame(NAMES, seed=SEED, board="beginner", first=YOU)


def cell_bots(seed: int = SEED) -> dict[str, CellBot]:
    """The three bots by name (fresh, as the widget and the plan each need their own)."""
    CellBot.offers_made = 0
    return {name: CellBot(seed, seat) for seat, name in enumerate(NAMES) if seat != YOU}
