"""A table: one game played by people each at their own device (docs/table-protocol.md).

:class:`Table` is the sole authority for its game: it seats humans and bots, binds each
connection to one seat by its token, deals each seat only its own view, plays the bots and the
offers' countdown on the running event loop and writes the save after every move.  The
transport (a WebSocket server, the host's widget) hands each client's frames to
:meth:`Connection.receive`.  This package imports no web library; the server module does.
"""

from __future__ import annotations

from .connection import Connection
from .store import TableFileError
from .table import Table
from .tokens import TableTokens

__all__ = ["Connection", "Table", "TableFileError", "TableTokens"]
