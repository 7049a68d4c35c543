"""The table server: one port serving each table's page, the front-end bundle and its WebSocket.

Addresses and messages are those of docs/table-protocol.md: ``/t/<table>`` (the bare page),
``/static/widget.js`` and ``/static/widget.css`` (the widget's own bundle), ``/ws/<table>``
(the WebSocket, whose frames go to :meth:`Connection.receive` of that table), ``/healthz`` and
``/metrics`` (each table's counts, Prometheus text: :mod:`.metrics`).  One server holds any
number of tables; every table step runs on the server's event loop (no threads).  Only a
``Host`` on the allow-list is answered (:mod:`.hosts`), only ``GET``, and every answer carries
the headers of :mod:`.http`.

Why ``websockets`` rather than Starlette + uvicorn: it is well kept (a release every few
months for a decade, complete docs), asyncio-native, so the server runs on the loop that is
already there — a kernel's — instead of owning one as uvicorn does, and it is one small
pure-Python dependency where Starlette + uvicorn bring several (anyio, h11, click...).  Its
``process_request`` hook answers plain HTTP on the same port, which is all the page and the
bundle need: two static files and one page per table, no routing framework.

Limits: a frame is refused above the protocol's 16 KiB by the table (``too_big``, nothing
changes); a frame over :data:`TRANSPORT_LIMIT` is not even read (close 1009).  A connection
that sends no ``hello`` within :data:`HELLO_TIMEOUT` seconds is closed with 4408; an
``Origin`` that does not name this server (nor is one given) is closed with 4403.  Each
connection has a bounded send queue: a client that does not read its frames (:data:`SEND_QUEUE`
queued while its socket is full) is dropped with 1013 and resyncs when it reconnects, so a slow
client never holds up its table.  Who gets a connection at a table — each link's own slots, the
spectators' budget, the sockets before their hello — is the table's to decide
(:mod:`.admission`), so a flood of connections cannot exhaust the server's memory through one
table nor keep a seat out.  Closes for rate or size are logged for the operator (:mod:`.ops`).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import dataclasses
import logging
import re
import socket
import warnings
from collections.abc import Iterable
from pathlib import Path

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from ..engine.language import get_language, trc
from . import http
from .admission import Admission
from .codes import CLOSE_NO_HELLO, CLOSE_ORIGIN, CLOSE_REFUSED
from .connection import NO_HELLO
from .hosts import ANY_ADDRESS, Hosts
from .limits import HELLO_SECONDS, MAX_FRAME
from .metrics import CONTENT_TYPE, prometheus
from .ops import REFUSALS, event
from .table import Connection, Table
from .words import close_reason

__all__ = ["HELLO_TIMEOUT", "SEND_QUEUE", "TRANSPORT_LIMIT", "TableServer", "own_url"]

logger = logging.getLogger("catan_widget.table")

FRAME_LIMIT = MAX_FRAME
"""The protocol's largest client frame (the table refuses larger ones with ``too_big``)."""
TRANSPORT_LIMIT = 4 * FRAME_LIMIT
"""The largest frame the server reads at all: larger ones close the connection (1009)."""
HELLO_TIMEOUT = HELLO_SECONDS
"""Seconds a new connection has to send its ``hello`` (then 4408)."""
SEND_QUEUE = 64
"""Frames queued for one connection before it counts as too slow and is dropped (1013)."""
CLOSE_TOO_SLOW = 1013
_WRITE_LIMIT = 2**15  # websockets' own: send() waits while more than this is unsent
_CLOSE_SECONDS = 3.0  # a close handshake after which the TCP connection is cut
_HARD_LIMIT = 16  # times SEND_QUEUE: dropped whatever the socket says (bounded memory)

_PAGE = re.compile(r"/t/([a-z0-9]{1,32})")
_SOCKET = re.compile(r"/ws/([a-z0-9]{1,32})")
_STATIC = re.compile(r"/static/([a-z0-9_-]{1,64}\.(?:js|css))")
_LOGGED_CLOSES = {1009: "too big", 1013: "too slow", CLOSE_REFUSED: "refused too often"}
"""Closes for size or rate, said to the operator."""

# TRANSLATORS: the page of a link whose table this server does not hold (a plain-text page)
_NO_TABLE_PAGE = trc("http", "No such table.")
# TRANSLATORS: the page of an address this server has nothing at (a plain-text page)
_NOT_FOUND_PAGE = trc("http", "Not found.")
# TRANSLATORS: why the server closed a connection (a WebSocket close reason: keep it short)
_NO_TABLE = trc("close reason", "no such table")
# TRANSLATORS: why the server closed a connection (a WebSocket close reason: keep it short)
_ORIGIN = trc("close reason", "origin not allowed")
# TRANSLATORS: why the server closed a connection (a WebSocket close reason: keep it short)
_TOO_SLOW = trc("close reason", "too slow: reconnect to resync")


