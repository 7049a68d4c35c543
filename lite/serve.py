"""Serve the built JupyterLite site from 127.0.0.1 (any static web server does as well).

    .venv/bin/python lite/serve.py [build/lite/site] [--port 8000]

then open http://127.0.0.1:8000/lab/index.html?path=01_play.ipynb.  The browser tests start and
stop the same server with :func:`serve`.  Standard library only.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

SITE = Path(__file__).resolve().parents[1] / "build" / "lite" / "site"

MIME_TYPES = {
    ".wasm": "application/wasm",  # WebAssembly.instantiateStreaming insists on it
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".ipynb": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide and JupyterLite need; quiet unless ``verbose``."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }
    verbose: ClassVar[bool] = False
    served: ClassVar[list[str] | None] = None

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Record the path served (``served``); log the request only when ``verbose``."""
        if self.served is not None:
            self.served.append(self.path)
        if self.verbose:
            super().log_request(code, size)

    def log_message(self, format: str, *args: Any) -> None:
        """Print errors and requests only when ``verbose``."""
        if self.verbose:
            super().log_message(format, *args)


@contextlib.contextmanager
def serve(site: Path, port: int = 0, verbose: bool = False, served: list[str] | None = None) -> Iterator[str]:
    """Serve ``site`` on 127.0.0.1 (``port`` 0: a free one) in a thread; yield the base URL
    (``http://127.0.0.1:<port>/``); stop the server on exit.  ``served`` (if given) collects the
    path of every request answered.
    """
    if not (site / "jupyter-lite.json").is_file():
        raise FileNotFoundError(f"{site} holds no JupyterLite site: build it with ./dev lite")
    handler = type("SiteHandler", (Handler,), {"verbose": verbose, "served": served})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", port), functools.partial(handler, directory=str(site))
    )
    thread = threading.Thread(target=server.serve_forever, name="lite-site", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def main(argv: list[str] | None = None) -> int:
    """Command line: serve until Ctrl+C."""
    parser = argparse.ArgumentParser(description="Serve the JupyterLite site on 127.0.0.1.")
    parser.add_argument("site", nargs="?", type=Path, default=SITE)
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    with serve(args.site.resolve(), args.port, verbose=True) as url:
        print(f"Serving {args.site} at {url}lab/index.html?path=01_play.ipynb  (Ctrl+C stops)", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            threading.Event().wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
