"""The PettingZoo environments: PettingZoo's own tests, out-of-turn agents, the end's rewards."""

from __future__ import annotations

import types

import numpy as np
import pytest
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test

from catan_widget.rl import aec
from catan_widget.rl.features import flat

# PettingZoo's checker prefers a bare Box; a dict with "action_mask" is its documented masked form
DICT_SPACE = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably:UserWarning"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning"),
]


@pytest.mark.parametrize("players", [3, 4, 6])
@DICT_SPACE[0]
@DICT_SPACE[1]
def test_pettingzoos_api_and_seed_tests(players: int) -> None:
    api_test(aec.env(players=players), num_cycles=400)
    seed_test(lambda: aec.env(players=players), num_cycles=400)
    parallel_api_test(aec.parallel_env(players=players), num_cycles=200)


def test_pettingzoos_max_cycles_test() -> None:
    max_cycles_test(types.SimpleNamespace(env=aec.cycled_env, parallel_env=aec.parallel_env))
    env = aec.env(players=4, max_cycles=5)
    env.reset(seed=1)
    steps = 0
    for _agent in env.agent_iter():
        _obs, _reward, term, trunc, _info = env.last()
        env.step(None if term or trunc else int(np.flatnonzero(_obs["action_mask"])[0]))
        steps += not (term or trunc)
    assert steps == 5 * 4, "a cycle of the AEC environment is as many steps as there are players"


def test_out_of_turn_agents_discard_and_answer_and_the_winner_gets_plus_one() -> None:
    env = aec.env(players=4)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    match = env.match
    assert match is not None
    out_of_turn: set[str] = set()
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(max_iter=60_000):
        obs, reward, term, trunc, info = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        assert (info["action_mask"] == obs["action_mask"].astype(bool)).all()
        seat = env.possible_agents.index(agent)
        assert np.array_equal(obs["observation"], flat(match.game.observe(seat), match.pending))
        if seat != match.game.state.turn_player:
            out_of_turn.add(match.game.phase)
        others = [a for a in env.agents if a != agent]
        assert not any(env.observe(a)["action_mask"].any() for a in others)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert {"discard", "trade_response"} <= out_of_turn
    assert match.game.is_over
    winner = f"player_{match.game.state.winner}"
    assert totals[winner] == 1.0
    assert all(v == -1.0 for a, v in totals.items() if a != winner)


def test_the_state_is_the_all_seeing_vector_of_the_acting_seat_with_its_choice() -> None:
    """``state()`` begins with the acting agent's own vector, its choice in progress included
    (a robber's hex, cards picked to discard), and lies in ``state_space``.
    """
    env = aec.env(players=3)
    env.reset(seed=2)
    size = env.observation_space("player_0")["observation"].shape[0]  # type: ignore[index]
    assert env.state_space.shape[0] > size
    rng = np.random.default_rng(2)
    choosing = 0
    for agent in env.agent_iter(max_iter=3000):
        obs, _reward, term, trunc, _info = env.last()
        if term or trunc:
            env.step(None)
            continue
        state = env.state()
        assert env.state_space.contains(state)
        assert np.array_equal(state[:size], obs["observation"]), agent
        choosing += not env.match.pending.empty
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert choosing, "no choice in progress was met"


def test_the_aec_environment_pickles_mid_game_and_steps_on_alike() -> None:
    """Ray ships environments to its runners by pickle: mid-game, with observations cached."""
    import pickle

    env = aec.env(players=4, shaping=0.1)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(200):
        obs, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    copy = pickle.loads(pickle.dumps(env))
    for _ in range(200):
        obs, reward, *_ = env.last()
        twin, twin_reward, *_ = copy.last()
        assert np.array_equal(obs["observation"], twin["observation"])
        assert reward == twin_reward
        code = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        env.step(code)
        copy.step(code)
    assert copy.agent_selection == env.agent_selection
