"""Who is looking: a :data:`Viewer` is a seat, an onlooker, or all-seeing.

* a seat (0..n-1, at most 0..5): that player, who sees their own hand and cards and what the events show them;
* :data:`ONLOOKER`: somebody at the table who holds no cards (a hot-seat hand-over, a bot's turn
  at a shared screen): public information only;
* :data:`ALL_SEEING`: every hand and card (a teacher's view, the analysis of a finished game),
  on purpose and by name; still no deck order and no random state.

Everything a viewer is shown comes from one observation, ``game.observe(viewer)``.  ``None``
used to mean all-seeing in ``observe`` but an onlooker in ``log_for`` and ``prompt``: it is still
accepted there with its old meaning and a DeprecationWarning (:func:`check_viewer`).
"""

from __future__ import annotations

import warnings
from typing import Final

__all__ = ["ALL_SEEING", "ONLOOKER", "Viewer", "check_viewer", "sees_all", "viewer_name"]

Viewer = int
"""A seat index (0..n-1, at most 0..5), :data:`ONLOOKER` or :data:`ALL_SEEING`."""

ALL_SEEING: Final = -1
"""The viewer who sees every hand and card (the widget's teacher view)."""
ONLOOKER: Final = -2
"""The viewer who sees public information only."""


def sees_all(viewer: Viewer) -> bool:
    """True for the all-seeing viewer."""
    return viewer == ALL_SEEING


def viewer_name(viewer: Viewer) -> str:
    """``"seat 2"``, ``"ONLOOKER"`` or ``"ALL_SEEING"`` (for messages)."""
    if viewer == ALL_SEEING:
        return "ALL_SEEING"
    if viewer == ONLOOKER:
        return "ONLOOKER"
    return f"seat {viewer}"


def check_viewer(value: object, seats: int, *, none: Viewer, where: str) -> Viewer:
    """``value`` as a :data:`Viewer` of a game of ``seats`` players.

    ``None`` keeps its old meaning in ``where`` (``none``: :data:`ALL_SEEING` for ``observe``,
    :data:`ONLOOKER` for ``log_for``, ``prompt`` and ``card_counter``) with a DeprecationWarning
    naming the constant to use.  Anything else that is not a seat or a constant: ValueError.
    """
    if value is None:
        name = viewer_name(none)
        warnings.warn(
            f"{where}(None) is deprecated: None meant different viewers in different calls; "
            f"pass catan_widget.engine.viewer.{name} (here None means {name})",
            DeprecationWarning,
            stacklevel=3,
        )
        return none
    if type(value) is int and (value in (ALL_SEEING, ONLOOKER) or 0 <= value < seats):
        return value
    raise ValueError(
        f"{where}() takes a seat 0..{seats - 1}, a player's name, ONLOOKER or ALL_SEEING, got {value!r}"
    )
