"""Words in the reader's language: sentences kept as catalogue messages until they are shown.

Every sentence a person reads is one gettext message with named placeholders, written once in
English where the code says it (:func:`tr`, :func:`trn` for counts, :func:`trc` with a
context) and translated in the catalogues ``catan_widget/locale/<language>/LC_MESSAGES/
catan_widget.po`` (compiled to ``.mo``, read with the standard library's :mod:`gettext`).  A
:class:`Message` holds the English text and its values; :func:`words` puts it in a language, and
only then: no hot path formats text.  Values may be messages themselves (a place, a list of
cards), translated in the same language, and numbers are written in the language's own way.

The reader's language is chosen where words are made (``language=``), else the process default:
:func:`set_language`, then the environment (``CATAN_WIDGET_LANGUAGE``, then the locale:
``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), then English.  ``"en-XA"`` is a
pseudo-language for engineers: every message bracketed, accented and 40% longer.
A new language is one more catalogue file: nothing here names the languages there are.
"""

from __future__ import annotations

import gettext
import os
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Final, Union

__all__ = [
    "DOMAIN",
    "ENGLISH",
    "LOCALE_DIR",
    "PSEUDO",
    "Joined",
    "Message",
    "Words",
    "catalogue",
    "describe_languages",
    "get_language",
    "joined",
    "languages",
    "number",
    "plural_index",
    "pseudo",
    "resolve",
    "set_language",
    "tr",
    "trc",
    "trn",
    "trnc",
    "words",
]

DOMAIN: Final = "catan_widget"
"""The gettext domain: the catalogues' file name."""
LOCALE_DIR: Final = Path(__file__).resolve().parent.parent / "locale"
"""Where the catalogues are: ``<language>/LC_MESSAGES/catan_widget.po`` (and ``.mo``)."""
ENGLISH: Final = "en"
"""The language the messages are written in (no catalogue: the code's own text)."""
PSEUDO: Final = "en-XA"
"""The pseudo-language: English bracketed, accented and 40% longer (a string shown without
brackets escaped the catalogues; a control that cuts it will cut Polish)."""
ENV_VAR: Final = "CATAN_WIDGET_LANGUAGE"
"""The environment variable naming the default language."""

Value = Union["Message", "Joined", str, int, float, None]


@dataclass(frozen=True)
class Message:
    """One sentence (or phrase) not yet in words: its English text (the catalogue's msgid),
    the English plural and the count choosing the form (``trn``), a context (``trc``) and
    the named values of its placeholders.  ``str(message)`` is English.
    """

    msgid: str
    params: tuple[tuple[str, Value], ...] = ()
    plural: str | None = None
    n: int = 0
    context: str | None = None

    def __str__(self) -> str:
        return words(self, ENGLISH)

    def in_(self, language: str | None = None) -> str:
        """The message in ``language`` (default: the process's, :func:`get_language`)."""
        return words(self, language)


@dataclass(frozen=True)
class Joined:
    """Items read as one list: ``"a, b and c"`` (``style="and"``), ``"a, b or c"`` (``"or"``)
    or ``"a, b, c"`` (``"comma"``), joined as the language joins them; ``empty`` when none.
    """

    items: tuple[Value, ...]
    style: str = "and"
    empty: Value = field(default=None)


Words = Union[Message, Joined, str]  # noqa: UP007 - a runtime alias on 3.10
"""Something :func:`words` turns into text."""


def tr(msgid: str, /, **params: Value) -> Message:
    """A catalogue message: ``tr("Waiting for {name}.", name="Bo")``."""
    return Message(msgid, tuple(params.items()))


def trn(singular: str, plural: str, n: int, /, **params: Value) -> Message:
    """A message with plural forms chosen by ``n`` (also the placeholder ``{n}``):
    ``trn("{n} card", "{n} cards", 3)``.
    """
    return Message(singular, (("n", n), *params.items()), plural, n)


