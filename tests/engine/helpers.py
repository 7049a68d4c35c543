"""Helpers for the engine tests: small staged positions and the "illegal, unchanged" check.

Beginner-board landmarks used throughout (hex ids in reading order):
 0 mountains(10)  1 pasture(2)   2 forest(9)
 3 fields(12)     4 hills(6)     5 pasture(4)   6 hills(10)
 7 fields(9)      8 forest(11)   9 desert       10 forest(3)   11 mountains(8)
 12 forest(8)     13 mountains(3) 14 fields(4)  15 pasture(5)
 16 hills(5)      17 fields(6)   18 pasture(11)
"""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any

import pytest

from catan_widget import REFUSALS, Game, IllegalActionError, Rules
from catan_widget.engine.actions import Action
from catan_widget.engine.board.topology import EDGE_BETWEEN
from catan_widget.engine.phases import ACCEPTED, COUNTERED

NAMES4 = ["Ada", "Bo", "Cy", "Di"]
NAMES3 = ["Ada", "Bo", "Cy"]


def new_game(
    n: int = 4, *, seed: int = 1, board: str = "beginner", rules: Rules | None = None, first: int = 0
) -> Game:
    """A fresh game (setup not played) with seat ``first`` starting."""
    return Game(players=NAMES4[:n], seed=seed, board=board, rules=rules, first=first)


def staged(n: int = 4, *, rules: Rules | None = None, seed: int = 1, **placements: Any) -> Game:
    """A beginner-board game with a staged position (``Game.stage`` keywords)."""
    return new_game(n, seed=seed, rules=rules).stage(**placements)


def edge(a: int, b: int) -> int:
    """The path between two neighbouring intersections."""
    return EDGE_BETWEEN[(a, b)]


def path(*nodes: int) -> list[int]:
    """The paths along a walk of intersections, in order."""
    return [edge(a, b) for a, b in pairwise(nodes)]


def hand(game: Game, seat: int) -> list[int]:
    """Seat's resource counts (lumber, brick, wool, grain, ore)."""
    return list(game.state.hands[seat])


def assert_illegal(game: Game, action: Any, *words: str, **chance: Any) -> str:
    """Stepping ``action`` raises IllegalActionError whose message contains every word in
    ``words`` (case-insensitive), and the save is byte-identical afterwards.  Returns the message.
    """
    before = game.to_json()
    log_before = game.log
    with pytest.raises(IllegalActionError) as info:
        game.step(action, **chance)
    message = str(info.value)
    assert info.value.code in REFUSALS, (info.value.code, message)  # every refusal has its code
    assert info.value.rule == REFUSALS[info.value.code][0]
    for word in words:
        assert word.lower() in message.lower(), f"{word!r} not in {message!r}"
    assert game.to_json() == before
    assert game.log == log_before
    return message


def assert_not_listed(game: Game, action: Action) -> None:
    """``action`` is not among the legal actions."""
    assert action not in game.legal_actions()


def play_setup(game: Game, placements: list[tuple[int, int]]) -> None:
    """Play the whole setup from ``(settlement node, road edge)`` pairs in snake order."""
    from catan_widget import BuildRoad, BuildSettlement

    for node, road in placements:
        game.step(BuildSettlement(node))
        game.step(BuildRoad(road))


#: A legal 4-player setup on the beginner board (snake order, seat 0 first): (node, edge).
SETUP4 = [(12, 19), (14, 21), (28, 40), (31, 46), (41, 59), (44, 63), (18, 27), (35, 43)]


