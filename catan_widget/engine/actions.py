"""Every decision a player can make, one frozen dataclass per kind.

Actions are values: equal when their fields are equal, hashable, with a plain-words ``str()``,
a JSON form (:func:`action_to_dict` / :func:`action_from_dict`) and a stable integer code
(:func:`encode` / :func:`decode`) for machine-learning users.  Resources may be given by name
(``"ore"``) or id (``4``); they are stored as ids.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, TypeVar

from .action_fields import (
    Cards,
    check_id,
    check_seat,
    not_an_action,  # noqa: F401  (still importable from here, as before)
    show,
    to_cards,
    to_resource,
)
from .answer_reasons import check_reason
from .board.topology import EDGE_COUNT, HEX_COUNT, MAX_EDGE_COUNT, MAX_HEX_COUNT, MAX_NODE_COUNT, NODE_COUNT
from .constants import RESOURCES, cards_text
from .errors import IllegalActionError
from .language import ENGLISH, Message, tr, words

ResourceLike = int | str


def _cards(counts: tuple[int, ...]) -> str:
    """Card counts in English words, as an action reads in code (``"2 wool, 1 ore"``)."""
    return words(cards_text(counts), ENGLISH)


class Action:
    """Base class of all actions; ``kind`` is the JSON name."""

    kind: ClassVar[str] = ""
    __slots__ = ()


ActionT = TypeVar("ActionT", bound=Action)
"""Any one action class (for helpers that filter actions by kind)."""


def cards(values: Sequence[int]) -> Cards:
    """Five resource counts as the tuple actions hold."""
    return (values[0], values[1], values[2], values[3], values[4])


@dataclass(frozen=True, slots=True)
class RollDice(Action):
    """Roll the two dice (mandatory once per turn)."""

    kind: ClassVar[str] = "roll"

    def __str__(self) -> str:
        return "roll the dice"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End the turn; play passes clockwise."""

    kind: ClassVar[str] = "end_turn"

    def __str__(self) -> str:
        return "end the turn"


@dataclass(frozen=True, slots=True)
class BuildRoad(Action):
    """Place a road on path ``edge`` (free in setup and with Road Building)."""

    edge: int
    kind: ClassVar[str] = "build_road"

    def __post_init__(self) -> None:
        check_id(self.edge, MAX_EDGE_COUNT, "edge")

    def __str__(self) -> str:
        return f"build a road on path {self.edge}"


@dataclass(frozen=True, slots=True)
class BuildSettlement(Action):
    """Place a settlement on intersection ``node`` (free in setup)."""

    node: int
    kind: ClassVar[str] = "build_settlement"

    def __post_init__(self) -> None:
        check_id(self.node, MAX_NODE_COUNT, "node")

    def __str__(self) -> str:
        return f"build a settlement on intersection {self.node}"


@dataclass(frozen=True, slots=True)
class BuildCity(Action):
    """Upgrade one's settlement on ``node`` to a city."""

    node: int
    kind: ClassVar[str] = "build_city"

    def __post_init__(self) -> None:
        check_id(self.node, MAX_NODE_COUNT, "node")

    def __str__(self) -> str:
        return f"build a city on intersection {self.node}"


@dataclass(frozen=True, slots=True)
class BuyDevelopmentCard(Action):
    """Buy the top development card."""

    kind: ClassVar[str] = "buy_development_card"

    def __str__(self) -> str:
        return "buy a development card"


@dataclass(frozen=True, slots=True)
class PlayKnight(Action):
    """Play a knight: move the robber and steal."""

    kind: ClassVar[str] = "play_knight"

    def __str__(self) -> str:
        return "play a knight"


@dataclass(frozen=True, slots=True)
class PlayRoadBuilding(Action):
    """Play Road Building: place up to two free roads next."""

    kind: ClassVar[str] = "play_road_building"

    def __str__(self) -> str:
        return "play road building"


@dataclass(frozen=True, slots=True)
class PlayYearOfPlenty(Action):
    """Play Year of Plenty: take ``first`` and ``second`` from the bank."""

    first: int
    second: int
    kind: ClassVar[str] = "play_year_of_plenty"

    def __post_init__(self) -> None:
        a, b = to_resource(self.first, "first"), to_resource(self.second, "second")
        object.__setattr__(self, "first", min(a, b))
        object.__setattr__(self, "second", max(a, b))

    def __str__(self) -> str:
        return f"play year of plenty for {RESOURCES[self.first]} and {RESOURCES[self.second]}"


