"""An interrupted environment step leaves the environment whole.

A kernel interrupt is a ``KeyboardInterrupt`` raised between two lines of interpreted code: a
trace function raises it before the k-th line of one ``step``, for k spread over the whole
step, at positions of every kind of id (rolls, builds, a robber's hex with victims to pick, a
steal, a discard card by card, trades).  After it:

* the AEC environment (no bots between moves) is exactly the environment before the step or
  exactly the one after it: the game's save, the next agent, rewards, terminations, infos and
  every agent's observation;
* the Gymnasium environment either has not moved (its game, choice in progress, observation and
  mask as before) or has played the agent's move, and then the next call finishes the step (the
  bots' moves still due, the observation): its mask and observation are those of the game as it
  is, and the game goes on.  The bots' moves after an interrupt may differ from an uninterrupted
  run (a bot may have drawn from its generator for a move that was never played).
"""

from __future__ import annotations

import linecache
import pickle

import numpy as np
from tracing import interrupted_at, line_at, spread, traced_lines

from catan_widget.rl import CatanEnv, aec
from catan_widget.rl.actions import action_space, mask
from catan_widget.rl.features import flat
from catan_widget.rl.gym_env import vp_of


def _gym_positions(seed: int, steps: int) -> list[tuple[bytes, int]]:
    """Pickled environments before one id of each block (the first time it is chosen)."""
    env = CatanEnv(opponents=["random"] * 3)
    obs, _ = env.reset(seed=seed)
    space, rng = action_space(4), np.random.default_rng(seed)
    seen: dict[str, tuple[bytes, int]] = {}
    for _ in range(steps):
        code = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        block = space.block_of[code][0]
        if not env.pending.empty:
            block += " (choice in progress)"
        seen.setdefault(block, (pickle.dumps(env), code))
        obs, _, term, trunc, _ = env.step(code)
        if term or trunc:
            obs, _ = env.reset(seed=seed + 1)
    return list(seen.values())


def _gym_view(env: CatanEnv) -> tuple[object, ...]:
    game = env.game
    assert game is not None
    pending = (env.pending.robber_hex, tuple(env.pending.discard))
    return game.to_json(), pending, env.action_masks().tobytes()


def _consistent(env: CatanEnv) -> None:
    """The environment's mask and vector are those of its game as it is, with its choice."""
    game = env.game
    assert game is not None
    legal = env.action_masks()  # finishes an interrupted step
    obs = game.observe(env.seat)
    assert np.array_equal(legal, mask(obs, env.pending))
    assert game.is_over or game.current_seat == env.seat
    if not legal.any():
        return
    out = env.step(int(np.flatnonzero(legal)[0]))  # the game goes on from here
    assert not out[4].get("illegal_action")
    assert np.array_equal(out[0]["observation"], flat(game.observe(env.seat), env.pending))


def test_an_interrupted_gym_step_is_finished_or_never_began() -> None:
    positions = _gym_positions(seed=31, steps=1500)
    blocks = len(positions)
    assert blocks >= 10, blocks
    interrupted = 0
    for saved, code in positions:
        before = _gym_view(pickle.loads(saved))
        fresh = pickle.loads(saved)
        total = traced_lines(lambda fresh=fresh, code=code: fresh.step(code))
        for k in spread(total, 14):
            env: CatanEnv = pickle.loads(saved)
            at = len(env.game.history)  # type: ignore[union-attr]
            hit = interrupted_at(k, lambda env=env, code=code: env.step(code))
            interrupted += hit
            if len(env.game.history) == at and env.game.to_json() == before[0]:  # type: ignore[union-attr]
                pending = (env.pending.robber_hex, tuple(env.pending.discard))
                if pending == before[1]:
                    assert env.action_masks().tobytes() == before[2]  # as before the step
            _consistent(env)
    assert interrupted > blocks * 10


def _before_a_lost_game(seed: int) -> tuple[bytes, int]:
    """A pickled environment before the agent's last step of an episode a bot won, and its id."""
    env = CatanEnv(opponents=["random"] * 3)
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while True:
        saved, code = pickle.dumps(env), int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, term, trunc, _ = env.step(code)
        if term and reward < 0:
            return saved, code
        if term or trunc:
            obs, _ = env.reset(seed=int(rng.integers(1 << 30)))


