"""The widget's Python side: ``CatanWidget`` (traits down, intents up, bots on a timer).

:mod:`.view` turns a game into the JSON of docs/protocol.md, :mod:`.protocol` validates every
message from the front-end, :mod:`.undo` keeps the snapshots for taking moves back.
"""

from __future__ import annotations

from .widget import CatanWidget

__all__ = ["CatanWidget"]