@dataclass(frozen=True, slots=True)
class PlayMonopoly(Action):
    """Play Monopoly on ``resource``: every other player hands over all of it."""

    resource: int
    kind: ClassVar[str] = "play_monopoly"

    def __post_init__(self) -> None:
        object.__setattr__(self, "resource", to_resource(self.resource))

    def __str__(self) -> str:
        return f"play monopoly on {RESOURCES[self.resource]}"


@dataclass(frozen=True, slots=True)
class MoveRobber(Action):
    """Move the robber to ``hex`` and steal from ``victim`` (None when nobody can be robbed)."""

    hex: int
    victim: int | None = None
    kind: ClassVar[str] = "move_robber"

    def __post_init__(self) -> None:
        check_id(self.hex, MAX_HEX_COUNT, "hex")
        check_seat(self.victim, "victim", allow_none=True)

    def __str__(self) -> str:
        who = "" if self.victim is None else f" and rob seat {self.victim}"
        return f"move the robber to hex {self.hex}{who}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard these cards after a 7 (``cards``: 5 counts, or a dict of names)."""

    cards: Cards
    kind: ClassVar[str] = "discard"

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", to_cards(self.cards))

    def __str__(self) -> str:
        return f"discard {_cards(self.cards)}"


@dataclass(frozen=True, slots=True)
class MaritimeTrade(Action):
    """Trade with the bank at the best rate one has: ``give`` for one ``get``."""

    give: int
    get: int
    kind: ClassVar[str] = "maritime_trade"

    def __post_init__(self) -> None:
        object.__setattr__(self, "give", to_resource(self.give, "give"))
        object.__setattr__(self, "get", to_resource(self.get, "get"))

    def __str__(self) -> str:
        return f"trade {RESOURCES[self.give]} to the bank for 1 {RESOURCES[self.get]}"


@dataclass(frozen=True, slots=True)
class OfferTrade(Action):
    """Offer ``give`` for ``want`` to seat ``to`` (None = to every other player)."""

    give: Cards
    want: Cards
    to: int | None = None
    kind: ClassVar[str] = "offer_trade"

    def __post_init__(self) -> None:
        object.__setattr__(self, "give", to_cards(self.give, "give"))
        object.__setattr__(self, "want", to_cards(self.want, "want"))
        check_seat(self.to, "to", allow_none=True)

    def __str__(self) -> str:
        who = "everyone" if self.to is None else f"seat {self.to}"
        return f"offer {_cards(self.give)} for {_cards(self.want)} to {who}"


@dataclass(frozen=True, slots=True)
class AcceptTrade(Action):
    """Accept the trade offered to you."""

    kind: ClassVar[str] = "accept_trade"

    def __str__(self) -> str:
        return "accept the trade"


@dataclass(frozen=True, slots=True)
class DeclineTrade(Action):
    """Decline the trade offered to you; ``reason``: why, a code of :mod:`.answer_reasons` (or
    None), for the log only: it takes no part in equality, legality or the integer code.
    """

    reason: str | None = field(default=None, compare=False)
    kind: ClassVar[str] = "decline_trade"

    def __post_init__(self) -> None:
        object.__setattr__(self, "reason", check_reason(self.reason))

    def __str__(self) -> str:
        return "decline the trade"


@dataclass(frozen=True, slots=True)
class CounterTrade(Action):
    """Answer an offer with other terms: you would give ``give`` for ``want``; ``reason`` as
    :class:`DeclineTrade`'s (why the offer's own terms would not do).
    """

    give: Cards
    want: Cards
    reason: str | None = field(default=None, compare=False)
    kind: ClassVar[str] = "counter_trade"

    def __post_init__(self) -> None:
        object.__setattr__(self, "give", to_cards(self.give, "give"))
        object.__setattr__(self, "want", to_cards(self.want, "want"))
        object.__setattr__(self, "reason", check_reason(self.reason))

    def __str__(self) -> str:
        return f"counter: give {_cards(self.give)} for {_cards(self.want)}"


@dataclass(frozen=True, slots=True)
class ConfirmTrade(Action):
    """The proposer closes the trade with ``player`` on that player's answer."""

    player: int
    kind: ClassVar[str] = "confirm_trade"

    def __post_init__(self) -> None:
        check_seat(self.player, "player")

    def __str__(self) -> str:
        return f"confirm the trade with seat {self.player}"


@dataclass(frozen=True, slots=True)
class CancelTrade(Action):
    """The proposer withdraws the offer."""

    kind: ClassVar[str] = "cancel_trade"

    def __str__(self) -> str:
        return "cancel the trade"


