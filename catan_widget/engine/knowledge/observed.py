"""The records of an observation: :class:`Observation`, :class:`PlayerInfo` and :class:`Shown`
(see :mod:`.observation`, which makes them).

Kept interpreted when the engine is compiled: a bot move makes one observation, and frozen
dataclasses are built fastest through a mutable twin (:func:`fast_constructor`), which needs
plain Python classes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Final, TypeVar

from .. import actions as ac
from ..board.layouts import Board
from ..constants import DEV_CARDS, RESOURCES
from ..errors import Refusal
from ..options import Rules
from ..viewer import ALL_SEEING, Viewer

if TYPE_CHECKING:
    import random

Five = tuple[int, int, int, int, int]
"""Five counts, one per resource (or per development card)."""

Determinizer = Callable[["Observation", "random.Random | int"], Any]
"""Redraws a game from an observation: :func:`.determinize.determinize`."""
_DETERMINIZERS: list[Determinizer] = []
BY_RESOURCE: Final = ("bank", "hand", "rates")
"""The :class:`Observation` fields of five counts that :meth:`~Observation.to_dict` writes by
resource name (read back by :mod:`.observed_json`)."""
BY_CARD: Final = ("dev_cards", "dev_new")
"""The fields of five counts written by development card name."""
PLAYER_BY_RESOURCE: Final = ("known",)
"""The :class:`PlayerInfo` fields of five counts written by resource name."""
PLAYER_BY_CARD: Final = ("played",)
"""The :class:`PlayerInfo` fields of five counts written by development card name."""
PLAYER_RESOURCE_LISTS: Final = ("not_held",)
"""The :class:`PlayerInfo` fields of resource ids written as a list of resource names."""
Reader = Callable[[object], "Observation"]
"""Reads an observation back from its JSON form: :func:`.observed_json.observation_from_dict`."""
_READERS: list[Reader] = []


def register_determinizer(determinizer: Determinizer) -> None:
    """Make :meth:`Observation.determinize` use ``determinizer``: :mod:`.determinize` registers
    its function when imported (it reads these records, so they do not import it).
    """
    _DETERMINIZERS[:] = [determinizer]


def register_reader(reader: Reader) -> None:
    """Make :meth:`Observation.from_dict` use ``reader``: :mod:`.observed_json` registers its
    function when imported (as :func:`register_determinizer`; :mod:`.observation` imports it).
    """
    _READERS[:] = [reader]


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
class Shown:
    """What a screen shows a viewer beyond the game's numbers, built with the observation when
    asked (``game.observe(viewer, shown=True)``, once per widget update): nothing in it is
    hidden from that viewer.

    ``log``: every event in words as the viewer reads them, oldest first.  ``recent``: the newest
    events as the viewer sees them (:func:`.events.seen_by`: a hidden bought card is -1, a hidden
    stolen card ``HIDDEN_CARD``), from event number ``recent_from`` on: far enough back for every
    seat's last move and the last two turns (the widget's marks).  ``robber_at_start``: where
    the robber stood before ``recent[0]``.
    ``refusals``: why each control is disabled, by control, for the seat that must act, when the
    viewer is that seat or all-seeing (empty otherwise, and once the game is over); ``rates``:
    that seat's best bank rates then (None otherwise).
    """

    log: tuple[str, ...]
    recent: tuple[tuple[Any, ...], ...]
    recent_from: int
    robber_at_start: int
    refusals: tuple[tuple[str, Refusal], ...]
    rates: Five | None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (refusals by control, rates by resource)."""
        return {
            "log": list(self.log),
            "recent": json.loads(json.dumps(self.recent)),
            "recent_from": self.recent_from,
            "robber_at_start": self.robber_at_start,
            "refusals": {kind: found.to_dict() for kind, found in self.refusals},
            "rates": None if self.rates is None else dict(zip(RESOURCES, self.rates)),
        }


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything ``viewer`` knows of a game now: a seat, an onlooker or all-seeing (see
    :mod:`.viewer`).  ``seat`` is the viewer when it is a seat, else None.

    Own information (``hand``, ``dev_cards``, ``dev_new``, ``hidden_vp``, ``rates``) is that of
    ``seat``; in the all-seeing observation ``hands``/``devs`` hold every seat's; an onlooker's
    holds no hand at all.  ``legal`` lists the legal actions when ``seat`` must act now (the
    acting seat's in the all-seeing one).  ``shown``: what a screen shows this viewer (log,
    reasons, marks), when asked for; else None.
    """

    viewer: Viewer
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
    shown: Shown | None

    # --- reading it -------------------------------------------------------------------------
    def legal_actions(self) -> list[ac.Action]:
        """The legal actions of the observing seat now (empty when it need not act)."""
        return list(self.legal)

    @property
    def me(self) -> PlayerInfo | None:
        """The observing seat's own :class:`PlayerInfo` (None when the viewer is not a seat)."""
        return None if self.seat is None else self.players[self.seat]

    @property
    def sees_all(self) -> bool:
        """True for the all-seeing observation."""
        return self.viewer == ALL_SEEING

    @property
    def acting(self) -> bool:
        """True when the observing seat must act now."""
        return self.seat == self.current and self.phase != "game_over"

    @property
    def playable(self) -> tuple[str, ...]:
        """Development cards the observing seat may play now, by name."""
        kinds = {a.kind for a in self.legal}
        return tuple(name for name in DEV_CARDS if f"play_{name}" in kinds)

    # What a game has and an observation has not: reading one says why.  Properties, not a
    # ``__getattr__``: that hook would slow every read of a field (each bot move and learning
    # step reads about a hundred).
    state = property(lambda self: _not_observed("state"), doc="Not in an observation (raises).")
    history = property(lambda self: _not_observed("history"), doc="Not in an observation (raises).")
    events = property(lambda self: _not_observed("events"), doc="Not in an observation (raises).")
    seed = property(lambda self: _not_observed("seed"), doc="Not in an observation (raises).")

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
            elif f.name in BY_RESOURCE and value is not None:
                value = dict(zip(RESOURCES, value))
            elif f.name in BY_CARD and value is not None:
                value = dict(zip(DEV_CARDS, value))
            elif f.name == "shown" and value is not None:
                value = value.to_dict()
            out[f.name] = value
        plain: dict[str, Any] = json.loads(json.dumps(out))  # tuples to lists: plain JSON
        return plain

    def to_json(self) -> str:
        """The observation as JSON text."""
        return json.dumps(self.to_dict(), separators=(",", ":"), sort_keys=True)

    @classmethod
    def from_dict(cls, data: object) -> Observation:
        """The observation whose :meth:`to_dict` is ``data`` (equal to the one that made it);
        ``ValueError`` naming the malformed field otherwise (see :mod:`.observed_json`).
        """
        found: Observation = _READERS[0](data)
        return found

    def determinize(self, rng: random.Random | int) -> Any:
        """A :class:`~catan_widget.engine.game.Game` this viewer could be in: see
        :func:`.determinize.determinize`.
        """
        return _DETERMINIZERS[0](self, rng)


