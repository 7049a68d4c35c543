"""How bots answer a human's trade offers (issue 21, item 2), measured on seeded positions.

    .venv/bin/python bench/bench_offers.py           # 200 tuning + 240 report positions
    .venv/bin/python bench/bench_offers.py --quick   # 20 + 20 positions: a smoke run
    .venv/bin/python bench/bench_offers.py --hints   # also: the Hint's trades, offered, taken?

Positions: a 4-player game on a seeded random board played by "greedy" bots to a turn between
12 and 36 (by the seed), stopped at the start of the acting seat's main phase (just rolled);
for one seed in four, the first such start after that turn where the acting seat is a
near-winner.
That seat stands for a human and offers each other seat, one at a time, the issue's offers:
"1 of what the bot holds least of for 1 of what it holds most of", "2 of least for 1 of most",
and "1 for 1" of every other pair the human can pay; only offers the bot can pay are made.

The bot's own value is :func:`catan_widget.bots.value.evaluate` (victory points, production,
hand, growth, opponents; from the bot's own observation only), and an offer's gain is
:func:`catan_widget.bots.trading.swap_gain`: that value with the trade made minus it without.
An offer "raises" the bot's value when the gain is > 0, "lowers" it when < 0; offers from a
near-winner (:func:`catan_widget.bots.trading.near_winner`) are counted apart.  "An acceptable
counter exists" when one of :func:`catan_widget.bots.trading.small_changes` (one card fewer to
give, one more to get, or one swapped) gains the bot something.

Seeds: the tuning range (:data:`TUNE`) is where the margins were chosen; the report range
(:data:`REPORT`) was not looked at while tuning.  Both are printed, with "greedy" as the peer.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Iterator

from catan_widget import Game
from catan_widget.bots import GreedyBot, SearchBot, make_bots
from catan_widget.bots.trading import near_winner, small_changes, swap_gain
from catan_widget.engine import actions as ac
from catan_widget.engine.knowledge.observation import Observation

TUNE = range(200)
"""Seeds the margins were tuned on."""
REPORT = range(5000, 5240)
"""Seeds reported on, held out from tuning."""
NAMES = ["Ada", "Bo", "Cy", "Di"]


def position(seed: int) -> Game | None:
    """The seeded mid-game position at the start of a main phase (None if the game ended)."""
    game = Game(NAMES, seed=seed, board="random")
    bots = make_bots(game, "greedy")
    stop = 12 + seed % 25
    near = seed % 4 == 3  # one position in four: the human is a near-winner
    while not game.is_over and len(game.history) < 4000:
        s = game.state
        if s.turn >= stop and game.phase == "main" and s.rolled and not s.built:
            seat = game.current_seat
            if not near or near_winner(game.observe(seat), seat):
                return game
        seat = game.current_seat
        game.step(bots[seat].choose(game.observe(seat)))
    return None


def offers(game: Game, human: int) -> Iterator[tuple[str, int, ac.OfferTrade]]:
    """(kind, bot seat, offer) of the human's offers in this position."""
    hand = game.state.hands[human]
    for q in range(len(game.names)):
        if q == human:
            continue
        theirs = game.state.hands[q]
        order = sorted(range(5), key=lambda r: (theirs[r], r))
        least, most = order[0], order[-1]
        made: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
        for kind, k in (("1 least for 1 most", 1), ("2 least for 1 most", 2)):
            if least != most and hand[least] >= k and theirs[most] >= 1:
                give, want = [0] * 5, [0] * 5
                give[least], want[most] = k, 1
                made.add((tuple(give), tuple(want)))
                yield kind, q, ac.OfferTrade(ac.cards(give), ac.cards(want), q)
        for a in range(5):
            for b in range(5):
                if a != b and hand[a] >= 1 and theirs[b] >= 1:
                    give, want = [0] * 5, [0] * 5
                    give[a], want[b] = 1, 1
                    if (tuple(give), tuple(want)) not in made:
                        yield "1 for 1", q, ac.OfferTrade(ac.cards(give), ac.cards(want), q)


def measure(seeds: range, kind: str) -> Counter[str]:
    """Counts of how bot ``kind`` answered, by what the offer was worth to it."""
    c: Counter[str] = Counter()
    for seed in seeds:
        game = position(seed)
        if game is None:
            continue
        c["positions"] += 1
        human = game.current_seat
        for label, q, offer in offers(game, human):
            g = game.fork()
            g.step(offer)
            assert g.current_seat == q, "an offer to one seat is answered by that seat"
            obs: Observation = g.observe(q)
            sample = obs.determinize(random.Random(0))
            gain = swap_gain(sample.state, sample.board, q, offer.want, offer.give)
            bot = SearchBot(seed, q) if kind == "search" else GreedyBot(seed, q)
            answer = bot.choose(obs)
            verdict = type(answer).__name__
            c["offers"] += 1
            c[f"kind {label}"] += 1
            c[f"kind {label} {verdict}"] += 1
            if near_winner(obs, human):
                c["near"] += 1
                c[f"near {verdict}"] += 1
                continue
            side = "raise" if gain > 0 else "lower" if gain < 0 else "zero"
            c[side] += 1
            c[f"{side} {verdict}"] += 1
            if verdict == "AcceptTrade":
                continue
            assert obs.hand is not None
            changes = small_changes(
                tuple(obs.hand), tuple(obs.players[human].known), tuple(offer.want), tuple(offer.give)
            )
            if any(swap_gain(sample.state, sample.board, q, gv, gt) > 0 for gv, gt in changes):
                c["counterable"] += 1
                c[f"counterable {verdict}"] += 1
            if isinstance(answer, ac.CounterTrade):
                c["counters"] += 1
                g.step(answer)
                c["counter confirmable"] += ac.ConfirmTrade(q) in g.legal_actions()
            if isinstance(answer, (ac.DeclineTrade, ac.CounterTrade)) and answer.reason is not None:
                c[f"reason {answer.reason}"] += 1
    return c


