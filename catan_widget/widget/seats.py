"""Who plays each seat of a widget: a human at the screen or a bot."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..bots import Bot, make_bot
from ..engine import Game

HUMAN, BOT = "human", "bot"

SeatSpec = Any
"""``"human"``, ``"bot"`` (the default bot kind), ``"greedy"``, ``"random"`` or a Bot object."""


def seat_specs(game: Game, seats: Mapping[Any, SeatSpec] | Sequence[SeatSpec] | None) -> list[SeatSpec]:
    """One spec per seat from ``None`` (everybody human), a dict by player name (or seat number;
    players left out are human) or a list by seat.
    """
    names = game.names
    if seats is None:
        return [HUMAN] * len(names)
    if isinstance(seats, Mapping):
        specs: list[SeatSpec] = [HUMAN] * len(names)
        for key, spec in seats.items():
            if isinstance(key, str) and key in names:
                specs[names.index(key)] = spec
            elif type(key) is int and 0 <= key < len(names):
                specs[key] = spec
            else:
                raise ValueError(f"seats: {key!r} is not a player of this game ({', '.join(names)})")
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


def seat_list(players: Sequence[Any], default_bot: SeatSpec) -> tuple[list[str], dict[str, SeatSpec]]:
    """Names and seats for ``CatanWidget.play``: each ``"bot"`` (or Bot object) becomes a bot
    called "Bot 1", "Bot 2", ...; any other string is a human player's name.
    """
    humans = {p for p in players if isinstance(p, str) and p != BOT}
    names: list[str] = []
    seats: dict[str, SeatSpec] = {}
    k = 0
    for entry in players:
        if isinstance(entry, str) and entry != BOT:
            names.append(entry)
            seats[entry] = HUMAN
            continue
        k += 1
        while f"Bot {k}" in humans:
            k += 1
        name = f"Bot {k}"
        names.append(name)
        seats[name] = default_bot if entry == BOT else entry
    return names, seats
