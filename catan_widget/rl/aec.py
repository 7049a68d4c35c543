"""PettingZoo environments of every seat: :func:`env` (AEC) and :func:`parallel_env`.

The AEC environment (:class:`CatanAEC`) selects the agent whose seat the game waits for: the
turn player, but also each player who must discard after a 7 and each player answering a
domestic offer (out-of-turn agents), so ``agent_selection`` does not simply cycle.  Agents are
``"player_0"`` … by seat; each one's observation is ``{"observation": float32 vector,
"action_mask": int8 vector}`` built from its own ``game.observe(seat)`` only
(:func:`.features.flat`, :func:`.actions.mask`; all zeros when it need not act), or with
``observation="dict"`` the board planes and numbers in place of the vector (:mod:`.forms`).  An id outside
the mask changes nothing (``infos[agent]["illegal_action"]``).  Rewards: +1 to the winner, -1 to
every other seat, at the end; plus ``shaping`` × each seat's change of victory points.  The
episode is truncated after ``max_turns`` turns or ``max_cycles`` cycles (a cycle: as many steps
as there are players).

A keyboard interrupt at any point of ``step`` leaves the environment whole: the move was played
with all its bookkeeping (rewards, terminations, infos, the next agent), or not at all.  The
engine's step is atomic; the observations and the choice in progress are kept with the game
position they belong to; and when an interrupt comes after the move, the bookkeeping, computed
again from what it was before the step, is finished with signals held back.

:func:`parallel_env` (:class:`CatanParallel`) is the same game for PettingZoo's parallel API:
every live agent sends an id each step, the acting seat's is played and the others wait; a
step is a cycle, truncated after ``max_cycles``.  Its AEC twin :func:`cycled_env` (PettingZoo's
``parallel_to_aec``) steps every agent once a cycle: together they pass ``max_cycles_test``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils.conversions import parallel_to_aec

from ..engine.game import Game
from ..engine.knowledge.observation import Observation
from ..engine.options import Rules
from ..engine.rules.atomic import signals_held
from .actions import Pending, action_space, mask, step_id
from .features import state_size, state_vector
from .forms import OBS_HIGH, check_form, observation_of, observation_space
from .gym_env import NAMES, vp_of

Obs = dict[str, np.ndarray]


class _Match:
    """One game seen seat by seat: the acting seat's choice in progress, observations, rewards."""

    def __init__(self, players: int, seed: int, board: str, rules: Rules | None) -> None:
        self.game = Game(NAMES[:players], seed=seed, board=board, rules=rules)
        self.players = players
        self.space = action_space(players)
        self.choice = _Choice(0, Pending())
        self._cache: dict[int, tuple[_Choice, Observation, np.ndarray]] = {}
        self.vp: tuple[int, ...] = (0,) * players

    def __getstate__(self) -> dict[str, Any]:
        """Everything but the cached observations (built again when asked): the game pickles as
        its exact save.
        """
        return {**vars(self), "_cache": {}}

    @property
    def pending(self) -> Pending:
        """The acting seat's multi-id choice in progress (see :class:`_Choice`)."""
        return self.now().pending

    def now(self) -> _Choice:
        """The position now: a move an interrupt kept from recording its choice ended that choice."""
        choice, at = self.choice, len(self.game.history)
        if choice.at != at:
            choice = self.choice = _Choice(at, Pending())
        return choice

    def seen(self, seat: int) -> tuple[Observation, np.ndarray]:
        """``seat``'s observation and mask now (cached for this position and choice)."""
        choice = self.now()
        found = self._cache.get(seat)
        if found is None or found[0] is not choice:
            obs = self.game.observe(seat)
            pending = choice.pending if seat == self.game.current_seat else None
            found = self._cache[seat] = (choice, obs, mask(obs, pending).astype(np.int8))
        return found[1], found[2]

    def legal(self, seat: int) -> np.ndarray:
        """``seat``'s mask as ``bool`` (a fresh array): all False, without observing, when the
        game does not wait for that seat.
        """
        if seat != self.game.current_seat or self.game.is_over:
            return np.zeros(self.space.n, dtype=np.bool_)
        return self.seen(seat)[1].astype(np.bool_)

    def observation(self, seat: int, form: str) -> Obs:
        """``seat``'s observation in the environments' ``form`` (:mod:`.forms`)."""
        obs, legal = self.seen(seat)
        pending = self.pending if seat == self.game.current_seat else None
        return observation_of(obs, pending, legal, form)

    def play(self, seat: int, code: int) -> bool:
        """Play id ``code`` for ``seat``; False (nothing changes) when it is outside its mask."""
        obs, legal = self.seen(seat)
        if not (0 <= code < self.space.n and legal[code]):
            return False
        pending = self.choice.pending.copy()  # the stored choice is replaced, never changed
        action = step_id(obs, pending, code)
        if action is None:
            self.choice = _Choice(self.choice.at, pending)
        else:
            self.game.step(action)  # the new position ends the choice (see now)
        return True

    def rewards(self, shaping: float, vp: tuple[int, ...]) -> tuple[list[float], tuple[int, ...]]:
        """The reward of each seat for the step just played (the end's ±1, and the shaping of the
        VP changes since ``vp``) and the seats' VP now.
        """
        out = [0.0] * self.players
        game = self.game
        if game.is_over:
            winner = game.state.winner
            out = [1.0 if q == winner else -1.0 for q in range(self.players)]
        if not shaping:
            return out, vp
        now = tuple(vp_of(self.seen(q)[0]) for q in range(self.players))
        return [r + shaping * (b - a) for r, a, b in zip(out, vp, now)], now