ACTION_TYPES: tuple[type[Action], ...] = (
    RollDice,
    EndTurn,
    BuildRoad,
    BuildSettlement,
    BuildCity,
    BuyDevelopmentCard,
    PlayKnight,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    PlayMonopoly,
    MoveRobber,
    Discard,
    MaritimeTrade,
    OfferTrade,
    AcceptTrade,
    DeclineTrade,
    CounterTrade,
    ConfirmTrade,
    CancelTrade,
)
ACTION_BY_KIND: dict[str, type[Action]] = {t.kind: t for t in ACTION_TYPES}

_CARD_FIELDS = {"cards", "give", "want"}
_RESOURCE_FIELDS = {"first", "second", "resource"}


def action_to_dict(action: Action) -> dict[str, Any]:
    """JSON form: ``{"kind": ..., field: value}``; resources by name, cards as name→count."""
    out: dict[str, Any] = {"kind": action.kind}
    for f in fields(action):  # type: ignore[arg-type]
        value = getattr(action, f.name)
        if f.name == "reason" and value is None:
            continue  # an answer without a reason reads as before reasons existed
        if f.name in _CARD_FIELDS and isinstance(value, tuple):
            value = {RESOURCES[r]: n for r, n in enumerate(value) if n}
        elif f.name in _RESOURCE_FIELDS or isinstance(action, MaritimeTrade):
            value = RESOURCES[value]
        out[f.name] = value
    if isinstance(action, PlayYearOfPlenty):
        out = {"kind": action.kind, "resources": [out.pop("first"), out.pop("second")]}
    return out


def _bad_fields(kind: str, unknown: list[str], missing: list[str]) -> Message:
    """The refusal of a JSON action of ``kind`` with ``unknown`` fields or ``missing`` ones."""
    if not missing:
        # TRANSLATORS: {kind} is an action kind in the code ("build_road"); {fields} field names
        return tr("{kind}: unexpected field(s) {fields}", kind=kind, fields=", ".join(unknown))
    if not unknown:
        # TRANSLATORS: {kind} is an action kind in the code ("build_road"); {fields} field names
        return tr("{kind}: missing field(s) {fields}", kind=kind, fields=", ".join(missing))
    # TRANSLATORS: {kind} is an action kind in the code ("build_road"); {unknown} and {missing}
    # field names
    return tr(
        "{kind}: unexpected field(s) {unknown}; missing field(s) {missing}",
        kind=kind,
        unknown=", ".join(unknown),
        missing=", ".join(missing),
    )


def action_from_dict(data: object) -> Action:
    """Parse the JSON form; raises IllegalActionError naming what is malformed."""
    if not isinstance(data, dict):
        raise IllegalActionError(
            "malformed",
            # TRANSLATORS: {type} is a Python type's name ("str"); 'kind' is a JSON key, kept as it is
            tr("an action must be an object with a 'kind', got {type}", type=type(data).__name__),
        )
    kind = data.get("kind")
    cls = ACTION_BY_KIND.get(kind) if isinstance(kind, str) else None
    if cls is None:
        # TRANSLATORS: {value} is what the program gave, as Python writes it ("'fly'")
        raise IllegalActionError("malformed", tr("unknown action kind {value}", value=show(kind)))
    args = {k: v for k, v in data.items() if k != "kind"}
    if cls is PlayYearOfPlenty:
        pair = args.pop("resources", None)
        if not isinstance(pair, list) or len(pair) != 2:
            raise IllegalActionError(
                "malformed",
                # TRANSLATORS: play_year_of_plenty and 'resources' are names in the code, kept as they are
                tr("play_year_of_plenty needs 'resources': a list of two resources"),
            )
        args["first"], args["second"] = pair
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    optional = {"victim", "to", "reason"}
    unknown = sorted(k if isinstance(k, str) else show(k) for k in set(args) - set(names))
    missing = [n for n in names if n not in args and n not in optional]
    if unknown or missing:
        raise IllegalActionError("malformed", _bad_fields(str(kind), unknown, missing))
    return cls(**args)