def test_an_interrupt_in_the_step_that_ends_the_game_does_not_lose_its_outcome() -> None:
    saved, code = _before_a_lost_game(seed=12)
    fresh: CatanEnv = pickle.loads(saved)
    total = traced_lines(lambda: fresh.step(code))
    reported = noted = 0
    for k in sorted(set(spread(total, 60)) | set(range(max(1, total - 80), total + 1))):
        env: CatanEnv = pickle.loads(saved)
        if not interrupted_at(k, lambda env=env: env.step(code)):
            continue
        env.action_masks()  # as MaskablePPO asks first: this finishes the step cut short
        game = env.game
        assert game is not None
        if not game.is_over:  # cut before the agent's move: nothing ended
            continue
        if env._ended:  # noted as reported: only between the note and the return (no call there)
            assert _at_the_return(saved, code, k), k
            noted += 1
            continue
        _, reward, term, trunc, info = env.step(0)  # any id: the end comes first
        winner = game.observe(env.seat).winner
        assert term, k
        assert not trunc, k
        assert reward == (1.0 if winner == env.seat else -1.0), k
        assert "illegal_action" not in info, k
        again = env.step(0)  # reported once: now the game is over and every id is outside the mask
        assert again[1:3] == (env.illegal_reward, True)
        assert again[4]["illegal_action"]
        reported += 1
    assert reported >= 40, reported
    assert noted <= 1, noted  # the return line itself, which a line tracer can cut before


def _at_the_return(saved: bytes, code: int, k: int) -> bool:
    """Is the k-th line of the step the environment's last, ``return out`` (after its note of
    what it reports)?  A line tracer can cut before it; a signal cannot (no call between).
    """
    env: CatanEnv = pickle.loads(saved)
    where = line_at(k, lambda: env.step(code))
    if where is None or not where[0].endswith("gym_env.py"):
        return False
    return linecache.getline(*where).strip() == "return out"


def _before_a_gain(seed: int, shaping: float) -> tuple[bytes, int]:
    """A pickled environment before an agent step whose victory points change the reward."""
    env = CatanEnv(opponents=["random"] * 3, shaping=shaping)
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while True:
        saved, code = pickle.dumps(env), int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, term, trunc, _ = env.step(code)
        if reward and not term:
            return saved, code
        if term or trunc:
            obs, _ = env.reset(seed=int(rng.integers(1 << 30)))


def test_an_interrupted_step_gives_its_shaping_with_the_next() -> None:
    shaping = 0.25  # a binary fraction: the sums below are exact
    saved, code = _before_a_gain(seed=5, shaping=shaping)
    fresh: CatanEnv = pickle.loads(saved)
    total = traced_lines(lambda: fresh.step(code))
    checked = 0
    for k in spread(total, 40):
        env: CatanEnv = pickle.loads(saved)
        start = env._vp
        if not interrupted_at(k, lambda env=env: env.step(code)) or _at_the_return(saved, code, k):
            continue
        legal = np.flatnonzero(env.action_masks())
        _, reward, term, _, _ = env.step(int(legal[0]))
        obs = env.game.observe(env.seat)  # type: ignore[union-attr]
        end = (1.0 if obs.winner == env.seat else -1.0) if term else 0.0
        assert reward == shaping * (vp_of(obs) - start) + end, k
        checked += 1
    assert checked >= 30, checked


def _aec_positions(seed: int, steps: int) -> list[tuple[bytes, int]]:
    env = aec.env(players=4, shaping=0.1)
    env.reset(seed=seed)
    space, rng = action_space(4), np.random.default_rng(seed)
    seen: dict[str, tuple[bytes, int]] = {}
    for _ in range(steps):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.reset(seed=seed + 1)
            continue
        code = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        block = space.block_of[code][0]
        assert env.match is not None
        if not env.match.pending.empty:
            block += " (choice in progress)"
        seen.setdefault(block, (pickle.dumps(env), code))
        env.step(code)
    return list(seen.values())


def _aec_view(env: aec.CatanAEC) -> tuple[object, ...]:
    assert env.match is not None
    observed = [env.observe(a) for a in env.agents]
    return (
        env.match.game.to_json(),
        env.agent_selection,
        env.rewards,
        env._cumulative_rewards,
        env.terminations,
        env.truncations,
        [(a, sorted(i), i["action_mask"].tobytes(), i.get("illegal_action")) for a, i in env.infos.items()],
        [(o["observation"].tobytes(), o["action_mask"].tobytes()) for o in observed],
        env.match.vp,
        env._steps,
    )


def test_an_interrupted_aec_step_leaves_the_environment_before_or_after() -> None:
    positions = _aec_positions(seed=8, steps=1500)
    assert len(positions) >= 10, len(positions)
    interrupted = 0
    for saved, code in positions:
        before = _aec_view(pickle.loads(saved))
        after_env = pickle.loads(saved)
        after_env.step(code)
        after = _aec_view(after_env)
        fresh = pickle.loads(saved)
        total = traced_lines(lambda fresh=fresh, code=code: fresh.step(code))
        for k in spread(total, 14):
            env = pickle.loads(saved)
            interrupted += interrupted_at(k, lambda env=env, code=code: env.step(code))
            assert _aec_view(env) in (before, after), k
    assert interrupted > len(positions) * 10
