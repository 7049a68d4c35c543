"""The environments' observation and its space, in one of two forms, for every environment and
:class:`.policy_bot.PolicyBot` alike.

* ``"flat"`` (the default): ``{"observation": float32[F], "action_mask": int8[n]}``, the vector of
  :func:`.features.flat`, for an MLP policy (sb3's ``MultiInputPolicy`` or a custom extractor);
* ``"dict"``: ``{"hexes": float32[hex, 9], "nodes": float32[node, 6 + 2 players],
  "edges": float32[edge, players], "numbers": float32[N], "action_mask": int8[n]}``, the same
  numbers as board planes (:func:`.features.feature_dict`), for convolutional or graph encoders.

Every value lies in ``[0, OBS_HIGH]``; the mask is the same in both.
"""

from __future__ import annotations

from typing import Final

import numpy as np
from gymnasium import spaces

from ..engine.knowledge.observation import Observation
from .actions import Pending, action_space
from .features import CLIP, flat, shapes, split

FORMS: Final = ("flat", "dict")
"""The observation forms, by the name the ``observation=`` options take."""
OBS_HIGH: Final = CLIP
"""The observation boxes' upper bound: every feature lies in ``[0, 10]`` (scaled, and clipped)."""


def check_form(form: str) -> str:
    """``form`` if it is one of :data:`FORMS`, else a ValueError naming them."""
    if form not in FORMS:
        raise ValueError(f"observation: one of {', '.join(map(repr, FORMS))}, not {form!r}")
    return form


def observation_space(players: int, form: str = "flat") -> spaces.Dict:
    """The observation space of a game of ``players`` in ``form`` (see the module docstring): a
    new one each call (a space holds its own generator for ``sample``).
    """
    sh = shapes(players)
    mask_space = spaces.MultiBinary(action_space(players).n)
    if check_form(form) == "flat":
        parts: dict[str, spaces.Space[np.ndarray]] = {
            "observation": spaces.Box(0.0, OBS_HIGH, (sh.size,), np.float32)
        }
    else:
        shaped = (("hexes", sh.hexes), ("nodes", sh.nodes), ("edges", sh.edges), ("numbers", sh.numbers))
        parts = {name: spaces.Box(0.0, OBS_HIGH, shape, np.float32) for name, shape in shaped}
    return spaces.Dict({**parts, "action_mask": mask_space})


def observation_of(
    obs: Observation, pending: Pending | None, legal: np.ndarray, form: str
) -> dict[str, np.ndarray]:
    """A seat's observation in ``form``: its features (with ``pending``, the choice in progress)
    and ``legal``, its mask (copied, as ``int8``).
    """
    vector = flat(obs, pending)
    if form == "flat":
        return {"observation": vector, "action_mask": legal.astype(_MASK)}
    return {**split(vector, len(obs.players)), "action_mask": legal.astype(_MASK)}


_MASK: Final = np.dtype(np.int8)
"""The observation's mask dtype (a dtype object is taken faster than the scalar type)."""
