"""A Gymnasium single-agent environment: one learning seat against bots.

``gymnasium.make("catan_widget/Catan-v0", opponents=["greedy"] * 3)`` (registered when
:mod:`catan_widget.rl` is imported) or :class:`CatanEnv` directly.  The agent plays ``seat``
(0 by default; the starting player is drawn from the game's seed, so it is not always first)
and acts whenever the game waits for it: its own turns, its discards after a 7, its answers to
the bots' offers.  Between its moves the bots play through the engine's one play loop, each from
its own seat's observation.

* Observations: ``{"observation": float32 vector, "action_mask": int8 vector}``
  (:func:`.features.flat` and :func:`.actions.mask`), or with ``observation="dict"`` the board
  planes and numbers in place of the vector (:mod:`.forms`); the mask is also in
  ``info["action_mask"]`` and from :meth:`CatanEnv.action_masks` (sb3-contrib's MaskablePPO).
* Actions: ``Discrete(n)`` of :func:`.actions.action_space`.  An id outside the mask changes
  nothing (``info["illegal_action"]``, reward ``illegal_reward``); ``max_illegal`` of them in a
  row truncate the episode.
* Reward: +1 when the agent wins, -1 when another seat does, 0 otherwise; plus
  ``shaping`` × the change of the agent's victory points (its hidden ones included) at each step.
* Truncation at ``max_turns`` turns.
* ``reset(seed=...)`` is reproducible: the game's seed is drawn from the environment's generator
  (bots given by name are made anew from it; a bot object keeps its own state across resets).
* A keyboard interrupt at any point of a step leaves the environment whole: the agent's move
  was played or not at all (the engine's step is atomic), and the observation, the mask and the
  choice in progress are stored together with the game position they belong to.  A step whose
  move was played but whose bots or observation an interrupt cut short is finished by the next
  call (``step`` or ``action_masks``), and that call's id is checked against the mask then;
  when that step ended the game, the next ``step`` reports the end (its ±1) whatever its id.
  A step's reward is noted as given only once the step has built everything it returns, so an
  interrupt inside a step loses neither the end nor the shaping (one after it has returned is
  the caller's).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from .. import bots as _bots  # noqa: F401  (registers the named bots)
from ..engine.actions import Action
from ..engine.game import Game
from ..engine.knowledge.observation import Observation
from ..engine.options import Rules
from ..engine.registry import BotSpec, make_bot
from ..engine.rules.autoplay import SeatToAct
from .actions import Pending, action_space, mask
from .forms import OBS_HIGH, check_form, observation_of, observation_space
from .seat import View, advance, empty_view, play

__all__ = ["ENV_ID", "NAMES", "OBS_HIGH", "CatanEnv", "register_envs", "vp_of"]
NAMES = ("P0", "P1", "P2", "P3", "P4", "P5")
"""The players' names in environment games (seat order)."""


class _Agent:
    """The learning seat's place in the bot list: the play loop stops before it is asked."""

    def choose(self, observation: Observation) -> Action:
        """Never called (the loop stops when the agent must act)."""
        raise RuntimeError("the agent's move comes from env.step")


def vp_of(obs: Observation) -> int:
    """The observing seat's victory points, hidden ones included."""
    assert obs.seat is not None
    return obs.players[obs.seat].vp + (obs.hidden_vp or 0)


