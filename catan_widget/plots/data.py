"""The numbers behind the plots, as plain lists: no plotly here, so they are easy to test and
to reuse in a notebook.

Definitions:

* **pips** of an intersection: the sum of the pips of the (up to 3) hexes around it — the
  cards a settlement there expects per 36 rolls.  That is the number of rolls (out of 36) that
  pay it only when no two of its hexes share a number; when two do, one roll pays two cards and
  :func:`paying_rolls` is smaller.
* **expected production** of a seat and resource: cards per roll on average,
  ``Σ_hex P(hex's number) × (1 per settlement + 2 per city on its corners)`` over the hexes
  producing that resource, skipping the hex under the robber.  A 7 produces nothing, which the
  sum already accounts for (no hex shows a 7).  The bank shortage rule is ignored.
* **income** of a seat: resource cards from production — dice rolls plus the cards of the
  second setup settlement.  *Observed* income is read from the game's events; *expected* income
  adds, at every roll, the expected production of the seat's buildings at that moment (robber
  included) — the income fair dice would give on average to the same buildings.  Setup income
  is certain, so it counts the same in both.  Observed minus expected is the seat's dice luck
  (this turn's); the expected curve shows what the seat built and where — play, but also earlier
  luck, since lucky cards become buildings.
* **card sources** of a seat: every resource card that entered its hand, by where it came from
  (:data:`CARD_SOURCES`): production (rolls and setup), trades with other players (the cards
  received, whoever proposed), trades with the bank or a harbor, the robber (cards stolen) and
  development cards (Year of Plenty, Monopoly).  Read from the game's events, never from the
  worded log.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import Board, Game, RollDice
from ..engine.constants import DEV_CARDS
from ..engine.knowledge.observation import Observation
from ..engine.rules.events import Event
from ..engine.rules.scoring import public_vp, total_vp
from ..engine.state import State
from ..history import replay, start_state

__all__ = [
    "CARD_SOURCES",
    "IncomeSeries",
    "VictoryPointSeries",
    "best_spots",
    "card_sources",
    "expected_production",
    "income_series",
    "node_pips",
    "node_resources",
    "paying_rolls",
    "victory_point_series",
]


CARD_SOURCES: tuple[str, ...] = (
    "production",
    "traded with players",
    "traded with the bank",
    "stolen with the robber",
    "development cards",
)
"""Where a seat's resource cards come from, in the order :func:`card_sources` lists them."""


def node_pips(board: Board) -> list[int]:
    """Pips of every intersection (``0..53``; ``0..79`` on the 5–6 player extension)."""
    return [board.node_pips(n) for n in range(board.topo.node_count)]


def paying_rolls(board: Board, node: int) -> int:
    """How many of the 36 rolls pay a settlement on ``node`` at least one card (the robber
    aside): the pips of the *distinct* numbers around it.  Equal to its pips unless two of its
    hexes share a number.
    """
    numbers = {board.number[h] for h in board.topo.node_hexes[node] if board.number[h]}
    return sum(6 - abs(7 - n) for n in numbers)


def node_resources(board: Board, node: int) -> list[int]:
    """The distinct resource ids produced around an intersection, ascending."""
    found = {board.resource(h) for h in board.topo.node_hexes[node]}
    return sorted(r for r in found if r is not None)


def best_spots(board: Board, k: int = 5) -> list[int]:
    """The ``k`` intersections with the most pips; ties go to more distinct resources, then to
    the lower id.  Pure board value: neighbours are not excluded, and harbors are not counted.
    """
    nodes = range(board.topo.node_count)
    ranked = sorted(nodes, key=lambda n: (-board.node_pips(n), -len(node_resources(board, n)), n))
    return ranked[:k]


def expected_production(position: State | Observation, board: Board) -> list[list[float]]:
    """Expected cards per roll, ``[seat][resource]``, for the buildings and robber of a
    position: an observation (``game.observe(seat)``, public pieces suffice) or a replayed state.
    """
    seats = position.n if isinstance(position, State) else len(position.names)
    out = [[0.0] * 5 for _ in range(seats)]
    owner, level = position.node_owner, position.node_level
    for h, corners in enumerate(board.topo.hex_nodes):
        r = board.resource(h)
        if r is None or h == position.robber:
            continue
        chance = board.pips(h) / 36
        for n in corners:
            p = owner[n]
            if p >= 0:
                out[p][r] += chance * level[n]
    return out


