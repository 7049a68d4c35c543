"""The browser console of a page: every warning and error, and which of them are the widget's.

:class:`ConsoleLog` records what a Playwright page prints at the levels ``warning`` and
``error``, and every uncaught exception (``pageerror``), with where it came from.  A test
asserts ``log.unexpected() == []``: everything recorded except :data:`ALLOWED`, a short list of
third-party messages that are not ours, each matched precisely (its text *and* its source) and
explained.  The widget's own messages can never be allowed: anything mentioning anywidget, a
``blob:`` module (anywidget loads our bundle through a Blob URL, so our code's messages and stack
frames point there) or catan-widget's names.

No pytest here: ``tests/browser/conftest.py`` offers it as the ``lab_console`` fixture.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import ConsoleMessage, Error, Page

LEVELS = ("warning", "error")
"""The console levels recorded (``log``, ``info`` and ``debug`` are not)."""


@dataclass(frozen=True)
class Message:
    """One console message or uncaught page error."""

    level: str
    """``warning``, ``error`` or ``pageerror`` (an uncaught exception)."""
    text: str
    url: str
    """The script the message came from (``blob:...`` for the widget's bundle), when known."""
    stack: str = ""
    """A page error's stack trace."""

    def __str__(self) -> str:
        where = f" ({self.url})" if self.url else ""
        stack = f"\n    {self.stack}" if self.stack else ""
        return f"[{self.level}] {self.text[:600]}{where}{stack[:1200]}"

    def is_ours(self) -> bool:
        """Whether the message comes from, or speaks of, the widget (never allowed)."""
        seen = "\n".join((self.text, self.url, self.stack))
        return bool(OURS.search(seen))


OURS = re.compile(r"anywidget|blob:|catan|CatanWidget|cw-", re.IGNORECASE)
"""What marks a message as the widget's: anywidget's own messages (it names the module it
loads), our bundle's Blob URL in the source or the stack, our package's and classes' names."""


@dataclass(frozen=True)
class Allowed:
    """A third-party message that is not the widget's: its level, its whole text, and its source
    (the script's URL, or for an uncaught exception its stack).
    """

    level: str
    text: re.Pattern[str]
    source: re.Pattern[str]

    def matches(self, msg: Message) -> bool:
        """Whether ``msg`` is this known message."""
        source = msg.stack if msg.level == "pageerror" else msg.url
        return (
            msg.level == self.level
            and bool(self.text.fullmatch(msg.text))
            and bool(self.source.search(source))
        )


_HOST = r"http://127\.0\.0\.1:\d+"
_LAB_LOADER = re.compile(rf"^{_HOST}/static/lab/\d+\.\w+\.js\?v=\w+$")
"""A chunk of JupyterLab's own application (its extension loader lives there)."""
_LITE_KERNEL = "@jupyterlite/pyodide-kernel-extension"
_FROM_LITE_KERNEL = (
    rf"\n\s+at \S+ \({_HOST}/lab/extensions/{re.escape(_LITE_KERNEL)}/static/remoteEntry\.\w+\.js:\d+:\d+\)"
)
"""A stack whose first frame is the Pyodide kernel extension's remote entry."""
_NO_LITE_SERVICES = re.escape(
    "Error: Shared module @jupyterlite/services doesn't exist in shared scope default"
)

ALLOWED: tuple[Allowed, ...] = (
    # JupyterLite's Pyodide kernel in JupyterLab: the `lite` extra installs its labextension into
    # the environment (./dev test installs it beside JupyterLab) and JupyterLab tries to load it,
    # but it needs JupyterLite's services, which only JupyterLite shares: the extension's remote
    # entry throws, and JupyterLab's loader logs the error and warns.  Not ours, and harmless (in
    # JupyterLite, where it belongs, it loads: tests/lite).
    Allowed(
        "pageerror", re.compile(_NO_LITE_SERVICES), re.compile(rf"^{_NO_LITE_SERVICES}{_FROM_LITE_KERNEL}")
    ),
    Allowed("error", re.compile(rf"{_NO_LITE_SERVICES}{_FROM_LITE_KERNEL}[\s\S]*"), _LAB_LOADER),
    Allowed(
        "warning",
        re.compile(re.escape(f"Failed to create module: package: {_LITE_KERNEL}; module: ./extension")),
        _LAB_LOADER,
    ),
)
"""The known third-party console messages of a JupyterLab page showing the widget, and why."""


class ConsoleLog:
    """Every console warning and error of ``page`` from now on, and its uncaught exceptions."""

    def __init__(self, page: Page) -> None:
        self.messages: list[Message] = []
        page.on("console", self._on_console)
        page.on("pageerror", self._on_page_error)

    def _on_console(self, msg: ConsoleMessage) -> None:
        if msg.type not in LEVELS:
            return
        location: dict[str, Any] = msg.location or {}
        self.messages.append(Message(msg.type, msg.text, str(location.get("url", ""))))

    def _on_page_error(self, error: Error) -> None:
        self.messages.append(Message("pageerror", f"{error.name}: {error.message}", "", error.stack or ""))

    def ours(self) -> list[Message]:
        """The messages that come from the widget."""
        return [m for m in self.messages if m.is_ours()]

    def unexpected(self) -> list[Message]:
        """Every message but the allowed third-party ones (the widget's are never allowed)."""
        return [m for m in self.messages if m.is_ours() or not any(a.matches(m) for a in ALLOWED)]

    def report(self) -> str:
        """The unexpected messages, one per paragraph (for an assertion's message)."""
        return "\n".join(map(str, self.unexpected())) or "(none)"
