"""A game a seat could be in: everything it knows kept, everything hidden from it redrawn.

``determinize(observation, rng)`` builds an independent :class:`Game` from an
:class:`~.observation.Observation` alone, so what it returns cannot depend on anything the seat
does not know.  Redrawn consistently with the observation:

* opponents' resource cards: each keeps the cards the seat knows it holds; the rest of every
  hand is dealt at random from the cards of each resource that are neither in the bank, nor in
  the seat's own hand, nor known to be in a hand (the totals always match: 19 of each resource,
  24 on the 5–6 player extension's board);
* opponents' development cards and the deck's order: the cards nobody has shown (25, or 34, minus the
  played ones minus the seat's own) are shuffled and dealt (each opponent's count is public),
  the rest is the deck;
* future dice and steals: the new game has its own random generator, drawn from ``rng``.

The new game starts from this position (like a staged one): empty history, no events.  It is
made by the factory the game module registers (:func:`register_game`): this module reads an
observation only and never imports ``engine/game.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..constants import VICTORY_POINT
from ..phases import PHASES
from ..rng import Rng
from ..state import State
from .counting import Baseline
from .observed import Observation, register_determinizer

GameFactory = Callable[..., Any]
"""``Game.from_position(names, board, rules, state, *, seed, baseline)``."""
_FACTORY: list[GameFactory] = []


def register_game(factory: GameFactory) -> None:
    """Make determinized games with ``factory`` (the game module registers ``Game.from_position``)."""
    _FACTORY[:] = [factory]


def position(obs: Observation, seed: int) -> tuple[State, Baseline]:
    """The state and baseline of a game ``obs``'s viewer could be in, drawn from ``seed``."""
    return _state(obs, Rng(seed)), _baseline(obs)


def _seed_from(rng: random.Random | int) -> int:
    if isinstance(rng, random.Random):
        return rng.getrandbits(63)
    if type(rng) is int:
        return rng
    raise TypeError(f"determinize() takes a random.Random or an int seed, got {type(rng).__name__}")


def _deal(pool: list[int], counts: list[int], rng: Rng, barred: list[int] | None = None) -> list[list[int]]:
    """Shuffle ``pool`` (a list of ids 0..4) and deal ``counts[q]`` of them to each q, as counts;
    ``barred[q]`` is a bit mask of ids q may not get.  The most restricted are dealt first; a
    dead end is dealt again (a real hand always exists), and after many tries the bars are
    dropped rather than failing.
    """
    barred = barred or [0] * len(counts)
    order = sorted(range(len(counts)), key=lambda q: -bin(barred[q]).count("1"))
    for attempt in range(50):
        rng.shuffle(pool)
        left = pool[:]
        out = [[0] * 5 for _ in counts]
        for q in order:
            bar = barred[q] if attempt < 49 else 0
            for _ in range(counts[q]):
                i = next((i for i, c in enumerate(left) if not bar >> c & 1), None)
                if i is None:
                    break
                out[q][left.pop(i)] += 1
            else:
                continue
            break
        else:
            return out
    return out


def _hands(obs: Observation, rng: Rng) -> list[list[int]]:
    n = len(obs.names)
    if obs.hands is not None:
        return [list(h) for h in obs.hands]
    me = obs.seat  # None: an onlooker, who holds no hand
    own = obs.hand if obs.hand is not None else (0, 0, 0, 0, 0)
    total = obs.board.topo.cards_per_resource
    held = [total - obs.bank[r] - own[r] for r in range(5)]
    others = [q for q in range(n) if q != me]
    for q in others:
        for r in range(5):
            held[r] -= obs.players[q].known[r]
    pool = [r for r in range(5) for _ in range(held[r])]
    barred = [sum(1 << r for r in obs.players[q].not_held) for q in others]
    dealt = _deal(pool, [obs.players[q].unknown for q in others], rng, barred)
    hands: list[list[int]] = [[0] * 5 for _ in range(n)]
    if me is not None:
        hands[me] = list(own)
    for q, extra in zip(others, dealt):
        hands[q] = [k + x for k, x in zip(obs.players[q].known, extra)]
    return hands


