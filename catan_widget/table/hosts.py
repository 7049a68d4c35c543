"""Which ``Host`` a table server answers to, and which ``Origin`` may open its WebSockets.

Headers are trusted only when configured: a request whose ``Host`` is not on the allow-list is
refused before anything is served (a page of another site that rebinds its own name to this
server's address — DNS rebinding — reaches it with its own name in ``Host``).  The list holds
the bound address and port, the links' host (``public_url``, else this machine's name for an
any-address bind), the loopback names when the server listens on loopback, and every name
given (``allowed_hosts``, ``--allowed-host``: what a reverse proxy forwards).  A name given
without a port allows any port.  A browser's ``Origin`` is allowed when its host is on the same
list (it names this server) or it is one of the origins given by name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import urlsplit

__all__ = ["ANY_ADDRESS", "Hosts", "origin_of", "split_host"]

ANY_ADDRESS = ("", "0.0.0.0", "::")
"""Bind addresses that listen on every interface."""
_LOOPBACK = ("localhost", "127.0.0.1", "::1")
_HOST_CHARS = re.compile(r"[a-z0-9._:\[\]-]{1,300}")


def split_host(value: str) -> tuple[str, int | None] | None:
    """``(name, port)`` of a ``Host`` value (``"example.org:8765"``, ``"[::1]:80"``), lower case,
    the port None when absent; None for a value that is no host.
    """
    value = value.strip().lower()
    if not _HOST_CHARS.fullmatch(value):
        return None
    if value.startswith("["):
        name, bracket, rest = value[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            return None
        port_text = rest[1:] if rest else None
    else:
        name, colon, port_text_ = value.rpartition(":")
        if not colon:
            name, port_text_ = value, ""
        if ":" in name:
            return None
        port_text = port_text_ if colon else None
    if port_text is None:
        return (name, None) if name else None
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        return None
    return (name, int(port_text)) if name else None


def origin_of(url: str) -> str:
    """``scheme://host[:port]`` of a URL, lower case (how browsers write an ``Origin``)."""
    parts = urlsplit(url.strip())
    return f"{parts.scheme}://{parts.netloc}".lower()


class Hosts:
    """The ``Host`` names (with ports) a server answers to, and the origins it allows.

    Args:
        bind: the address the server listens on.
        port: the port it listens on.
        url: the base URL of its links.
        allowed: more names (``"catan.example.org"``, ``"10.0.0.5:8765"``); without a port,
            any port.
        origins: origins allowed by name (a JupyterLab's ``"http://localhost:8888"``).
    """

    def __init__(
        self, bind: str, port: int, url: str, allowed: Iterable[str] = (), origins: Iterable[str] = ()
    ) -> None:
        self._exact: set[tuple[str, int | None]] = set()
        self._names: set[str] = set()
        names = [] if bind in ANY_ADDRESS else [bind]
        if bind in ANY_ADDRESS or bind in _LOOPBACK or bind.startswith("127."):
            names += _LOOPBACK
        for name in names:
            self._exact.add((name.lower(), port))
        links = split_host(urlsplit(url).netloc)
        if links is not None:
            scheme = urlsplit(url).scheme
            default = 443 if scheme == "https" else 80
            self._exact.add(links)
            if links[1] is None or links[1] == default:
                self._exact |= {(links[0], None), (links[0], default)}
        for entry in allowed:
            found = split_host(entry)
            if found is None:
                raise ValueError(f"allowed_hosts: {entry!r} is not a host name (with an optional :port)")
            if found[1] is None:
                self._names.add(found[0])
            else:
                self._exact.add(found)
        self.origins = {origin_of(o) for o in origins}
        """Origins allowed by name."""

    def allows(self, host: str | None) -> bool:
        """True when a request's ``Host`` header names this server."""
        found = split_host(host or "")
        return found is not None and (found in self._exact or found[0] in self._names)

    def allows_origin(self, origin: str) -> bool:
        """True when a browser's ``Origin`` names this server, or was allowed by name."""
        origin = origin.strip().lower()
        if origin in self.origins:
            return True
        parts = urlsplit(origin)
        return parts.scheme in ("http", "https") and not parts.path and self.allows(parts.netloc)

    def names(self) -> list[str]:
        """Every host allowed, for the operator (``name:port``; ``name`` for any port)."""
        exact = [f"[{n}]:{p}" if ":" in n else f"{n}:{p}" for n, p in self._exact if p is not None]
        return sorted({*exact, *self._names})
