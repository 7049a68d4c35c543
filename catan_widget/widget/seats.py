"""Who plays each seat of a widget (a human at the screen or a bot), and :class:`Seats`, the
widget's part that holds them and the hot-seat hand-over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..bots import LEVELS, Bot, make_bot
from ..engine import Game
from ..engine.names import name_key
from ..engine.saves.checks import show

HUMAN, BOT = "human", "bot"

SeatSpec = Any
"""``"human"``, ``"bot"`` (the default bot kind), ``"greedy"``, ``"random"`` or a Bot object."""


def seat_specs(game: Game, seats: Mapping[Any, SeatSpec] | Sequence[SeatSpec] | None) -> list[SeatSpec]:
    """One spec per seat from ``None`` (everybody human), a dict by player name (or seat number;
    players left out are human) or a list by seat.  A name is matched as names are compared
    (:func:`engine.names.name_key`: "ada" or " Ada " is player "Ada").
    """
    names = game.names
    if seats is None:
        return [HUMAN] * len(names)
    if isinstance(seats, Mapping):
        specs: list[SeatSpec] = [HUMAN] * len(names)
        by_key = {name_key(name): seat for seat, name in enumerate(names)}
        given: dict[int, Any] = {}
        for key, spec in seats.items():
            if isinstance(key, str) and name_key(key) in by_key:
                seat = by_key[name_key(key)]
            elif type(key) is int and 0 <= key < len(names):
                seat = key
            else:
                shown = ", ".join(repr(n) for n in names)
                raise ValueError(f"seats: {show(key)} is not a player of this game ({shown})")
            if seat in given:
                raise ValueError(f"seats: {show(given[seat])} and {show(key)} are the same player")
            given[seat] = key
            specs[seat] = spec
        return specs
    if isinstance(seats, (str, bytes)) or not isinstance(seats, Sequence):
        raise TypeError("seats must be a dict like {'Ada': 'human', 'Bo': 'bot'} or a list by seat")
    if len(seats) != len(names):
        raise ValueError(f"seats: give one entry per player ({len(names)}), got {len(seats)}")
    return list(seats)


def resolve_seats(
    game: Game, specs: Sequence[SeatSpec], default_bot: SeatSpec
) -> tuple[list[str], dict[int, Bot]]:
    """The kind of every seat (``"human"`` / ``"bot"``) and the bot playing each bot seat."""
    kinds: list[str] = []
    bots: dict[int, Bot] = {}
    for seat, spec in enumerate(specs):
        if isinstance(spec, str) and spec == HUMAN:
            kinds.append(HUMAN)
            continue
        bots[seat] = make_bot(default_bot if isinstance(spec, str) and spec == BOT else spec, game.seed, seat)
        kinds.append(BOT)
    return kinds, bots


def seat_list(players: Sequence[Any], default_bot: SeatSpec) -> tuple[list[Any], list[SeatSpec]]:
    """Names and seats (by seat) for ``CatanWidget.play``: each ``"bot"`` (or Bot object)
    becomes a bot called "Bot 1", "Bot 2", ..., skipping the humans' names ("bot 1" included);
    any other string is a human player's name, left for :class:`Game` to check.
    """
    humans = {name_key(p) for p in players if isinstance(p, str) and p != BOT}
    names: list[Any] = []
    seats: list[SeatSpec] = []
    k = 0
    for entry in players:
        if isinstance(entry, str) and entry != BOT:
            names.append(entry)
            seats.append(HUMAN)
            continue
        k += 1
        while name_key(f"Bot {k}") in humans:
            k += 1
        names.append(f"Bot {k}")
        seats.append(default_bot if entry == BOT else entry)
    return names, seats


class Seats:
    """Who plays each seat of a widget, and at a shared screen (hot-seat) who may look now.

    A plain part of :class:`~.widget.CatanWidget`: the seat specs, the bots made from them, the
    teacher's view, and the hand-over between humans sharing one screen.
    """

    def __init__(
        self,
        game: Game,
        seats: Mapping[Any, SeatSpec] | Sequence[SeatSpec] | None,
        default_bot: SeatSpec,
        *,
        teacher: bool = False,
    ) -> None:
        """The seats of ``game`` from the widget's ``seats`` and ``bot`` arguments."""
        self.specs = seat_specs(game, seats)
        self.default_bot = default_bot
        self.kinds, self.bots = resolve_seats(game, self.specs, default_bot)
        self.teacher = bool(teacher)
        self.shown_seat: int | None = None
        """Hot-seat: the human who last took the screen."""
        self.viewed_by: int | None = None
        """The acting human when a view was last picked (a picked view ends with their turn)."""

    @property
    def humans(self) -> list[int]:
        """Seats played by humans at this screen."""
        return [i for i, kind in enumerate(self.kinds) if kind == HUMAN]

    def bind(self, game: Game) -> None:
        """Seat ``game`` (another game with as many players): new bots, the screen handed over."""
        if len(game.names) != len(self.specs):
            raise ValueError(f"the widget has {len(self.specs)} seats; that game has {len(game.names)}")
        self.kinds, self.bots = resolve_seats(game, self.specs, self.default_bot)
        self.shown_seat = self.acting(game)

    def set_bot(self, game: Game, name: str) -> None:
        """Play every seat of a named bot (and of ``"bot"``) with the bot ``name`` from now on."""
        named = {*LEVELS.values(), BOT}
        self.specs = [name if isinstance(s, str) and s in named else s for s in self.specs]
        self.default_bot = name
        self.kinds, self.bots = resolve_seats(game, self.specs, name)

    def acting(self, game: Game) -> int | None:
        """The human at this screen who must act now (None: a bot must, or the game is over)."""
        current = game.current_seat
        return current if self.kinds[current] == HUMAN and not game.is_over else None

    def handover(self, game: Game, view: int | None, replaying: bool) -> int | None:
        """In hot-seat, the human who must act next but has not taken the screen yet (every hand
        is hidden and no move is taken until the front-end sets ``ready_seat`` to that seat).
        """
        if self.teacher or view is not None or len(self.humans) < 2 or replaying:
            return None
        acting = self.acting(game)
        return None if acting is None or acting == self.shown_seat else acting

    def view_expired(self, game: Game, view: int | None) -> bool:
        """In hot-seat, a view picked by one human ends when another human must act."""
        if view is None or len(self.humans) < 2:
            return False
        acting = self.acting(game)
        return acting is not None and acting != self.viewed_by

    def check_private_view(self, game: Game, view: int | None) -> None:
        """In hot-seat (two humans or more) the front-end may pick only the acting human's view
        (or automatic): another human's hand or the teacher's view would show an opponent's
        cards at a shared screen.  A notebook that wants that asks for ``teacher=True``.
        Raises ValueError.
        """
        if view is None or len(self.humans) < 2 or self.teacher:
            return
        if view != self.acting(game):
            raise ValueError(
                "in hot-seat only the view of the player who must act can be picked "
                "(a teacher's view needs teacher=True in Python)"
            )