def own_url(bind: str, port: int) -> str:
    """The server's base URL for links: ``http://<bind>:<port>``, or this machine's name for any address."""
    host = socket.gethostname() if bind in ANY_ADDRESS else bind
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}"


class _Pipe:
    """One WebSocket's outgoing side: a bounded queue written by one task, and the close asked for."""

    def __init__(self, ws: ServerConnection, limit: int, server: TableServer) -> None:
        self.ws = ws
        self.server = server
        self.limit = limit
        self.queue: collections.deque[str] = collections.deque()
        self.wake = asyncio.Event()
        self.closing: tuple[int, str] | None = None
        self.writer: asyncio.Task[None] | None = None
        self.conn: Connection | None = None
        """The table's connection this pipe carries (its language words a close reason)."""

    def send(self, text: str) -> None:
        """Queue one frame (the table's ``send``); a full queue drops the client."""
        if self.closing is not None:
            return
        if len(self.queue) >= self.limit and (
            self._backed_up() or len(self.queue) >= _HARD_LIMIT * self.limit
        ):
            self.queue.clear()
            language = self.conn.language if self.conn is not None else get_language()
            self.closing = (CLOSE_TOO_SLOW, close_reason(_TOO_SLOW, language))
            self.server.counts["too_slow"] += 1
            if self.writer is not None:
                self.writer.cancel()  # blocked on the full socket: a close frame would wait too
            if self.ws.transport is not None:
                self.ws.transport.abort()
            return
        self.queue.append(text)
        self.wake.set()

    def _backed_up(self) -> bool:
        """True when the socket itself is full (the client is not reading), not just a burst."""
        transport = self.ws.transport
        return transport is None or transport.get_write_buffer_size() >= _WRITE_LIMIT

    def close(self, code: int, reason: str) -> None:
        """Close once every queued frame is sent (the table's ``close``: a refusal, then the code)."""
        if self.closing is None:
            self.closing = (code, reason)
            self.wake.set()

    async def write(self) -> None:
        """Send the queued frames in order, then close when asked to."""
        ws = self.ws
        with contextlib.suppress(ConnectionClosed):
            while True:
                await self.wake.wait()
                self.wake.clear()
                while self.queue:
                    await ws.send(self.queue.popleft())
                if self.closing is not None:
                    await _close(ws, *self.closing)
                    return


def _address(ws: ServerConnection) -> str | None:
    """The peer's IP address (None when the socket has none)."""
    peer = ws.remote_address
    return str(peer[0]) if isinstance(peer, tuple) and peer else None


def _log_close(ws: ServerConnection, table: Table, conn: Connection, pipe: _Pipe) -> None:
    """A connection closed for its rate or size: one line for the operator."""
    code = pipe.closing[0] if pipe.closing is not None else ws.close_code
    if code in _LOGGED_CLOSES:
        table.counts["closes", str(code)] += 1
        who = f"seat {conn.seat}" if conn.seat is not None else f"a {conn.role or 'new'} connection"
        address = conn.address or "-"
        event(
            "close",
            "table %s: %s from %s closed (%s): %s",
            table.id,
            who,
            address,
            code,
            _LOGGED_CLOSES[code],
            table=table.id,
            seat=conn.seat,
            role=conn.role,
            code=str(code),
            address=address,
        )


def _log_failure(task: asyncio.Task[None]) -> None:
    """A background start that failed says so in the log (nothing else would show it)."""
    if not task.cancelled() and task.exception() is not None:
        logger.error("the table server could not start", exc_info=task.exception())


async def _close(ws: ServerConnection, code: int, reason: str) -> None:
    """Close with ``code``; a client that reads nothing (the close frame cannot leave) is cut off."""
    try:
        await asyncio.wait_for(ws.close(code, reason), _CLOSE_SECONDS)
    except (asyncio.TimeoutError, ConnectionClosed):
        if ws.transport is not None:
            ws.transport.abort()