def _dev_cards(obs: Observation, rng: Rng) -> tuple[list[list[int]], list[list[int]], list[int]]:
    """Held cards, cards bought this turn, and the deck."""
    n = len(obs.names)
    unseen = list(obs.board.topo.deck_counts)
    for p in obs.players:
        for c in range(5):
            unseen[c] -= p.played[c]
    dev: list[list[int]] = [[0] * 5 for _ in range(n)]
    new: list[list[int]] = [[0] * 5 for _ in range(n)]
    if obs.devs is not None:
        for q, (held, bought) in enumerate(obs.devs):
            dev[q], new[q] = list(held), list(bought)
    elif obs.seat is not None and obs.dev_cards is not None and obs.dev_new is not None:
        dev[obs.seat], new[obs.seat] = list(obs.dev_cards), list(obs.dev_new)
    for q in range(n):
        for c in range(5):
            unseen[c] -= dev[q][c] + new[q][c]
    pool = [c for c in range(5) for _ in range(unseen[c])]
    rng.shuffle(pool)
    for q in range(n):
        info = obs.players[q]
        if obs.devs is not None or q == obs.seat:
            continue
        this_turn, older = info.dev_new_count, info.dev_count - info.dev_new_count
        for _ in range(this_turn):
            new[q][pool.pop()] += 1
        for _ in range(older):
            dev[q][pool.pop()] += 1
        if q == obs.turn_player:
            _not_yet_won(obs, dev[q], new[q], pool)
    return dev, new, pool


def _not_yet_won(obs: Observation, held: list[int], bought: list[int], deck: list[int]) -> None:
    """The turn player cannot hold enough hidden victory points to have won already (a player
    wins the moment they reach the target on their turn): swap surplus ones into the deck.
    """
    room = obs.rules.vp_to_win - 1 - obs.players[obs.turn_player].vp
    for cards in (bought, held):
        while held[VICTORY_POINT] + bought[VICTORY_POINT] > max(room, 0) and cards[VICTORY_POINT]:
            other = next((i for i, c in enumerate(deck) if c != VICTORY_POINT), None)
            if other is None:
                return
            cards[VICTORY_POINT] -= 1
            cards[deck[other]] += 1
            deck[other] = VICTORY_POINT


def determinize(obs: Observation, rng: random.Random | int) -> Any:
    """An independent :class:`~catan_widget.engine.game.Game` identical to ``obs`` in everything
    it shows, hidden parts redrawn from ``rng`` (a ``random.Random`` or an int seed): see the
    module docstring.
    """
    seed = _seed_from(rng)
    state, baseline = position(obs, seed)
    return _FACTORY[0](list(obs.names), obs.board, obs.rules, state, seed=seed, baseline=baseline)


def _state(obs: Observation, draw: Rng) -> State:
    n = len(obs.names)
    s = State.__new__(State)
    s.n, s.first = n, obs.first
    s.topo = obs.board.topo
    s.node_owner = list(obs.node_owner)
    s.node_level = list(obs.node_level)
    s.edge_owner = list(obs.edge_owner)
    s.roads = [list(r) for r in obs.roads]
    s.hands = _hands(obs, draw.spawn(1))
    s.bank = list(obs.bank)
    s.dev, s.dev_new, s.deck = _dev_cards(obs, draw.spawn(2))
    s.knights = [p.knights for p in obs.players]
    s.road_len = [p.road_length for p in obs.players]
    s.pieces = [list(p.pieces) for p in obs.players]
    s.longest = next((p.seat for p in obs.players if p.longest_road), -1)
    s.army = next((p.seat for p in obs.players if p.largest_army), -1)
    s.phase = PHASES.index(obs.phase)
    s.current, s.turn_player, s.turn = obs.current, obs.turn_player, obs.turn
    s.setup_step, s.last_settlement = obs.setup_step, obs.last_settlement
    s.rolled, s.dev_played, s.built = obs.rolled, obs.dev_played, obs.built
    s.dice, s.dice_counts = obs.dice, list(obs.dice_counts)
    s.discards = [p.discard for p in obs.players]
    s.robber, s.free_roads = obs.robber, obs.free_roads
    s.trade = obs.trade
    s.answers = list(obs.answers)
    s.winner = -1 if obs.winner is None else obs.winner
    s.rng = draw.spawn(3)
    return s


def _baseline(obs: Observation) -> Baseline:
    return Baseline(
        viewer=obs.viewer,
        known=tuple(p.known for p in obs.players),
        played=tuple(p.played for p in obs.players),
        offers=obs.offers_this_turn,
        excluded=tuple(sum(1 << r for r in p.not_held) for p in obs.players),
    )


register_determinizer(determinize)  # Observation.determinize (the records do not import this module)