def trc(context: str, msgid: str, /, **params: Value) -> Message:
    """A message in a context (the same English in two roles translates apart)."""
    return Message(msgid, tuple(params.items()), context=context)


def trnc(context: str, singular: str, plural: str, n: int, /, **params: Value) -> Message:
    """:func:`trn` in a context."""
    return Message(singular, (("n", n), *params.items()), plural, n, context)


def joined(items: Iterable[Value], style: str = "and", empty: Value = None) -> Joined:
    """:class:`Joined` of ``items``."""
    return Joined(tuple(items), style, empty)


# -- the default language ------------------------------------------------------------------------

_chosen: str | None = None
_lock = threading.Lock()


@cache
def languages() -> tuple[str, ...]:
    """The languages there are: English, every catalogue in :data:`LOCALE_DIR`, sorted, then
    the pseudo-language.
    """
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return (ENGLISH, *(code for code in found if code != ENGLISH), PSEUDO)


def resolve(language: str | None) -> str:
    """``language`` as one of :func:`languages` (``"ru_RU.UTF-8"`` and ``"RU"`` are ``"ru"``);
    ``None`` is the default (:func:`get_language`).  Raises ValueError for a language there is
    no catalogue for.
    """
    if language is None:
        return get_language()
    found = _match(language)
    if found is None:
        raise ValueError(f"no catalogue for language {language!r}; there are: {', '.join(languages())}")
    return found


def _match(language: str) -> str | None:
    code = language.split(".", 1)[0].split("@", 1)[0].replace("_", "-").strip()
    known = {c.lower(): c for c in languages()}
    return known.get(code.lower()) or known.get(code.split("-")[0].lower())


def _from_environment() -> str:
    value = os.environ.get(ENV_VAR, "").strip()
    if value:
        found = _match(value)
        if found is not None:
            return found
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for part in os.environ.get(name, "").split(":"):
            if part and part not in ("C", "POSIX") and not part.startswith("C."):
                return _match(part) or ENGLISH
    return ENGLISH


def get_language() -> str:
    """The process's default language: :func:`set_language`'s, else the environment's
    (``CATAN_WIDGET_LANGUAGE``, then the locale), else English.
    """
    return _chosen if _chosen is not None else _from_environment()


def set_language(language: str | None) -> str:
    """Make ``language`` (``"ru"``, ``"uk"``, ``"pl"``, ``"en"``, ``"en-XA"``, ...) the
    process's default and return it; ``None`` goes back to the environment's choice.
    Raises ValueError for a language there is no catalogue for.
    """
    global _chosen  # noqa: PLW0603 - the one process-wide setting
    with _lock:
        _chosen = None if language is None else resolve(language)
    return get_language()


# -- catalogues ----------------------------------------------------------------------------------


