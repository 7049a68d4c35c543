"""The review's value model: each player's chance to win a position, a softmax over the seats.

A conditional logit: every seat ``p`` gets the score ``w · x_p`` (:func:`.features.features`,
one weight per feature, shared by all seats), and its win chance is
``exp(score_p) / Σ_q exp(score_q)``: the chances always sum to 1, for 3 to 6 players alike.  A
finished game gives its winner 1 and the others 0, and so does a win in hand: the turn player,
having rolled (in the main phase, a trade or Road Building), one point short and holding the
cards of a city or settlement it has room for (it builds and wins at once: bots sample such
positions too seldom for a fit to learn it).

The weights are data (``weights.json`` beside this module), fitted offline with numpy by
``tools/fit_review_model.py`` on bot games of its tuning seeds (the file records which, the
feature names and the held-out loss); here they are read with the standard library only, so the
model runs anywhere the engine runs (JupyterLite included).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine.phases import MAIN, ROAD_BUILDING, TRADE_CONFIRM, TRADE_RESPONSE
from .features import NAMES, features

if TYPE_CHECKING:
    from ..engine.board.layouts import Board
    from ..engine.state import State

_SHORT, _CITY, _SETTLEMENT = (NAMES.index(k) for k in ("one_point_short", "city_ready", "settlement_ready"))
_BUILDING = (MAIN, ROAD_BUILDING, TRADE_RESPONSE, TRADE_CONFIRM)
"""Phases of a turn in which the turn player has rolled and will be able to build."""
WEIGHTS_FILE = Path(__file__).with_name("weights.json")
"""The fitted model: ``{"features": [...], "weights": [...], "fit": {...}}``."""


@dataclass(frozen=True)
class ValueModel:
    """Fitted weights, one per feature of :data:`.features.NAMES`, and how they were fitted."""

    weights: tuple[float, ...]
    fit: dict[str, Any]

    def chances(
        self, s: State, board: Board, target: int = 10, turn_player: int | None = None
    ) -> list[float]:
        """Each seat's chance to win position ``s`` (all-seeing), summing to 1; ``turn_player``:
        whose turn it is taken to be (default: the position's, see :func:`.features.features`).
        """
        if s.winner >= 0:
            return [1.0 if p == s.winner else 0.0 for p in range(s.n)]
        w = self.weights
        xs = features(s, board, target, turn_player)
        p = s.turn_player
        if s.phase in _BUILDING and xs[p][_SHORT] and (xs[p][_CITY] or xs[p][_SETTLEMENT]):
            return [1.0 if q == p else 0.0 for q in range(s.n)]
        scores = [sum(a * b for a, b in zip(w, x)) for x in xs]
        top = max(scores)
        exps = [math.exp(v - top) for v in scores]
        total = sum(exps)
        return [e / total for e in exps]


@cache
def load_model() -> ValueModel:
    """The shipped model (read once); raises ValueError when its features are not :data:`NAMES`."""
    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    names = tuple(data["features"])
    if names != NAMES:
        raise ValueError(
            f"{WEIGHTS_FILE.name} was fitted on other features: refit with tools/fit_review_model.py"
        )
    return ValueModel(tuple(float(v) for v in data["weights"]), dict(data.get("fit", {})))
