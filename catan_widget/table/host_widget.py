"""``TableWidget``: the host's own seat (or the teacher's view) at a table, in the kernel.

The same front-end bundle as :class:`~catan_widget.CatanWidget`, but the widget holds no game:
it is one more connection to its :class:`~.table.Table`, in process.  The table's frames
(``welcome``, ``view``) set the traits the front-end draws; the front-end's intents and the
settings it changes go back to the table as the frames of docs/table-protocol.md, judged by the
table exactly as a phone's are (so the host has no way round the table's rules either).  Its
``language`` trait is the connection's language (the hello names it; a change is a ``language``
frame, and the table's welcome brings the front-end's ``words`` in it).
"""

from __future__ import annotations

import json
import logging
from typing import Any

import anywidget
import traitlets

from ..widget import assets
from . import codes
from .defaults import BOT_DELAY
from .table import Connection, Table
from .words import check_language

__all__ = ["TABLE_SETTINGS", "TableWidget"]

logger = logging.getLogger("catan_widget.table")

TABLE_SETTINGS = ("show_counting", "hint_request", "theme", "show_pips", "show_ids")
"""The settings the front-end may change at a table (each goes to the table as a ``set`` frame)."""
_FIXED = {"bot_delay": BOT_DELAY, "view": None, "bots_paused": False, "replay_at": None, "ready_seat": None}
"""Settings of a notebook's widget that a table does not have: put back if the front-end sets them."""


class TableWidget(anywidget.AnyWidget):
    """One seat's (or the teacher's, or a spectator's) view of a :class:`Table`, in a notebook.

    Args:
        table: the table.
        token: the seat's, teacher's or spectator's token (``table.tokens``).
        language: the language this view reads (``"uk"``); None: the table's.
    """

    _esm = assets.bundle_text()
    _css = assets.styles_text()

    board = traitlets.Dict().tag(sync=True)
    state = traitlets.Dict().tag(sync=True)
    legal = traitlets.Dict().tag(sync=True)
    hint = traitlets.Dict().tag(sync=True)
    timeline = traitlets.Dict().tag(sync=True)
    summary = traitlets.Dict().tag(sync=True)
    compact = traitlets.Bool(False).tag(sync=True)
    show_counting = traitlets.Bool(False).tag(sync=True)
    hint_request = traitlets.Int(0).tag(sync=True)
    theme = traitlets.Unicode("auto").tag(sync=True)
    show_pips = traitlets.Bool(False).tag(sync=True)
    show_ids = traitlets.Bool(False).tag(sync=True)
    language = traitlets.Unicode("en").tag(sync=True)
    words = traitlets.Dict().tag(sync=True)
    # a notebook widget's settings the table does not take: fixed ("" hides the bot menu)
    bot_delay = traitlets.Float(BOT_DELAY).tag(sync=True)
    view = traitlets.Int(None, allow_none=True).tag(sync=True)
    bots_paused = traitlets.Bool(False).tag(sync=True)
    replay_at = traitlets.Int(None, allow_none=True).tag(sync=True)
    ready_seat = traitlets.Int(None, allow_none=True).tag(sync=True)
    bot_level = traitlets.Unicode("").tag(sync=True)

    def __init__(self, table: Table, token: str, *, language: str | None = None) -> None:
        super().__init__()
        self.table = table
        self.seat: int | None = None
        """The seat this widget plays (None: a spectator or the teacher)."""
        self.role: str | None = None
        """``"player"``, ``"spectator"`` or ``"teacher"`` once the table welcomed it."""
        self.refused: dict[str, Any] | None = None
        """The table's last ``refused`` frame (``code``, ``reason``), for programs and tests."""
        self._closed = False
        self.on_msg(self._on_msg)
        self.observe(self._setting, names=list(TABLE_SETTINGS))
        self.observe(self._fixed, names=list(_FIXED))
        self.observe(self._language, names=["language"])
        self._conn: Connection = table.connect(self._deliver, self._close)
        self._hello(token, table.language if language is None else check_language(language))

    def _hello(self, token: str, language: str) -> None:
        hello = {"type": "hello", "token": token, "protocol": codes.PROTOCOL, "language": language}
        self._conn.receive(json.dumps(hello))

    def rejoin(self, token: str) -> None:
        """Join again with ``token`` (its link was rotated): the same widget, a new connection."""
        old, language = self._conn, self._conn.language
        self._conn = self.table.connect(self._deliver, self._close)
        self._closed = False
        old.drop()
        self._hello(token, language)

    # --- table -> front-end ----------------------------------------------------------------------
    def _deliver(self, text: str) -> None:
        if self._closed:
            return
        frame = json.loads(text)
        kind = frame.get("type")
        if kind == "welcome":
            self.seat, self.role = frame.get("seat"), frame.get("role")
            with self.hold_sync():
                self.language = frame["language"]
                self.words = frame["words"]
                self.board = frame["board"]
        elif kind == "view":
            with self.hold_sync():
                self.state = frame["state"]
                self.legal = frame["legal"]
                if "hint" in frame:
                    self.hint = frame["hint"]
        elif kind == "refused":
            self.refused = {"code": frame.get("code"), "reason": frame.get("reason")}
            logger.info("table %s: the host's widget was refused: %s", self.table.id, frame.get("code"))

    def _close(self, code: int, reason: str) -> None:
        logger.info("table %s: the host's widget was closed by the table (%d)", self.table.id, code)
        self._drop()

    # --- front-end -> table ----------------------------------------------------------------------
    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not self._closed:
            self._conn.receive(json.dumps({"type": "intent", "body": content}))

    def _setting(self, change: Any) -> None:
        if not self._closed:
            frame = {"type": "set", "name": change["name"], "value": change["new"]}
            self._conn.receive(json.dumps(frame))

    def set_language(self, language: str) -> None:
        """Read ``language`` from now on (``"uk"``); raises ValueError for a language there is
        no catalogue for.
        """
        self.language = check_language(language)

    def _language(self, change: Any) -> None:
        if self._closed or change["new"] == self._conn.language:
            return
        self._conn.receive(json.dumps({"type": "language", "language": change["new"]}))
        if self.language != self._conn.language:  # refused: the table's words stay
            self.language = self._conn.language

    def _fixed(self, change: Any) -> None:
        if change["new"] != _FIXED[change["name"]]:
            setattr(self, change["name"], _FIXED[change["name"]])

    def _drop(self) -> None:
        if not self._closed:
            self._closed = True
            self._conn.drop()

    def close(self) -> None:
        """Leave the table (the seat stays: another device may join it) and close the widget."""
        self._drop()
        super().close()