def _share(c: Counter[str], part: str, whole: str) -> str:
    n = c[whole]
    return f"{c[part] / n:6.1%} of {n:4d}" if n else "     - of    0"


def report(name: str, seeds: range, kind: str, quick: bool) -> None:
    """Print the answers of bot ``kind`` over ``seeds``."""
    t = time.perf_counter()
    c = measure(seeds, kind)
    print(
        f"\n{kind} on the {name} seeds {seeds.start}..{seeds.stop - 1}: {c['positions']} positions,"
        f" {c['offers']} offers ({time.perf_counter() - t:.0f} s)"
    )
    print(f"  raise accepted      {_share(c, 'raise AcceptTrade', 'raise')}   target >= 90%")
    print(f"  lower accepted      {_share(c, 'lower AcceptTrade', 'lower')}   target <= 5%")
    print(f"  zero-gain accepted  {_share(c, 'zero AcceptTrade', 'zero')}")
    print(
        f"  countered where a counter exists {_share(c, 'counterable CounterTrade', 'counterable')}"
        "   target >= 30%"
    )
    print(
        f"  counters the human can confirm   {_share(c, 'counter confirmable', 'counters')}"
        if c["counters"]
        else "  counters the human can confirm   (no counters)"
    )
    print(f"  near-winner's offers accepted    {_share(c, 'near AcceptTrade', 'near')}")
    for label in ("1 least for 1 most", "2 least for 1 most", "1 for 1"):
        print(
            f"  {label:<20} accepted {_share(c, f'kind {label} AcceptTrade', f'kind {label}')},"
            f" countered {_share(c, f'kind {label} CounterTrade', f'kind {label}')}"
        )
    reasons = sorted((k[7:], n) for k, n in c.items() if k.startswith("reason "))
    if reasons and not quick:
        print("  decline/counter reasons: " + ", ".join(f"{k} {n}" for k, n in reasons))


def hints(seeds: range) -> Counter[str]:
    """How often the Hint names a trade, and whether the bot it names takes it, by bot kind."""
    c: Counter[str] = Counter()
    for seed in seeds:
        game = position(seed)
        if game is None:
            continue
        c["positions"] += 1
        hint = game.hint()
        offer = hint.action
        if not isinstance(offer, ac.OfferTrade):
            continue
        c["offers"] += 1
        c["named"] += offer.to is not None and hint.reason.count(f" to {game.names[offer.to]}:") == 1
        for kind in ("search", "greedy"):
            g = game.fork()
            g.step(offer)
            q = g.current_seat
            bot = SearchBot(seed, q) if kind == "search" else GreedyBot(seed, q)
            c[f"taken {kind}"] += isinstance(bot.choose(g.observe(q)), ac.AcceptTrade)
    return c


def report_hints(name: str, seeds: range) -> None:
    """Print how the Hint's trades fare over ``seeds``."""
    c = hints(seeds)
    print(
        f"\nHint on the {name} seeds {seeds.start}..{seeds.stop - 1}: {c['positions']} positions,"
        f" {c['offers']} trade hints, {c['named']} naming whom"
    )
    for kind in ("search", "greedy"):
        print(f"  offered to a {kind} bot, taken {_share(c, f'taken {kind}', 'offers')}")


def main() -> None:
    """Run the bench (see the module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="20 + 20 positions, a smoke run")
    parser.add_argument("--hints", action="store_true", help="also the Hint's trades: taken?")
    args = parser.parse_args()
    tune = range(TUNE.start, TUNE.start + 20) if args.quick else TUNE
    held = range(REPORT.start, REPORT.start + 20) if args.quick else REPORT
    print(
        "value: catan_widget.bots.value.evaluate of the bot's position from its own observation"
        " (VP, production, hand, growth, opponents); gain = value with the trade made - value without"
    )
    for kind in ("search", "greedy"):
        report("tuning", tune, kind, args.quick)
        report("report (held out)", held, kind, args.quick)
    if args.hints:
        report_hints("tuning", tune)
        report_hints("report (held out)", held)


if __name__ == "__main__":
    main()
