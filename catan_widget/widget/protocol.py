"""Validating what the front-end sends (docs/protocol.md): intents and settings.

Intents carry moves only: ``{"type": "act", "version": <state.version>, "action": {...}}`` where
the action is a game action in its JSON form or ``{"kind": "undo"}``.  A message is accepted
only if it has exactly that shape, carries a well-formed action, and arrives while a human seat
of this widget must act.  A message made on an older view of the game (its version is not
current) is handed back as :class:`StaleIntentError`, for the widget to forgive or refuse.
Whether the action obeys the rules is the engine's call (``Game.step``); this module only
refuses what cannot even be asked.

A refusal a person may meet by playing (a stale click, another seat's turn, a game over) is a
catalogue message, worded in the widget's language where it is shown; a refusal of a malformed
message (a bug or tampering) is for programmers, in English.

Every message is treated as hostile: its size and depth are bounded *before* anything reads it
deeper, and refusals quote values through :func:`short`, which never renders a whole value.
Settings (``bot_delay``, ``view``, ``show_pips``, ``theme``) are traits, checked by the
functions at the end of this module, whether set from Python or from the front-end.
"""

from __future__ import annotations

import logging
import reprlib
from collections.abc import Collection
from dataclasses import dataclass

from ..engine import Game
from ..engine.actions import Action, action_from_dict
from ..engine.language import ENGLISH, Words, tr, words
from ..engine.registry import error_text

MAX_BOT_DELAY = 10.0
"""The longest pause between bot moves, in seconds."""
MAX_ITEMS = 64
"""The most values (keys, list items, scalars) one message may hold; a real one holds < 20."""
MAX_DEPTH = 4
"""The deepest nesting one message may have (message → action → cards → count is 3)."""
MAX_TEXT = 64
"""The longest string one message may hold (kinds and resource names are short)."""
THEMES = ("auto", "light", "dark")
"""Values of the ``theme`` setting: follow JupyterLab, or force light or dark."""
STALE = tr("That click was made on a board that has changed since; nothing was done.")
"""The answer to a message made on a view of the game this widget cannot place."""
_MESSAGE_KEYS = frozenset({"type", "version", "action"})
DIALOG = "dialog"
"""The message type that says a dialog of the viewer's own opened or closed (bots wait)."""
NEW_GAME = "new_game"
"""The message type of the game-over dialog's "New game" (see :mod:`.rematch`)."""
REVIEW = "review"
"""The message type that starts or cancels the review of a finished game (:mod:`.reviewing`)."""

MAX_OFFER_TIMEOUT = 3600.0
"""The longest countdown a human may be given to answer an offer (seconds)."""

_repr = reprlib.Repr()
_repr.maxstring = 40
_repr.maxother = 40
_repr.maxlevel = 2
_repr.maxdict = _repr.maxlist = _repr.maxtuple = _repr.maxset = 4


class IntentError(ValueError):
    """A refused message; ``str()`` says why in plain English words, :meth:`words` in any
    language (``message``: a catalogue message, or English text for a malformed message).

    ``level`` is the logging level to report it at: malformed messages (a bug or tampering) are
    warnings, stale or out-of-turn ones (a fast double click, a move during a bot's turn) info.
    """

    def __init__(self, message: Words, level: int = logging.WARNING) -> None:
        super().__init__(message)
        self.message: Words = message
        self.level = level

    def __str__(self) -> str:
        return words(self.message, ENGLISH)

    def words(self, language: str | None = None) -> str:
        """Why the message was refused, in ``language`` (default: the process's)."""
        return words(self.message, language)


@dataclass(frozen=True)
class Intent:
    """A validated message: ``kind`` is ``"act"`` (a game ``action``) or ``"undo"``."""

    kind: str
    action: Action | None = None


class StaleIntentError(IntentError):
    """A well-formed message made on an older view of the game: ``intent`` is what it asks for
    and ``version`` the view it was made on.  The widget decides what to do with it (a double
    click is dropped silently, a move still legal goes through, see ``CatanWidget``).
    """

    def __init__(self, intent: Intent, version: int) -> None:
        super().__init__(STALE, logging.INFO)
        self.intent = intent
        self.version = version


def short(value: object, limit: int = 80) -> str:
    """A bounded ``repr`` for messages and logs: never renders more of a value than it shows."""
    if type(value) is int and value.bit_length() > 128:
        text = f"<a {value.bit_length()}-bit number>"
    else:
        try:
            text = _repr.repr(value)
        except Exception:  # a hostile object's __repr__; JSON never gives one, but be safe
            text = f"<{type(value).__name__}>"
    return clip(text, limit)


