"""The "search" bot: expectimax over chance on games it samples itself, scored by a tuned value
function (:mod:`.value`).

How it decides, from its seat's observation only:

1. it samples determinized games (:meth:`Observation.determinize`: opponents' hidden cards, the
   deck and future dice redrawn consistently with what the seat knows), with its own seeded
   random generator;
2. every candidate move (the legal ones, plus one-for-one and two-for-one trade offers to
   everyone) is played on the samples; moves with chance in them (buying a card, stealing,
   monopoly, a knight) are averaged over several samples, deterministic ones need one;
3. when the move leaves the seat to act again at once in a forced follow-up (moving the robber
   after a knight, the roads of Road Building) the best follow-up is searched too (max node);
4. the position reached is scored with :func:`.value.evaluate`; ending the turn is worth the
   position as it is, so a move is only made when it helps;
5. in the main phase and robber moves (and setup settlements on a budget too small for
   playouts), the best :data:`ROLLOUTS` moves are compared again by playing a round ahead on
   the same samples (every seat, this one included, played by the greedy policy until this
   seat's next turn ends) and scoring the position then;
6. the setup settlements and roads, which decide much of a game, are chosen among the best
   :data:`SETUP_CANDIDATES` by playouts to the end of the game (:mod:`.rollout`: flat
   Monte-Carlo over greedy play on its own samples, the opponents' policy being public code).

Trade answers (:mod:`.trading`) score accepting as the search scores any move without chance:
the value of the position after the swap; a near-winner's offer is declined at once, an offer
that gains nothing is countered when a one-card change makes it gain, else declined with a
reason code.  Offers go to one named seat (human or bot) known to hold the cards wanted and
likely to take them, at most :data:`MAX_OFFERS` a turn, never the same offer (terms and seat)
twice in a turn; confirming picks the partner with the most useful answer, fewer public VP
breaking ties.

``budget`` (seconds) caps the thinking per decision (:data:`SETUP_SCALE` times that for the
four setup placements).  It is counted in work, not read from the clock: ``budget`` ×
:data:`EVALS_PER_SECOND` positions played and scored at most, and ``budget`` ×
:data:`SETTLEMENT_PLAYOUTS` (or :data:`ROAD_PLAYOUTS`) playouts for a setup move, so a bot's
choices depend only on its seed and observation (a tournament gives the same table on any
machine, loaded or not), and the time it takes is about ``budget`` on a 2-core CI machine.  When
the work runs out, further samples and candidates are skipped (one sample is always used).
Measured at ``budget=1`` (a hint, :data:`catan_widget.engine.registry.HINT_BUDGET`), the slowest
decision, a setup settlement of 4 players, takes about 0.75 s compiled and 2 s pure Python on
one core; the main phase under 0.03 s.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine import actions as ac
from ..engine.answer_reasons import reason_words
from ..engine.constants import RESOURCES
from ..engine.errors import IllegalActionError
from ..engine.language import tr
from ..engine.words.places import corner_name, hex_name, path_name
from .greedy import GreedyBot
from .rollout import best_by_playouts
from .trading import answer, near_winner, partner_takes
from .value import evaluate
from .view import Viewable, as_observation

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.knowledge.observation import Observation

DEFAULT_BUDGET = 0.5
"""Seconds of thinking per decision at most (the median is far lower)."""
SETUP_SCALE = 4
"""The first two settlements and roads (4 decisions a game) may think this many times longer."""
EVALS_PER_SECOND = 2000
"""Positions played and scored per second of budget (measured: ~0.5 ms each on one core)."""
SAMPLES = 6
"""Determinizations a move with chance in it is averaged over."""
OFFER_MARGIN = 4.0
"""How much a domestic offer must gain before the bot proposes it."""
PARTNER_SAMPLES = 5
"""Samples of the game on which a partner must take an offer (most of them) before it is made
(tuned on bench/bench_offers.py --hints, its tuning seeds, before hints asked greedy's rule too:
3 samples 30 of 33 hinted trades taken by a search bot, 5 samples 31 of 33)."""
MAX_OFFERS = 2
"""Domestic offers the bot makes in one turn at most (never the same terms to the same seat twice)."""
ROLLOUTS = 4
"""How many of the best-scored moves are compared by playing a round ahead."""
STEP_COST = 0.5
"""Work units one move of a look-ahead playout counts for (a bot's choice, an observation, a step)."""
SETTLEMENT_PLAYOUTS = 112
"""Greedy playouts to the end of the game per second of budget for a setup settlement (about
16 ms each compiled)."""
ROAD_PLAYOUTS = 24
"""The same for a setup road (the settlement it leads from is already chosen)."""
SETUP_CANDIDATES = 6
"""How many of the best-scored setup moves are compared by playouts to the end."""
_PLAYOUT_PHASES = ("setup_settlement", "setup_road")
_ROLLOUT_PHASES = ("main", "setup_settlement", "move_robber", "special_build")
_FOLLOW_UP = ("move_robber", "road_building")
_CHANCE = (ac.BuyDevelopmentCard, ac.MoveRobber, ac.PlayMonopoly, ac.PlayKnight, ac.RollDice)


@dataclass(frozen=True)
class Plan:
    """A decision and why: the move, its score, and a one-line reason in words."""

    action: ac.Action
    score: float
    reason: str


class SearchBot:
    """Expectimax over chance on self-sampled determinizations, with a tuned value function."""

    def __init__(
        self,
        seed: int = 0,
        seat: int = 0,
        budget: float = DEFAULT_BUDGET,
        samples: int = SAMPLES,
        rollouts: int = ROLLOUTS,
        setup_candidates: int = SETUP_CANDIDATES,
        hint: bool = False,
    ) -> None:
        """Seeded from the game's seed and the seat; ``budget``: seconds per decision at most;
        ``rollouts``: how many of the best candidates are checked by playing a round ahead;
        ``setup_candidates``: how many setup moves are compared by playouts (0 or 1: none);
        ``hint``: planning for a human (the Hint), whose offers any bot may answer: an offer is
        only proposed when the greedy bot's rule would take it too.
        """
        if not 0 < budget < math.inf:  # NaN fails too
            raise ValueError(f"budget is a positive number of seconds (of work), got {budget!r:.40}")
        self.rng = random.Random(seed ^ (0x5EA7C000 + seat))
        self.budget = float(budget)
        self.samples = max(1, int(samples))
        self.rollouts = max(0, int(rollouts))
        self.setup_candidates = max(0, int(setup_candidates))
        self.hint = hint
        self._offered: list[ac.OfferTrade] = []
        self._offered_turn = -1

    def choose(self, observation: Viewable) -> ac.Action:
        """The move with the best expected value for the observing seat."""
        return self.plan(observation).action

    def plan(self, observation: Viewable) -> Plan:
        """The chosen move with its score and a one-line reason."""
        obs = as_observation(observation)
        actions = obs.legal_actions()
        if not actions:
            raise IllegalActionError("not_your_turn", tr("The observing seat has nothing to do now."))
        me = obs.current
        may_offer = self._may_offer(obs)
        phase = obs.phase
        if len(actions) == 1 and not may_offer and phase != "trade_response":
            return Plan(actions[0], 0.0, _forced(actions[0]))
        scale = SETUP_SCALE if obs.phase.startswith("setup") else 1
        search = _Search(obs, self.rng, max(1, int(self.budget * EVALS_PER_SECOND * scale)), self.samples)
        if phase == "trade_response":
            return search.answer()
        if phase == "trade_confirm":
            return search.confirm(actions)
        candidates: list[ac.Action] = list(actions)
        if may_offer:
            offer = search.best_offer(self._offered, self.hint)
            if offer is not None:
                candidates.append(offer)
        scored: list[tuple[float, int, ac.Action]] = []
        for i, action in enumerate(candidates):
            if search.spent():
                break
            scored.append((search.score(action), -i, action))
        scored.sort(key=lambda x: (x[0], x[1]), reverse=True)
        best_score, _, best = scored[0]
        per_second = SETTLEMENT_PLAYOUTS if phase == "setup_settlement" else ROAD_PLAYOUTS
        playouts = int(self.budget * per_second)
        if phase in _PLAYOUT_PHASES and self.setup_candidates > 1 and len(scored) > 1 and playouts > 1:
            top = [a for _, _, a in scored[: self.setup_candidates]]
            best, best_score = best_by_playouts(obs, top, self.rng, playouts)
            return Plan(best, best_score, explain(obs, best, search.base(), me))
        offer_first = isinstance(best, ac.OfferTrade)  # an offer is judged on the hand it makes
        if self.rollouts > 1 and phase in _ROLLOUT_PHASES and len(scored) > 1 and not offer_first:
            top = [a for _, _, a in scored[: self.rollouts] if not isinstance(a, ac.OfferTrade)]
            if len(top) > 1:
                looked = [(search.look_ahead(a), -i, a) for i, a in enumerate(top)]
                best_score, _, best = max(looked, key=lambda x: (x[0], x[1]))
        if isinstance(best, ac.OfferTrade):
            self._offered.append(best)
        return Plan(best, best_score, explain(obs, best, search.base(), me))

    def _may_offer(self, obs: Observation) -> bool:
        """True when a domestic offer may be made now: the main phase, fewer than
        :data:`MAX_OFFERS` this turn, and every offer of this turn one this bot made and
        remembers (so none is repeated; a fresh bot after someone else's offer makes none).
        """
        if self._offered_turn != obs.turn or obs.offers_this_turn < len(self._offered):
            self._offered, self._offered_turn = [], obs.turn
        return (
            obs.phase == "main"
            and "offer_trade" in obs.open
            and obs.offers_this_turn == len(self._offered)
            and len(self._offered) < MAX_OFFERS
        )


class _Search:
    """One decision's samples and scores."""

    def __init__(self, obs: Observation, rng: random.Random, work: int, samples: int) -> None:
        self.obs = obs
        self.me = obs.current
        self.rng = rng
        self.work: float = float(work)
        self.samples = samples
        self.games: list[Game] = [obs.determinize(rng)]
        self._base: float | None = None

    def game(self, i: int) -> Game | None:
        """Sample ``i`` (drawn on demand), or None when the work budget is spent."""
        while len(self.games) <= i:
            if self.spent():
                return None
            self.games.append(self.obs.determinize(self.rng))
        return self.games[i]

    def spent(self) -> bool:
        """True once the work budget is used up."""
        return self.work <= 0

    def base(self) -> float:
        """The value of the position as it is."""
        if self._base is None:
            g = self.games[0]
            self._base = evaluate(g.state, g.board, self.me)
        return self._base

    def score(self, action: ac.Action) -> float:
        """The mean value after ``action`` over the samples it needs."""
        if isinstance(action, ac.EndTurn):
            return self.base()
        if isinstance(action, ac.OfferTrade):
            return self.hand_swap(action.give, action.want) - OFFER_MARGIN
        n = self.samples if isinstance(action, _CHANCE) else 1
        total, count = 0.0, 0
        for i in range(n):
            g = self.game(i)
            if g is None:
                break
            total += self.after(g, action, 1)
            count += 1
        return total / count

    def after(self, game: Game, action: ac.Action, depth: int) -> float:
        """The value after ``action`` on one sample, searching a forced follow-up of ours."""
        self.work -= 1
        g = game.fork()
        try:
            g.step(action)
        except IllegalActionError:
            return float("-inf")
        s = g.state
        if depth > 0 and s.current == self.me and s.winner < 0 and g.phase in _FOLLOW_UP and not self.spent():
            return max(self.after(g, a, depth - 1) for a in g.legal_actions())
        return evaluate(s, g.board, self.me)

    def look_ahead(self, action: ac.Action) -> float:
        """The mean value after ``action`` and a round of play (every seat, this one included,
        played by the greedy policy until this seat's next turn ends), over the samples.
        """
        policy = [GreedyBot(0, q) for q in range(len(self.obs.names))]
        total, count = 0.0, 0
        for i in range(self.samples):
            g0 = self.game(i)
            if g0 is None or (i and self.spent()):
                break
            g = g0.fork()
            try:
                g.step(action)
            except IllegalActionError:
                return float("-inf")
            s = g.state
            end = s.turn + len(self.obs.names) + 1
            steps = 0
            while steps < 400 and s.winner < 0 and s.turn < end:
                q = s.current
                g.step(policy[q].choose(g.observe(q)))
                s = g.state
                steps += 1
            self.work -= 1 + STEP_COST * steps
            total += evaluate(s, g.board, self.me)
            count += 1
        return total / count if count else float("-inf")

    def hand_swap(self, give: tuple[int, ...], want: tuple[int, ...]) -> float:
        """The value if the seat gave ``give`` and got ``want`` (a trade not yet made)."""
        g = self.games[0]
        hand = g.state.hands[self.me]
        saved = hand[:]
        for r in range(5):
            hand[r] += want[r] - give[r]
        try:
            return evaluate(g.state, g.board, self.me)
        finally:
            hand[:] = saved

    def best_offer(self, made: list[ac.OfferTrade], greedy_too: bool = False) -> ac.OfferTrade | None:
        """The best one-for-one or two-for-one offer to the one seat most likely to take it (on
        most of :data:`PARTNER_SAMPLES` of this seat's samples it holds the card wanted and
        gains; no near-winner; fewer public VP first), if one gains enough to propose and is not
        in ``made`` (this turn's offers); ``greedy_too``: and the greedy bot's rule takes it.
        """
        obs, hand = self.obs, self.obs.hand
        assert hand is not None
        samples = [g.state for g in (self.game(i) for i in range(PARTNER_SAMPLES)) if g is not None]
        board = self.games[0].board
        partners = [q for q in range(len(obs.names)) if q != self.me and not near_winner(obs, q)]
        partners.sort(key=lambda q: (obs.players[q].vp, q))
        best: ac.OfferTrade | None = None
        best_score = self.base()
        for give_r in range(5):
            for k in (1, 2):
                if hand[give_r] < k:
                    continue
                for want_r in range(5):
                    if want_r == give_r:
                        continue
                    give, want = [0] * 5, [0] * 5
                    give[give_r], want[want_r] = k, 1
                    terms = ac.cards(give), ac.cards(want)
                    score = self.hand_swap(terms[0], terms[1]) - OFFER_MARGIN
                    if score <= best_score:
                        continue
                    takes = [
                        (partner_takes(obs, samples, board, q, terms[0], terms[1], greedy_too), -i, q)
                        for i, q in enumerate(partners)
                        if ac.OfferTrade(terms[0], terms[1], q) not in made
                    ]
                    likely = max(takes, default=(0, 0, -1))
                    if 2 * likely[0] > len(samples):
                        best, best_score = ac.OfferTrade(terms[0], terms[1], likely[2]), score
        return best

    def answer(self) -> Plan:
        """Answer the open offer as :func:`.trading.answer` does, with the reason in words."""
        g = self.games[0]
        action, gain = answer(self.obs, g.state, g.board)
        trade = self.obs.trade
        assert trade is not None
        give, want = _cards(trade[2]), _cards(trade[3])
        if isinstance(action, ac.AcceptTrade):
            return Plan(action, gain, f"accept: {give} for {want} leaves you better off")
        if isinstance(action, ac.CounterTrade):
            assert action.reason is not None
            terms = f"give {_cards(action.give)} for {_cards(action.want)}"
            return Plan(action, gain, f"counter: {terms} instead ({reason_words(action.reason, True)})")
        assert isinstance(action, ac.DeclineTrade)
        assert action.reason is not None
        return Plan(action, 0.0, f"decline: {reason_words(action.reason, True)}")

    def confirm(self, actions: list[ac.Action]) -> Plan:
        """Close with the partner who gives the most, the fewest public VP breaking ties."""
        best: Plan = Plan(ac.CancelTrade(), self.base(), "cancel: no answer is worth taking")
        for a in actions:
            if isinstance(a, ac.ConfirmTrade):
                _, their_give, their_want = self.obs.answers[a.player]
                score = self.hand_swap(their_want, their_give) - 0.5 * self.obs.players[a.player].vp
                if score > best.score:
                    who = self.obs.names[a.player]
                    best = Plan(a, score, f"trade with {who}: {_cards(their_give)} for {_cards(their_want)}")
        return best


def _cards(cards: tuple[int, ...]) -> str:
    return ", ".join(f"{n} {RESOURCES[r]}" for r, n in enumerate(cards) if n) or "nothing"


def _forced(action: ac.Action) -> str:
    return f"{action}: the only legal move"


def _per_roll(obs: Observation, node: int) -> float:
    """Expected cards per roll a settlement at ``node`` adds (robber ignored)."""
    return sum(
        obs.board.pips(h) / 36 for h in obs.board.topo.node_hexes[node] if obs.board.resource(h) is not None
    )


def explain(obs: Observation, action: ac.Action, base: float, me: int) -> str:
    """One line saying why ``action`` is the move, in the players' words for places."""
    board = obs.board
    if isinstance(action, ac.BuildCity):
        gain = _per_roll(obs, action.node)
        return f"city on {corner_name(board, action.node)}: +{gain:.2f} cards per roll, +1 VP"
    if isinstance(action, ac.BuildSettlement):
        gain = _per_roll(obs, action.node)
        return f"settle {corner_name(board, action.node)}: +{gain:.2f} cards per roll, +1 VP"
    if isinstance(action, ac.BuildRoad):
        return f"road on {path_name(board, action.edge)}: toward new settlement spots and Longest Road"
    if isinstance(action, ac.MoveRobber):
        victim = "" if action.victim is None else f", steal from {obs.names[action.victim]}"
        return f"robber to {hex_name(board, action.hex)}: blocks the leaders' production{victim}"
    if isinstance(action, ac.MaritimeTrade):
        rate = obs.rates[action.give] if obs.rates is not None else 4
        give, get = RESOURCES[action.give], RESOURCES[action.get]
        return f"trade {rate} {give} for 1 {get} with the bank: brings a build closer"
    if isinstance(action, ac.OfferTrade):
        to = "everyone" if action.to is None else obs.names[action.to]
        return f"offer {_cards(action.give)} for {_cards(action.want)} to {to}: brings a build closer"
    if isinstance(action, ac.BuyDevelopmentCard):
        return "buy a development card: nothing better to build, and knights or points may come"
    if isinstance(action, ac.PlayKnight):
        return "play a knight: move the robber off your hexes or onto the leader's, toward Largest Army"
    if isinstance(action, ac.Discard):
        return f"discard {_cards(action.cards)}: keep the cards nearest a build"
    if isinstance(action, ac.EndTurn):
        return "end the turn: no build, trade or card helps now"
    if isinstance(action, ac.RollDice):
        return "roll the dice"
    return f"{action}: the best expected position"
