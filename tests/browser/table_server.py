"""A table server on 127.0.0.1 for the browser tests, on an event loop of its own in a thread.

Why a thread of the test process rather than a ``catan-widget serve`` subprocess: the test
stages the position and scripts the dice on the :class:`Table` object itself, and reads the
table's all-seeing game (history, every hand) to check what each page shows against it.  The
table keeps its rule: every step of the game happens on its one loop.  The test never touches
the game from its own thread: :meth:`TableThread.call` runs a function on the loop and waits for
its answer.  (The subprocess route, with ``kill -9``, is tests/table's recovery test.)
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterable
from typing import TypeVar

from catan_widget.table.server import TableServer
from catan_widget.table.table import Table

T = TypeVar("T")

TIMEOUT = 30.0
"""Seconds to wait for the loop to answer one call (start, stop, a read of the game)."""


class TableThread:
    """One :class:`TableServer` serving the table ``make()`` builds, on a loop in a daemon thread.

    ``make`` runs on the loop (a table may start tasks there).  :meth:`stop` stops the bots and
    the server, closes every connection and ends the thread.
    """

    def __init__(self, make: Callable[[], Table], origins: Iterable[str] = ()) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, name="table-server", daemon=True)
        self.thread.start()
        self.table: Table | None = None
        self.server: TableServer | None = None
        try:
            self.table = table = self.call(make)
            self.server = server = TableServer([table], bind="127.0.0.1", port=0, origins=origins)
            asyncio.run_coroutine_threadsafe(server.open(), self.loop).result(TIMEOUT)
            self.call(table.start)
        except BaseException:
            self.stop()
            raise

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()

    def call(self, fn: Callable[[], T], timeout: float = TIMEOUT) -> T:
        """``fn()`` run on the table's loop; its result (or its exception, raised here)."""

        async def run() -> T:
            return fn()

        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(timeout)

    @property
    def links(self) -> dict[str, str]:
        """Each human seat's join link, by player name."""
        server, table = self.server, self.table
        assert server is not None
        assert table is not None
        return self.call(lambda: server.links(table))

    def stop(self) -> None:
        """Stop the bots, close the server and its connections, end the loop and its thread."""
        try:
            if self.table is not None:
                self.call(self.table.stop)
            if self.server is not None:
                asyncio.run_coroutine_threadsafe(self.server.aclose(), self.loop).result(TIMEOUT)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(TIMEOUT)
            if not self.thread.is_alive():
                self.loop.close()
