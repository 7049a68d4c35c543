"""The dict form of the environments' observation (``observation="dict"``): board planes and
numbers in place of the vector, the same numbers, checked by Gymnasium's and PettingZoo's own
checkers, in vector environments, and through a policy bot.
"""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test

import catan_widget.rl  # noqa: F401  (registers catan_widget/Catan-v0)
from catan_widget import Game
from catan_widget.rl import CatanEnv, PolicyBot, aec, feature_dict, register_policy
from catan_widget.rl.features import shapes
from catan_widget.rl.forms import observation_space

PARTS = ("hexes", "nodes", "edges", "numbers")


def _joined(obs: dict[str, np.ndarray]) -> np.ndarray:
    """The dict form's planes and numbers ravelled in order: the flat vector."""
    return np.concatenate([obs[k].ravel() for k in PARTS])


@pytest.mark.parametrize("opponents", [2, 3, 5])
def test_the_dict_form_passes_the_checker_and_holds_the_flat_vectors_numbers(opponents: int) -> None:
    players = opponents + 1
    made = gym.make("catan_widget/Catan-v0", opponents=["random"] * opponents, observation="dict")
    env = made.unwrapped
    assert isinstance(env, CatanEnv)
    check_env(env, skip_render_check=False)
    sh = shapes(players)
    assert env.observation_space["hexes"].shape == sh.hexes  # type: ignore[index]
    assert env.observation_space["nodes"].shape == sh.nodes  # type: ignore[index]
    assert env.observation_space["edges"].shape == sh.edges  # type: ignore[index]
    assert env.observation_space["numbers"].shape == sh.numbers  # type: ignore[index]
    flat_env = CatanEnv(opponents=["random"] * opponents)
    obs, _ = env.reset(seed=players)
    flat_obs, _ = flat_env.reset(seed=players)
    rng = np.random.default_rng(players)
    for _ in range(400):
        assert env.observation_space.contains(obs)
        assert sorted(obs) == sorted([*PARTS, "action_mask"])
        assert np.array_equal(_joined(obs), flat_obs["observation"])  # the same game, the same numbers
        assert np.array_equal(obs["action_mask"], flat_obs["action_mask"])
        assert env.game is not None
        seen = feature_dict(env.game.observe(env.seat), env.pending)
        assert all(np.array_equal(obs[k], seen[k]) for k in PARTS)
        code = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, term, trunc, _ = env.step(code)
        flat_obs, flat_reward, flat_term, flat_trunc, _ = flat_env.step(code)
        assert (reward, term, trunc) == (flat_reward, flat_term, flat_trunc)
        if term or trunc:
            obs, _ = env.reset(seed=players + 1)
            flat_obs, _ = flat_env.reset(seed=players + 1)


def test_an_unknown_form_is_refused_with_the_forms_named() -> None:
    with pytest.raises(ValueError, match="'flat', 'dict'"):
        CatanEnv(observation="image")
    with pytest.raises(ValueError, match="'flat', 'dict'"):
        aec.env(observation="planes")
    with pytest.raises(ValueError, match="'flat', 'dict'"):
        PolicyBot(lambda obs: 0, observation="vector")


def test_each_environment_has_a_space_of_its_own() -> None:
    """A space holds its own generator (``sample``): environments must not share one."""
    assert observation_space(4, "dict") is not observation_space(4, "dict")
    a, b = CatanEnv(observation="dict"), CatanEnv(observation="dict")
    assert a.observation_space is not b.observation_space


def test_the_dict_form_runs_in_vector_environments() -> None:
    envs = gym.make_vec("catan_widget/Catan-v0", num_envs=2, vectorization_mode="sync", observation="dict")
    obs, _ = envs.reset(seed=[3, 4])
    for _ in range(30):
        assert obs["nodes"].shape == (2, *shapes(4).nodes)
        acts = np.array([np.flatnonzero(m)[0] for m in obs["action_mask"]])
        obs, *_ = envs.step(acts)
    envs.close()


# PettingZoo's checker prefers a bare Box (and an array, or a dict with an "observation" key); a
# dict with "action_mask" is its documented masked form, as tests/rl/test_aec.py says
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
def test_the_pettingzoo_environments_in_the_dict_form_pass_their_api_tests() -> None:
    api_test(aec.env(players=4, observation="dict"), num_cycles=200)
    parallel_api_test(aec.parallel_env(players=3, observation="dict"), num_cycles=100)
    env, flat_env = aec.env(players=4, observation="dict"), aec.env(players=4)
    env.reset(seed=2)
    flat_env.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(300):
        agent = env.agent_selection
        obs, flat_obs = env.observe(agent), flat_env.observe(agent)
        assert np.array_equal(_joined(obs), flat_obs["observation"])
        assert np.array_equal(obs["action_mask"], flat_obs["action_mask"])
        if env.terminations[agent] or env.truncations[agent]:
            break
        code = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(code)
        flat_env.step(code)


def test_a_policy_of_the_dict_form_plays_as_a_bot() -> None:
    seen: list[dict[str, np.ndarray]] = []

    def policy(obs: dict[str, np.ndarray]) -> int:
        seen.append(obs)
        return int(np.flatnonzero(obs["action_mask"])[0])

    register_policy("test-dict-policy", policy, observation="dict")
    game = Game(seed=4)
    game.play(bots=["test-dict-policy", "random", "random", "random"], max_steps=300)
    assert seen, "the policy was asked"
    assert all(sorted(o) == sorted([*PARTS, "action_mask"]) for o in seen)
    assert all(o["hexes"].shape == shapes(4).hexes for o in seen)
    with pytest.raises(ValueError, match="'flat', 'dict'"):
        register_policy("test-bad-form", policy, observation="image")
