"""The words of a table, in each reader's language: the marks every seat's front-end shows as
sent (the banner while the host's teacher view is open, each human seat's presence), the
front-end's own ``words`` table, and the check of a language a connection asks for.

A table speaks each connection's own language (docs/table-protocol.md): a seat chooses it in its
``hello`` (``"language"``) or later with a ``language`` frame; without one, the table's (the
host's default, :func:`~catan_widget.engine.language.get_language`).  The marks' words go in the
welcome's board (``board.table_words``) and the front-end's labels in the welcome's ``words``
(:func:`catan_widget.widget.words.words_table`), both sent again when the language changes:
never with every view.
"""

from __future__ import annotations

from typing import Final

from ..engine.language import Message, Words, resolve, tr, trc, words

__all__ = [
    "AWAY",
    "CONNECTED",
    "MARKS",
    "TEACHER_ON",
    "accepted_language",
    "check_language",
    "close_reason",
    "table_words",
]

TEACHER_ON: Final = tr("Teacher view is on: the host sees every hand")
"""The banner shown to every seat while the host's all-seeing view is open."""

# TRANSLATORS: a human seat's mark at a table while a device holds it (a label, not a sentence)
CONNECTED: Final = trc("presence", "connected")
"""A human seat's mark while a device holds it."""

# TRANSLATORS: a human seat's mark at a table while no device holds it (a label, not a sentence)
AWAY: Final = trc("presence", "away")
"""A human seat's mark while no device holds it (the seat waits; the host may give it to a bot)."""

MARKS: Final[dict[str, Message]] = {"teacher": TEACHER_ON, "connected": CONNECTED, "away": AWAY}
"""``board.table_words``: the marks by the key the front-end reads (js/presence.ts)."""

MAX_LANGUAGE: Final = 35
"""The longest language a client may name (``"uk"``, ``"en-XA"``, ``"ru_RU.UTF-8"``)."""

CLOSE_REASON_BYTES: Final = 123
"""The longest close reason the WebSocket standard allows, in UTF-8 bytes."""


def table_words(language: str | None = None) -> dict[str, str]:
    """``board.table_words`` in ``language`` (default: the process's):
    ``{"teacher": ..., "connected": ..., "away": ...}``.
    """
    return {key: words(message, language) for key, message in MARKS.items()}


def check_language(value: object) -> str:
    """``value`` as a language there is a catalogue for (``"uk"``; ``"ru-RU"`` and
    ``"RU"`` are ``"ru"``): one of :func:`~catan_widget.engine.language.languages`.  Raises
    ValueError for anything else (not text, too long, a language there is no catalogue for).
    """
    if not isinstance(value, str) or not value.isascii() or not 0 < len(value) <= MAX_LANGUAGE:
        raise ValueError("a language is a short code such as 'en' or 'uk'")
    return resolve(value)


def close_reason(reason: Words, language: str | None = None) -> str:
    """A close frame's reason in ``language``, cut to the standard's 123 bytes of UTF-8."""
    text = words(reason, language)
    data = text.encode("utf-8")
    if len(data) <= CLOSE_REASON_BYTES:
        return text
    return data[:CLOSE_REASON_BYTES].decode("utf-8", errors="ignore")


def accepted_language(header: str | None, default: str) -> str:
    """The language an HTTP ``Accept-Language`` header asks for first (by its q-values) among
    those there is a catalogue for, else ``default``: the words of a page the server answers
    before any hello (``no such table``).
    """
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate((header or "").split(",")[:16]):
        tag, _, params = part.partition(";")
        weight = 1.0
        name, _, value = params.partition("=")
        if name.strip() == "q":
            try:
                weight = float(value)
            except ValueError:
                weight = 0.0
        if tag.strip() not in ("", "*") and weight > 0:
            ranked.append((-weight, i, tag.strip()))
    for _, _, tag in sorted(ranked):
        try:
            return check_language(tag)
        except ValueError:
            continue
    return default