class CatanEnv(gym.Env[dict[str, np.ndarray], np.int64]):
    """One seat of a game of Catan against bots (see the module docstring).

    Args:
        opponents: a bot per other seat (registered names such as ``"random"``, ``"greedy"``,
            ``"search"``, or objects with ``choose(observation)``); 2 to 5 of them.
        seat: the agent's seat.
        board: ``"random"`` (a seeded board each game) or ``"beginner"``.
        rules: house rules (:class:`~catan_widget.engine.options.Rules`).
        shaping: weight of the victory-point change added to each step's reward (0: none).
        max_turns: truncate the episode after this many turns.
        illegal_reward: the reward of an id outside the mask (which changes nothing).
        max_illegal: truncate after this many such ids in a row.
        render_mode: ``"ansi"`` (the game's prompt and score line) or None.
        observation: ``"flat"`` (one vector) or ``"dict"`` (board planes and numbers); see
            :mod:`.forms`.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012  (as gymnasium.Env declares it)

    def __init__(
        self,
        opponents: Sequence[BotSpec] = ("random", "random", "random"),
        seat: int = 0,
        board: str = "random",
        rules: Rules | None = None,
        shaping: float = 0.0,
        max_turns: int = 400,
        illegal_reward: float = 0.0,
        max_illegal: int = 100,
        render_mode: str | None = None,
        observation: str = "flat",
    ) -> None:
        """See the class docstring."""
        self.opponents = list(opponents)
        self.players = len(self.opponents) + 1
        if not 3 <= self.players <= 6:
            raise ValueError("give 2 to 5 opponents (a game is for 3 to 6 players)")
        if not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0..{self.players - 1}")
        if render_mode not in (None, "ansi"):
            raise ValueError("render_mode: 'ansi' or None")
        self.seat = seat
        self.board_kind = board
        self.rules = rules
        self.shaping = float(shaping)
        self.max_turns = max_turns
        self.illegal_reward = float(illegal_reward)
        self.max_illegal = max_illegal
        self.render_mode = render_mode
        self.form = check_form(observation)
        self.space = action_space(self.players)
        self.action_space = spaces.Discrete(self.space.n)
        self.observation_space: spaces.Space[dict[str, np.ndarray]] = observation_space(  # type: ignore[assignment]
            self.players, self.form
        )
        self.game: Game | None = None
        self._bots: list[Any] = []
        self._now: View = empty_view(self.space.n)
        self._vp = 0
        self._illegal = 0
        self._ended = False  # the end of the game reported (its ±1 given)

    # --- the Gymnasium API ----------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new game, its seed drawn from the environment's generator (seeded by ``seed``)."""
        super().reset(seed=seed)
        self._start(int(self.np_random.integers(0, 2**63 - 1)))
        now = self._now
        assert now.obs is not None
        self._vp = vp_of(now.obs)
        return self._observation(now), self._info(now)

    @property
    def pending(self) -> Pending:
        """The agent's multi-id choice in progress (a robber's hex, cards chosen to discard)."""
        return self._now.pending

    def _start(self, game_seed: int) -> None:
        """A new game of seed ``game_seed`` and its bots, played to the agent's first move."""
        names = NAMES[: self.players]
        self.game = Game(names, seed=game_seed, board=self.board_kind, rules=self.rules)
        others = iter(self.opponents)
        self._bots = [
            _Agent() if q == self.seat else make_bot(next(others), game_seed, q) for q in range(self.players)
        ]
        self._illegal = 0
        self._ended = False
        self._advance()

    def __getstate__(self) -> dict[str, Any]:
        """Everything but what is derived from the game: the game pickles as its exact save, the
        bots with their generators (so a copy plays on exactly as the original, search bots
        against the clock aside); the observation and the mask are built again on unpickling.
        """
        out = {k: v for k, v in vars(self).items() if k != "_now"}
        out["_pending"], out["_at"] = self._now.pending, self._now.at
        return out

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Take the pickled parts and observe the game again (see :meth:`__getstate__`).

        A pickle from before the environment stored its position (its choice in a ``pending``
        attribute) loads too: its observation was always of the game as pickled.
        """
        state = dict(state)
        old = state.pop("pending", None)  # the attribute is a property now
        pending = state.pop("_pending", old if old is not None else Pending())
        game = state.get("game")
        at = state.pop("_at", None)
        if at is None:
            at = 0 if game is None else len(game.history)
        state.setdefault("_ended", game is not None and game.is_over)
        state.setdefault("form", "flat")
        vars(self).update(state)
        if self.game is None:
            self._now = empty_view(self.space.n)
        else:
            obs = self.game.observe(self.seat)
            self._now = View(obs, pending, mask(obs, pending), at)

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Play id ``action`` for the agent, then the bots until the agent must act again."""
        game, now = self.game, self._now
        if game is None or now.obs is None:
            raise RuntimeError("call reset() before step()")
        if now.at != len(game.history):
            now = self._catch_up()
        if game.is_over and not self._ended:  # the step that ended it was cut short: its outcome
            return self._finish(now)
        code = int(action)
        if not (0 <= code < self.space.n and now.mask[code]):
            self._illegal += 1
            over = game.is_over
            cut = not over and self._illegal >= self.max_illegal
            return self._observation(now), self.illegal_reward, over, cut, self._info(now, illegal=True)
        self._illegal = 0
        now = self._now = play(game, self._bots, SeatToAct(self.seat, self.max_turns), now, code)
        return self._finish(now)

    def action_masks(self) -> np.ndarray:
        """The legal ids now, as ``bool`` (for sb3-contrib's MaskablePPO; a copy)."""
        now, game = self._now, self.game
        if game is not None and now.at != len(game.history):
            now = self._catch_up()
        legal: np.ndarray = now.mask.copy()  # typed here: some stub sets make the copy Any
        return legal

    def render(self) -> str | None:
        """The game in a line or two (``render_mode="ansi"``)."""
        if self.render_mode != "ansi" or self.game is None:
            return None
        g = self.game
        score = ", ".join(f"{p.name} {p.public_victory_points}" for p in g.players)
        return f"turn {g.turn}, {g.phase}: {g.prompt()} | {score}"

    # --- inside -----------------------------------------------------------------------------------
    def _advance(self) -> None:
        """Let the bots play until the agent must act (or the game is over); observe."""
        assert self.game is not None
        self._now = advance(self.game, self._bots, SeatToAct(self.seat, self.max_turns))

    def _catch_up(self) -> View:
        """Finish a step an interrupt cut short after its move (the game has moved on since the
        stored observation): the bots' moves still due, then observe; the view then.
        """
        self._advance()
        return self._now

    def _finish(self, now: View) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """What a step returns, ``now`` being the agent's view after it."""
        obs = now.obs
        assert obs is not None
        terminated = obs.phase == "game_over"
        reward = (1.0 if obs.winner == self.seat else -1.0) if terminated else 0.0
        vp = vp_of(obs) if self.shaping else self._vp
        reward += self.shaping * (vp - self._vp)
        truncated = not terminated and obs.turn >= self.max_turns
        out = (
            observation_of(obs, now.pending, now.mask, self.form),
            reward,
            terminated,
            truncated,
            self._info(now),
        )
        # What this step reports is noted only once it is all built, in one line with no call
        # after it: CPython delivers an interrupt at calls and loop jumps, so the end and the
        # shaping are given by the step that returns them, never lost inside it.
        self._vp, self._ended = vp, self._ended or terminated
        return out

    def _observation(self, now: View) -> dict[str, np.ndarray]:
        assert now.obs is not None
        return observation_of(now.obs, now.pending, now.mask, self.form)

    def _info(self, now: View, illegal: bool = False) -> dict[str, Any]:
        obs = now.obs
        assert obs is not None
        info = {"action_mask": now.mask.copy(), "turn": obs.turn, "phase": obs.phase}
        if illegal:
            info["illegal_action"] = True
        return info


ENV_ID = "catan_widget/Catan-v0"
"""The registered id of :class:`CatanEnv`."""


def register_envs() -> None:
    """Register :data:`ENV_ID` with Gymnasium (done by ``import catan_widget.rl``; idempotent)."""
    if ENV_ID not in gym.registry:
        gym.register(id=ENV_ID, entry_point="catan_widget.rl.gym_env:CatanEnv")
