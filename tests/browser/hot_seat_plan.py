"""The hot-seat game of tests/browser/test_hot_seat_game.py, played ahead in the test process.

Three humans share the screen (``CatanWidget.play(["Ada", "Bo", "Cy"])``).  Each one's moves are
chosen here, by the greedy bot of that seat, with a script on top: nobody builds until a 7 is
rolled while two players hold more than 7 cards (so two discard and the roller steals), Ada
offers Bo a trade and Bo accepts (the game's one offer: greedy's own become a purchase or the
end of the turn, since the widget answers for a human who cannot pay, without a click), and
somebody buys a development card.  The dice are chosen here
too and handed to the widget with ``w.script_dice``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from catan_widget import Game
from catan_widget.bots.greedy import GreedyBot
from catan_widget.engine import actions as ac
from catan_widget.engine.constants import DEV_CARDS
from catan_widget.engine.viewer import ONLOOKER

NAMES = ["Ada", "Bo", "Cy"]
SEED = 5
ROUNDS_AFTER_SEVEN = 3
"""Full rounds played after the 7."""
PAIRS = {s: (min(6, s - 1), s - min(6, s - 1)) for s in range(2, 13)}


@dataclass
class Move:
    """One decision of a human: who, what, in which phase, and what the screen must show."""

    seat: int
    action: ac.Action
    phase: str
    turn: int
    handover: bool
    """The screen passes to ``seat`` first (every hand hidden until they click)."""
    hands: list[list[int]]
    dev_counts: list[int]
    own_devs: list[str]
    """The kinds of development card ``seat`` holds (shown to ``seat`` only)."""
    log: list[str]
    """The log as ``seat`` may read it (the last lines are shown)."""
    public_log: list[str]
    """The log as nobody in particular may read it (shown during a hand-over)."""
    victims: int = 0


@dataclass
class Script:
    """The plan's memory: the dice so far and which scripted events happened."""

    dice: list[tuple[int, int]] = field(default_factory=list)
    seven: bool = False
    traded: bool = False
    bought: bool = False


def _gains(g: Game, total: int) -> int:
    f = g.fork()
    before = sum(sum(h) for h in f.state.hands)
    f.step(ac.RollDice(), dice=PAIRS[total])
    return sum(sum(h) for h in f.state.hands) - before


def roll(g: Game, script: Script) -> tuple[int, int]:
    """The next roll: a 7 once two players hold more than 7 cards, else the most cards."""
    if not script.seven and sum(sum(h) > 7 for h in g.state.hands) >= 2:
        script.seven = True
        return PAIRS[7]
    best = max((s for s in range(2, 13) if s != 7), key=lambda s: (_gains(g, s), -s))
    return PAIRS[best]


def _trade(g: Game) -> ac.OfferTrade | None:
    """Ada offers Bo one card she holds for one he holds (of another resource)."""
    ada, bo = g.state.hands[0], g.state.hands[1]
    give = next((r for r in range(5) if ada[r]), None)
    want = next((r for r in range(5) if bo[r] and r != give), None)
    if give is None or want is None:
        return None
    give_cards, want_cards = [0] * 5, [0] * 5
    give_cards[give], want_cards[want] = 1, 1
    return ac.OfferTrade(ac.cards(give_cards), ac.cards(want_cards), to=1)


def decide(g: Game, brains: list[GreedyBot], script: Script) -> ac.Action:
    """The acting human's move: the greedy bot's, under the script."""
    seat, phase = g.current_seat, g.phase
    actions = g.legal_actions()
    if phase == "trade_response":
        return ac.AcceptTrade() if ac.AcceptTrade() in actions else ac.DeclineTrade()
    if phase == "trade_confirm":
        return next((a for a in actions if isinstance(a, ac.ConfirmTrade)), ac.CancelTrade())
    if phase == "main" and not script.traded and seat == 0:
        offer = _trade(g)
        if offer is not None:
            script.traded = True
            return offer
    if phase == "main" and not script.seven:
        return ac.EndTurn()  # everybody saves cards for the 7
    if phase == "main" and not script.bought and ac.BuyDevelopmentCard() in actions:
        script.bought = True
        return ac.BuyDevelopmentCard()
    action = brains[seat].choose(g.observe(seat))
    if isinstance(action, ac.OfferTrade):  # the scripted offer is the game's one offer
        action = ac.BuyDevelopmentCard() if ac.BuyDevelopmentCard() in actions else ac.EndTurn()
    if isinstance(action, ac.BuyDevelopmentCard):
        script.bought = True
    return action


def position(g: Game, action: ac.Action, handover: bool, victims: int = 0) -> Move:
    """The move ``action`` of the acting seat in ``g`` now, with what the screen must show."""
    s, seat = g.state, g.current_seat
    return Move(
        seat,
        action,
        g.phase,
        g.turn,
        handover=handover,
        hands=[list(h) for h in s.hands],
        dev_counts=[sum(d) + sum(n) for d, n in zip(s.dev, s.dev_new)],
        own_devs=[DEV_CARDS[c] for c in range(5) if s.dev[seat][c] + s.dev_new[seat][c]],
        log=g.log_for(seat),
        public_log=g.log_for(ONLOOKER),
        victims=victims,
    )


def plan() -> tuple[Game, list[Move], list[tuple[int, int]]]:
    """Play the game here: the game at the end, every human move, and the dice rolled."""
    g = Game(NAMES, seed=SEED, board="beginner", first=0)
    brains = [GreedyBot(SEED, seat) for seat in range(len(NAMES))]
    script = Script()
    moves: list[Move] = []
    shown = 0
    seven_turn: int | None = None
    while not g.is_over:
        late = seven_turn is not None and g.turn >= seven_turn + ROUNDS_AFTER_SEVEN * len(NAMES)
        if late and g.phase == "roll" and g.current_seat == 0:
            break
        seat = g.current_seat
        action = decide(g, brains, script)
        robbed = [a for a in g.legal_actions() if isinstance(a, ac.MoveRobber) and a.victim is not None]
        victims = sum(isinstance(action, ac.MoveRobber) and a.hex == action.hex for a in robbed)
        moves.append(position(g, action, handover=seat != shown, victims=victims))
        shown = seat
        if isinstance(action, ac.RollDice):
            dice = roll(g, script)
            script.dice.append(dice)
            g.step(action, dice=dice)
            if sum(dice) == 7:
                seven_turn = g.turn
        else:
            g.step(action)
    return g, moves, script.dice
