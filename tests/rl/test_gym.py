"""The Gymnasium environment: the checker, masks, vectors, pickling, seeds, rewards, truncation."""

from __future__ import annotations

import copy as copying
import pickle

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import catan_widget.rl  # noqa: F401  (registers catan_widget/Catan-v0)
from catan_widget.engine.actions import Action
from catan_widget.engine.knowledge.observation import Observation
from catan_widget.rl import CatanEnv, action_space
from catan_widget.rl.features import shapes


def _play(env: gym.Env, seed: int, steps: int) -> tuple[list[float], list[np.ndarray], bool, bool]:
    """Random masked ids for ``steps`` steps (or to the episode's end): rewards, vectors, end."""
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    rewards, vectors = [], [obs["observation"]]
    term = trunc = False
    for _ in range(steps):
        assert (info["action_mask"] == obs["action_mask"].astype(bool)).all()
        obs, reward, term, trunc, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        rewards.append(float(reward))
        vectors.append(obs["observation"])
        if term or trunc:
            break
    return rewards, vectors, term, trunc


def test_the_registered_env_passes_gymnasiums_checker() -> None:
    env = gym.make("catan_widget/Catan-v0", opponents=["greedy"] * 3)
    assert env.action_space == gym.spaces.Discrete(338)
    check_env(env.unwrapped, skip_render_check=False)
    env3 = gym.make("catan_widget/Catan-v0", opponents=["random", "greedy"], seat=1, render_mode="ansi")
    check_env(env3.unwrapped)
    assert env3.action_space == gym.spaces.Discrete(action_space(3).n)
    assert env3.observation_space["observation"].shape == (shapes(3).size,)  # type: ignore[index]
    env3.reset(seed=0)
    assert "turn 0" in str(env3.render())
    env5 = gym.make("catan_widget/Catan-v0", opponents=["greedy"] * 4)  # the extension
    check_env(env5.unwrapped)
    assert env5.action_space == gym.spaces.Discrete(action_space(5).n)


def test_masks_come_three_ways_and_reset_is_reproducible() -> None:
    env = CatanEnv(opponents=["greedy"] * 3)
    obs, info = env.reset(seed=5)
    assert (env.action_masks() == obs["action_mask"].astype(bool)).all()
    assert (info["action_mask"] == env.action_masks()).all()
    first = _play(env, 9, 300)
    again = _play(CatanEnv(opponents=["greedy"] * 3), 9, 300)
    assert first[0] == again[0]
    assert all((a == b).all() for a, b in zip(first[1], again[1]))


def test_a_whole_episode_ends_with_plus_or_minus_one() -> None:
    env = CatanEnv(opponents=["random"] * 3)
    ends = []
    for seed in range(4):
        rewards, _, term, trunc = _play(env, seed, 20_000)
        assert term
        assert not trunc
        assert rewards[-1] in (1.0, -1.0)
        assert set(rewards[:-1]) <= {0.0}
        ends.append(rewards[-1])
    assert set(ends) == {1.0, -1.0}, "in four games the random agent won some and lost some"


def test_shaping_adds_victory_point_changes_and_the_turn_cap_truncates() -> None:
    env = CatanEnv(opponents=["greedy"] * 2, shaping=0.1, max_turns=12)
    rewards, _, term, trunc = _play(env, 3, 5000)
    assert trunc
    assert not term
    assert env.game is not None
    assert env.game.turn >= 12
    vp = env.game.players[0].victory_points
    assert vp >= 2
    assert sum(rewards) == pytest.approx(0.1 * vp)


def test_an_id_outside_the_mask_changes_nothing() -> None:
    env = CatanEnv(opponents=["random"] * 3, max_illegal=2)
    obs, _ = env.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    again, reward, term, trunc, info = env.step(bad)
    assert info["illegal_action"]
    assert reward == 0.0
    assert not term
    assert not trunc
    assert (again["observation"] == obs["observation"]).all()
    assert env.step(bad)[3], "the second in a row truncates (max_illegal=2)"


