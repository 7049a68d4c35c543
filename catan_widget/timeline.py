"""A finished or loaded game as a timeline: the game as it was after any number of its actions.

    from catan_widget.timeline import Timeline
    t = Timeline(game)          # or Timeline(save_text): game.to_json() output
    len(t)                      # how many actions; positions run 0..len(t)
    g = t.game_at(120)          # a Game exactly as it was after 120 actions (its own copy)
    t.next_mark(120, "roll")    # the position just after the next roll
    t.turn_start(12)            # the position where turn 12 began
    t.log_for(0, 120, language="uk")  # the log seat 0 read then, in Ukrainian

The timeline re-plays the game's history once on a copy rewound to its start (never on the
game it was given), with the engine's one replay (``catan_widget.engine.rules.replay``), and keeps a
copy of the state every :data:`CHECKPOINT` actions, so any position is at most that many
engine steps away.  Nothing here changes the original game.
"""

from __future__ import annotations

import bisect
from typing import Any

from .engine import Game
from .engine import state as _state
from .engine.actions import Action
from .engine.language import resolve
from .engine.rules.replay import replay_onto, rewound
from .engine.state import State
from .engine.viewer import ALL_SEEING, ONLOOKER

__all__ = ["CHECKPOINT", "MARKS", "Timeline", "states_equal"]

CHECKPOINT = 16
"""Positions between two stored states (a position is at most this many steps from one)."""
MARKS = ("roll", "build", "robber")
"""The kinds of moment a timeline can jump to: a roll, a build (road, settlement, city or
development card bought), a robber move."""
_KIND_OF_EVENT = {
    "roll": "roll",
    "road": "build",
    "settlement": "build",
    "city": "build",
    "buy": "build",
    "robber": "robber",
}


_FIELDS: tuple[str, ...] = tuple(getattr(_state, "FIELDS", None) or getattr(State, "__slots__", None) or ())
"""The names of a state's fields (plain Python or compiled engine)."""


def states_equal(a: State, b: State) -> bool:
    """True when two game states hold the same values in every field."""
    assert _FIELDS, "the engine's State lists its fields"
    return all(_plain(getattr(a, k)) == _plain(getattr(b, k)) for k in _FIELDS)


def _plain(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (int, str, float, bool)):
        return value
    if hasattr(value, "state"):  # the game's random generator: its state is one int
        return ["rng", value.state]
    return value


