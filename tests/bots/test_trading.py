"""Trading like people (issue 21, item 2): the search bot answers an offer by what it is worth to
it (accept a gain, counter when one card makes it a gain, else decline with a reason, a
near-winner declined at once), and proposes sensible offers to one named seat, never the same
terms twice in a turn."""

from __future__ import annotations

import random
from collections import defaultdict

from catan_widget import AcceptTrade, CounterTrade, DeclineTrade, Game, OfferTrade
from catan_widget.bots import GreedyBot, SearchBot, make_bots
from catan_widget.bots.trading import near_winner, small_changes, swap_gain
from catan_widget.engine import actions as ac
from catan_widget.engine.answer_reasons import REASONS

NAMES = ["Ada", "Bo", "Cy", "Di"]


def _main_starts(seed: int, count: int) -> list[Game]:
    """Forks of a greedy game at the start of ``count`` main phases from turn 10 on."""
    game = Game(NAMES, seed=seed, board="random")
    bots = make_bots(game, "greedy")
    out: list[Game] = []
    turns: set[int] = set()
    while not game.is_over and len(out) < count:
        s = game.state
        if s.turn >= 10 and s.turn not in turns and game.phase == "main" and s.rolled:
            turns.add(s.turn)
            out.append(game.fork())
        seat = game.current_seat
        game.step(bots[seat].choose(game.observe(seat)))
    return out


def test_answers_follow_the_value_and_say_why() -> None:
    seen: dict[str, int] = defaultdict(int)
    for game in _main_starts(31, 40):
        p = game.current_seat
        for q in (q for q in range(4) if q != p):
            for a in range(5):
                b = (a + 1 + q) % 5
                if a == b or not game.state.hands[p][a] or not game.state.hands[q][b]:
                    continue
                g = game.fork()
                g.step(OfferTrade(_one(a), _one(b), q))
                obs = g.observe(q)
                sample = obs.determinize(random.Random(0))
                gain = swap_gain(sample.state, sample.board, q, _one(b), _one(a))
                answer = SearchBot(31, q).choose(obs)
                seen[answer.kind] += 1
                if near_winner(obs, p):
                    assert isinstance(answer, DeclineTrade)
                    assert answer.reason == "near_winner"
                elif isinstance(answer, AcceptTrade):
                    assert gain > 0
                elif isinstance(answer, CounterTrade):
                    assert gain <= 0
                    assert swap_gain(sample.state, sample.board, q, answer.give, answer.want) > 0
                    assert (answer.give, answer.want) in small_changes(
                        obs.hand, obs.players[p].known, _one(b), _one(a)
                    )
                    g.step(answer)
                    assert ac.ConfirmTrade(q) in g.legal_actions()  # the proposer can take it
                else:
                    assert isinstance(answer, DeclineTrade)
                    assert gain <= 0
                    assert answer.reason in REASONS
                if not isinstance(answer, AcceptTrade):
                    assert answer.reason in REASONS  # type: ignore[attr-defined]
    assert min(seen[k] for k in ("accept_trade", "counter_trade", "decline_trade")) >= 5, dict(seen)


def test_a_near_winners_offer_is_declined_at_once() -> None:
    game = Game(NAMES, seed=3, first="Ada")
    game.stage(
        settlements={"Ada": [12, 40, 0, 3], "Bo": [20], "Cy": [47], "Di": [9]},
        cities={"Ada": [31, 33]},
        roads={"Ada": [17], "Bo": [27], "Cy": [62], "Di": [8]},
        hands={"Ada": {"wool": 2}, "Bo": {"grain": 1, "ore": 4}},
        phase="main",
        free_placement=True,
    )
    obs = game.observe("Ada")
    assert obs.players[0].vp >= 8
    game.step(OfferTrade({"wool": 2}, {"ore": 1}, to=1))  # a gift-like offer, still declined
    answer = SearchBot(3, 1).choose(game.observe("Bo"))
    assert isinstance(answer, DeclineTrade)
    assert answer.reason == "near_winner"
    game.step(answer)
    assert game.log[-2] == "Bo declines: they will not help a player so close to winning"


def test_the_search_bot_offers_to_one_seat_and_never_repeats_terms_in_a_turn() -> None:
    game = Game(NAMES, seed=13, board="random")
    bots = [SearchBot(13, 0, budget=0.05), GreedyBot(13, 1), GreedyBot(13, 2), GreedyBot(13, 3)]
    offers: dict[int, list[OfferTrade]] = defaultdict(list)
    while not game.is_over and game.state.turn < 120:
        seat = game.current_seat
        obs = game.observe(seat)
        action = bots[seat].choose(obs)
        if isinstance(action, OfferTrade) and seat == 0:
            assert action.to is not None
            assert not near_winner(obs, action.to)
            assert action not in offers[obs.turn]
            offers[obs.turn].append(action)
        game.step(action)
    assert sum(len(v) for v in offers.values()) >= 2


def test_after_a_refusal_the_bot_offers_other_terms_or_none() -> None:
    game = Game(NAMES, seed=3, first="Ada")
    game.stage(
        settlements={"Ada": [12, 40], "Bo": [20], "Cy": [47], "Di": [9]},
        roads={"Ada": [17], "Bo": [27], "Cy": [62], "Di": [8]},
        hands={
            "Ada": {"grain": 2, "ore": 2, "lumber": 2},
            "Bo": {"ore": 2, "lumber": 1},
            "Cy": {"ore": 1, "lumber": 1},
        },
        phase="main",
    )
    bot = SearchBot(seed=1)
    first = bot.choose(game.observe("Ada"))
    assert isinstance(first, OfferTrade)
    game.step(first)
    game.step(DeclineTrade())  # refused
    assert game.phase == "main"
    second = bot.choose(game.observe("Ada"))
    assert isinstance(second, OfferTrade)  # the ore asked of Cy this time
    assert (second.to, first.to) == (2, 1)
    assert not isinstance(SearchBot(seed=1).choose(game.observe("Ada")), OfferTrade)  # it knows no offer


def _one(r: int) -> tuple[int, int, int, int, int]:
    cards = [0] * 5
    cards[r] = 1
    return (cards[0], cards[1], cards[2], cards[3], cards[4])


def test_a_hinted_trade_names_whom_and_the_bots_take_it() -> None:
    hinted = taken = 0
    for seed in range(40, 70):
        for game in _main_starts(seed, 3):
            hint = game.hint()
            offer = hint.action
            if not isinstance(offer, OfferTrade):
                continue
            assert offer.to is not None
            assert f" to {game.names[offer.to]}: " in hint.reason
            hinted += 1
            for bot in (SearchBot(seed, offer.to), GreedyBot(seed, offer.to)):
                g = game.fork()
                g.step(offer)
                taken += isinstance(bot.choose(g.observe(offer.to)), AcceptTrade)
    assert hinted >= 3
    assert taken >= 0.8 * 2 * hinted, (taken, hinted)  # by the search bot and by greedy
