"""The table's secrets: one token per human seat, one for spectators and one for the teacher's
view (``secrets.token_urlsafe(24)``: 32 characters), and the table's id.

A token is compared in constant time (``hmac.compare_digest``) against every token of the table,
so how long a hello takes says nothing about which token was nearly right.  Tokens are never
logged and never sent in any frame.
"""

from __future__ import annotations

import hmac
import re
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .codes import PLAYER, SPECTATOR, TEACHER_ROLE

TOKEN_BYTES = 24
"""Random bytes in a new token (32 URL-safe characters)."""
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,128}")
_TABLE_ID = re.compile(r"[a-z0-9]{1,32}")


def new_token() -> str:
    """A fresh random token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_table_id() -> str:
    """A fresh random table id (12 characters of ``[a-z0-9]``)."""
    return secrets.token_hex(6)


def check_table_id(value: object) -> str:
    """``value`` as a table id (``[a-z0-9]{1,32}``); raises ValueError otherwise."""
    if isinstance(value, str) and _TABLE_ID.fullmatch(value):
        return value
    raise ValueError("a table id is 1 to 32 characters of a-z and 0-9")


def check_token(value: object, what: str) -> str:
    """``value`` as a token (16 to 128 URL-safe characters); raises ValueError naming ``what``."""
    if isinstance(value, str) and _TOKEN.fullmatch(value):
        return value
    raise ValueError(f"the {what} token must be 16 to 128 characters of A-Z, a-z, 0-9, '-' and '_'")


@dataclass
class TableTokens:
    """The tokens of one table: ``seat(i)`` (None for a seat no human was ever given),
    ``spectator`` and ``teacher``.
    """

    seats: dict[int, str] = field(default_factory=dict)
    spectator: str = field(default_factory=new_token)
    teacher: str = field(default_factory=new_token)

    @classmethod
    def make(cls, humans: Iterable[int], given: Mapping[str, str] | None = None) -> TableTokens:
        """Tokens for the seats ``humans``, taken from ``given`` where it names them (keys: the
        seat as text, ``"spectator"``, ``"teacher"``) and new otherwise.  Raises ValueError for a
        malformed token, an unknown key or a token used twice.
        """
        given = dict(given or {})
        seats: dict[int, str] = {}
        for key, value in given.items():
            if key in (SPECTATOR, TEACHER_ROLE):
                continue
            if not (isinstance(key, str) and key.isdigit() and len(key) < 3):
                raise ValueError(f"tokens: {key!r} is not a seat number, 'spectator' or 'teacher'")
            seats[int(key)] = check_token(value, f"seat {key}")
        for seat in humans:
            seats.setdefault(seat, new_token())
        spectator = check_token(given[SPECTATOR], SPECTATOR) if SPECTATOR in given else new_token()
        teacher = check_token(given[TEACHER_ROLE], TEACHER_ROLE) if TEACHER_ROLE in given else new_token()
        tokens = cls(dict(sorted(seats.items())), spectator, teacher)
        every = tokens.every()
        if len(set(every)) != len(every):
            raise ValueError("tokens: every seat, the spectators and the teacher need a token of their own")
        return tokens

    def seat(self, seat: int) -> str | None:
        """The token of ``seat`` (None: no human was ever given that seat)."""
        return self.seats.get(seat)

    def ensure_seat(self, seat: int) -> str:
        """The token of ``seat``, made now if it has none."""
        return self.seats.setdefault(seat, new_token())

    def rotate_seat(self, seat: int) -> str:
        """A new token for ``seat`` (the old one opens nothing from now on); returns it."""
        token = self.seats[seat] = new_token()
        return token

    def rotate_spectator(self) -> str:
        """A new spectators' token (the old one opens nothing from now on); returns it."""
        self.spectator = new_token()
        return self.spectator

    def every(self) -> list[str]:
        """Every token of the table."""
        return [*self.seats.values(), self.spectator, self.teacher]

    def find(self, token: object) -> tuple[str, int | None] | None:
        """The role and seat ``token`` opens (``("player", 2)``, ``("spectator", None)``,
        ``("teacher", None)``), or None; compared in constant time against every token.
        """
        if not isinstance(token, str) or not token.isascii():
            return None
        sent = token.encode("ascii")
        found: tuple[str, int | None] | None = None
        candidates: list[tuple[str, tuple[str, int | None]]] = [
            *((t, (PLAYER, s)) for s, t in self.seats.items()),
            (self.spectator, (SPECTATOR, None)),
            (self.teacher, (TEACHER_ROLE, None)),
        ]
        for known, opens in candidates:  # no early exit: every token is compared
            if hmac.compare_digest(known.encode("ascii"), sent):
                found = opens
        return found

    def to_dict(self) -> dict[str, str]:
        """The tokens keyed as :meth:`make` reads them (for the sidecar file)."""
        return {
            **{str(s): t for s, t in self.seats.items()},
            SPECTATOR: self.spectator,
            TEACHER_ROLE: self.teacher,
        }

    def __repr__(self) -> str:
        return f"<TableTokens for seats {sorted(self.seats)}, spectators and the teacher (hidden)>"