class TradingBot:
    """A uniform-random player that also makes random domestic offers and counter-offers.

    ``trade_rate`` is the chance, in the main phase, of proposing a trade instead of picking a
    listed action, and in answering, of countering.  Offers are valid by construction (cards the
    player holds, at least one card each way, different resources), so trade paths are exercised.
    """

    def __init__(self, seed: int, trade_rate: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.trade_rate = trade_rate
        self.offers_this_turn = 0

    def _terms(self, hand: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
        held = [r for r in range(5) if hand[r]]
        if not held:
            return None
        rng = self.rng
        give, want = [0] * 5, [0] * 5
        for r in rng.sample(held, rng.randint(1, min(2, len(held)))):
            give[r] = rng.randint(1, min(2, hand[r]))
        others = [r for r in range(5) if not give[r]]
        for r in rng.sample(others, rng.randint(1, min(2, len(others)))):
            want[r] = rng.randint(1, 2)
        return tuple(give), tuple(want)

    def choose(self, game: Game, legal: list[Action] | None = None) -> Action:
        """An action for the seat that must act now."""
        from catan_widget import CounterTrade, OfferTrade

        s = game.state
        legal = game.legal_actions() if legal is None else legal
        rng = self.rng
        if game.phase == "roll":
            self.offers_this_turn = 0
        if self.trade_rate and rng.random() < self.trade_rate:
            hand_now = s.hands[s.current]
            strict = game.rules.strict_phases and s.built
            if game.phase == "main" and self.offers_this_turn < 3 and not strict:
                terms = self._terms(hand_now)
                if terms is not None:
                    self.offers_this_turn += 1
                    others = [q for q in range(s.n) if q != s.current]
                    to = rng.choice([None, *others])
                    return OfferTrade(terms[0], terms[1], to)
            if game.phase == "trade_response":
                terms = self._terms(hand_now)
                if terms is not None:
                    return CounterTrade(terms[0], terms[1])
        return legal[rng.randrange(len(legal))]


def sample_positions(
    seed: int,
    n: int = 4,
    *,
    board: str = "beginner",
    rules: Rules | None = None,
    trade_rate: float = 0.2,
    every: int = 9,
) -> list[Game]:
    """Forks of one random game (with random trades): every ``every`` steps, the first time
    each phase is seen, and the end.
    """
    game = Game(NAMES4[:n], seed=seed, board=board, rules=rules)
    bot = TradingBot(seed, trade_rate)
    out: list[Game] = []
    seen: set[str] = set()
    steps = 0
    while not game.is_over and steps < 20_000:
        if steps % every == 0 or game.phase not in seen:
            seen.add(game.phase)
            out.append(game.fork())
        game.step(bot.choose(game))
        steps += 1
    out.append(game.fork())
    return out


def _deal(pool: list[int], sizes: list[int], rng: random.Random) -> list[list[int]]:
    rng.shuffle(pool)
    rows, at = [], 0
    for size in sizes:
        row = [0] * 5
        for item in pool[at : at + size]:
            row[item] += 1
        rows.append(row)
        at += size
    return rows


def redeal_hidden(game: Game, viewer: int, rng: random.Random) -> tuple[Game, bool]:
    """:func:`redeal` keeping what ``viewer`` (a seat or ONLOOKER) is sure of: its card counting,
    raised by the cards an open offer, an acceptance or a counter shows."""
    s = game.state
    floors = [list(p.known) for p in game.observe(viewer).players]
    if s.trade is not None:
        promised = [(s.trade[0], s.trade[2])]
        promised += [(q, g) for q, (answer, g, _) in enumerate(s.answers) if answer in (ACCEPTED, COUNTERED)]
        for q, cards in promised:
            floors[q] = [max(f, c) for f, c in zip(floors[q], cards)]
    return redeal(game, viewer, floors, rng)


def redeal(game: Game, viewer: int, floors: list[list[int]], rng: random.Random) -> tuple[Game, bool]:
    """A fork that differs from ``game`` only in what ``viewer`` cannot know: each opponent
    keeps the cards of ``floors`` (what the viewer is sure of), the rest of the opponents'
    resource cards are pooled and dealt again (every hand keeps its size), the opponents'
    development cards and the deck are pooled and dealt again (every count kept), and the
    random state changes.  Also says whether any hand changed.
    """
    alt = game.fork()
    s = alt.state
    others = [q for q in range(len(game.names)) if q != viewer]
    extra = {q: [h - f for h, f in zip(s.hands[q], floors[q])] for q in others}
    assert all(x >= 0 for q in others for x in extra[q]), "card counting claims more than a hand holds"
    pool = [r for q in others for r in range(5) for _ in range(extra[q][r])]
    for q, dealt in zip(others, _deal(pool, [sum(extra[q]) for q in others], rng)):
        s.hands[q] = [f + d for f, d in zip(floors[q], dealt)]
    changed = s.hands != game.state.hands
    cards = list(s.deck) + [
        c for q in others for row in (s.dev[q], s.dev_new[q]) for c in range(5) for _ in range(row[c])
    ]
    sizes = [x for q in others for x in (sum(s.dev[q]), sum(s.dev_new[q]))]
    rows = _deal(cards, [*sizes, len(s.deck)], rng)
    for i, q in enumerate(others):
        s.dev[q], s.dev_new[q] = rows[2 * i], rows[2 * i + 1]
    s.deck = cards[sum(sizes) :]
    s.rng.state ^= rng.getrandbits(64) | 1
    return alt, changed
