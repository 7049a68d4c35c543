"""The records of an observation: :class:`Observation` and :class:`PlayerInfo` (see
:mod:`.observation`, which makes them).

Kept interpreted when the engine is compiled: a bot move makes one observation, and frozen
dataclasses are built fastest through a mutable twin (:func:`fast_constructor`), which needs
plain Python classes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Final, TypeVar

from . import actions as ac
from .board import Board
from .constants import DEV_CARDS, RESOURCES
from .rules import Rules

if TYPE_CHECKING:
    import random

    from .game import Game

Five = tuple[int, int, int, int, int]
"""Five counts, one per resource (or per development card)."""


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """One player as the observing seat sees them.

    ``known`` and ``unknown``: card counting (for the observing seat itself, and in the
    all-seeing observation, ``known`` is the whole hand and ``unknown`` 0).  ``played``: the
    development cards this player has played, by card id (knights included).
    """

    seat: int
    name: str
    vp: int
    hand_size: int
    dev_count: int
    dev_new_count: int
    knights: int
    road_length: int
    longest_road: bool
    largest_army: bool
    pieces: tuple[int, int, int]
    discard: int
    played: Five
    known: Five
    unknown: int
    not_held: tuple[int, ...]
    """Resources none of the unknown cards can be (after a monopoly took them all)."""


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything ``seat`` knows of a game now (``seat`` None: the all-seeing observation).

    Own information (``hand``, ``dev_cards``, ``dev_new``, ``hidden_vp``, ``rates``) is that of
    ``seat``; in the all-seeing observation ``hands``/``devs`` hold every seat's.  ``legal`` lists
    the legal actions when ``seat`` must act now (the acting seat's in the all-seeing one).
    """

    seat: int | None
    names: tuple[str, ...]
    board: Board
    rules: Rules
    phase: str
    turn: int
    current: int
    turn_player: int
    first: int
    setup_step: int
    last_settlement: int
    rolled: bool
    dev_played: bool
    built: bool
    dice: tuple[int, int] | None
    dice_counts: tuple[int, ...]
    robber: int
    free_roads: int
    winner: int | None
    bank: Five
    deck_size: int
    node_owner: tuple[int, ...]
    node_level: tuple[int, ...]
    edge_owner: tuple[int, ...]
    roads: tuple[tuple[int, ...], ...]
    players: tuple[PlayerInfo, ...]
    trade: tuple[int, int, Five, Five] | None
    answers: tuple[tuple[int, Five, Five], ...]
    offers_this_turn: int
    hand: Five | None
    dev_cards: Five | None
    dev_new: Five | None
    hidden_vp: int | None
    rates: Five | None
    hands: tuple[Five, ...] | None
    devs: tuple[tuple[Five, Five], ...] | None
    legal: tuple[ac.Action, ...]
    open: tuple[str, ...]

    # --- reading it -------------------------------------------------------------------------
    def legal_actions(self) -> list[ac.Action]:
        """The legal actions of the observing seat now (empty when it need not act)."""
        return list(self.legal)

    @property
    def me(self) -> PlayerInfo | None:
        """The observing seat's own :class:`PlayerInfo` (None for the all-seeing observation)."""
        return None if self.seat is None else self.players[self.seat]

    @property
    def acting(self) -> bool:
        """True when the observing seat must act now."""
        return self.seat == self.current and self.phase != "game_over"

    @property
    def playable(self) -> tuple[str, ...]:
        """Development cards the observing seat may play now, by name."""
        kinds = {a.kind for a in self.legal}
        return tuple(name for name in DEV_CARDS if f"play_{name}" in kinds)

    def __getattr__(self, name: str) -> Any:
        if name in ("state", "history", "events", "seed"):
            raise AttributeError(
                f"An observation has no {name!r}: a seat sees only what it may know. Bots now "
                "receive game.observe(seat) (see catan_widget.engine.observation)."
            )
        raise AttributeError(name)

    # --- JSON ---------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: resources and cards by name, actions in their JSON form."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in ("board", "rules"):
                value = value.to_dict()
            elif f.name == "legal":
                value = [ac.action_to_dict(a) for a in value]
            elif f.name == "players":
                value = [_player_dict(p) for p in value]
            elif f.name in ("bank", "hand", "rates") and value is not None:
                value = dict(zip(RESOURCES, value))
            elif f.name in ("dev_cards", "dev_new") and value is not None:
                value = dict(zip(DEV_CARDS, value))
            out[f.name] = value
        plain: dict[str, Any] = json.loads(json.dumps(out))  # tuples to lists: plain JSON
        return plain

    def to_json(self) -> str:
        """The observation as JSON text."""
        return json.dumps(self.to_dict(), separators=(",", ":"), sort_keys=True)

    def determinize(self, rng: random.Random | int) -> Game:
        """A :class:`Game` this seat could be in: see :func:`.determinize.determinize`."""
        from .determinize import determinize

        return determinize(self, rng)


_Frozen = TypeVar("_Frozen")


def fast_constructor(cls: type[_Frozen]) -> Callable[..., _Frozen]:
    """A constructor of the frozen slotted dataclass ``cls`` several times faster than its
    ``__init__`` (which sets each field through ``object.__setattr__``): it fills a mutable
    twin with the same slots, then gives the object its frozen class.  ``observe`` makes one
    :class:`Observation` and a :class:`PlayerInfo` per seat for every bot move.
    """
    namespace = {"__slots__": cls.__dict__["__slots__"], "__annotations__": dict(cls.__annotations__)}
    twin: Any = dataclass(eq=False, repr=False)(type(f"_Mutable{cls.__name__}", (), namespace))

    def make(*args: Any, **kwargs: Any) -> _Frozen:
        obj = twin(*args, **kwargs)
        obj.__class__ = cls
        result: _Frozen = obj
        return result

    return make


new_player_info: Final = fast_constructor(PlayerInfo)
"""``PlayerInfo(...)``, faster."""
new_observation: Final = fast_constructor(Observation)
"""``Observation(...)``, faster."""


def _player_dict(p: PlayerInfo) -> dict[str, Any]:
    out = {f.name: getattr(p, f.name) for f in fields(p)}
    out["known"] = dict(zip(RESOURCES, p.known))
    out["played"] = dict(zip(DEV_CARDS, p.played))
    out["not_held"] = [RESOURCES[r] for r in p.not_held]
    return out