@cache
def catalogue(language: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``language`` (English and the pseudo-language: none)."""
    if language in (ENGLISH, PSEUDO):
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])


def _english_plural(n: int) -> int:
    return 0 if n == 1 else 1


def plural_index(language: str, n: int) -> int:
    """Which plural form ``language``'s catalogue uses for the count ``n``."""
    cat = catalogue(resolve(language))
    rule = getattr(cat, "plural", None)
    return int(rule(n)) if rule is not None else _english_plural(n)


def _template(m: Message, cat: gettext.NullTranslations) -> str:
    if m.plural is None:
        return cat.pgettext(m.context, m.msgid) if m.context is not None else cat.gettext(m.msgid)
    if m.context is not None:
        return cat.npgettext(m.context, m.msgid, m.plural, m.n)
    return cat.ngettext(m.msgid, m.plural, m.n)


def number(value: float, language: str | None = None, digits: int = 0) -> str:
    """``value`` written as ``language`` writes numbers: ``digits`` decimals, the language's
    decimal sign and thousands separator (``1,234.5`` in English, ``1 234,5`` in Russian).
    """
    lang = resolve(language)
    cat = catalogue(lang)
    # TRANSLATORS: the decimal sign ("," in most European languages)
    point = _template(trc("number", "."), cat)
    # TRANSLATORS: the thousands separator (a no-break space in Russian, Ukrainian and Polish)
    group = _template(trc("number", ","), cat)
    text = f"{value:,.{digits}f}" if isinstance(value, float) or digits else f"{int(value):,d}"
    if lang in (ENGLISH, PSEUDO):
        return text
    if abs(value) < 10_000:  # 4-digit numbers take no separator in ru, uk and pl
        text = text.replace(",", "")
    return text.replace(",", "\x00").replace(".", point).replace("\x00", group)


def _render(value: Value, lang: str, cat: gettext.NullTranslations) -> str:
    if isinstance(value, Message):
        return _format(value, lang, cat)
    if isinstance(value, Joined):
        return _join(value, lang, cat)
    if isinstance(value, bool) or value is None:
        return "" if value is None else str(value)
    if isinstance(value, (int, float)):
        return number(value, lang, 2 if isinstance(value, float) else 0)
    return value


def _join(j: Joined, lang: str, cat: gettext.NullTranslations) -> str:
    parts = [_render(item, lang, cat) for item in j.items]
    if not parts:
        return _render(j.empty, lang, cat)
    if len(parts) == 1:
        return parts[0]
    head = parts[0]
    for part in parts[1:-1]:
        head = _format(trc("list", "{head}, {item}", head=head, item=part), lang, cat)
    if j.style == "or":
        return _format(trc("list", "{head} or {last}", head=head, last=parts[-1]), lang, cat)
    if j.style == "comma":
        return _format(trc("list", "{head}, {item}", head=head, item=parts[-1]), lang, cat)
    return _format(trc("list", "{head} and {last}", head=head, last=parts[-1]), lang, cat)


def _format(m: Message, lang: str, cat: gettext.NullTranslations) -> str:
    template = _template(m, cat)
    if lang == PSEUDO:
        template = pseudo(template)
    if not m.params:
        return template
    values = {key: _render(value, lang, cat) for key, value in m.params}
    return template.format_map(values)


def words(value: Words | Value, language: str | None = None) -> str:
    """``value`` in words in ``language`` (default: :func:`get_language`): a message with its
    values translated and its numbers written as the language writes them.
    """
    if isinstance(value, str):
        return value
    lang = ENGLISH if language == ENGLISH else resolve(language)
    return _render(value, lang, catalogue(lang))


# -- the pseudo-language -------------------------------------------------------------------------

_ACCENTED: Final = str.maketrans(
    "AaBbCcDdEeFfGgHhIiJjKkLlNnOoRrSsTtUuWwYyZz",
    "ÅåƁƀÇçÐðÉéƑƒĜĝĤĥÎîĴĵĶķĹļÑñÖöŔŕŠšŢţÛûŴŵÝýŽž",
)


def pseudo(template: str) -> str:
    """English made visibly foreign and 40% longer, placeholders kept: ``"[Ŵåîţîñĝ ƒöŕ
    {name}. ~~~~~]"``.
    """
    out: list[str] = []
    depth = 0
    letters = 0
    for ch in template:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if depth == 0 and ch != "}":
            out.append(ch.translate(_ACCENTED))
            letters += 1
        else:
            out.append(ch)
    pad = "·" * max(1, (letters * 2 + 4) // 5)
    return f"[{''.join(out)} {pad}]"


def describe_languages(names: Mapping[str, str] | None = None) -> list[tuple[str, str]]:
    """``[(code, name), ...]`` for every language, each named in its own words (its
    catalogue's translation of ``"English"``, the message naming the language).
    """
    out = []
    for code in languages():
        cat = catalogue(code)
        # TRANSLATORS: the name of your language, in your language ("Русский")
        name = _template(trc("language name", "English"), cat)
        if code == PSEUDO:
            name = "Pseudo (en-XA)"
        out.append((code, (names or {}).get(code, name)))
    return out
