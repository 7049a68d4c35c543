"""Who plays each seat of a widget: a human at the screen or a bot."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..bots import Bot, make_bot
from ..engine import Game
from ..engine.names import name_key
from ..engine.savecheck import show

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
