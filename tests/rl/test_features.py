"""Observation features: their names and shapes, what they say, and fairness (a seat's vectors
cannot tell apart two games that differ only in what that seat cannot know)."""

from __future__ import annotations

import random

import numpy as np
import pytest
from engine.helpers import redeal_hidden  # tests/engine/helpers.py (pytest puts tests/ on the path)

from catan_widget import Game
from catan_widget.rl.actions import mask
from catan_widget.rl.features import feature_dict, feature_names, flat, shapes, state_vector
from rl.fuzz import positions  # tests/rl/fuzz.py (pytest puts tests/ on the path)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_every_entry_has_a_name_and_the_dict_form_ravels_to_the_flat_one(players: int) -> None:
    game = Game(["Ada", "Bo", "Cy", "Di", "Ed", "Flo"][:players], seed=players)
    game.play("greedy", until=lambda g: g.turn >= 8)
    obs = game.observe(1)
    vector = flat(obs)
    assert vector.dtype == np.float32
    assert vector.shape == (shapes(players).size,) == (len(feature_names(players)),)
    assert len(set(feature_names(players))) == vector.size
    parts = feature_dict(obs)
    assert np.array_equal(np.concatenate([a.ravel() for a in parts.values()]), vector)
    assert vector.min() >= 0.0
    assert vector.max() <= 10.0


def test_the_features_say_what_the_observation_says() -> None:
    game = Game(["Ada", "Bo", "Cy", "Di"], seed=8)
    game.play("greedy", until=lambda g: g.turn >= 20)
    seat = 2
    obs = game.observe(seat)
    named = dict(zip(feature_names(4), flat(obs)))
    assert obs.hand is not None
    assert [named[f"hand_{r}"] for r in ("lumber", "brick", "wool", "grain", "ore")] == pytest.approx(
        [c / 10 for c in obs.hand]
    )
    nxt = obs.players[(seat + 1) % 4]
    assert named["p1_vp"] == pytest.approx(nxt.vp / 10)
    assert named["p1_unknown"] == pytest.approx(nxt.unknown / 10)
    assert named[f"hex{obs.robber}_robber"] == 1.0
    assert named[f"phase_{obs.phase}"] == 1.0
    mine = [v for v in range(54) if obs.node_owner[v] == seat and obs.node_level[v] == 1]
    assert mine
    assert all(named[f"node{v}_settlement_p0"] == 1.0 for v in mine)


def _alt(game: Game, seat: int, rng: random.Random) -> tuple[Game, bool]:
    """A fork differing only in what ``seat`` cannot know."""
    return redeal_hidden(game, seat, rng)


@pytest.mark.parametrize(("players", "seed", "bots"), [(4, 31, "mgmg"), (3, 34, "mmg"), (4, 33, "gggg")])
def test_hidden_cards_swapped_leave_every_observation_vector_unchanged(
    players: int, seed: int, bots: str
) -> None:
    rng = random.Random(seed)
    changed = critic_saw = 0
    for step, (game, _obs) in enumerate(positions(players, seed, bots, steps=900)):
        if step % 3:
            continue
        for seat in range(players):
            alt, differs = _alt(game, seat, rng)
            real, other = game.observe(seat), alt.observe(seat)
            assert np.array_equal(flat(real), flat(other)), (step, seat)
            assert all(
                np.array_equal(a, b)
                for a, b in zip(feature_dict(real).values(), feature_dict(other).values())
            )
            assert np.array_equal(mask(real), mask(other))
            changed += differs
            if differs:
                critic_saw += not np.array_equal(state_vector(game, seat), state_vector(alt, seat))
    assert changed >= 15, "the test must see positions where the opponents' cards could differ"
    assert critic_saw >= 15, "the all-seeing state vector does see the hidden cards"


def test_a_huge_hand_stays_inside_the_observation_box() -> None:
    game = Game(["Ada", "Bo", "Cy"], seed=4)
    game.stage(
        settlements={"Ada": [0], "Bo": [20], "Cy": [40]},
        hands={"Ada": {"ore": 19, "grain": 19, "wool": 19, "brick": 19, "lumber": 15}},
    )
    vector = flat(game.observe(0))
    named = dict(zip(feature_names(3), vector))
    assert named["hand_ore"] == pytest.approx(1.9)
    assert named["p0_hand_size"] == pytest.approx(9.1)
    assert vector.max() <= 10.0