class TableServer:
    """A WebSocket + HTTP server for any number of :class:`Table` s, on the running event loop.

    The listening socket is bound at construction (so :attr:`port` and the links are known at
    once, even before the loop serves it); :meth:`start` (inside a running loop) or
    ``await server.open()`` begins serving; :meth:`close` / ``await server.aclose()`` stop it
    and close every connection.

    Args:
        tables: the tables to serve (more with :meth:`add`).
        bind: the address to listen on (``127.0.0.1``: this machine only; ``0.0.0.0`` for a
            room's devices, ideally behind a TLS reverse proxy: docs/table.md).
        port: the port (0: any free one).
        public_url: the base URL the links use when the server is reached through a proxy
            (``https://catan.example.org``); its host and origin are allowed too.
        origins: other origins allowed to open a WebSocket (a JupyterLab or JupyterLite that
            joins with ``CatanWidget.join``): ``"http://localhost:8888"``.
        allowed_hosts: more ``Host`` names answered (``"catan.example.org"``, any port;
            ``"10.0.0.5:8765"``): what a reverse proxy forwards, an address of this machine.
            The bound address and port, and the links' host, are allowed without it.
        hello_timeout: seconds to send ``hello``.
        send_queue: frames queued per connection before it is dropped as too slow.
        admission: the slots of every table served (each link's, the spectators', the sockets
            before their hello: :class:`~.admission.Admission`); None: each table's own.
        max_connections: deprecated: ``admission=Admission(spectators=...)``.
    """

    def __init__(
        self,
        tables: Iterable[Table] = (),
        *,
        bind: str = "127.0.0.1",
        port: int = 0,
        public_url: str | None = None,
        origins: Iterable[str] = (),
        allowed_hosts: Iterable[str] = (),
        hello_timeout: float = HELLO_TIMEOUT,
        send_queue: int = SEND_QUEUE,
        admission: Admission | None = None,
        max_connections: int | None = None,
    ) -> None:
        """See the class docstring."""
        if max_connections is not None:
            warnings.warn(
                "TableServer(max_connections=...) is deprecated: a table's spectators have their own "
                "budget and each seat its own slots; use admission=Admission(spectators=...)",
                DeprecationWarning,
                stacklevel=2,
            )
            admission = dataclasses.replace(admission or Admission(), spectators=max_connections)
        self.admission = admission
        """The slots every table served gets (None: each keeps its own)."""
        self.tables: dict[str, Table] = {}
        self.hello_timeout = float(hello_timeout)
        self.send_queue = int(send_queue)
        self.counts: collections.Counter[str] = collections.Counter()
        """What the server turned away or dropped, by name (``/metrics``)."""
        family = socket.AF_INET6 if ":" in bind else socket.AF_INET
        self._sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            self._sock.bind((bind, port))
            self._sock.listen(128)
            self._sock.setblocking(False)
        except OSError:
            self._sock.close()
            raise
        self.bind = bind
        self.port: int = self._sock.getsockname()[1]
        """The port listened on."""
        self.url = (public_url or own_url(bind, self.port)).rstrip("/")
        """The base URL of every link (``public_url`` when given)."""
        self.hosts = Hosts(bind, self.port, self.url, allowed_hosts, origins)
        """The ``Host`` names answered and the origins allowed."""
        self._server: Server | None = None
        self._opening: asyncio.Task[None] | None = None
        self._closed = False
        for table in tables:
            self.add(table)

    # --- tables and links ----------------------------------------------------------------------
    def add(self, table: Table) -> Table:
        """Serve ``table`` too (its id must be new here); returns it."""
        if table.id in self.tables:
            raise ValueError(f"a table with the id {table.id!r} is already served")
        if self.admission is not None:  # a copy: the spectators' budget is each table's own
            table.admission = dataclasses.replace(self.admission)
        self.tables[table.id] = table
        return table

    def link(self, table: Table, token: str) -> str:
        """The page's address for ``token`` at ``table``: the token in the fragment, never sent."""
        return f"{self.url}/t/{table.id}#k={token}"

    def links(self, table: Table) -> dict[str, str]:
        """Each seat with a token (the human seats), by player name: its join link."""
        links: dict[str, str] = {}
        for seat, name in enumerate(table.game.names):
            token = table.tokens.seat(seat)
            if token is not None:
                links[name] = self.link(table, token)
        return links

    def spectator_link(self, table: Table) -> str:
        """The spectators' link of ``table`` (the onlooker's view)."""
        return self.link(table, table.tokens.spectator)

    # --- serving -------------------------------------------------------------------------------
    async def open(self) -> None:
        """Serve on the running loop (returns once the server accepts connections)."""
        if self._server is None and not self._closed:
            self._server = await serve(
                self._handle,
                sock=self._sock,
                process_request=self._http,
                max_size=TRANSPORT_LIMIT,
                max_queue=4,
                write_limit=_WRITE_LIMIT,
                close_timeout=2,
                logger=logging.getLogger("catan_widget.table.websockets"),
            )

    def start(self) -> asyncio.Task[None]:
        """Start serving from synchronous code running on the loop (a notebook cell)."""
        if self._opening is None:
            self._opening = asyncio.get_running_loop().create_task(self.open())
            self._opening.add_done_callback(_log_failure)
        return self._opening

    def close(self) -> None:
        """Stop listening and close every connection (from synchronous code on the loop)."""
        if self._closed:
            return
        self._closed = True
        if self._opening is not None and not self._opening.done():
            self._opening.cancel()
        if self._server is not None:
            self._server.close(close_connections=True)
        else:
            self._sock.close()

    async def aclose(self) -> None:
        """:meth:`close` and wait until every connection is closed."""
        self.close()
        if self._server is not None:
            try:
                await asyncio.wait_for(asyncio.shield(self._server.wait_closed()), _CLOSE_SECONDS + 1)
            except asyncio.TimeoutError:  # clients that read nothing: cut them off
                for ws in list(self._server.connections):
                    if ws.transport is not None:
                        ws.transport.abort()
                await self._server.wait_closed()

    @property
    def too_slow(self) -> int:
        """Connections dropped so far for not reading their frames."""
        return self.counts["too_slow"]

    def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        path = request.path.partition("?")[0]
        address = _address(connection)
        if request.method != "GET":
            self._turned_away("405", address)
            return http.not_allowed(request)
        host = request.headers.get("Host")
        if not self.hosts.allows(host):
            self._turned_away("421", address)
            return http.misdirected(request)
        if m := _SOCKET.fullmatch(path):
            return None if m.group(1) in self.tables else http.page(404, "Not Found", _NO_TABLE_PAGE, request)
        if m := _PAGE.fullmatch(path):
            if m.group(1) not in self.tables:
                return http.page(404, "Not Found", _NO_TABLE_PAGE, request)
            return http.file_response(http.PAGE_FILE, "text/html; charset=utf-8", "no-store", host or "")
        if m := _STATIC.fullmatch(path):
            name = m.group(1)
            return http.file_response(name, http.TYPES[Path(name).suffix], "no-cache")
        if path == "/healthz":
            return http.text(200, "OK", f"ok {len(self.tables)} tables\n")
        if path == "/metrics":
            counts = {"too_slow_total": self.too_slow, "turned_away_total": self.counts["turned_away"]}
            return http.response(200, "OK", prometheus(self.tables.values(), counts).encode(), CONTENT_TYPE)
        return http.page(404, "Not Found", _NOT_FOUND_PAGE, request)

    def _turned_away(self, code: str, address: str | None) -> None:
        self.counts["turned_away"] += 1
        REFUSALS.count(code, address)

    def _origin_allowed(self, ws: ServerConnection) -> bool:
        origin = ws.request.headers.get("Origin") if ws.request is not None else None
        if origin is None:
            return True  # not a browser (a notebook kernel, a script): the token decides
        return self.hosts.allows_origin(origin)

    async def _handle(self, ws: ServerConnection) -> None:
        assert ws.request is not None
        table = self.tables.get(ws.request.path.partition("?")[0].rsplit("/", 1)[-1])
        if table is None:  # removed since the handshake
            await _close(ws, 1008, close_reason(_NO_TABLE, get_language()))
            return
        if not self._origin_allowed(ws):
            self._turned_away(str(CLOSE_ORIGIN), _address(ws))
            await _close(ws, CLOSE_ORIGIN, close_reason(_ORIGIN, table.language))
            return
        await self._serve(ws, table)

    async def _serve(self, ws: ServerConnection, table: Table) -> None:
        """One WebSocket of ``table``: its frames to the table, the table's frames back."""
        pipe = _Pipe(ws, self.send_queue, self)
        pipe.writer = asyncio.get_running_loop().create_task(pipe.write())
        conn: Connection = table.connect(pipe.send, pipe.close, address=_address(ws))
        pipe.conn = conn
        loop = asyncio.get_running_loop()
        timer = loop.call_later(self.hello_timeout, self._hello_late, conn, pipe)
        try:
            async for frame in ws:  # read on while closing: the client's close frame is behind
                if pipe.closing is None:
                    conn.receive(frame)
                    await asyncio.sleep(0)  # the writers run between two frames of a burst
        except ConnectionClosed:
            pass
        finally:
            timer.cancel()
            conn.drop()
            _log_close(ws, table, conn, pipe)
            writer = pipe.writer
            if writer is not None and not writer.done():
                if pipe.closing is None:  # the client went away: nothing more to say
                    writer.cancel()
                with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                    await asyncio.wait_for(writer, 3)  # a refusal and its close code, then done

    @staticmethod
    def _hello_late(conn: Connection, pipe: _Pipe) -> None:
        if conn.role is None:
            pipe.close(CLOSE_NO_HELLO, close_reason(NO_HELLO, conn.language))