# --- integer codec ----------------------------------------------------------------------------
_FIXED: list[Action] = [RollDice(), EndTurn()]
_FIXED += [BuildRoad(e) for e in range(EDGE_COUNT)]
_FIXED += [BuildSettlement(n) for n in range(NODE_COUNT)]
_FIXED += [BuildCity(n) for n in range(NODE_COUNT)]
_FIXED += [BuyDevelopmentCard(), PlayKnight(), PlayRoadBuilding()]
_FIXED += [PlayYearOfPlenty(a, b) for a in range(5) for b in range(a, 5)]
_FIXED += [PlayMonopoly(r) for r in range(5)]
_FIXED += [MoveRobber(h, v) for h in range(HEX_COUNT) for v in (None, 0, 1, 2, 3)]
_FIXED += [MaritimeTrade(g, t) for g in range(5) for t in range(5) if g != t]
_FIXED += [AcceptTrade(), DeclineTrade(), CancelTrade()]
_FIXED += [ConfirmTrade(p) for p in range(4)]
FIXED_ACTIONS: tuple[Action, ...] = tuple(_FIXED)
"""Every action without card counts, in code order; their code is their index here."""
_DISCARD_BASE = len(FIXED_ACTIONS)
_SPAN = 96**5
_OFFER_BASE = _DISCARD_BASE + _SPAN + _SPAN * _SPAN
_EXTENSION_BASE = _OFFER_BASE + 7 * _SPAN * _SPAN
_EXT: list[Action] = [BuildRoad(e) for e in range(EDGE_COUNT, MAX_EDGE_COUNT)]
_EXT += [BuildSettlement(n) for n in range(NODE_COUNT, MAX_NODE_COUNT)]
_EXT += [BuildCity(n) for n in range(NODE_COUNT, MAX_NODE_COUNT)]
_EXT += [MoveRobber(h, v) for h in range(HEX_COUNT) for v in (4, 5)]
_EXT += [MoveRobber(h, v) for h in range(HEX_COUNT, MAX_HEX_COUNT) for v in (None, 0, 1, 2, 3, 4, 5)]
_EXT += [ConfirmTrade(p) for p in (4, 5)]
EXTENSION_ACTIONS: tuple[Action, ...] = tuple(_EXT)
"""The fixed actions only the 5–6 player extension has (its larger board's ids, seats 4 and 5),
coded after every base-game code (so those never changed): from ``_EXTENSION_BASE`` on."""
_FIXED_CODE = {a: i for i, a in enumerate(FIXED_ACTIONS)}
_FIXED_CODE.update({a: _EXTENSION_BASE + i for i, a in enumerate(EXTENSION_ACTIONS)})


def _pack(cards: Cards) -> int:
    value = 0
    for n in cards:
        value = value * 96 + n
    return value


def _unpack(value: int) -> Cards:
    out = []
    for _ in range(5):
        value, n = divmod(value, 96)
        out.append(n)
    return (out[4], out[3], out[2], out[1], out[0])


def encode(action: Action) -> int:
    """A stable integer for an action (fixed actions first, then card-carrying ones); an
    answer's reason is not part of it.
    """
    code = _FIXED_CODE.get(action)
    if code is not None:
        return code
    if isinstance(action, Discard):
        return _DISCARD_BASE + _pack(action.cards)
    if isinstance(action, CounterTrade):
        return _DISCARD_BASE + _SPAN + _pack(action.give) * _SPAN + _pack(action.want)
    if isinstance(action, OfferTrade):
        to = 4 if action.to is None else action.to + 1 if action.to >= 4 else action.to
        return _OFFER_BASE + (to * _SPAN + _pack(action.give)) * _SPAN + _pack(action.want)
    # TRANSLATORS: {value} is what the program gave, as Python writes it
    raise IllegalActionError("malformed", tr("cannot encode {value}", value=show(action)))


def decode(code: int) -> Action:
    """The action of an integer from :func:`encode`."""
    if type(code) is not int or code < 0:
        raise IllegalActionError(
            "malformed",
            # TRANSLATORS: {value} is what the program gave, as Python writes it
            tr("an action code is a whole number >= 0, got {value}", value=show(code)),
        )
    if code < _DISCARD_BASE:
        return FIXED_ACTIONS[code]
    code -= _DISCARD_BASE
    if code < _SPAN:
        return Discard(_unpack(code))
    code -= _SPAN
    if code < _SPAN * _SPAN:
        give, want = divmod(code, _SPAN)
        return CounterTrade(_unpack(give), _unpack(want))
    code -= _SPAN * _SPAN
    if code >= _EXTENSION_BASE - _OFFER_BASE:
        code -= _EXTENSION_BASE - _OFFER_BASE
        if code >= len(EXTENSION_ACTIONS):
            raise IllegalActionError("malformed", tr("action code out of range"))
        return EXTENSION_ACTIONS[code]
    rest, want = divmod(code, _SPAN)
    to, give = divmod(rest, _SPAN)
    return OfferTrade(_unpack(give), _unpack(want), None if to == 4 else to - 1 if to > 4 else to)
