"""Bots by name, without the engine importing the bots.

The engine only knows what a bot is (:class:`Bot`: ``choose(observation) -> Action``) and keeps
a registry of named bot factories that the package above fills (``catan_widget.bots`` registers
``"random"``, ``"greedy"`` and ``"search"``).  ``Game.play(bots="greedy")`` resolves names here,
and ``Game.hint()`` asks the registered hinter (the search bot's) through :func:`hint_for`.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from .actions import Action, action_to_dict
from .knowledge.observation import Observation


@runtime_checkable
class Bot(Protocol):
    """A player that is not at the screen: it decides from what its seat may know.

    A bot whose choice depends on its legal actions alone may also define
    ``choose_among(actions) -> Action``; :meth:`Game.play` and tournaments then hand it the
    acting seat's legal actions (part of that seat's observation) and skip building the rest
    of the observation.  It must choose as ``choose`` would.
    """

    def choose(self, observation: Observation) -> Action:
        """The action to take, given the observation of the seat that must act now."""
        ...


def error_text(exc: BaseException, limit: int = 200, *, kind: bool = True) -> str:
    """How an exception raised by a bot (or any code the user wrote) reads in a message.

    ``"TypeName: message"`` (``kind=False``: the message alone), cut to ``limit`` characters
    with unprintable characters escaped; the type's name alone when the message is empty or
    cannot be had (a ``__str__`` that raises or returns no string).  Never raises itself, so a
    bot error that cannot be printed still pauses the bots with a message.
    """
    try:
        name = type(exc).__name__
        name = name if type(name) is str else "exception"
    except Exception:  # a metaclass with a hostile __name__
        name = "exception"
    try:
        message = str(exc)
    except Exception:
        message = ""
    message = str.__getitem__(message, slice(0, limit * 4)) if isinstance(message, str) else ""
    text = f"{name}: {message}" if message and kind else (message or name)
    if not text.isprintable():
        text = text.encode("unicode_escape", "backslashreplace").decode("ascii")
    return text if len(text) <= limit else text[: limit - 1] + "…"


BotFactory = Callable[[int, int], Bot]
"""Makes a bot from the game's seed and the seat it plays."""
BotSpec = str | Bot
"""A registered bot name or a bot object."""

_FACTORIES: dict[str, BotFactory] = {}


def register_bot(name: str, factory: BotFactory) -> None:
    """Make ``name`` usable wherever a bot is chosen by name (``factory(seed, seat)``)."""
    if not isinstance(name, str) or not name:
        raise ValueError("a bot name is a non-empty string")
    _FACTORIES[name] = factory


def bot_names() -> tuple[str, ...]:
    """The registered bot names, in registration order."""
    return tuple(_FACTORIES)


def make_bot(spec: BotSpec, seed: int, seat: int) -> Bot:
    """A bot from a registered name or an object with ``choose``."""
    if isinstance(spec, str):
        factory = _FACTORIES.get(spec)
        if factory is None:
            raise _unknown(spec)
        return factory(seed, seat)
    if not callable(getattr(spec, "choose", None)):
        raise TypeError(f"a bot needs a choose(observation) method, got {type(spec).__name__}")
    return spec


def _unknown(spec: str) -> ValueError:
    """The error for a bot name nobody registered (saying where a bot of one's own comes from)."""
    known = ", ".join(repr(n) for n in _FACTORIES) or "none registered"
    module_name, _, attr = spec.partition(":")
    own = (
        " (a bot of your own, module:name, is imported only where it is named: the command "
        "line's --bot or --seats, or import_bot; never from a save)"
        if module_name and attr
        else ", or module:name of your own"
    )
    return ValueError(f"unknown bot {spec[:40]!r}; use one of {known} or an object with choose(){own}")


def import_bot(spec: str) -> str:
    """``spec`` itself, usable as a bot name: a registered name as it is, or ``"module:name"``
    (``name`` may be dotted), imported and registered under ``spec``.  The imported object is a
    bot (an object with ``choose``: every seat it plays shares it) or a factory
    ``(seed, seat) -> bot`` (each seat its own).  For the command line
    (``catan-widget bot --bot mybots:make``): a name read from a save is never imported.
    ``ValueError`` saying what is wrong otherwise; the current directory's modules are found.
    """
    if spec in _FACTORIES:
        return spec
    module_name, colon, attr = spec.partition(":")
    if not colon or not module_name or not attr:
        raise _unknown(spec)
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # as `python -m` finds them: a console script does not
    try:
        found: Any = importlib.import_module(module_name)
    except Exception as exc:  # not found, or the module's own error (a SyntaxError too)
        raise ValueError(f"bot {spec!r}: cannot import {module_name} ({error_text(exc)})") from exc
    for part in attr.split("."):
        if not hasattr(found, part):
            raise ValueError(f"bot {spec!r}: {module_name} has no {attr}")
        found = getattr(found, part)
    if callable(getattr(found, "choose", None)):
        bot = found
        register_bot(spec, lambda seed, seat: bot)
    elif callable(found):
        register_bot(spec, lambda seed, seat: make_bot(found(seed, seat), seed, seat))
    else:
        raise ValueError(f"bot {spec!r}: neither a bot (with choose) nor a factory (seed, seat) -> bot")
    return spec