class _Choice(NamedTuple):
    """The acting seat's multi-id choice in progress (:class:`.actions.Pending`) and the game's
    history length it belongs to, stored in one attribute so that an interrupt never splits them.
    """

    at: int
    pending: Pending


class _Before(NamedTuple):
    """What an AEC step's bookkeeping starts from (see :meth:`CatanAEC._book`)."""

    steps: int
    vp: tuple[int, ...]
    cumulative: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]


class _Shared:
    """What both environments do alike: their settings, spaces and generator, a new match from a
    seed, render, close, and the all-seeing state.
    """

    render_mode: str | None
    match: _Match | None
    form: str = "flat"  # (what environments pickled before the option had)

    def _setup(
        self,
        players: int,
        board: str,
        rules: Rules | None,
        shaping: float,
        max_turns: int,
        render_mode: str | None,
        form: str,
    ) -> None:
        action_space(players)  # checks the count
        self.players = players
        self.board_kind, self.rules, self.shaping = board, rules, float(shaping)
        self.max_turns, self.render_mode = max_turns, render_mode
        self.possible_agents = [f"player_{q}" for q in range(players)]
        self.form = check_form(form)
        self._obs_space = observation_space(players, form)
        self._act_space = spaces.Discrete(action_space(players).n)
        self.state_space = spaces.Box(0.0, OBS_HIGH, (state_size(players),), np.float32)
        self.match = None
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """Every agent's: the flat features and the mask."""
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """Every agent's: ``Discrete(n)`` of :func:`.actions.action_space`."""
        return self._act_space

    def _new_match(self, seed: int | None) -> _Match:
        """A new match, its game's seed drawn from the generator (reseeded by ``seed``)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        game_seed = int(self._rng.integers(0, 2**63 - 1))
        self.match = _Match(self.players, game_seed, self.board_kind, self.rules)
        return self.match

    def render(self) -> str | None:
        """The game in a line (``render_mode="ansi"``)."""
        if self.render_mode != "ansi" or self.match is None:
            return None
        g = self.match.game
        return f"turn {g.turn}, {g.phase}: {g.prompt()}"

    def close(self) -> None:
        """Nothing to release (no window, no process)."""
        self.match = None

    def _infos(self, agents: list[str]) -> dict[str, dict[str, Any]]:
        """Each of ``agents`` (seat order) with its legal ids now."""
        match = self.match
        assert match is not None
        return {agent: {"action_mask": match.legal(q)} for q, agent in enumerate(agents)}

    def state(self) -> np.ndarray:
        """All-seeing, for centralised critics only (:func:`.features.state_vector` of the acting
        seat, with its choice in progress; in ``state_space``).
        """
        assert self.match is not None
        return state_vector(self.match.game, pending=self.match.pending)


class CatanAEC(_Shared, AECEnv[str, Obs, int]):  # type: ignore[misc]  # pettingzoo ships no types
    """The AEC environment of :func:`env` (see the module docstring).

    Args:
        players: 3 to 6.
        board: ``"random"`` (a seeded board each game) or ``"beginner"``.
        rules: house rules.
        shaping: weight of each seat's victory-point change added to its rewards.
        max_turns: truncate after this many turns.
        max_cycles: truncate after this many cycles (``players`` steps each); None: no cap.
        render_mode: ``"ansi"`` or None.
        observation: ``"flat"`` (one vector) or ``"dict"`` (board planes and numbers); see
            :mod:`.forms`.
    """

    metadata = {"render_modes": ["ansi"], "name": "catan_widget_v0", "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        players: int = 4,
        board: str = "random",
        rules: Rules | None = None,
        shaping: float = 0.0,
        max_turns: int = 400,
        max_cycles: int | None = None,
        render_mode: str | None = None,
        observation: str = "flat",
    ) -> None:
        """See the class docstring."""
        super().__init__()
        self._setup(players, board, rules, shaping, max_turns, render_mode, observation)
        self.max_cycles = max_cycles
        self._steps = 0

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; its seed drawn from the environment's generator (seeded by ``seed``)."""
        match = self._new_match(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._steps = 0
        self.agent_selection = self.possible_agents[match.game.current_seat]
        self.infos = self._infos(self.agents)

    def observe(self, agent: str) -> Obs:
        """``agent``'s observation (from its own seat's view only)."""
        assert self.match is not None
        return self.match.observation(self.possible_agents.index(agent), self.form)

    def step(self, action: Any) -> None:
        """Play ``action`` for the selected agent (None once it is terminated or truncated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        match = self.match
        assert match is not None
        before = _Before(self._steps, match.vp, self._cumulative_rewards, self.terminations, self.truncations)
        choice = match.now()
        legal: bool | None = None
        try:
            legal = match.play(self.possible_agents.index(agent), int(action))
            self._book(agent, legal, before)
        except BaseException:
            made = match.choice is not choice or match.now() is not choice
            if legal is not None or made:  # the id was taken: its bookkeeping, whole
                with signals_held():
                    self._book(agent, legal is not False, before)
            raise

    def _book(self, agent: str, legal: bool, before: _Before) -> None:
        """The bookkeeping of ``agent``'s step, from what it was ``before``: the same whenever
        it runs again (every attribute is replaced, none changed).
        """
        match = self.match
        assert match is not None
        game = match.game
        steps = before.steps + 1
        rewards, vp = match.rewards(self.shaping, before.vp)
        terminations, truncations = before.terminations, before.truncations
        if game.is_over:
            terminations = dict.fromkeys(self.agents, True)
        elif game.turn >= self.max_turns or (
            self.max_cycles is not None and steps >= self.max_cycles * self.players
        ):
            truncations = dict.fromkeys(self.agents, True)
        infos = self._infos(self.agents)
        infos[agent]["illegal_action"] = not legal
        cumulative = dict(before.cumulative)
        cumulative[agent] = 0.0
        for a, r in zip(self.agents, rewards):
            cumulative[a] += r
        self._steps, match.vp = steps, vp
        self.rewards = dict(zip(self.agents, rewards))
        self.terminations, self.truncations, self.infos = terminations, truncations, infos
        self.agent_selection = self.possible_agents[game.current_seat]
        self._cumulative_rewards = cumulative


def env(**kwargs: Any) -> CatanAEC:
    """The AEC environment (:class:`CatanAEC`; keyword arguments as its)."""
    return CatanAEC(**kwargs)


raw_env = env
"""PettingZoo's usual second name of :func:`env`."""


class CatanParallel(_Shared, ParallelEnv[str, Obs, int]):  # type: ignore[misc]  # pettingzoo ships no types
    """The parallel environment of :func:`parallel_env` (see the module docstring)."""

    metadata = {"render_modes": ["ansi"], "name": "catan_widget_parallel_v0"}  # noqa: RUF012

    def __init__(
        self,
        players: int = 4,
        board: str = "random",
        rules: Rules | None = None,
        shaping: float = 0.0,
        max_turns: int = 400,
        max_cycles: int = 10_000,
        render_mode: str | None = None,
        observation: str = "flat",
    ) -> None:
        """As :class:`CatanAEC`'s; ``max_cycles``: parallel steps before truncation."""
        self._setup(players, board, rules, shaping, max_turns, render_mode, observation)
        self.max_cycles = max_cycles
        self.agents: list[str] = []
        self._cycles = 0

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        """A new game (its seed drawn from the environment's generator, seeded by ``seed``)."""
        self._new_match(seed)
        self.agents = self.possible_agents[:]
        self._cycles = 0
        return self._observations(), self._infos(self.possible_agents)

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[dict[str, Obs], dict[str, float], dict[str, bool], dict[str, bool], dict[str, dict[str, Any]]]:
        """Play the acting seat's id (the other agents' ids are ignored: they wait)."""
        match = self.match
        assert match is not None
        seat = match.game.current_seat
        acting = self.possible_agents[seat]
        legal = acting in actions and match.play(seat, int(actions[acting]))
        self._cycles += 1
        game = match.game
        gains, match.vp = match.rewards(self.shaping, match.vp)
        rewards = dict(zip(self.agents, gains))
        over = game.is_over
        cut = not over and (game.turn >= self.max_turns or self._cycles >= self.max_cycles)
        observations, infos = self._observations(), self._infos(self.possible_agents)
        infos[acting]["illegal_action"] = not legal
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, cut)
        if over or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _observations(self) -> dict[str, Obs]:
        match = self.match
        assert match is not None
        return {a: match.observation(q, self.form) for q, a in enumerate(self.possible_agents)}


def parallel_env(**kwargs: Any) -> CatanParallel:
    """The parallel environment (:class:`CatanParallel`)."""
    return CatanParallel(**kwargs)


def cycled_env(**kwargs: Any) -> AECEnv[str, Obs, int]:
    """:func:`parallel_env` as an AEC environment stepping every agent once a cycle."""
    made: AECEnv[str, Obs, int] = parallel_to_aec(parallel_env(**kwargs))
    return made
