"""Trading like people: what an offer is worth to a seat, and how the search bot answers and
proposes one.

Worth is measured once, with the search bot's value function (:func:`.value.evaluate`): the
**gain** of a trade for a seat is the value of its position with the trade made minus the value
as it is (:func:`swap_gain`).  It reads only what the seat knows (public pieces, its own
hand), so every determinization the seat samples gives the same number.

An answer (:func:`answer`):

* the proposer is a near-winner (:func:`near_winner`): decline at once, whatever the terms;
* the gain is above :data:`ACCEPT_MARGIN`: accept;
* else a small change (:func:`small_changes`: one card fewer to give, one more to get, or one
  card swapped on either side) that makes the gain clear the margin: counter with the one the
  proposer likes best (valued on the seat's own sample of the proposer's hand);
* else decline, with a reason code (:mod:`catan_widget.engine.answer_reasons`): the build the
  trade would take a card from (``keeps_ore_for_city``), ``cannot_pay`` or ``no_gain``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import actions as ac
from ..engine import answer_reasons as why
from .declines import Cards, builds_in_reach, has_settlement, holds
from .declines import decline_reason as reason_for
from .greedy import trade_helps
from .value import evaluate, reachable_spots

if TYPE_CHECKING:
    from ..engine.board.layouts import Board
    from ..engine.knowledge.observation import Observation
    from ..engine.state import State

ACCEPT_MARGIN = 0.0
"""How much a trade must gain a seat before its bot accepts it (or proposes it as a counter):
any gain at all, as the issue asks ("offers that leave it better off")."""
NEAR_WIN = 2
"""A proposer this many victory points (public) from winning, or closer, is a near-winner."""


def near_winner(obs: Observation, seat: int) -> bool:
    """True when ``seat`` shows ``vp_to_win - NEAR_WIN`` public victory points or more."""
    return obs.players[seat].vp >= obs.rules.vp_to_win - NEAR_WIN


def swap_gain(s: State, board: Board, seat: int, give: Cards, get: Cards) -> float:
    """The gain for ``seat`` of giving ``give`` and getting ``get``: the value of its position
    after the swap minus the value before (the state is restored).
    """
    hand = s.hands[seat]
    saved = hand[:]
    before = evaluate(s, board, seat)
    for r in range(5):
        hand[r] += get[r] - give[r]
    try:
        return evaluate(s, board, seat) - before
    finally:
        hand[:] = saved


def _legal_terms(give: Cards, get: Cards) -> bool:
    return any(give) and any(get) and not any(g and w for g, w in zip(give, get)) and min(give) >= 0


def _plus(cards: Cards, r: int, n: int) -> Cards:
    out = list(cards)
    out[r] += n
    return tuple(out)


def small_changes(hand: Cards, known: Cards, give: Cards, get: Cards) -> list[tuple[Cards, Cards]]:
    """The counters one card away from giving ``give`` for ``get``, for a seat holding ``hand``
    facing a proposer known (by card counting) to hold at least ``known``: one card fewer to
    give, one more to get, or one card on either side swapped for another resource.  Only terms
    the seat can pay and the proposer is known to be able to pay are listed.
    """
    out: list[tuple[Cards, Cards]] = []
    for r in range(5):
        if give[r] and sum(give) >= 2:
            out.append((_plus(give, r, -1), get))
        if not give[r] and known[r] >= get[r] + 1:
            out.append((give, _plus(get, r, 1)))
    for a in range(5):
        for b in range(5):
            if a == b:
                continue
            if give[a] and not get[b] and hand[b] >= give[b] + 1:
                out.append((_plus(_plus(give, a, -1), b, 1), get))
            if get[a] and not give[b] and known[b] >= get[b] + 1:
                out.append((give, _plus(_plus(get, a, -1), b, 1)))
    seen: set[tuple[Cards, Cards]] = set()
    kept: list[tuple[Cards, Cards]] = []
    for terms in out:
        if terms not in seen and _legal_terms(terms[0], terms[1]) and holds(hand, terms[0]):
            seen.add(terms)
            kept.append(terms)
    return kept


def decline_reason(s: State, seat: int, give: Cards) -> str:
    """Why giving ``give`` does not suit ``seat`` in ``s`` (:func:`.declines.decline_reason`)."""
    pieces = s.pieces[seat]
    city = has_settlement(seat, s.node_owner, s.node_level)
    builds = builds_in_reach(tuple(pieces), city, bool(reachable_spots(s, seat)), bool(s.deck))
    return reason_for(tuple(s.hands[seat]), builds, give)


def answer(obs: Observation, s: State, board: Board) -> tuple[ac.Action, float]:
    """The seat's answer to the open offer and its gain, decided on ``s``, the seat's own
    sample of the game (see the module docstring).
    """
    assert obs.trade is not None
    assert obs.hand is not None
    me = obs.current
    proposer, _, their_give, their_want = obs.trade
    give, get = tuple(their_want), tuple(their_give)  # this seat's side
    if near_winner(obs, proposer):
        return ac.DeclineTrade(why.NEAR_WINNER), 0.0
    hand = tuple(obs.hand)
    if holds(hand, give):
        gain = swap_gain(s, board, me, give, get)
        if gain > ACCEPT_MARGIN:
            return ac.AcceptTrade(), gain
    reason = decline_reason(s, me, give)
    best: tuple[float, float, int] | None = None
    changes = small_changes(hand, tuple(obs.players[proposer].known), give, get)
    for i, (g, w) in enumerate(changes):
        gain = swap_gain(s, board, me, g, w)
        if gain <= ACCEPT_MARGIN:
            continue
        theirs = swap_gain(s, board, proposer, w, g)
        key = (theirs, gain, -i)
        if best is None or key > best:
            best = key
    if best is None:
        return ac.DeclineTrade(reason), 0.0
    g, w = changes[-best[2]]
    return ac.CounterTrade(ac.cards(g), ac.cards(w), reason), best[1]


def partner_takes(
    obs: Observation,
    samples: list[State],
    board: Board,
    to: int,
    give: Cards,
    want: Cards,
    greedy_too: bool = False,
) -> int:
    """On how many of the observing seat's own ``samples`` of the game seat ``to`` would take
    its offer of ``give`` for ``want`` as the bots answer (holds ``want`` and gains from it); 0
    when the observing seat is a near-winner or ``to`` cannot hold ``want`` by card counting.
    ``greedy_too``: count only the samples where the greedy bot's rule takes it as well (a
    hint's offer, which any of the bots may answer).
    """
    info = obs.players[to]
    if near_winner(obs, obs.current):
        return 0
    for r in range(5):
        if want[r] > info.known[r] and (r in info.not_held or want[r] > info.known[r] + info.unknown):
            return 0
    return sum(
        1
        for s in samples
        if holds(tuple(s.hands[to]), want)
        and swap_gain(s, board, to, want, give) > ACCEPT_MARGIN
        and (not greedy_too or trade_helps(s.hands[to], give, want))
    )
