r"""The front-end's words in the reader's language: the ``words`` trait.

The front-end writes its own messages (buttons, dialogs, panels) with templates Python sends it
once per language, never with every update.  The messages are listed in
``catan_widget/locale/frontend.json`` (made from js/ by ``tools/catalogues.py``: a list of
``{"context", "msgid", "plural"}``); the trait holds, for the widget's ``language``::

    {
        "language": "ru",
        "messages": {key: template | [form, ...]},
        "plural": "0120...",            # the plural form of n = 0..199, one digit each
        "decimal": ",",                 # the decimal sign
        "group": "\u00a0",              # the thousands separator
        "languages": [["en", "English"], ["ru", "Русский"], ...],
    }

``key`` is the msgid, or ``context + "\u0004" + msgid`` for a message with a context (as
gettext keys them).  A simple message's value is its translated template, placeholders such as
``{name}`` kept; a message with plural forms has the list of the language's forms, indexed by
``plural`` (the front-end takes ``n % 100 + 100`` for ``n >= 200``).  In the pseudo-language
each template is made visibly foreign (:func:`~catan_widget.engine.language.pseudo`).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, Final

from ..engine.language import (
    LOCALE_DIR,
    PSEUDO,
    catalogue,
    describe_languages,
    plural_index,
    pseudo,
    resolve,
)

__all__ = ["FRONTEND", "PLURAL_SPAN", "frontend_messages", "words_table"]

FRONTEND: Final[Path] = LOCALE_DIR / "frontend.json"
"""The front-end's messages: ``[{"context": str | null, "msgid": str, "plural": str | null}]``."""
PLURAL_SPAN: Final = 200
"""The counts whose plural form is sent (0..199): every language's rule repeats after 100."""
CONTEXT_GLUE: Final = "\u0004"
"""Between a context and its msgid in a key (gettext's own separator)."""


def frontend_messages(path: Path | None = None) -> list[dict[str, Any]]:
    """The front-end's messages listed in ``path`` (default :data:`FRONTEND`; none when the file
    is missing).
    """
    path = FRONTEND if path is None else path
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    found = json.loads(text)
    if not isinstance(found, list):
        raise ValueError(f"{path} must hold a JSON list of messages, got {type(found).__name__}")
    return found


def _key(context: str | None, msgid: str) -> str:
    return msgid if context is None else f"{context}{CONTEXT_GLUE}{msgid}"


def _forms(language: str) -> list[int]:
    """A count for each plural form of ``language``: the first n in 0..199 that takes it."""
    first: dict[int, int] = {}
    for n in range(PLURAL_SPAN):
        first.setdefault(plural_index(language, n), n)
    return [first.get(i, first[max(first)]) for i in range(max(first) + 1)]


def words_table(language: str | None = None) -> dict[str, Any]:
    """The ``words`` trait for ``language`` (see the module; None: the process's default),
    built once per language and process (the same dict each time: do not change it).  Raises
    ValueError for a language there is no catalogue for.
    """
    return _table(resolve(language))


@cache
def _table(language: str) -> dict[str, Any]:
    cat = catalogue(language)
    signs = {"decimal": cat.pgettext("number", "."), "group": cat.pgettext("number", ",")}
    counts = _forms(language)
    foreign = pseudo if language == PSEUDO else str
    messages: dict[str, str | list[str]] = {}
    for entry in frontend_messages():
        context, msgid, plural = entry.get("context"), entry["msgid"], entry.get("plural")
        if plural is None:
            text = cat.gettext(msgid) if context is None else cat.pgettext(context, msgid)
            messages[_key(context, msgid)] = foreign(text)
            continue
        forms = [
            cat.ngettext(msgid, plural, n) if context is None else cat.npgettext(context, msgid, plural, n)
            for n in counts
        ]
        messages[_key(context, msgid)] = [foreign(form) for form in forms]
    return {
        "language": language,
        "messages": messages,
        "plural": "".join(str(plural_index(language, n)) for n in range(PLURAL_SPAN)),
        **signs,
        "languages": [[code, name] for code, name in describe_languages()],
    }
