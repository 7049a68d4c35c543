"""The engine's fast paths give the very results of the plain ones: Longest Road by tree
diameters against the exhaustive walk and by the chain through each new road against a full
count, cached discard lists, listed actions applied without a second check, the win checked only
after kinds that score, observations built through their mutable twins, and random draws on
32-bit halves.
"""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest

from catan_widget import BuildRoad, Discard, EndTurn, Game, IllegalActionError, RollDice
from catan_widget.engine import rng as rng_module
from catan_widget.engine.board.topology import EDGE_BETWEEN, HEX_NODES
from catan_widget.engine.rng import Rng
from catan_widget.engine.rules.scoring import chain_search, chain_through, road_length
from catan_widget.engine.state import State

from .helpers import new_game, staged


def _random_network(rnd: random.Random) -> State:
    """Roads of four seats on random paths, buildings on random intersections."""
    s = State(4, 0, Rng(1), 0)
    for e in rnd.sample(range(72), rnd.randrange(1, 30)):
        p = rnd.randrange(4) if rnd.random() < 0.3 else 0
        s.roads[p].append(e)
        s.edge_owner[e] = p
    for n in rnd.sample(range(54), rnd.randrange(0, 12)):
        s.node_owner[n] = rnd.randrange(4)
    return s


def test_tree_diameters_agree_with_the_exhaustive_walk() -> None:
    rnd = random.Random(13)
    loops = 0
    for _ in range(3000):
        s = _random_network(rnd)
        for p in range(4):
            assert road_length(s, p) == chain_search(s, p), (p, s.roads[p], s.node_owner)
        loops += len(s.roads[0]) > 20  # dense networks: loops and opponents' cuts included
    assert loops > 100


def test_the_chain_through_each_new_road_keeps_the_full_count() -> None:
    """Roads laid one at a time (with buildings among them): the longest chain kept from the
    chain through each new road always equals the full count, and loops are handed over.
    """
    rnd = random.Random(29)
    handed_over = 0
    for _ in range(400):
        s = State(4, 0, Rng(1), 0)
        for n in rnd.sample(range(54), rnd.randrange(0, 10)):
            s.node_owner[n] = rnd.randrange(4)
        kept = 0
        for e in rnd.sample(range(72), rnd.randrange(1, 40)):
            s.roads[0].append(e)
            s.edge_owner[e] = 0
            through = chain_through(s, 0, e)
            if through < 0:
                handed_over += 1
                kept = road_length(s, 0)
            else:
                assert through <= chain_search(s, 0)
                kept = max(kept, through)
            assert kept == chain_search(s, 0), (s.roads[0], s.node_owner)
    assert handed_over > 20  # loops were met too


def test_a_loop_counts_every_road_once() -> None:
    nodes = HEX_NODES[0]  # hex 0's six paths: a closed loop of six roads
    s = State(4, 0, Rng(1), 0)
    for i in range(6):
        e = EDGE_BETWEEN[(min(nodes[i], nodes[(i + 1) % 6]), max(nodes[i], nodes[(i + 1) % 6]))]
        s.roads[0].append(e)
        s.edge_owner[e] = 0
    assert road_length(s, 0) == 6
    s.node_owner[nodes[0]] = 1  # an opponent's building on the loop: a chain of six still
    assert road_length(s, 0) == 6


def _discarding() -> Game:
    game = staged(phase="roll", hands={0: {"lumber": 3, "brick": 3, "wool": 2}})
    game.step(RollDice(), dice=(3, 4))
    assert game.phase == "discard"
    assert game.current_seat == 0
    return game


def test_discard_lists_are_fresh_lists_of_the_same_actions() -> None:
    game = _discarding()
    first = game.legal_actions()
    assert all(isinstance(a, Discard) and sum(a.cards) == 4 for a in first)
    count = len(first)
    first.clear()  # the caller's list: the next call is not affected
    again = game.legal_actions()
    assert len(again) == count
    assert again == _discarding().legal_actions()


def test_a_listed_action_applies_as_a_checked_one() -> None:
    checked, listed = (Game(seed=s, board="random") for s in (21, 21))
    rnd, rnd2 = random.Random(4), random.Random(4)
    for _ in range(400):
        options = listed.legal_actions()
        listed.step(options[rnd.randrange(len(options))])  # the listed objects themselves
        choices = checked.fork().legal_actions()  # listed on a copy: checked.step checks it
        pick = choices[rnd2.randrange(len(choices))]
        fresh = copy.copy(pick)
        assert fresh == pick
        assert fresh is not pick
        checked.step(fresh)
    assert listed.to_json() == checked.to_json()


