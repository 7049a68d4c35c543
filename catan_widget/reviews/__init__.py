"""Game review: who was winning at every position, each decision graded, the key moments.

    from catan_widget import review
    r = review(game)              # a Game (finished or not), a save's text or its path
    r.accuracy                    # per seat, 0–100
    r.key_moments()               # the largest swings, one sentence each
    r.to_pandas()                 # one row per decision (pandas optional)
    plots.win_chances(r)          # the chart

How it works (docs/review.md): a value model fitted on bot games (:mod:`.model`) gives each
seat's win chance from a position's features (:mod:`.features`); the chart reads the whole
position (all-seeing); each decision is graded from the deciding seat's observation only
(:mod:`.grading`), against the best move it could have found; accuracy follows lichess's curve.
"""

from __future__ import annotations

from .grading import GRADES, SAMPLES, THRESHOLDS, move_accuracy
from .model import ValueModel, load_model
from .report import Decision, Moment, Review
from .run import ReviewCancelledError, review

__all__ = [
    "GRADES",
    "SAMPLES",
    "THRESHOLDS",
    "Decision",
    "Moment",
    "Review",
    "ReviewCancelledError",
    "ValueModel",
    "load_model",
    "move_accuracy",
    "review",
]
