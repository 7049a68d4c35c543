"""Player names: the one check every name passes where a game is made or a save is loaded.

A name is shown everywhere — the widget's panels, banner, log lines and dialogs, the plots, the
error messages — so it must be plain visible text that cannot disturb what surrounds it:

* a ``str``;
* the spaces around it are trimmed (any Unicode space: ``" Ada "`` is stored as ``"Ada"``;
  spaces inside a name are kept);
* not empty after trimming, and it shows something: at least one letter, digit, punctuation
  mark or symbol;
* at most :data:`MAX_NAME_LENGTH` characters (code points) after trimming;
* no control characters (``Cc``: tabs, newlines, escapes), no format characters (``Cf``: the
  bidirectional controls such as U+202E that reverse the text around them, zero-width spaces
  and joiners, soft hyphens), no lone surrogates (``Cs``: they cannot be encoded, so Jupyter
  cannot send them), no private-use (``Co``) or unassigned (``Cn``) characters, no line or
  paragraph separators (``Zl``, ``Zp``), and none of the few letters that draw nothing
  (:data:`INVISIBLE`, e.g. U+3164 HANGUL FILLER).  Emoji are fine, but sequences joined with
  U+200D (a format character) are refused;
* distinct from the other names after :func:`name_key`: compatibility normalisation (NFKC),
  case folding, variation selectors dropped and runs of spaces read as one — so "Ada" and
  "ada", "AB" and the full-width "ＡＢ", "A B" and "A  B" are the same name.

Letters that merely look alike across scripts (Latin "A" and Cyrillic "А") are not compared:
that needs Unicode's confusables data, which the standard library does not have.

:func:`check_names` raises ValueError naming the rule broken and the seat; the name is quoted
with ``repr`` escapes (cut short), so a message never carries the raw character it refuses.
Standard library only; kept interpreted (hatch_build.INTERPRETED), so users get these messages.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Final

__all__ = ["INVISIBLE", "MAX_NAME_LENGTH", "check_name", "check_names", "name_key", "seat_of"]

MAX_NAME_LENGTH: Final = 24
"""Longest player name accepted, in characters (code points), after trimming."""

SPACES: Final = " \u00a0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + "\u202f\u205f\u3000"
"""Every space character (Unicode category Zs): what is trimmed from both ends of a name."""

REFUSED: Final = {
    "Cc": "a control character",
    "Cf": "an invisible format character (bidirectional control, zero-width space or joiner)",
    "Cs": "a lone surrogate",
    "Co": "a private-use character",
    "Cn": "an unassigned character",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}
"""The Unicode categories a name may not hold, and how a message calls them."""

INVISIBLE: Final = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0")
"""Characters outside :data:`REFUSED`'s categories that draw nothing (a combining grapheme
joiner, the Hangul fillers, the Khmer inherent vowels, the blank Braille pattern)."""

_IGNORED: Final = dict.fromkeys([*range(0xFE00, 0xFE10), *range(0x180B, 0x1810), *range(0xE0100, 0xE01F0)])
"""Variation selectors (and Mongolian free variation selectors): dropped when names are compared."""

_SHOWN = 30
"""A name longer than this is cut short in messages."""


def name_key(name: str) -> str:
    """What two names must differ in: ``name`` in NFKC, case folded (and normalised again),
    without variation selectors, its runs of spaces read as one and its ends trimmed.
    """
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(folded.translate(_IGNORED).split())


def _shown(name: str) -> str:
    """``name`` quoted for a message: ``repr`` escapes every unprintable character (and the
    :data:`INVISIBLE` ones); cut short.
    """
    text = repr(name) if len(name) <= _SHOWN else repr(name[:_SHOWN]) + "..."
    return "".join(f"\\u{ord(c):04x}" if c in INVISIBLE else c for c in text)


def _refusal(name: str) -> str | None:
    """Why ``name`` (trimmed, short) holds a character it may not, or None."""
    for char in name:
        category = unicodedata.category(char)
        what = REFUSED.get(category) or ("an invisible character" if char in INVISIBLE else None)
        if what is not None:
            label = unicodedata.name(char, "")
            code = f"U+{ord(char):04X}" + (f" ({label})" if label else "")
            return f"holds {code}, {what}; names are visible text only"
    if not any(unicodedata.category(c)[0] in "LNPS" and c not in INVISIBLE for c in name):
        return "shows nothing (no letter, digit, punctuation or symbol)"
    return None


def check_name(name: object, seat: int) -> str:
    """The player name for ``seat``, trimmed; ValueError saying why it is refused (see the
    module docstring).  ``seat`` only words the message.
    """
    if not isinstance(name, str):
        raise ValueError(f"seat {seat}: a player's name must be a str, got {type(name).__name__}")
    trimmed = name.strip(SPACES)
    if not trimmed:
        empty = "is empty" if not name else "is only spaces"
        raise ValueError(f"seat {seat}: the name {_shown(name)} {empty}")
    if len(trimmed) > MAX_NAME_LENGTH:
        raise ValueError(
            f"seat {seat}: the name {_shown(trimmed)} is {len(trimmed):,} characters long; "
            f"at most {MAX_NAME_LENGTH} are allowed"
        )
    why = _refusal(trimmed)
    if why is not None:
        raise ValueError(f"seat {seat}: the name {_shown(trimmed)} {why}")
    return trimmed


def check_names(names: Sequence[object]) -> list[str]:
    """Every player's name checked (:func:`check_name`), trimmed, by seat; ValueError naming
    the first seat whose name is refused, or the two seats whose names are the same.
    The number of players is not checked here.
    """
    checked = [check_name(name, seat) for seat, name in enumerate(names)]
    seen: dict[str, int] = {}
    for seat, name in enumerate(checked):
        key = name_key(name)
        if key in seen:
            first = seen[key]
            raise ValueError(
                f"seats {first} and {seat}: {_shown(checked[first])} and {_shown(name)} are the same "
                "name; players need distinct names (compared ignoring case, width and spacing)"
            )
        seen[key] = seat
    return checked


def seat_of(names: Sequence[str], who: object) -> int:
    """The seat of player ``who``: one of ``names``, or a seat number; ValueError otherwise."""
    if isinstance(who, str) and who in names:
        return list(names).index(who)
    if type(who) is int and 0 <= who < len(names):
        return who
    raise ValueError(f"unknown player {who!r}")
