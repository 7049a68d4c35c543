"""All-or-nothing steps: how a step that an exception cut short is taken back whole.

A step changes the state in place, then records the move (``history.append``): that append is
the commit.  An exception before it — a kernel interrupt (``KeyboardInterrupt``, raised between
any two bytecodes), a ``MemoryError``, a bug in a bot's hook — may leave the state half
changed.  The history is the source of truth and the state its cache, so the stepping code
(``Game.step``, the compiled play loop) hands such a step to :func:`take_back`: the state is
rebuilt from its start and the recorded moves (:func:`replayed_state`: the one replay, of
:mod:`.replay`), the step's events are dropped, and the game is exactly as it was before the
step, byte for byte when saved.

:func:`step` is ``Game.step`` itself: the listed action applied without a second check, or
any other one checked (:func:`check_and_apply`), recorded by that append; ``Game.legal_actions``
(:func:`..knowledge.reads.listed`, compiled with the other reads of a whole position) remembers
what it listed for the position so that a step of one of those actions is not checked again.

Threads take turns: :func:`turn` (and the same few lines inlined in the hot paths) queue the
thread on the game's ``holders`` list, wait until it is first, and leave the queue after; the
queue is changed only by single list operations, which are atomic, so no two threads ever step
one game at once.  A plain lock would cost a step three times as much, and its ``acquire``
could return just before an interrupt, leaving the lock held for ever.

The rebuild runs with Python's signal handlers held back (:func:`signals_held`), so a second
interrupt cannot tear it; a signal that came meanwhile is handled right after, as if it had
come then.  A step that a signal interrupts costs one replay (milliseconds); a step that is
not interrupted costs nothing more.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import FrameType
from typing import Any

from ..action_fields import not_an_action
from ..actions import Action
from ..board.layouts import Board
from ..errors import IllegalActionError
from ..options import Rules
from ..phases import GAME_OVER
from ..state import State
from .apply import apply_listed
from .replay import play_move, replay

Handler = Callable[[int, FrameType | None], Any]
"""A Python-level signal handler."""


@contextmanager
def signals_held() -> Iterator[None]:
    """Hold back every Python-level signal handler (Ctrl-C, a kernel interrupt, an alarm) while
    the body runs; the signals that arrived meanwhile are handled after it, in order.

    Python runs signal handlers in the main thread only, so elsewhere this holds nothing; where
    handlers cannot be replaced (an embedded interpreter) the body runs unprotected.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[tuple[Handler, int, FrameType | None]] = []
    saved: dict[int, Handler] = {}

    def holder(signum: int, frame: FrameType | None) -> None:
        came.append((saved[signum], signum, frame))

    try:
        for sig in signal.valid_signals():
            try:
                handler = signal.getsignal(sig)
                if callable(handler):
                    saved[int(sig)] = handler
                    signal.signal(sig, holder)
            except (OSError, RuntimeError, ValueError):  # not settable here
                continue
        yield
    finally:
        for signum, handler in saved.items():
            signal.signal(signum, handler)
        for handler, signum, frame in came:
            handler(signum, frame)


def wait_turn(holders: list[int], me: int) -> None:
    """Wait until thread ``me``, queued on ``holders``, is first (another thread is stepping)."""
    while holders[0] != me:
        time.sleep(0)  # lets the other thread finish its step


@contextmanager
def turn(holders: list[int]) -> Iterator[None]:
    """Wait for the calling thread's turn with a game (``holders``: its queue), for saves,
    staging and restores; the body runs while no other thread steps it.
    """
    me = threading.get_ident()
    try:
        holders.append(me)
        if holders[0] != me:
            wait_turn(holders, me)
        yield
    finally:
        leave(holders, me)


def leave(holders: list[int], me: int) -> None:
    """Take thread ``me`` off the queue ``holders`` (not there when an interrupt came before it
    joined: nothing to do).
    """
    if me in holders:
        holders.remove(me)


def replayed_state(start: State, board: Board, rules: Rules, history: Sequence[tuple[Action, Any]]) -> State:
    """The state reached by replaying ``history`` (``(action, chance)`` pairs) from ``start``
    (which is left unchanged): the one replay, :func:`.replay.replay`.
    """
    s = start.copy()
    scratch: list[Any] = []
    for _ in replay(s, board, rules, history, scratch):
        scratch.clear()
    return s


def take_back(game: Any, at: int, mark: int) -> None:
    """Make ``game`` (a :class:`Game`) what it was before a step that began with ``at`` moves
    recorded and ``mark`` events, unless that step's move was recorded (then it is whole).
    """
    if len(game.history) != at:
        return
    with signals_held():
        state = replayed_state(game.start_state(), game.board, game.rules, game.history)
        del game.events[mark:]
        game.state = state
        game._listed = (None, 0, ())


def step(
    game: Any,
    action: Action,
    *,
    dice: tuple[int, int] | None = None,
    card: int | str | None = None,
    steal: int | str | None = None,
) -> None:
    """Apply one action of the acting player.

    ``dice``, ``card`` and ``steal`` script chance for teaching (a roll, the card drawn,
    the resource stolen).  Raises :class:`IllegalActionError` naming the broken rule; the
    game is then unchanged.  A step is all or nothing under any exception, a keyboard
    interrupt included (see this module); while one thread steps or plays a game, another
    thread's step waits for this one (a per-game lock), and is checked against the position
    it then finds.

    ``Game.step`` (``game``: the :class:`Game`): in this thread's turn, one of the actions just
    listed (:func:`listed`) is applied as listed, any other is checked (:func:`check_and_apply`);
    a refusal leaves the game as it was, any other exception takes the step back whole
    (:func:`take_back`).  The game's observers are told after.
    """
    me, holders = threading.get_ident(), game._holders
    try:
        holders.append(me)  # one step at a time: another thread's step waits for this one
        if holders[0] != me:
            wait_turn(holders, me)
        history, ev = game.history, game.events
        at, mark = len(history), len(ev)
        try:
            state, listed_at, actions = game._listed
            if (
                state is game.state  # listed for this very position
                and listed_at == at
                and dice is None
                and card is None
                and steal is None  # the listed object applied: the action, or one equal to it
                and (applied := apply_listed(state, game.board, game.rules, action, ev, actions, at > 0))
                is not None
            ):
                history.append((applied, None))  # the commit
            else:
                check_and_apply(game, action, dice, card, steal, at > 0)
        except IllegalActionError:
            del ev[mark:]  # refused by a check, before anything changed
            raise
        except BaseException:
            take_back(game, at, mark)  # nothing when the move was recorded
            raise
    finally:
        if me in holders:  # not when an interrupt came before it joined
            holders.remove(me)
    if game._observers:
        game.changed()


def check_and_apply(
    game: Any, action: object, dice: object, card: object, steal: object, settled: bool
) -> None:
    """The checked path of :func:`step` (an action that is not one of those just listed): the
    move a replay plays (:func:`.replay.play_move`), recorded.
    """
    if not isinstance(action, Action):
        raise not_an_action(action)
    if game.state.phase == GAME_OVER:
        raise IllegalActionError("game_over", game.refusal(action).message)  # who won
    move = play_move(game.state, game.board, game.rules, action, dice, card, steal, game.events, settled)
    game.history.append(move)  # the commit