def make_bots(
    names: Sequence[str], seed: int, bots: BotSpec | Sequence[BotSpec] | Mapping[str, BotSpec]
) -> list[Bot]:
    """One bot per seat from a single spec, a list by seat, or a dict by player name."""
    n = len(names)
    if isinstance(bots, str) or callable(getattr(bots, "choose", None)):
        return [make_bot(bots, seed, i) for i in range(n)]  # type: ignore[arg-type]
    if isinstance(bots, Mapping):
        if set(bots) != set(names):
            raise ValueError(f"bots by name must name every player: {list(names)}")
        return [make_bot(bots[name], seed, i) for i, name in enumerate(names)]
    if not isinstance(bots, Sequence):
        raise TypeError("bots: a name, a bot, a list by seat or a dict by player name")
    if len(bots) != n:
        raise ValueError(f"give one bot per seat ({n})")
    return [make_bot(b, seed, i) for i, b in enumerate(bots)]


@dataclass(frozen=True)
class Hint:
    """A suggested move for one seat, with a one-line reason in the players' words."""

    seat: int
    action: Action
    reason: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: the seat, the action in its JSON form, and the reason."""
        return {"seat": self.seat, "action": action_to_dict(self.action), "reason": self.reason}

    def __str__(self) -> str:
        return self.reason


Hinter = Callable[[Observation, float], tuple[Action, str]]
"""Suggests a move from a seat's observation with a think budget: (move, reason).  The budget
is an amount of search work, not a time: the search bot's ``budget`` (:mod:`catan_widget.bots.search`)."""

HINT_BUDGET = 1.0
"""The think budget of a hint (the widget's Hint button; ``Game.hint()``'s default): the search
bot's work for one decision at ``budget=1`` — at most 2,000 positions scored (8,000 for a setup
placement) and 112 playouts to the end of the game for a setup settlement (24 for a road).
Counted in work, never read from the clock, so a hint depends only on the position and takes
a predictable time.  Measured on one core of a 2-core machine, the slowest hint (a setup
settlement, 4 players): about 0.75 s compiled and 2 s pure Python (0.66–0.9 s and 1.8–2.3 s of
CPU; up to 1.8 s / 3.6 s of wall time while other work loaded the machine); setup roads 0.17 s /
0.45 s; every later decision (main phase, robber, discard, trades) under 0.03 s / 0.05 s."""
MAX_HINT_BUDGET = 10.0
"""The largest hint budget taken (ten times the default: about 8 s compiled for a settlement)."""

_HINTERS: list[Hinter] = []


def register_hinter(hinter: Hinter) -> None:
    """Make ``hinter`` the one :meth:`Game.hint` asks (``catan_widget.bots`` registers the search bot's)."""
    _HINTERS[:] = [hinter]


def check_hint_budget(budget: object) -> float:
    """``budget`` as a hint's think budget: a number, 0 < budget <= :data:`MAX_HINT_BUDGET`;
    raises ValueError saying so otherwise (NaN, infinity, a string, a bool...).
    """
    if isinstance(budget, (int, float)) and not isinstance(budget, bool) and 0 < budget <= MAX_HINT_BUDGET:
        return float(budget)  # NaN fails the comparison; a huge int never reaches float()
    if type(budget) is int and budget.bit_length() > 64:
        shown = f"a {budget.bit_length()}-bit number"
    elif isinstance(budget, (int, float, str)):
        shown = repr(budget)[:40]
    else:
        shown = f"a {type(budget).__name__}"
    raise ValueError(
        f"a hint's budget is an amount of search work, a number above 0 and at most "
        f"{MAX_HINT_BUDGET:g} ({HINT_BUDGET:g} by default), got {shown}"
    )


def hint_for(observation: Observation, budget: float = HINT_BUDGET) -> Hint:
    """The registered hinter's suggestion for the observing seat, which must be acting now,
    with ``budget`` of search work (:data:`HINT_BUDGET`; checked by :func:`check_hint_budget`).
    """
    if not _HINTERS:
        raise RuntimeError("no hint source registered: import catan_widget.bots")
    work = check_hint_budget(budget)
    seat = observation.seat
    if seat is None or not observation.acting:
        raise ValueError("a hint is for the seat that must act now")
    action, reason = _HINTERS[0](observation, work)
    return Hint(seat, action, reason)
