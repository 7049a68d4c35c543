"""``catan_widget.host(...)``: host a table from a notebook cell, each player on their own device.

The table and its server run on the kernel's own event loop (ipykernel runs asyncio), so every
step of the game — a phone's move, a bot's, the host's click — happens on one loop, one at a
time.  The socket is bound before ``host`` returns: the links are known at once.  The host's
widget and the panel of links read the host's language (``language=``, else the process's); each
seat reads its own (docs/table-protocol.md).
"""

from __future__ import annotations

import asyncio
import html
import os
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..engine import Game
from ..engine.language import tr, words
from .codes import TEACHER_ROLE
from .defaults import IDLE_TIMEOUT, OFFER_TIMEOUT
from .host_widget import TableWidget
from .qr import link_html
from .server import TableServer
from .table import Table

__all__ = ["HostedTable", "host"]


class HostedTable:
    """A table hosted from a notebook: the table, its server, the host's widget and the links.

    Made by :func:`host`.  Its notebook display is the host's widget, then one join link per
    human seat (but the host's own) and the spectators' link, each with a QR code.
    """

    def __init__(
        self, table: Table, server: TableServer, view: str | None, language: str | None = None
    ) -> None:
        self.table = table
        """The :class:`Table`: the game (``table.game``), its seats and tokens."""
        self.server = server
        """The :class:`TableServer` serving it (``server.port``, ``server.url``)."""
        self.view = view
        """Whose view the host's widget shows: a player's name, ``"teacher"`` or None (a spectator's)."""
        self.widget = TableWidget(table, self._token(view), language=language or table.language)
        """The host's :class:`TableWidget` (shown by this object's display)."""

    def _token(self, view: str | None) -> str:
        tokens = self.table.tokens
        if view is None:
            return tokens.spectator
        if view == TEACHER_ROLE:  # the host's all-seeing view (every player is shown it is on)
            return tokens.teacher
        token = tokens.seat(self.seat_of(view))
        if token is None:
            raise ValueError(f"view={view!r}: that seat is not a human's")
        return token

    def seat_of(self, name: str) -> int:
        """The seat of the player called ``name`` (a ValueError naming the players otherwise)."""
        names = list(self.table.game.names)
        if name not in names:
            raise ValueError(f"no player called {name!r} at this table (players: {', '.join(names)})")
        return names.index(name)

    @property
    def links(self) -> dict[str, str]:
        """Each human seat's join link by player name (the token in the URL's fragment)."""
        return self.server.links(self.table)

    @property
    def spectator_link(self) -> str:
        """The link for onlookers (the view a player who holds none of the cards has)."""
        return self.server.spectator_link(self.table)

    def give_to_bot(self, name: str) -> None:
        """A bot plays ``name``'s seat from now on (a player who left): the seat's link is
        replaced (whoever holds the old one is disconnected and sees nothing more of the seat);
        :meth:`give_to_human` undoes it, with the new link (:attr:`links`).
        """
        seat = self.seat_of(name)
        self.table.give_to_bot(seat)
        self._rejoin(seat)

    def give_to_human(self, name: str) -> None:
        """``name``'s seat is a human's again: its current link (:attr:`links`) plays it."""
        self.table.give_to_human(self.seat_of(name))

    def rotate(self, name: str) -> str:
        """A new link for ``name``'s seat (the old one opens nothing, its connections are
        closed): the new link, to hand to the player again.
        """
        seat = self.seat_of(name)
        self.table.rotate(seat)
        self._rejoin(seat)
        return self.links[name]

    def rotate_spectators(self) -> str:
        """A new spectators' link (every spectator is disconnected): the new link."""
        self.table.rotate_spectators()
        if self.view is None:
            self.widget.rejoin(self.table.tokens.spectator)
        return self.spectator_link

    @property
    def idle_timeout(self) -> float | None:
        """Seconds a human may leave their move unmade before a bot plays their seat (None: never)."""
        return self.table.idle_timeout

    @idle_timeout.setter
    def idle_timeout(self, seconds: float | None) -> None:
        self.table.idle_timeout = seconds

    def unpause(self) -> None:
        """The bots go on now, whoever reads a dialog (for the rest of this turn)."""
        self.table.unpause()

    def _rejoin(self, seat: int) -> None:
        """The host's own widget follows its seat's new link."""
        token = self.table.tokens.seat(seat)
        if self.view is not None and self.view != TEACHER_ROLE and self.seat_of(self.view) == seat and token:
            self.widget.rejoin(token)

    def stop(self) -> None:
        """Close every connection, stop the server and the bots (the save stays, to restore)."""
        self.widget.close()
        self.table.close()
        self.server.close()

    @property
    def language(self) -> str:
        """The host's language: the host's widget and the panel of links read it."""
        return self.widget.language

    def set_language(self, language: str) -> None:
        """The host's widget (and the panel, when shown again) in ``language`` (``"uk"``);
        raises ValueError for a language there is no catalogue for.  Each seat keeps its own.
        """
        self.widget.set_language(language)

    def links_html(self, language: str | None = None) -> str:
        """The join links with their QR codes, as HTML (the host's own seat left out), in
        ``language`` (default: the host's).
        """
        lang = self.language if language is None else language
        parts = [link_html(name, url) for name, url in self.links.items() if name != self.view]
        # TRANSLATORS: the label of the spectators' join link in the host's panel
        parts.append(link_html(words(tr("Spectators"), lang), self.spectator_link))
        # TRANSLATORS: the heading over the join links and their QR codes; {table} is the table's id
        heading = words(tr("Table {table}: scan or open a link to join", table=self.table.id), lang)
        return (
            f'<div class="cw-table-links"><div style="margin:6px 0">{html.escape(heading)}</div>'
            f"{''.join(parts)}</div>"
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        import ipywidgets  # type: ignore[import-untyped]

        box = ipywidgets.VBox([self.widget, ipywidgets.HTML(self.links_html())])
        return box._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"<HostedTable {self.table.id} at {self.server.url}>"


def host(
    game: Game | None = None,
    seats: Mapping[str, str] | Sequence[str] | None = None,
    *,
    port: int = 0,
    bind: str = "127.0.0.1",
    public_url: str | None = None,
    view: str | None = None,
    save: str | os.PathLike[str] | None = None,
    origins: Iterable[str] = (),
    bot: str = "greedy",
    offer_timeout: float | None = OFFER_TIMEOUT,
    language: str | None = None,
    allowed_hosts: Iterable[str] = (),
    idle_timeout: float | None = IDLE_TIMEOUT,
) -> HostedTable:
    """Host a table from a notebook cell: each human joins from their own device with a link.

    ``table = catan_widget.host(game, seats={"Ada": "human", "Bo": "human", "Cy": "bot",
    "Di": "human"}, view="Ada")`` starts a table server on the kernel's event loop and shows
    the host's widget and one join link (with a QR code) per other human seat, plus a
    spectators' link.

    Args:
        game: the game (a fresh 4-player game when None).
        seats: ``"human"`` or ``"bot"`` (or a bot's name) per player, by name or by seat
            (every seat human when None).
        port: the port (0: a free one).
        bind: the address (``127.0.0.1``: this machine only; ``0.0.0.0`` for a room's devices).
        public_url: the links' base URL behind a reverse proxy (TLS: docs/table.md).
        view: the host's own seat (a player's name), ``"teacher"`` (every hand: the players
            are shown that it is on) or None (a spectator's view).
        save: the file the table writes the game's exact save to after every move
            (``Table.restore`` continues from it).
        origins: other origins allowed to connect (a JupyterLab joining with
            ``CatanWidget.join``: ``"http://localhost:8888"``).
        bot: the bot behind ``"bot"`` seats.
        offer_timeout: seconds a human has to answer a trade offer (None: no countdown).
        language: the host's language (``"uk"``): the host's widget, the panel of links, and
            every seat that names none of its own (docs/table-protocol.md); None: the
            process's (:func:`catan_widget.set_language`, else the environment's).
        allowed_hosts: more ``Host`` names the server answers to (a reverse proxy's
            ``"catan.example.org"``; docs/table.md); the bound address is always allowed.
        idle_timeout: seconds a human may leave their move unmade before a bot plays their
            seat (None: never); ``hosted.idle_timeout = ...`` changes it later.
    """
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        raise RuntimeError(
            "catan_widget.host() needs a running event loop: call it from a notebook cell (or a coroutine)"
        ) from None
    game = game if game is not None else Game()
    if seats is None:
        seats = ["human"] * len(game.names)
    table = Table(
        game,
        seats,
        bot=bot,
        save=save,
        offer_timeout=offer_timeout,
        language=language,
        idle_timeout=idle_timeout,
    )
    server = TableServer(
        [table], bind=bind, port=port, public_url=public_url, origins=origins, allowed_hosts=allowed_hosts
    )
    try:
        hosted = HostedTable(table, server, view, language)
    except BaseException:
        server.close()
        raise
    server.start()
    table.start()
    return hosted
