"""A game's history as plain rows, and a replay of it step by step.

``rows(game)`` gives one row per player whose hand an action changed (and always one for the
acting player)::

    {"step": 12, "turn": 3, "player": "Bo", "action": "You rolled 8 (3+5): you +1 grain",
     "dice": (3, 5), "gained": {"grain": 1}, "spent": {}}

``gained`` and ``spent`` name the resource cards that entered and left that player's hand in
that step (paid to the bank, traded, discarded, stolen and given up to a monopoly all count as
spent).  So for every player, the hand at the start plus every ``gained`` minus every ``spent``
is the hand now.

``action`` is the step in the game log's own words (``engine.words.log.describe``: the events of
the step joined by ``"; "``), read by the row's player, in ``language`` (default: the
process's): the acting player sees the development card they bought, the thief and the robbed
player see the stolen card, others read the public wording.  That matches ``gained``/``spent``,
which show a row's own cards.  A row's player reads their own moves in the second person
(``"You rolled 8 (3+5): ..."``, ``"You built a road on ..."``); other players' moves name the
mover (``"Bo rolled 8 (3+5): ..."``).  The other keys hold codes and numbers in every language.

``replay(game)`` re-plays ``game.history`` from its start and yields each :class:`Step` with the
state before and after it: the plots use it for series over the turns.  The engine knows nothing
of this module.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .engine import Game
from .engine.actions import Action
from .engine.constants import RESOURCES
from .engine.language import resolve
from .engine.rules.events import Event, Events
from .engine.rules.replay import replay as engine_replay
from .engine.state import State
from .engine.words.log import describe

__all__ = ["Step", "Table", "replay", "rows", "to_pandas"]

ROW_KEYS = ("step", "turn", "player", "action", "dice", "gained", "spent")
"""The keys of every row, in order."""


@dataclass(frozen=True)
class Step:
    """One replayed action.

    Attributes:
        index: position in ``game.history``.
        turn: the turn number when the action was taken (0 = setup).
        seat: the seat that acted.
        action: the action.
        chance: the scripted chance of the step, or None.
        events: the events the action produced (engine tuples, see ``engine/events.py``).
        before, after: copies of the game state just before and just after the action.
    """

    index: int
    turn: int
    seat: int
    action: Action
    chance: dict[str, Any] | None
    events: tuple[Event, ...]
    before: State
    after: State


def start_state(game: Game) -> State:
    """The state the game's history starts from: the staged origin, or the fresh game (a copy)."""
    return game.start_state().copy()


def replay(game: Game) -> Iterator[Step]:
    """Re-play ``game.history`` on a copy of its start state, yielding every :class:`Step`.

    ``game`` itself is not touched.  A staged game replays from its staged position (its
    ``origin``), so the steps cover what was played after staging.  The moves are played by
    the engine's one replay (:func:`catan_widget.engine.rules.replay.replay`), as a loaded save's are.
    """
    s = start_state(game)
    events: Events = []
    before, mark = s.copy(), 0
    for index, (action, chance) in enumerate(engine_replay(s, game.board, game.rules, game.history, events)):
        yield Step(
            index=index,
            turn=before.turn,
            seat=before.current,
            action=action,
            chance=chance,
            events=tuple(events[mark:]),
            before=before,
            after=s.copy(),
        )
        before, mark = s.copy(), len(events)


class Table(list[dict[str, Any]]):
    """A plain list of row dicts that can also become a pandas DataFrame."""

    def to_pandas(self) -> Any:
        """The rows as a ``pandas.DataFrame`` (pandas is optional: imported only here)."""
        try:
            import pandas as pd
        except ImportError as exc:
            raise ImportError(
                "history.to_pandas() needs pandas, which is not installed: "
                "run `pip install pandas` (the rows themselves are plain dicts: history.rows(game))."
            ) from exc
        return pd.DataFrame(list(self), columns=list(ROW_KEYS))


def rows(game: Game, language: str | None = None) -> Table:
    """The game's history as rows (see the module docstring), oldest first; the actions in
    words of ``language`` (default: the process's).
    """
    lang = resolve(language)
    names = game.names
    table = Table()
    for step in replay(game):
        dice = _dice_of(step)
        deltas = [
            [a - b for a, b in zip(step.after.hands[p], step.before.hands[p])] for p in range(len(names))
        ]
        seats = [step.seat] + [p for p in range(len(names)) if p != step.seat and any(deltas[p])]
        for p in seats:
            table.append(
                {
                    "step": step.index,
                    "turn": step.turn,
                    "player": names[p],
                    "action": "; ".join(
                        describe(e, names, game.board, p, language=lang) for e in step.events
                    ),
                    "dice": dice,
                    "gained": _cards({r: d for r, d in enumerate(deltas[p]) if d > 0}),
                    "spent": _cards({r: -d for r, d in enumerate(deltas[p]) if d < 0}),
                }
            )
    return table


def to_pandas(game: Game, language: str | None = None) -> Any:
    """``rows(game, language)`` as a pandas DataFrame; raises ImportError saying so when pandas
    is missing.
    """
    return rows(game, language).to_pandas()


def _cards(counts: dict[int, int]) -> dict[str, int]:
    return {RESOURCES[r]: n for r, n in sorted(counts.items())}


def _dice_of(step: Step) -> tuple[int, int] | None:
    for event in step.events:
        if event[0] == "roll":
            dice: tuple[int, int] = event[2]
            return dice
    return None
