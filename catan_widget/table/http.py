"""The table server's plain HTTP answers: the page, the bundle, ``/healthz``, ``/metrics`` and
every refusal, each with the same protective headers.

Every answer carries a Content-Security-Policy: scripts only from this server (the page's own
module script is allowed by its SHA-256 hash, computed from the file served, never by
``'unsafe-inline'``), WebSockets only to this server, nothing framed but by the page's own
origin (``frame-ancestors 'self'``, and ``X-Frame-Options`` for older browsers), no plugin,
base or form target; ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: no-referrer``.
Only ``GET`` is answered; any other method gets 405.
"""

from __future__ import annotations

import base64
import email.utils
import hashlib
import re
from functools import lru_cache
from pathlib import Path

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from ..engine.language import Message, get_language, trc, words
from ..widget.assets import STATIC
from .words import accepted_language

__all__ = ["PAGE_FILE", "TYPES", "file_response", "page", "page_policy", "text"]

PAGE_FILE = "table.html"
"""The table's page, in the package's static files."""
TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
"""The content type of each static file's suffix."""
_BASE_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'"
_INLINE_SCRIPT = re.compile(rb"<script(?:\s[^>]*)?>(.*?)</script>", re.DOTALL | re.IGNORECASE)

# TRANSLATORS: the page of a request whose method the server does not answer (plain text)
METHOD_PAGE = trc("http", "Only GET is answered here.")
# TRANSLATORS: the page of a request naming a host this server does not answer to (plain text)
HOST_PAGE = trc("http", "This server does not answer to that host name.")


def response(status: int, reason: str, body: bytes, content_type: str, cache: str = "no-cache") -> Response:
    """An answer with the protective headers (the strict policy: a page sets its own)."""
    headers = Headers(
        [
            ("Date", email.utils.formatdate(usegmt=True)),
            ("Connection", "close"),
            ("Content-Length", str(len(body))),
            ("Content-Type", content_type),
            ("Cache-Control", cache),
            ("Content-Security-Policy", _BASE_POLICY),
            ("X-Frame-Options", "SAMEORIGIN"),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
        ]
    )
    return Response(status, reason, headers, body)


def text(status: int, reason: str, body: str) -> Response:
    """A plain-text answer."""
    return response(status, reason, body.encode(), "text/plain; charset=utf-8")


def page(status: int, reason: str, message: Message, request: Request) -> Response:
    """A plain-text page in the language the browser asks for (``Accept-Language``)."""
    language = accepted_language(request.headers.get("Accept-Language"), get_language())
    answer = text(status, reason, words(message, language) + "\n")
    answer.headers["Content-Language"] = language
    answer.headers["Vary"] = "Accept-Language"
    return answer


def not_allowed(request: Request) -> Response:
    """405 for a method other than GET."""
    answer = page(405, "Method Not Allowed", METHOD_PAGE, request)
    answer.headers["Allow"] = "GET"
    return answer


def misdirected(request: Request) -> Response:
    """421 for a ``Host`` this server does not answer to."""
    return page(421, "Misdirected Request", HOST_PAGE, request)


@lru_cache(maxsize=8)
def _script_hashes(html: bytes) -> tuple[str, ...]:
    return tuple(
        "'sha256-" + base64.b64encode(hashlib.sha256(script).digest()).decode() + "'"
        for script in _INLINE_SCRIPT.findall(html)
        if script.strip()
    )


def page_policy(html: bytes, host: str) -> str:
    """The page's Content-Security-Policy: its own inline scripts by hash, the bundle from this
    server, its WebSocket to ``host`` (a ``Host`` already checked against the allow-list).
    """
    scripts = " ".join(("'self'", *_script_hashes(html)))
    sockets = f"'self' ws://{host} wss://{host}" if host else "'self'"
    return (
        f"{_BASE_POLICY}; script-src {scripts}; style-src 'self' 'unsafe-inline'; "
        f"img-src 'self' data:; font-src 'self'; connect-src {sockets}"
    )


def file_response(name: str, content_type: str, cache: str, host: str = "") -> Response:
    """A static file (the page with its own policy), or 404 when it is not built."""
    path: Path = STATIC / name
    if not path.is_file():
        missing = "the page is not built: run `npm ci && npm run build`\n"
        return text(404, "Not Found", missing if name == PAGE_FILE else "not found\n")
    body = path.read_bytes()
    answer = response(200, "OK", body, content_type, cache)
    if name == PAGE_FILE:  # Headers is a multi-dict: the strict policy out, the page's in
        del answer.headers["Content-Security-Policy"]
        answer.headers["Content-Security-Policy"] = page_policy(body, host)
    return answer