def _not_observed(name: str) -> Any:
    raise AttributeError(
        f"An observation has no {name!r}: a seat sees only what it may know. Bots now "
        "receive game.observe(seat) (see catan_widget.engine.knowledge.observation)."
    )


_Frozen = TypeVar("_Frozen")


def fast_constructor(cls: type[_Frozen]) -> Callable[..., _Frozen]:
    """A constructor of the frozen slotted dataclass ``cls`` several times faster than its
    ``__init__`` (which sets each field through ``object.__setattr__``): a function that makes a
    mutable twin with the same slots, sets the fields by position and then gives the object its
    frozen class (a function, not the twin's class: called from compiled code, its arguments are
    passed as they are, with no tuple of them made).  ``observe`` makes one :class:`Observation`
    and a :class:`PlayerInfo` per changed seat for every bot move and every step of a learning
    environment.
    """
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]  # a dataclass, as the docstring says
    twin = type(f"_Mutable{cls.__name__}", (), {"__slots__": cls.__dict__["__slots__"]})
    lines = [f"def new_{cls.__name__}({', '.join(names)}):", "    self = new(twin)"]
    lines += [f"    self.{name} = {name}" for name in names]
    lines += ["    self.__class__ = frozen", "    return self"]
    scope: dict[str, Any] = {"new": object.__new__, "twin": twin, "frozen": cls}
    exec("\n".join(lines), scope)  # made from the class's own field names, as dataclasses does
    made: Callable[..., _Frozen] = scope[f"new_{cls.__name__}"]
    return made


new_player_info: Final = fast_constructor(PlayerInfo)
"""``PlayerInfo(...)``, faster."""
new_observation: Final = fast_constructor(Observation)
"""``Observation(...)``, faster."""
new_shown: Final = fast_constructor(Shown)
"""``Shown(...)``, faster."""


def _player_dict(p: PlayerInfo) -> dict[str, Any]:
    out = {f.name: getattr(p, f.name) for f in fields(p)}
    for name in PLAYER_BY_RESOURCE:
        out[name] = dict(zip(RESOURCES, out[name]))
    for name in PLAYER_BY_CARD:
        out[name] = dict(zip(DEV_CARDS, out[name]))
    for name in PLAYER_RESOURCE_LISTS:
        out[name] = [RESOURCES[r] for r in out[name]]
    return out