def clip(text: object, limit: int = 300) -> str:
    """A sentence cut to ``limit`` characters, with anything unprintable escaped."""
    words = str(text)[: limit * 4]
    if not words.isprintable():
        words = words.encode("unicode_escape", "backslashreplace").decode("ascii")
    return words if len(words) <= limit else words[: limit - 1] + "…"


def check_size(msg: object) -> None:
    """Refuse a message with more than MAX_ITEMS values, deeper than MAX_DEPTH, or holding a
    string longer than MAX_TEXT; walks at most MAX_ITEMS + 1 values, without recursion.
    """
    stack: list[tuple[object, int]] = [(msg, 0)]
    seen = 0
    while stack:
        value, depth = stack.pop()
        seen += 1
        if seen > MAX_ITEMS:
            raise IntentError(f"Refused a message with more than {MAX_ITEMS} values.")
        if depth > MAX_DEPTH:
            raise IntentError(f"Refused a message nested deeper than {MAX_DEPTH} levels.")
        if isinstance(value, str) and len(value) > MAX_TEXT:
            raise IntentError(f"Refused a message holding a text of {len(value)} characters.")
        if isinstance(value, dict):
            if len(value) > MAX_ITEMS:
                raise IntentError(f"Refused a message with more than {MAX_ITEMS} values.")
            for key, item in value.items():
                stack.append((key, depth + 1))
                stack.append((item, depth + 1))
        elif isinstance(value, (list, tuple)):
            if len(value) > MAX_ITEMS:
                raise IntentError(f"Refused a message with more than {MAX_ITEMS} values.")
            stack.extend((item, depth + 1) for item in value)


def message_type(msg: object) -> str:
    """The type a message claims: ``"act"``, :data:`DIALOG`, :data:`NEW_GAME`, :data:`REVIEW`;
    anything else (a non-object, no type, an unknown one) is read as ``"act"``, whose parser
    refuses it.
    """
    kind = msg.get("type") if isinstance(msg, dict) else None
    return kind if kind in (DIALOG, NEW_GAME, REVIEW) else "act"


def _exactly(msg: dict[object, object], keys: frozenset[str], what: str) -> None:
    check_size(msg)
    extra = [k for k in msg if k not in keys]
    missing = [k for k in sorted(keys) if k not in msg]
    if extra or missing:
        wanted = ", ".join(sorted(keys))
        raise IntentError(f"Refused a {what} message: it takes exactly the fields {wanted}.")


def parse_dialog(msg: object) -> bool:
    """``{"type": "dialog", "open": true|false}``: whether a dialog of the viewer's own is open
    now (the bots wait while it is, see :class:`~.runner.BotRunner`).  Raises IntentError.
    """
    if not isinstance(msg, dict):
        raise IntentError("Refused a dialog message that is not an object.")
    _exactly(msg, frozenset({"type", "open"}), DIALOG)
    opened = msg["open"]
    if type(opened) is not bool:
        raise IntentError(f"Refused a dialog message: open must be true or false, got {short(opened)}.")
    return opened


def parse_new_game(msg: object, *, version: int, game: Game) -> None:
    """``{"type": "new_game", "version": <state.version>}``: start the next game; accepted only
    on the current version of a game that is over.  Raises IntentError.
    """
    if not isinstance(msg, dict):
        raise IntentError("Refused a new_game message that is not an object.")
    _exactly(msg, frozenset({"type", "version"}), NEW_GAME)
    sent = msg["version"]
    if type(sent) is not int:
        raise IntentError(f"Refused a new_game message without a whole-number version (got {short(sent)}).")
    if sent != version:
        raise IntentError(STALE, logging.INFO)
    if not game.is_over:
        raise IntentError(tr("The game is not over: a new game starts once it ends."), logging.INFO)