def test_a_stale_or_edited_list_is_checked_again() -> None:
    game = new_game().play("random", until=lambda g: g.phase == "main")
    listed = game.legal_actions()
    end = next(a for a in listed if isinstance(a, EndTurn))
    game.step(end)
    with pytest.raises(IllegalActionError, match="roll"):
        game.step(end)  # listed for the state before: checked, and refused
    roads = game.play("random", until=lambda g: g.phase == "main").legal_actions()
    road = next(a for a in roads if isinstance(a, BuildRoad))
    game.state.hands[game.current_seat] = [0, 0, 0, 0, 0]
    game.changed()  # an edited state: the old list is no longer trusted
    with pytest.raises(IllegalActionError, match="Not enough resources"):
        game.step(road)


def test_observations_built_fast_are_equal_frozen_records() -> None:
    obs = new_game().play("random", until=lambda g: g.turn >= 8).observe(1)
    again = dataclasses.replace(obs)
    assert obs == again
    assert hash(obs) == hash(again)
    assert type(obs) is type(again)
    assert type(obs.players[0]).__name__ == "PlayerInfo"
    with pytest.raises(dataclasses.FrozenInstanceError):
        obs.phase = "main"  # type: ignore[misc]


def _splitmix_mix(z: int) -> int:
    """SplitMix64's output mix in plain big-integer arithmetic (the reference)."""
    mask = (1 << 64) - 1
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
    return z ^ (z >> 31)


def test_draws_on_halves_are_splitmix64() -> None:
    """The compiled draw path (32-bit halves) mixes exactly as SplitMix64, and ``below`` and
    ``die`` give the numbers of the big-integer formula, whichever build runs.
    """
    assert Rng(0).next64() == 0xE220A8397B1DCDAF  # SplitMix64's published first output for seed 0
    rnd = random.Random(13)
    for z in [0, 1, (1 << 64) - 1, 1 << 63, 0xFFFFFFFF] + [rnd.getrandbits(64) for _ in range(2000)]:
        hi, lo = rng_module._draw(z >> 32, z & 0xFFFFFFFF)
        assert (hi << 32) | lo == _splitmix_mix(z)
    for seed in [0, 7, -3, 1 << 70] + [rnd.getrandbits(64) for _ in range(50)]:
        ours, twin = Rng(seed), Rng(seed)
        for _ in range(200):
            n = rnd.choice([1, 2, 6, 19, 54, 72, 1000, (1 << 20) - 1, 1 << 20, 1 << 40])
            assert ours.below(n) == (twin.next64() * n) >> 64
            assert ours.die() == ((twin.next64() * 6) >> 64) + 1
            assert ours.state == twin.state


def test_spawned_generators_and_products_match_the_big_integer_formulas() -> None:
    """``spawn`` and the random bot's scaled draw keep their big-integer numbers when compiled
    (which computes them in 16-bit limbs, so that no product leaves mypyc's short ints)."""
    golden, mask = 0x9E3779B97F4A7C15, (1 << 64) - 1
    rnd = random.Random(17)
    for seed in [0, 5, -3, 1 << 70] + [rnd.getrandbits(64) for _ in range(200)]:
        for salt in [0, 1, 2, 3, 19, 1 << 40, -5, rnd.getrandbits(64)]:
            child = Rng(Rng(seed).state ^ ((salt * golden) & mask))
            child.next64()
            assert Rng(seed).spawn(salt).state == child.state
    for _ in range(2000):
        x, n = rnd.getrandbits(32), rnd.randrange(1, 1 << 20)
        assert rng_module.times(x, n) == x * n


def test_the_generator_state_reads_and_writes_as_one_integer() -> None:
    rnd = random.Random(5)
    for value in [0, 1, (1 << 64) - 1, 1 << 63, -1, 1 << 70] + [rnd.getrandbits(64) for _ in range(100)]:
        r = Rng(0)
        r.state = value
        assert r.state == value & ((1 << 64) - 1)
        twin = r.clone()
        assert twin is not r
        assert [twin.below(54) for _ in range(20)] == [r.below(54) for _ in range(20)]
        assert Rng(value).state == value & ((1 << 64) - 1)


def test_points_held_at_a_staged_start_win_on_the_first_step_of_any_kind() -> None:
    """After a step the win is checked only after kinds that can score; a staged start is
    checked on its first step whatever the kind, as before.
    """
    game = staged(cities={0: [20, 47, 53]}, settlements={0: [0, 5, 10, 41]}, turn_player=0)
    assert game.players[0].victory_points == 10
    assert game.winner is None
    game.step(RollDice(), dice=(2, 3))
    assert game.winner is not None
    assert game.winner.seat == 0
