"""Joining a table from a notebook: ``CatanWidget.join(link)`` (docs/table-protocol.md).

A seat's link is the address of the table's page with the seat's token in its fragment,
``http://HOST:PORT/t/<table>#k=<token>``.  The widget made from it holds no game: its front-end
(the widget's own bundle) opens the table's WebSocket itself and plays over it
(js/remote.ts), so it works in any kernel — JupyterLite's included, which has no networking of
its own — and the kernel never sees a move or a hand.  The token reaches the front-end in the
trait ``remote``; it is never printed (not in a ``repr``, not in an error).
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit, urlunsplit

import anywidget
import traitlets

from . import assets
from .settings import logger

__all__ = ["JoinWidget", "parse_link"]

TABLE_ID = re.compile(r"[a-z0-9]{1,32}")
"""A table's id (docs/table-protocol.md)."""

TOKEN = re.compile(r"[A-Za-z0-9_-]{16,128}")
"""A seat's token: ``secrets.token_urlsafe`` text."""

LINK_FORM = "http(s)://HOST:PORT/t/<table>#k=<token>"
"""What a seat's link looks like (said by every refusal of a link)."""


def parse_link(link: str) -> dict[str, str]:
    """The table's WebSocket URL, its id and the seat's token from a seat's link.

    Returns ``{"url": "ws://HOST:PORT/ws/<table>", "table": <table>, "token": <token>}`` (``wss``
    for an ``https`` link; a path before ``/t/`` — a table behind a reverse proxy — is kept).
    A link of any other form is a ValueError that says what is wrong, never quoting the token.
    """
    if not isinstance(link, str):
        raise TypeError(f"a table's link is a string ({LINK_FORM}), got {type(link).__name__}")
    parts = urlsplit(link.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"not a table's link: it starts with http:// or https:// ({LINK_FORM})")
    prefix, sep, table = parts.path.rstrip("/").rpartition("/t/")
    if not sep or not TABLE_ID.fullmatch(table):
        raise ValueError(f"not a table's link: its path ends in /t/<table>, an id of a-z0-9 ({LINK_FORM})")
    tokens = parse_qs(parts.fragment).get("k", [])
    if not tokens:
        raise ValueError(f"this link has no seat token (#k=...): ask for the whole link ({LINK_FORM})")
    if len(tokens) > 1 or not TOKEN.fullmatch(tokens[0]):
        raise ValueError(f"this link's seat token is malformed: copy the whole link again ({LINK_FORM})")
    scheme = "wss" if parts.scheme == "https" else "ws"
    url = urlunsplit((scheme, parts.netloc, f"{prefix}/ws/{table}", "", ""))
    return {"url": url, "table": table, "token": tokens[0]}


class JoinWidget(anywidget.AnyWidget):
    """A seat at a table hosted elsewhere (``catan_widget.host``, ``catan-widget serve``).

    Made by ``CatanWidget.join(link)``.  It draws the board the table sends this seat and sends
    the seat's moves to the table, from the front-end: the kernel only passes it the link.
    """

    _esm = assets.bundle_text()
    _css = assets.styles_text()

    remote = traitlets.Dict().tag(sync=True)

    def __init__(self, link: str) -> None:
        super().__init__(remote=parse_link(link))

    @property
    def table(self) -> str:
        """The table's id."""
        return str(self.remote["table"])

    @property
    def url(self) -> str:
        """The table's WebSocket URL (no token in it)."""
        return str(self.remote["url"])

    def set_state(self, sync_data: dict[str, object]) -> None:
        """The front-end sets nothing here (its settings go to the table): every value is refused
        and logged.
        """
        if sync_data:
            logger.warning("catan_widget: a joined table's widget takes no value: %s", list(sync_data))

    def __repr__(self) -> str:
        return f"<JoinWidget table {self.table} at {self.url}>"
