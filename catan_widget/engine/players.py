"""``PlayerView``: a read-only, live view of one player of a game, as the game's owner sees it.

A player view is all-seeing, like ``game.state``: ``game.players[1].resources`` is Bo's whole
hand, whoever asks.  It is the notebook owner's API (teaching, analysis, tests), never what a
seat, a bot or the widget reads: they read ``game.observe(viewer)``, which shows another
player's hand to the all-seeing viewer only (:mod:`.knowledge.observation`).
"""

from __future__ import annotations

from typing import Protocol

from .constants import DEV_CARDS, RESOURCES
from .rules.scoring import public_vp, total_vp
from .state import CITY, SETTLEMENT, State


class _Table(Protocol):
    """What a player view reads: the players' names and the live state (a ``Game``)."""

    names: list[str]
    state: State


class PlayerView:
    """What a notebook cell can read about one seat, hidden cards included (all-seeing: see the
    module).  Reads the game each time (never stale).
    """

    __slots__ = ("_game", "seat")

    def __init__(self, game: _Table, seat: int) -> None:
        """View seat ``seat`` of ``game``."""
        self._game = game
        self.seat = seat

    @property
    def name(self) -> str:
        """The player's name."""
        return self._game.names[self.seat]

    @property
    def resources(self) -> dict[str, int]:
        """Resource cards in hand by name (all-seeing: a seat sees only its own, in
        ``game.observe(seat).hand``).
        """
        return dict(zip(RESOURCES, self._game.state.hands[self.seat]))

    @property
    def resource_count(self) -> int:
        """Number of resource cards in hand (what opponents see)."""
        return sum(self._game.state.hands[self.seat])

    @property
    def development_cards(self) -> dict[str, int]:
        """Unplayed development cards by name, bought this turn included (all-seeing)."""
        s = self._game.state
        return {name: s.dev[self.seat][i] + s.dev_new[self.seat][i] for i, name in enumerate(DEV_CARDS)}

    @property
    def new_development_cards(self) -> dict[str, int]:
        """Cards bought this turn (not playable until the next turn)."""
        return dict(zip(DEV_CARDS, self._game.state.dev_new[self.seat]))

    @property
    def development_card_count(self) -> int:
        """Number of unplayed development cards (what opponents see)."""
        s = self._game.state
        return sum(s.dev[self.seat]) + sum(s.dev_new[self.seat])

    @property
    def victory_points(self) -> int:
        """All victory points, hidden victory-point cards included (own view)."""
        return total_vp(self._game.state, self.seat)

    @property
    def public_victory_points(self) -> int:
        """Victory points opponents can see."""
        return public_vp(self._game.state, self.seat)

    @property
    def knights_played(self) -> int:
        """Knights played so far (Largest Army)."""
        return self._game.state.knights[self.seat]

    @property
    def road_length(self) -> int:
        """Longest chain of this player's roads."""
        return self._game.state.road_len[self.seat]

    @property
    def has_longest_road(self) -> bool:
        """Holds the Longest Road card."""
        return self._game.state.longest == self.seat

    @property
    def has_largest_army(self) -> bool:
        """Holds the Largest Army card."""
        return self._game.state.army == self.seat

    @property
    def pieces_left(self) -> dict[str, int]:
        """Pieces still in supply."""
        roads, settlements, cities = self._game.state.pieces[self.seat]
        return {"roads": roads, "settlements": settlements, "cities": cities}

    @property
    def settlements(self) -> list[int]:
        """Nodes with this player's settlements."""
        s = self._game.state
        return [n for n, o in enumerate(s.node_owner) if o == self.seat and s.node_level[n] == SETTLEMENT]

    @property
    def cities(self) -> list[int]:
        """Nodes with this player's cities."""
        s = self._game.state
        return [n for n, o in enumerate(s.node_owner) if o == self.seat and s.node_level[n] == CITY]

    @property
    def roads(self) -> list[int]:
        """Edges with this player's roads, ascending."""
        return sorted(self._game.state.roads[self.seat])

    def __eq__(self, other: object) -> bool:
        """Equal to the same seat of the same game, or to the player's name."""
        if isinstance(other, str):
            return other == self.name
        return isinstance(other, PlayerView) and other._game is self._game and other.seat == self.seat

    def __hash__(self) -> int:
        return hash(self.name)

    def __repr__(self) -> str:
        return f"<Player {self.name} (seat {self.seat}): {self.victory_points} VP>"

    def __str__(self) -> str:
        return self.name
