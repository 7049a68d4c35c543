"""Places named as players see them, at the path the notebooks import:
:mod:`catan_widget.engine.words.places`.
"""

from __future__ import annotations

from .words.places import *  # noqa: F403
