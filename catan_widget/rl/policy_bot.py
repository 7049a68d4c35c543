"""A trained policy as a bot: :class:`PolicyBot` plays wherever a bot plays (``Game.play``,
``tournament``, the widget's seats through a registered name).

A policy is any callable taking the environments' observation ``{"observation": float32 vector,
"action_mask": int8 vector}`` (:func:`.features.flat`, :func:`.actions.mask`), or the dict form
of a policy trained with ``observation="dict"`` (:mod:`.forms`), and returning an action id.
The bot builds that from the observation it is handed (``game.observe(seat)``, so it sees only
what its seat may know), asks the policy id after id until an engine action is complete (a
robber's hex then its victim, a discard card by card) and returns that action.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..engine.actions import Action
from ..engine.knowledge.observation import Observation
from ..engine.registry import register_bot
from .actions import Pending, mask, step_id
from .forms import check_form, observation_of

Policy = Callable[[dict[str, np.ndarray]], Any]
"""Observation dict -> action id (an int, or anything ``int()`` takes: a NumPy scalar or 0-d array)."""


class PolicyBot:
    """A bot choosing with ``policy`` (see the module docstring).

    ``on_illegal``: what an id outside the mask does: ``"raise"`` (a ``ValueError``) or
    ``"first"`` (the first id of the mask is played instead; counted in ``illegal``).
    ``observation``: the form the policy takes, as the environments' option (:mod:`.forms`).
    """

    def __init__(self, policy: Policy, on_illegal: str = "raise", observation: str = "flat") -> None:
        """Wrap ``policy``."""
        if on_illegal not in ("raise", "first"):
            raise ValueError("on_illegal: 'raise' or 'first'")
        self.form = check_form(observation)
        self.policy = policy
        self.on_illegal = on_illegal
        self.illegal = 0

    def choose(self, observation: Observation) -> Action:
        """The engine action the policy's ids make for the observing seat."""
        pending = Pending()
        while True:
            legal = mask(observation, pending)
            if not legal.any():
                raise ValueError("the observing seat has nothing to do now")
            code = int(self.policy(observation_of(observation, pending, legal, self.form)))
            if not (0 <= code < legal.size and legal[code]):
                if self.on_illegal == "raise":
                    raise ValueError(f"the policy chose id {code}, outside the mask")
                self.illegal += 1
                code = int(np.flatnonzero(legal)[0])
            action = step_id(observation, pending, code)
            if action is not None:
                return action

    @classmethod
    def from_maskable(cls, model: Any, deterministic: bool = True, observation: str = "flat") -> PolicyBot:
        """A bot of a trained sb3-contrib ``MaskablePPO`` (anything with
        ``predict(obs, action_masks=..., deterministic=...)``), on the environments' observation
        in the form it was trained on.
        """

        def policy(obs: dict[str, np.ndarray]) -> int:
            legal = obs["action_mask"].astype(bool)
            action, _ = model.predict(obs, action_masks=legal, deterministic=deterministic)
            return int(action)

        return cls(policy, observation=observation)


def register_policy(name: str, policy: Policy, observation: str = "flat") -> None:
    """Register ``policy`` as the bot ``name``, so ``Game.play(bots=name)``, tournaments by name
    and the widget's seats find it (one :class:`PolicyBot` per seat, ``observation`` its form).
    The name lives in this process: workers started by spawn or on Ray need the bot itself.
    """
    check_form(observation)
    register_bot(name, lambda seed, seat: PolicyBot(policy, observation=observation))