class Timeline:
    """Every position of a game's history, read-only.

    Args:
        game: a :class:`Game` (it is copied, never changed) or a save (``game.to_json()`` text).

    Position ``i`` is the game after its first ``i`` actions; position 0 is the start (the
    staged position for a staged game), position ``len(timeline)`` the end.
    """

    def __init__(self, game: Game | str) -> None:
        source = Game.from_json(game) if isinstance(game, str) else game.fork()
        if not isinstance(source, Game):
            raise TypeError(f"a Timeline needs a Game or a save, got {type(game).__name__}")
        self.names: list[str] = list(source.names)
        self._actions: list[tuple[Action, dict[str, Any] | None]] = list(source.history)
        g: Game = rewound(source)
        self._start = g.fork()
        self._checkpoints: list[State] = [g.state.copy()]
        self._event_counts: list[int] = [len(g.events)]
        self._turns: list[int] = [g.state.turn]
        self._seats: list[int] = []
        self._kinds: list[tuple[str, ...]] = []
        seat, mark = g.state.current, 0
        for i, _ in enumerate(replay_onto(g, self._actions), 1):  # the engine's one replay
            self._seats.append(seat)
            kinds = {_KIND_OF_EVENT.get(e[0], "") for e in g.events[mark:]} - {""}
            self._kinds.append(tuple(sorted(kinds)))
            self._event_counts.append(len(g.events))
            self._turns.append(g.state.turn)
            if i % CHECKPOINT == 0:
                self._checkpoints.append(g.state.copy())
            seat, mark = g.state.current, len(g.events)
        # a staged game's log starts with what staging wrote: keep that prefix
        extra = len(source.events) - len(g.events)
        prefix = source.events[:extra] if extra > 0 and source.events[extra:] == g.events else []
        self._events = [*prefix, *g.events]
        self._event_counts = [c + len(prefix) for c in self._event_counts]
        self._start.events = self._events[: len(prefix)]
        g.events = list(self._events)
        self._end = g
        self._logs: dict[tuple[int | None, str], list[str]] = {}
        self._marks = {kind: [i + 1 for i, ks in enumerate(self._kinds) if kind in ks] for kind in MARKS}
        self._cursor: Game | None = None
        self._cursor_at = -1

    def __len__(self) -> int:
        return len(self._actions)

    @property
    def end(self) -> Game:
        """A copy of the game at its last position."""
        return self.game_at(len(self))

    def turn_at(self, position: int) -> int:
        """The turn number at ``position`` (0 during setup)."""
        return self._turns[self._check(position)]

    def seat_before(self, position: int) -> int:
        """The seat that took action number ``position`` (1-based: the move leading to it)."""
        return self._seats[self._check(position) - 1]

    def kinds(self, position: int) -> tuple[str, ...]:
        """What the action leading to ``position`` did, among :data:`MARKS` (maybe nothing)."""
        return self._kinds[self._check(position) - 1] if position > 0 else ()

    def marks(self, kind: str) -> list[int]:
        """Every position just after an action of ``kind`` (one of :data:`MARKS`)."""
        if kind not in self._marks:
            raise ValueError(f"kind must be one of {', '.join(MARKS)}, got {kind!r}")
        return list(self._marks[kind])

    def next_mark(self, position: int, kind: str) -> int | None:
        """The first position after ``position`` reached by an action of ``kind``, or None."""
        marks = self._marks.get(kind)
        if marks is None:
            raise ValueError(f"kind must be one of {', '.join(MARKS)}, got {kind!r}")
        i = bisect.bisect_right(marks, position)
        return marks[i] if i < len(marks) else None

    def previous_mark(self, position: int, kind: str) -> int | None:
        """The last position before ``position`` reached by an action of ``kind``, or None."""
        marks = self._marks.get(kind)
        if marks is None:
            raise ValueError(f"kind must be one of {', '.join(MARKS)}, got {kind!r}")
        i = bisect.bisect_left(marks, position)
        return marks[i - 1] if i > 0 else None

    def turn_start(self, turn: int) -> int:
        """The first position at which the game is in turn ``turn`` (clamped to the game)."""
        i = bisect.bisect_left(self._turns, turn)
        return min(i, len(self))

    def turn_starts(self) -> list[int]:
        """``turn_starts()[t]`` = the position where turn ``t`` began, for every turn reached."""
        return [self.turn_start(t) for t in range(self._turns[-1] + 1)]

    def log_for(self, viewer: int | None, position: int, *, language: str | None = None) -> list[str]:
        """The log up to ``position`` as ``viewer`` reads it, in ``language`` (default: the
        process's; see :meth:`Game.log_for`).
        """
        return self._full_log(viewer, language)[: self._event_counts[self._check(position)]]

    def events_at(self, position: int) -> list[Any]:
        """The events up to ``position`` (engine tuples)."""
        return self._events[: self._event_counts[self._check(position)]]

    def game_at(self, position: int) -> Game:
        """A new :class:`Game` exactly as the game was after ``position`` actions.

        Each call returns an independent copy: stepping it changes neither the timeline nor
        the game it was made from.
        """
        return self._at(position).fork()

    def view_at(self, position: int) -> Game:
        """Like :meth:`game_at`, but the timeline's own cursor game (no copy: faster; the
        caller must not step it).  Moving forward by a few positions costs a few engine steps.
        """
        return self._at(position)

    # --- internals -----------------------------------------------------------------------------
    def _check(self, position: int) -> int:
        if type(position) is not int or not 0 <= position <= len(self):
            raise ValueError(f"a position is 0..{len(self)}, got {position!r}")
        return position

    def _full_log(self, viewer: int | None, language: str | None = None) -> list[str]:
        key = (viewer, resolve(language))
        log = self._logs.get(key)
        if log is None:
            log = self._logs[key] = self._end.log_for(viewer, language=key[1])
        return log

    def _at(self, position: int) -> Game:
        self._check(position)
        g, at = self._cursor, self._cursor_at
        base = position - position % CHECKPOINT
        if g is None or not base <= at <= position:  # else: step the cursor forward
            g = self._start.fork()
            g.state = self._checkpoints[base // CHECKPOINT].copy()
            g.history = self._actions[:base]
            g.events = self._events[: self._event_counts[base]]
            at = base
        self._cursor = None  # an interrupt while it moves leaves no cursor half-way
        for _ in replay_onto(g, self._actions[at:position]):
            pass
        self._cursor, self._cursor_at = g, position
        self._seed_logs(g, position)
        return g

    def _seed_logs(self, g: Game, position: int) -> None:
        """Give the game the log words already computed (so a view costs no re-wording): in
        the process's language and in every language the timeline has worded its log in.
        """
        n = self._event_counts[position]
        viewers = [ONLOOKER, ALL_SEEING, *range(len(self.names))]
        langs = {resolve(None), *(lang for _, lang in self._logs)}
        g._logs = {(v, lang): self._full_log(v, lang)[:n] for v in viewers for lang in sorted(langs)}
        g._logs_of = g.events
