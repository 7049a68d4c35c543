"""The words of a table's marks, in one place: sent once, in the welcome's board
(``board.table_words``, docs/table-protocol.md), and shown as sent by the front-end
(js/presence.ts): the banner every player sees while the host's teacher view is open, and each
human seat's presence in the players' panel.
"""

from __future__ import annotations

TEACHER_ON = "Teacher view is on: the host sees every hand"
"""The banner shown to every seat while the host's all-seeing view is open."""

CONNECTED = "connected"
"""A human seat's mark while a device holds it."""

AWAY = "away"
"""A human seat's mark while no device holds it (the seat waits; the host may give it to a bot)."""

TABLE_WORDS: dict[str, str] = {"teacher": TEACHER_ON, "connected": CONNECTED, "away": AWAY}
"""``board.table_words``: the marks' words by the key the front-end reads."""
