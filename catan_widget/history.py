"""A game's history as plain rows, and a replay of it step by step.

``rows(game)`` gives one row per player whose hand an action changed (and always one for the
acting player)::

    {"step": 12, "turn": 3, "player": "Bo", "action": "rolled 8", "dice": (3, 5),
     "gained": {"grain": 1}, "spent": {}}

``gained`` and ``spent`` name the resource cards that entered and left that player's hand in
that step (paid to the bank, traded, discarded, stolen and given up to a monopoly all count as
spent).  So for every player, the hand at the start plus every ``gained`` minus every ``spent``
is the hand now.  Rows of other players than the actor say what happened to them ("collected on
Bo's roll", "was robbed by Bo", ...).

``replay(game)`` re-plays ``game.history`` on a fresh copy and yields each :class:`Step` with the
state before and after it: the plots use it for series over the turns.  The engine knows nothing
of this module.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .engine import Game
from .engine.actions import (
    AcceptTrade,
    Action,
    BuildCity,
    BuildRoad,
    BuildSettlement,
    BuyDevelopmentCard,
    CancelTrade,
    ConfirmTrade,
    CounterTrade,
    DeclineTrade,
    Discard,
    EndTurn,
    MaritimeTrade,
    MoveRobber,
    OfferTrade,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    RollDice,
)
from .engine.constants import RESOURCES, cards_text
from .engine.events import Event
from .engine.state import State

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
    """The state the game's history starts from: the staged origin, or the fresh game."""
    return _fresh(game).state.copy()


def _fresh(game: Game) -> Game:
    fresh = Game(game.names, seed=game.seed, board=game.board, rules=game.rules, first=game.state.first)
    if game.origin is not None:
        fresh.state = game.origin.copy()
        fresh.origin = game.origin
    return fresh


def replay(game: Game) -> Iterator[Step]:
    """Re-play ``game.history`` on a fresh copy of the game, yielding every :class:`Step`.

    ``game`` itself is not touched.  A staged game replays from its staged position (its
    ``origin``), so the steps cover what was played after staging.
    """
    g = _fresh(game)
    events = g.events
    for index, (action, chance) in enumerate(game.history):
        before = g.state.copy()
        mark = len(events)
        g.step(action, **(chance or {}))
        yield Step(
            index=index,
            turn=before.turn,
            seat=before.current,
            action=action,
            chance=chance,
            events=tuple(events[mark:]),
            before=before,
            after=g.state.copy(),
        )


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


def rows(game: Game) -> Table:
    """The game's history as rows (see the module docstring), oldest first."""
    names = game.names
    table = Table()
    for step in replay(game):
        dice = _dice_of(step)
        deltas = [
            [a - b for a, b in zip(step.after.hands[p], step.before.hands[p])] for p in range(len(names))
        ]
        seats = [step.seat] + [p for p in range(len(names)) if p != step.seat and any(deltas[p])]
        for p in seats:
            action = _describe(step, names) if p == step.seat else _affected(step, names)
            table.append(
                {
                    "step": step.index,
                    "turn": step.turn,
                    "player": names[p],
                    "action": action,
                    "dice": dice,
                    "gained": _cards({r: d for r, d in enumerate(deltas[p]) if d > 0}),
                    "spent": _cards({r: -d for r, d in enumerate(deltas[p]) if d < 0}),
                }
            )
    return table


def to_pandas(game: Game) -> Any:
    """``rows(game)`` as a pandas DataFrame; raises ImportError saying so when pandas is missing."""
    return rows(game).to_pandas()


def _cards(counts: dict[int, int]) -> dict[str, int]:
    return {RESOURCES[r]: n for r, n in sorted(counts.items())}


def _dice_of(step: Step) -> tuple[int, int] | None:
    for event in step.events:
        if event[0] == "roll":
            dice: tuple[int, int] = event[2]
            return dice
    return None


def _event(step: Step, kind: str) -> Event | None:
    return next((e for e in step.events if e[0] == kind), None)


def _describe(step: Step, names: list[str]) -> str:
    """The acting player's action in plain words, past tense."""
    a = step.action
    text: str
    if isinstance(a, RollDice):
        dice = _dice_of(step)
        text = f"rolled {sum(dice)}" if dice else "rolled"
    elif isinstance(a, BuildRoad):
        text = f"built a road on path {a.edge}"
        if step.before.phase_name() == "road_building":
            text += " (road building)"
    elif isinstance(a, BuildSettlement):
        text = f"built a settlement on intersection {a.node}"
    elif isinstance(a, BuildCity):
        text = f"built a city on intersection {a.node}"
    elif isinstance(a, BuyDevelopmentCard):
        text = "bought a development card"
    elif isinstance(a, PlayKnight):
        text = "played a knight"
    elif isinstance(a, PlayRoadBuilding):
        text = "played road building"
    elif isinstance(a, PlayYearOfPlenty):
        text = f"played year of plenty for {RESOURCES[a.first]} and {RESOURCES[a.second]}"
    elif isinstance(a, PlayMonopoly):
        text = f"played monopoly on {RESOURCES[a.resource]}"
    elif isinstance(a, MoveRobber):
        text = f"moved the robber to hex {a.hex}"
        if a.victim is not None:
            text += f" and robbed {names[a.victim]}"
    elif isinstance(a, Discard):
        text = f"discarded {cards_text(a.cards)}"
    elif isinstance(a, MaritimeTrade):
        event = _event(step, "maritime")
        rate = event[3] if event else 4
        text = f"traded {rate} {RESOURCES[a.give]} with the bank for 1 {RESOURCES[a.get]}"
    elif isinstance(a, OfferTrade):
        to = "everyone" if a.to is None else names[a.to]
        text = f"offered {cards_text(a.give)} for {cards_text(a.want)} to {to}"
    elif isinstance(a, AcceptTrade):
        text = "accepted the offer"
    elif isinstance(a, DeclineTrade):
        text = "declined the offer"
    elif isinstance(a, CounterTrade):
        text = f"countered: {cards_text(a.give)} for {cards_text(a.want)}"
    elif isinstance(a, ConfirmTrade):
        text = f"traded with {names[a.player]}"
    elif isinstance(a, CancelTrade):
        text = "cancelled the offer"
    elif isinstance(a, EndTurn):
        text = "ended the turn"
    else:  # pragma: no cover - every action kind is listed above
        text = str(a)
    win = _event(step, "win")
    if win is not None and win[1] == step.seat:
        text += f", and won with {win[2]} VP"
    return text


def _affected(step: Step, names: list[str]) -> str:
    """What an action did to another player's hand, in plain words."""
    who = names[step.seat]
    a = step.action
    if isinstance(a, RollDice):
        return f"collected on {who}'s roll"
    if isinstance(a, MoveRobber):
        return f"was robbed by {who}"
    if isinstance(a, PlayMonopoly):
        return f"gave up {RESOURCES[a.resource]} to {who}'s monopoly"
    if isinstance(a, ConfirmTrade):
        return f"traded with {who}"
    return f"cards changed by {who}'s action"