def test_vector_envs_sync_and_async_and_pickling() -> None:
    for vec in ("sync", "async"):
        envs = gym.make_vec(
            "catan_widget/Catan-v0", num_envs=2, vectorization_mode=vec, opponents=["random"] * 3
        )
        obs, _ = envs.reset(seed=[1, 2])
        for _ in range(20):
            masks = obs["action_mask"]
            acts = np.array([np.flatnonzero(m)[0] for m in masks])
            obs, _reward, _term, _trunc, _info = envs.step(acts)
            assert obs["observation"].shape == (2, shapes(4).size)
        envs.close()
    for opponents in (["random"] * 3, ["greedy", "random"]):
        env = CatanEnv(opponents=opponents, shaping=0.5)
        assert pickle.loads(pickle.dumps(env)).game is None  # before any reset
        _play(env, 4, 150)  # part of an episode: the copy carries it on
        copy = pickle.loads(pickle.dumps(env))
        assert copy.game is not None
        assert env.game is not None
        assert copy.game.to_json() == env.game.to_json()
        _plays_on_alike(env, copy, np.random.default_rng(0), 100)


def test_a_deep_copy_plays_on_alike_from_generators_of_its_own() -> None:
    """``copy.deepcopy`` mid-episode: the copy's bots draw from copies of the generators, so the
    two environments step alike and stepping one leaves the other as it was.
    """
    env = CatanEnv(opponents=["random", "greedy", "random"])
    _play(env, 5, 60)
    assert env.game is not None
    assert not env.game.is_over, "the episode ended before the copy"
    twin = copying.deepcopy(env)
    for mine, theirs in zip(env._bots, twin._bots):
        assert mine is not theirs
    reference = pickle.loads(pickle.dumps(env))
    rng = np.random.default_rng(1)
    ids = [int(rng.integers(1 << 30)) for _ in range(80)]
    _step_all(twin, ids)  # the copy first, to its end: the original must not feel it
    assert _step_all(env, ids) == _step_all(reference, ids)


def _step_all(env: CatanEnv, draws: list[int]) -> list[tuple[float, bool, bool, int]]:
    """Each draw picks among the legal ids; the rewards, ends and history lengths."""
    out = []
    for x in draws:
        legal = np.flatnonzero(env.action_masks())
        _obs, reward, term, trunc, _info = env.step(int(legal[x % len(legal)]))
        assert env.game is not None
        out.append((float(reward), term, trunc, len(env.game.history)))
        if term or trunc:
            break
    return out


def test_a_pickle_from_before_the_stored_position_loads_and_plays_on_alike() -> None:
    """Earlier versions pickled the choice in progress as ``pending`` and no position."""
    env = CatanEnv(opponents=["random"] * 3)
    rng = np.random.default_rng(3)
    env.reset(seed=3)
    while env.pending.empty:  # play on to a choice in progress (a robber's hex or a discard)
        _obs, _r, term, trunc, _info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        assert not term, "the episode ended before any choice in progress"
        assert not trunc, "the episode ended before any choice in progress"
    state = env.__getstate__()
    state["pending"] = state.pop("_pending")
    del state["_at"]
    old = CatanEnv.__new__(CatanEnv)
    old.__setstate__(pickle.loads(pickle.dumps(state)))
    assert old.pending == env.pending
    assert "pending" not in vars(old)
    assert np.array_equal(old.action_masks(), env.action_masks())
    _plays_on_alike(env, old, rng, 50)


def _plays_on_alike(env: CatanEnv, copy: CatanEnv, rng: np.random.Generator, steps: int) -> None:
    """The same ids give both environments the same steps (to the episode's end at most)."""
    for _ in range(steps):
        a = int(rng.choice(np.flatnonzero(env.action_masks())))
        mine, theirs = env.step(a), copy.step(a)
        assert np.array_equal(mine[0]["observation"], theirs[0]["observation"])
        assert mine[1:4] == theirs[1:4]
        if mine[2] or mine[3]:
            break


class _Spy:
    """A bot that records what it is handed (and plays the first legal action)."""

    def __init__(self) -> None:
        self.seen: list[object] = []

    def choose(self, observation: Observation) -> Action:
        self.seen.append(observation)
        return observation.legal[0]


def test_the_opponents_are_handed_their_own_seats_observation_only() -> None:
    spies = [_Spy(), _Spy(), _Spy()]
    env = CatanEnv(opponents=spies)
    obs, _ = env.reset(seed=7)
    for _ in range(200):
        obs, _, term, trunc, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        if term or trunc:
            break
    for seat, spy in enumerate(spies, start=1):
        assert spy.seen
        assert all(isinstance(o, Observation) and o.viewer == seat and o.hands is None for o in spy.seen)
