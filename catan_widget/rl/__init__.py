"""Reinforcement learning on catan_widget: a fixed action encoding, observation features and
Gymnasium / PettingZoo environments (the optional extra ``rl``: numpy, gymnasium, pettingzoo).

* :mod:`.actions`: one ``Discrete(n)`` per player count (:func:`action_space`), :func:`encode`,
  :func:`decode`, :func:`mask`;
* :mod:`.features`: observation vectors built from ``game.observe(seat)`` only, and the
  all-seeing :func:`state_vector` for centralised critics;
* :mod:`.gym_env`: ``gymnasium.make("catan_widget/Catan-v0", opponents=["greedy"] * 3)``
  (registered when this package is imported);
* :mod:`.aec`: PettingZoo environments of every seat (``from catan_widget.rl import aec``;
  ``aec.env()``, ``aec.parallel_env()``);
* :mod:`.policy_bot`: a trained policy as a bot for ``Game.play``, the widget and ``tournament``.

See docs/rl.md.
"""

from __future__ import annotations

from .actions import MAX_OFFERS, ActionSpace, Pending, action_space, decode, encode, mask, step_id
from .features import feature_dict, feature_names, flat, state_size, state_vector
from .gym_env import ENV_ID, CatanEnv, register_envs
from .policy_bot import PolicyBot, register_policy

register_envs()

__all__ = [
    "ENV_ID",
    "MAX_OFFERS",
    "ActionSpace",
    "CatanEnv",
    "Pending",
    "PolicyBot",
    "action_space",
    "decode",
    "encode",
    "feature_dict",
    "feature_names",
    "flat",
    "mask",
    "register_envs",
    "register_policy",
    "state_size",
    "state_vector",
    "step_id",
]
