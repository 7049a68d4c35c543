"""Grading one decision from the deciding seat's observation only.

A decision is a position where a seat acted with more than one legal move (a lone legal move
is not graded).  :func:`grade` compares the seat's win chance after the move it played with
its win chance after the best move it could have found, both estimated the same way and from
what the seat knew: the value model (:mod:`.model`) averaged over :data:`SAMPLES` games
determinized from the seat's observation (``observation.determinize``), the same samples for
every candidate (common random numbers), and with the turn taken to be the deciding turn's
(ending a turn is scored on what it leaves, not as handing the move to the next seat).
Swapping cards the seat could not see changes none of its samples, so none of its grades:
nobody is blamed for what they could not know.

Candidates are the legal moves plus the move played (counter-offers are not listed by the
engine).  An acceptance is scored as the trade made (the offerer then confirms with this seat),
a counter-offer as the position unchanged.  A move that only turns cards into other cards (a
trade with the bank, a confirmed trade, Year of Plenty, Monopoly) is scored with the best city,
settlement or development card it pays for at once, so trading toward a build is judged with
the build.  Making an offer is not graded: nothing moves until the trade is confirmed, which is
graded (so are the answers to it).

The samples are drawn from a seed made of the game's seed and the position's index
(:func:`decision_seed`): the same game gives the same grades on any machine, in any order, in
any process.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine import actions as ac
from ..engine.errors import IllegalActionError
from ..engine.phases import MAIN
from .model import ValueModel

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.knowledge.observation import Observation

SAMPLES = 6
"""Determinized games every decision's candidates are scored on."""
GRADES: tuple[str, ...] = ("best", "good", "inaccuracy", "mistake", "blunder")
"""The grades, best first (codes; their words are :func:`.words.grade_words`)."""
THRESHOLDS: tuple[float, ...] = (0.5, 2.0, 5.0, 10.0)
"""Win-chance points lost (0–100) from which a move is good, an inaccuracy, a mistake, a
blunder: ``loss < 0.5`` is best, ``< 2`` good, ``< 5`` an inaccuracy, ``< 10`` a mistake, from
10 a blunder.  Lichess uses about 10, 20 and 30 points between two players; a Catan move
seldom moves a 4-player game as far (a 25% share to start, and the model's chances spread
over the seats), so the steps here are a third of that, the blunder a typical settlement spot
or a winning card given away."""
ACCURACY_A, ACCURACY_B, ACCURACY_C = 103.1668, 0.04354, 3.1669
"""Lichess's published curve, per move: ``A·exp(−B·x) − C`` clipped to 0–100."""
ACCURACY_SCALE = 3.0
"""``x`` is the loss times this (our thresholds are a third of lichess's)."""


CARDS_ONLY = (ac.MaritimeTrade, ac.ConfirmTrade, ac.PlayYearOfPlenty, ac.PlayMonopoly)
"""Moves that only turn cards into other cards: scored with the best build they pay for at once."""
BUILDS = (ac.BuildCity, ac.BuildSettlement, ac.BuyDevelopmentCard)
"""The follow-ups looked at after a :data:`CARDS_ONLY` move (roads are left out: many, and cheap)."""


def decision_seed(game_seed: int, index: int) -> int:
    """The seed of the samples for the decision at history ``index`` of a game seeded ``game_seed``."""
    return (game_seed * 0x9E3779B1 + index * 0x85EBCA77 + 0x5EED) % (1 << 63)


def grade_of(loss: float) -> str:
    """The grade code of a move that lost ``loss`` points of win chance (see :data:`THRESHOLDS`)."""
    for code, limit in zip(GRADES, THRESHOLDS):
        if loss < limit:
            return code
    return GRADES[-1]


def move_accuracy(loss: float) -> float:
    """One decision's accuracy, 0–100, from the points lost (lichess's curve, see :data:`ACCURACY_SCALE`)."""
    x = max(0.0, loss) * ACCURACY_SCALE
    return min(100.0, max(0.0, ACCURACY_A * math.exp(-ACCURACY_B * x) - ACCURACY_C))


@dataclass(frozen=True)
class Graded:
    """One graded decision: the move played, the best one found, the seat's chances (0–1)."""

    index: int
    seat: int
    played: ac.Action
    best: ac.Action
    chance_played: float
    chance_best: float
    options: int

    @property
    def loss(self) -> float:
        """Win-chance points (0–100) the move played gave away against the best."""
        return max(0.0, 100.0 * (self.chance_best - self.chance_played))


def candidates(obs: Observation, played: ac.Action) -> list[ac.Action]:
    """The moves compared at a decision seen as ``obs``: the legal ones, then the move played
    if unlisted.
    """
    moves = list(obs.legal_actions())
    if played not in moves:
        moves.append(played)
    return moves


def grade(
    before: Game, index: int, played: ac.Action, model: ValueModel, samples: int = SAMPLES
) -> Graded | None:
    """Grade the move ``played`` at history ``index`` (``before``: the game then), or None
    when the acting seat had one legal move only.
    """
    if isinstance(played, ac.OfferTrade):
        return None
    seat = before.state.current
    obs = before.observe(seat)
    moves = candidates(obs, played)
    if len(moves) < 2:
        return None
    rng = random.Random(decision_seed(before.seed, index))
    target = before.rules.vp_to_win
    turn = before.state.turn_player
    worlds = [obs.determinize(rng) for _ in range(max(1, samples))]
    totals = [0.0] * len(moves)
    counts = [0] * len(moves)
    for world in worlds:
        for i, move in enumerate(moves):
            g = world.fork()
            try:
                _play(g, move, seat)
            except IllegalActionError:
                continue
            totals[i] += _value(g, move, seat, model, target, turn)
            counts[i] += 1
    scores = [t / c if c else -1.0 for t, c in zip(totals, counts)]
    k = moves.index(played)
    best = max(range(len(moves)), key=lambda i: (scores[i], i == k, -i))
    played_score = scores[k] if counts[k] else scores[best]
    return Graded(index, seat, played, moves[best], played_score, scores[best], len(moves))


def _value(g: Game, move: ac.Action, seat: int, model: ValueModel, target: int, turn: int) -> float:
    """The seat's chance on sample ``g`` after ``move``; after a move that only turns cards into
    other cards (:data:`CARDS_ONLY`), the better of that and of any :data:`BUILDS` move it pays
    for at once.
    """
    value = model.chances(g.state, g.board, target, turn)[seat]
    if isinstance(move, CARDS_ONLY) and g.state.current == seat and g.state.phase == MAIN:
        for follow in g.legal_actions():
            if isinstance(follow, BUILDS):
                h = g.fork()
                h.step(follow)
                value = max(value, model.chances(h.state, h.board, target, turn)[seat])
    return value


def _play(g: Game, move: ac.Action, seat: int) -> None:
    """Play ``move`` on a sample as the grades score it (an acceptance as the trade made, when
    both hands of the sample hold the cards; else as the position unchanged).
    """
    if isinstance(move, (ac.OfferTrade, ac.CounterTrade)):
        return
    if isinstance(move, ac.AcceptTrade):
        trade = g.state.trade
        if trade is None:
            return
        offerer, give, want = trade[0], trade[2], trade[3]
        mine, theirs = g.state.hands[seat], g.state.hands[offerer]
        if any(mine[r] < want[r] or theirs[r] < give[r] for r in range(5)):
            return
        for r in range(5):
            mine[r] += give[r] - want[r]
            theirs[r] += want[r] - give[r]
        return
    g.step(move)