def parse_intent(
    msg: object,
    *,
    version: int,
    game: Game,
    humans: Collection[int],
    fresh: Collection[int] = (),
) -> Intent:
    """Validate one front-end message and return what it asks for.

    Args:
        msg: the message content as received.
        version: the current ``state.version``; the message must echo it, or one of ``fresh``.
        game: the game (to know the seats and who must act now).
        humans: the seats played by humans in this widget.
        fresh: older versions that still show the game as it is (only settings changed since).

    Raises:
        StaleIntentError: a well-formed message made on an older view of the game.
        IntentError: the message is refused; nothing must change.
    """
    if not isinstance(msg, dict):
        raise IntentError(
            f"Refused a message that is not an object ({type(msg).__name__}): "
            "expected {'type': 'act', 'version': ..., 'action': {...}}."
        )
    check_size(msg)
    extra = [k for k in msg if k not in _MESSAGE_KEYS]
    if extra:
        raise IntentError(f"Refused a message with unexpected field(s): {short(extra)}.")
    if msg.get("type") != "act":
        raise IntentError(f"Refused a message of unknown type {short(msg.get('type'))} (expected 'act').")
    sent = msg.get("version")
    if type(sent) is not int:
        raise IntentError(f"Refused a message without a whole-number version (got {short(sent)}).")
    action = msg.get("action")
    if not isinstance(action, dict):
        raise IntentError(f"Refused a message whose action is not an object (got {short(action)}).")
    kind = action.get("kind")
    if not isinstance(kind, str):
        raise IntentError(f"Refused an action without a kind name (got {short(kind)}).")
    if kind == "undo":
        if len(action) != 1:
            raise IntentError("Refused undo: it takes no fields.")
        intent = Intent("undo")
    else:
        try:
            parsed = action_from_dict(action)
        except Exception as exc:  # IllegalActionError normally; anything else is junk all the same
            text = error_text(exc, 300, kind=False)
            raise IntentError(f"Refused {short(kind, 40)}: {text[:1].upper()}{text[1:]}") from exc
        intent = Intent("act", action=parsed)
    if sent != version and sent not in fresh:
        raise StaleIntentError(intent, sent)
    _require_human_turn(game, humans)
    return intent


def _require_human_turn(game: Game, humans: Collection[int]) -> None:
    if game.is_over:
        raise IntentError(tr("The game is over: no more moves."), logging.INFO)
    current = game.current_seat
    if current not in humans:
        # TRANSLATORS: {name} is the player who must act now, whose seat a bot plays
        raise IntentError(
            tr("Waiting for {name}: a bot plays that seat.", name=game.names[current]), logging.INFO
        )


# --- settings ---------------------------------------------------------------------------------
def view_seat(value: object, n: int) -> int | None:
    """``value`` as a view for ``n`` seats: a seat, ``-1`` (every hand) or None (automatic).

    Raises ValueError for anything else.
    """
    if value is None or (type(value) is int and -1 <= value < n):
        return value
    raise ValueError(
        f"the view must be a seat number 0..{n - 1}, -1 (teacher: every hand) or null (automatic), "
        f"got {short(value)}"
    )


def handover_seat(value: object, n: int) -> int | None:
    """``value`` as the seat that took the screen at a hot-seat hand-over (0..n-1) or None."""
    if value is None or (type(value) is int and 0 <= value < n):
        return value
    raise ValueError(f"ready_seat must be a seat number 0..{n - 1} or null, got {short(value)}")


def delay_seconds(value: object) -> float:
    """``value`` as a pause between bot moves, 0..MAX_BOT_DELAY seconds; raises ValueError."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= MAX_BOT_DELAY:
        return float(value)  # NaN fails the comparison; huge ints never reach float()
    raise ValueError(
        f"the bot delay must be a number of seconds from 0 to {MAX_BOT_DELAY:g}, got {short(value)}"
    )


def offer_seconds(value: object) -> float | None:
    """``value`` as the seconds a human has to answer an offer, 0..MAX_OFFER_TIMEOUT, or None
    (no countdown); raises ValueError.
    """
    if value is None:
        return None
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= MAX_OFFER_TIMEOUT:
        return float(value)
    raise ValueError(
        "offer_timeout must be None or a number of seconds "
        f"from 0 to {MAX_OFFER_TIMEOUT:g}, got {short(value)}"
    )


def theme_name(value: object) -> str:
    """``value`` as a theme (one of THEMES); raises ValueError."""
    if isinstance(value, str) and value in THEMES:
        return value
    raise ValueError(f"the theme must be one of {', '.join(THEMES)}, got {short(value)}")


def flag(value: object) -> bool:
    """``value`` as an on/off setting (a bool); raises ValueError."""
    if type(value) is bool:
        return value
    raise ValueError(f"expected true or false, got {short(value)}")