def test_the_board_planes_cache_never_mixes_games() -> None:
    import catan_widget.rl.features as module  # the module (the package re-exports its functions)

    games = [
        Game(["Ada", "Bo", "Cy", "Di"][:n], seed=s, board="beginner") for n, s in ((3, 1), (4, 1), (4, 2))
    ]
    for g in games:
        g.play("random", until=lambda g: g.turn >= 12)
    assert games[1].board is games[2].board or games[1].board == games[2].board
    cached = [flat(g.observe(0)) for g in games for _ in range(2)]
    module._PLANES.clear()
    fresh = [flat(g.observe(0)) for g in games for _ in range(2)]
    assert all(np.array_equal(a, b) for a, b in zip(cached, fresh))
    assert not np.array_equal(cached[2], cached[4]), "two games on one board, different pieces"


@pytest.mark.parametrize(("players", "seed"), [(4, 41), (3, 42)])
def test_each_players_counts_kept_between_positions_are_those_of_the_record_shown(
    players: int, seed: int
) -> None:
    import catan_widget.rl.features as module

    reused = 0
    for step, (game, _obs) in enumerate(positions(players, seed, "mrmr", steps=600)):
        for seat in range(players):
            obs = game.observe(seat)  # unchanged players' records shown again, the same objects
            kept = module._PLANES.get((id(obs.board), seat, players))
            before = [] if kept is None else [p for p, _ in kept.players]
            cached = flat(obs)
            reused += sum(
                p is q for p, q in zip(before, (obs.players[(seat + k) % players] for k in range(players)))
            )
            saved = dict(module._PLANES)
            module._PLANES.clear()  # the same observation, counted from nothing
            fresh = flat(obs)
            module._PLANES.clear()
            module._PLANES.update(saved)
            assert np.array_equal(cached, fresh), (step, seat)
    assert reused >= 1000, "the test must see counts kept from an earlier position"


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_clip_is_skipped_only_where_no_count_can_reach_it(players: int) -> None:
    # flat clips only when a count passes 29, or 20 inside the trade segment: the divisors must
    # keep that true (every other number is a 0-or-1 flag, or the free roads, 2 at most)
    from catan_widget.rl import features

    scale = features._scale(players)
    trade_open, offers_left = features._offsets(players)[3:5]
    flags = ("phase_", "dice_", "trade_", "acting", "my_turn", "rolled", "dev_played", "built")
    player_flags = ("_longest_road", "_largest_army", "_not_held_", "_answer_pending", "_answer_accepted")
    player_flags += ("_answer_declined", "_answer_countered")
    for i, name in enumerate(features.number_names(players)):
        if name in ("turn", "free_roads"):
            continue
        limit = 20 if trade_open <= i < offers_left else 29
        if float(scale[i]) == 1.0:
            assert name.startswith(flags) or name.endswith(player_flags) or "_not_held_" in name, name
        else:
            assert np.float32(limit) * scale[i] <= features.CLIP, name


def test_a_huge_bundle_or_hand_is_clipped_to_the_box() -> None:
    game = Game(["Ada", "Bo", "Cy", "Di", "Ed", "Flo"], seed=4)
    game.stage(
        settlements={"Ada": [0], "Bo": [20], "Cy": [40], "Di": [44], "Ed": [60], "Flo": [70]},
        hands={"Ada": {"ore": 24, "grain": 24, "wool": 24, "brick": 24, "lumber": 24}},
        turn_player="Ada",
        phase="main",
    )
    named = dict(zip(feature_names(6), flat(game.observe(0))))
    assert named["p0_hand_size"] == 10.0  # 120 cards / 10, clipped
    assert named["hand_ore"] == pytest.approx(2.4)
    from catan_widget.engine.actions import OfferTrade

    game.step(OfferTrade((1, 0, 0, 0, 0), (0, 0, 0, 0, 25)))
    named = dict(zip(feature_names(6), flat(game.observe(1))))
    assert named["trade_want_ore"] == 10.0  # 25 / 2, clipped
    assert named["trade_give_lumber"] == pytest.approx(0.5)
    assert max(named.values()) == 10.0