@dataclass(frozen=True)
class IncomeSeries:
    """Cumulative income per seat at the end of each turn (see the module docstring).

    ``observed[seat][i]`` and ``expected[seat][i]`` are the totals up to the end of
    ``turns[i]``.
    """

    turns: list[int]
    observed: list[list[float]]
    expected: list[list[float]]


@dataclass(frozen=True)
class VictoryPointSeries:
    """Victory points per seat at the end of each turn: ``public`` (what the table sees) and
    ``total`` (hidden victory-point cards included).
    """

    turns: list[int]
    public: list[list[int]]
    total: list[list[int]]


def _record(turns: list[int], turn: int, groups: Sequence[tuple[list[list[Any]], Sequence[Any]]]) -> None:
    """Set the values at ``turn``: overwrite the last point when it is the same turn, else append."""
    append = turns[-1] != turn
    if append:
        turns.append(turn)
    for columns, values in groups:
        for col, v in zip(columns, values):
            if append:
                col.append(v)
            else:
                col[-1] = v


def income_series(game: Game) -> IncomeSeries:
    """Observed and expected cumulative income per seat over the turns, from a replay."""
    n = len(game.names)
    start = start_state(game)
    turns = [start.turn]
    observed: list[list[float]] = [[0.0] for _ in range(n)]
    expected: list[list[float]] = [[0.0] for _ in range(n)]
    got, due = [0.0] * n, [0.0] * n
    for step in replay(game):
        for event in step.events:
            if event[0] == "roll":
                for seat, _, count in event[3]:
                    got[seat] += count
            elif event[0] == "setup_income":
                got[event[1]] += sum(event[2])
                due[event[1]] += sum(event[2])
        if isinstance(step.action, RollDice):
            for seat, row in enumerate(expected_production(step.before, game.board)):
                due[seat] += sum(row)
        _record(turns, step.turn, ((observed, got), (expected, due)))
    return IncomeSeries(turns, observed, expected)


def victory_point_series(game: Game) -> VictoryPointSeries:
    """Public and total victory points per seat at the end of every turn, from a replay."""
    n = len(game.names)
    start = start_state(game)
    turns = [start.turn]
    public: list[list[int]] = [[public_vp(start, p)] for p in range(n)]
    total: list[list[int]] = [[total_vp(start, p)] for p in range(n)]
    for step in replay(game):
        s = step.after
        now_public = [public_vp(s, p) for p in range(n)]
        now_total = [total_vp(s, p) for p in range(n)]
        _record(turns, step.turn, ((public, now_public), (total, now_total)))
    return VictoryPointSeries(turns, public, total)


def _cards_received(event: Event) -> list[tuple[int, str, int]]:
    """The resource cards one event puts into hands: ``(seat, source, cards)`` triples."""
    kind, seat = event[0], event[1]
    if kind == "roll":
        return [(q, "production", n) for q, _, n in event[3]]
    if kind == "setup_income":
        return [(seat, "production", sum(event[2]))]
    if kind == "trade":  # seat gives event[3] to other, gets event[4]: both received cards
        return [
            (seat, "traded with players", sum(event[4])),
            (event[2], "traded with players", sum(event[3])),
        ]
    if kind == "maritime":
        return [(seat, "traded with the bank", 1)]
    if kind == "robber" and event[3] is not None and event[4] >= 0:
        return [(seat, "stolen with the robber", 1)]
    if kind == "play" and DEV_CARDS[event[2]] == "year_of_plenty":
        return [(seat, "development cards", 2)]
    if kind == "play" and DEV_CARDS[event[2]] == "monopoly":
        return [(seat, "development cards", sum(event[3][1]))]
    return []


def card_sources(game: Game) -> list[dict[str, int]]:
    """The resource cards each seat received, by source: ``out[seat][source]`` for every
    source of :data:`CARD_SOURCES` (0 when none), from a replay of the game's events.

    The counts add up to every card that entered the seat's hand (the ``gained`` of
    ``history.rows``); a card received in a trade counts as ``"traded with players"`` whoever
    proposed the trade.
    """
    out = [dict.fromkeys(CARD_SOURCES, 0) for _ in game.names]
    for step in replay(game):
        for event in step.events:
            for seat, source, n in _cards_received(event):
                out[seat][source] += n
    return out
