"""Validating every message the front-end sends (docs/protocol.md, "Intents").

One message type: ``{"type": "act", "version": <state.version>, "action": {...}}``.  A message
is accepted only if it has exactly that shape, echoes the *current* state version (a stale or
replayed message is refused), carries a well-formed action, and — for game actions and undo —
arrives while a human seat of this widget must act.  Whether the action obeys the rules is the
engine's call (``Game.step``); this module only refuses what cannot even be asked.
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from dataclasses import dataclass

from ..engine import Game
from ..engine.actions import Action, action_from_dict

UI_KINDS: tuple[str, ...] = ("undo", "set_view", "toggle_pips", "set_bot_delay")
"""Action kinds handled by the widget itself rather than the engine."""
MAX_BOT_DELAY = 10.0
"""The longest pause between bot moves a message may ask for, in seconds."""
MAX_ERROR = 300
"""Longest engine message quoted in a refusal (junk values can be huge)."""
_MESSAGE_KEYS = frozenset({"type", "version", "action"})
_UI_FIELDS = {"undo": (), "set_view": ("seat",), "toggle_pips": (), "set_bot_delay": ("seconds",)}


class IntentError(ValueError):
    """A refused message; ``str()`` says why in plain words.

    ``level`` is the logging level to report it at: malformed messages (a bug or tampering) are
    warnings, stale or out-of-turn ones (a fast double click, a move during a bot's turn) info.
    """

    def __init__(self, message: str, level: int = logging.WARNING) -> None:
        super().__init__(message)
        self.level = level


@dataclass(frozen=True)
class Intent:
    """A validated message: ``kind`` is ``"act"`` (a game ``action``) or one of :data:`UI_KINDS`.

    ``seat`` is the view asked for by ``set_view`` (``None`` = back to automatic, ``-1`` =
    teacher); ``seconds`` the delay asked for by ``set_bot_delay``.
    """

    kind: str
    action: Action | None = None
    seat: int | None = None
    seconds: float | None = None


def short(value: object, limit: int = 80) -> str:
    """A bounded ``repr`` for messages and logs (junk can be huge)."""
    try:
        text = repr(value)
    except Exception:  # a hostile object's __repr__; JSON never gives one, but be safe
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _is_int(value: object) -> bool:
    return type(value) is int


def parse_intent(msg: object, *, version: int, game: Game, humans: Collection[int]) -> Intent:
    """Validate one front-end message and return what it asks for.

    Args:
        msg: the message content as received.
        version: the current ``state.version``; the message must echo it exactly.
        game: the game (to know the seats and who must act now).
        humans: the seats played by humans in this widget.

    Raises:
        IntentError: the message is refused; nothing must change.
    """
    if not isinstance(msg, dict):
        raise IntentError(
            f"Refused a message that is not an object ({type(msg).__name__}): "
            "expected {'type': 'act', 'version': ..., 'action': {...}}."
        )
    extra = [k for k in msg if k not in _MESSAGE_KEYS]
    if extra:
        raise IntentError(f"Refused a message with unexpected field(s): {short(sorted(map(str, extra)))}.")
    if msg.get("type") != "act":
        raise IntentError(f"Refused a message of unknown type {short(msg.get('type'))} (expected 'act').")
    sent = msg.get("version")
    if not _is_int(sent):
        raise IntentError(f"Refused a message without a whole-number version (got {short(sent)}).")
    if sent != version:
        raise IntentError(
            f"That move was made on an older view of the board (version {short(sent, 24)}, now "
            f"{version}); nothing changed, please try again.",
            logging.INFO,
        )
    action = msg.get("action")
    if not isinstance(action, dict):
        raise IntentError(f"Refused a message whose action is not an object (got {short(action)}).")
    kind = action.get("kind")
    if not isinstance(kind, str):
        raise IntentError(f"Refused an action without a kind name (got {short(kind)}).")
    if kind in _UI_FIELDS:
        intent = _ui_intent(kind, action, len(game.names))
        if kind == "undo":
            _require_human_turn(game, humans)
        return intent
    try:
        parsed = action_from_dict(action)
    except Exception as exc:  # IllegalActionError normally; anything else is junk all the same
        text = str(exc) or type(exc).__name__
        if len(text) > MAX_ERROR:
            text = text[: MAX_ERROR - 1] + "…"
        raise IntentError(f"Refused {short(kind, 40)}: {text[:1].upper()}{text[1:]}") from exc
    _require_human_turn(game, humans)
    return Intent("act", action=parsed)


def _ui_intent(kind: str, action: dict[object, object], n: int) -> Intent:
    allowed = ("kind", *_UI_FIELDS[kind])
    extra = [k for k in action if k not in allowed]
    missing = [k for k in _UI_FIELDS[kind] if k not in action]
    if extra or missing:
        parts = ([f"unexpected field(s) {short(sorted(map(str, extra)))}"] if extra else []) + (
            [f"missing field(s) {', '.join(missing)}"] if missing else []
        )
        raise IntentError(f"Refused {kind}: {'; '.join(parts)}.")
    try:
        if kind == "set_view":
            return Intent(kind, seat=view_seat(action["seat"], n))
        if kind == "set_bot_delay":
            return Intent(kind, seconds=delay_seconds(action["seconds"]))
    except ValueError as exc:
        raise IntentError(f"Refused {kind}: {exc}.") from exc
    return Intent(kind)


def view_seat(value: object, n: int) -> int | None:
    """``value`` as a view for ``n`` seats: a seat, ``-1`` (every hand) or None (automatic).

    Raises ValueError for anything else.
    """
    if value is None or (isinstance(value, int) and not isinstance(value, bool) and -1 <= value < n):
        return value
    raise ValueError(
        f"the view must be a seat number 0..{n - 1}, -1 (teacher: every hand) or null (automatic), "
        f"got {short(value)}"
    )


def delay_seconds(value: object) -> float:
    """``value`` as a pause between bot moves, 0..MAX_BOT_DELAY seconds; raises ValueError."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= MAX_BOT_DELAY:
        return float(value)  # NaN fails the comparison; huge ints never reach float()
    raise ValueError(
        f"the bot delay must be a number of seconds from 0 to {MAX_BOT_DELAY:g}, got {short(value)}"
    )


def _require_human_turn(game: Game, humans: Collection[int]) -> None:
    if game.is_over:
        raise IntentError("The game is over: no more moves.", logging.INFO)
    current = game.state.current
    if current not in humans:
        raise IntentError(
            f"It is {game.names[current]}'s turn to act (a bot plays that seat); wait for it.",
            logging.INFO,
        )
