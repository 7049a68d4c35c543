"""The fixed action encoding of :mod:`catan_widget.rl`: one ``Discrete(n)`` per player count.

Ids are laid out block by block in this order, each block's size taken from the board's topology
(:mod:`catan_widget.engine.board.topology`: the base board for 3–4 players, the extension's for
5–6), so the table of a player count never changes unless the engine's topology does (a test pins
its size and hash for 3 and 4 players):

====================  ==============================  =============================================
block                 ids                             engine action
====================  ==============================  =============================================
``roll``              1                               ``RollDice()``
``end_turn``          1                               ``EndTurn()`` (also "pass" in the Special
                                                      Building Phase)
``road``              one per path                    ``BuildRoad(edge)``
``settlement``        one per intersection            ``BuildSettlement(node)``
``city``              one per intersection            ``BuildCity(node)``
``buy``               1                               ``BuyDevelopmentCard()``
``knight``            1                               ``PlayKnight()``
``road_building``     1                               ``PlayRoadBuilding()``
``year_of_plenty``    15 (pairs ``a <= b``)           ``PlayYearOfPlenty(a, b)``
``monopoly``          5 (by resource)                 ``PlayMonopoly(r)``
``robber``            one per hex                     first half of ``MoveRobber(hex, victim)``
``steal``             ``players - 1`` (relative seat) second half: the victim, 1 = next seat
``discard``           5 (one card of a resource)      one card of ``Discard(cards)``
``maritime``          20 (give × get, give != get)    ``MaritimeTrade(give, get)`` (best rate)
``offer``             80                              ``OfferTrade(give, want, to=None)``: 1 or 2
                                                      of one resource for 1 or 2 of another
``accept``            1                               ``AcceptTrade()``
``decline``           1                               ``DeclineTrade()``
``confirm``           ``players - 1`` (relative seat) ``ConfirmTrade(player)``
``cancel``            1                               ``CancelTrade()``
====================  ==============================  =============================================

That is 336 ids for three players, 338 for four.  Two engine actions take several ids, chosen
one after the other by the same seat (a :class:`Pending` choice in between):

* a robber move is its hex, then, when two or more players can be robbed there, the victim's
  relative seat (one possible victim is robbed without asking; none, nobody is);
* a discard is one card at a time (``discard`` + resource) until the count due is reached.

Left out (the engine accepts them; agents using this encoding cannot make them): offers of other
bundles (more than 2 cards a side, or several resources on one side), offers to one seat only
(every offer goes to everyone; partners answer in seat order), counter-offers
(``CounterTrade``: an agent answers with accept or decline; a bot's counter to the agent's offer
is confirmed with ``confirm`` like an acceptance), and more than :data:`MAX_OFFERS` offers in
one turn (an encoding cap, so that a learning agent cannot stall a game by offering forever).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cache
from itertools import product
from typing import Final

import numpy as np

from ..engine import actions as ac
from ..engine.board.topology import BASE, EXTENSION, Topology
from ..engine.knowledge.observation import Observation
from ..engine.rules.legal import listed_discard, listed_form

MAX_OFFERS: Final = 3
"""Domestic offers an agent may make in one turn under this encoding (the engine has no cap)."""

OFFER_TERMS: Final[tuple[tuple[int, int, int, int], ...]] = tuple(
    (g, gn, w, wn) for g in range(5) for w in range(5) if w != g for gn in (1, 2) for wn in (1, 2)
)
"""The 80 encoded offers: ``gn`` cards of resource ``g`` for ``wn`` of ``w``, in id order."""

_YOP_PAIRS: Final = tuple((a, b) for a in range(5) for b in range(a, 5))
_MARITIME_PAIRS: Final = tuple((g, t) for g in range(5) for t in range(5) if g != t)


def topology_for(players: int) -> Topology:
    """The board topology a game of ``players`` plays on (the extension's from 5 players)."""
    if not 3 <= players <= 6:
        raise ValueError("catan_widget.rl encodes games of 3 to 6 players")
    return EXTENSION if players >= 5 else BASE


def _cards(resource: int, count: int) -> tuple[int, int, int, int, int]:
    out = [0, 0, 0, 0, 0]
    out[resource] = count
    return ac.cards(out)


@dataclass(frozen=True)
class ActionSpace:
    """The encoding of one player count: block offsets, the size ``n`` and a name per id.

    Build it with :func:`action_space` (cached).  ``blocks`` maps a block name to its
    ``(start, size)``; ``names[i]`` says what id ``i`` does (``"road 17"``).
    """

    players: int
    n: int
    blocks: dict[str, tuple[int, int]]
    names: tuple[str, ...]
    fixed: dict[ac.Action, int] = field(repr=False)
    """The id of each engine action that is one id whatever the seat (not robber moves,
    discards, offers or confirmations)."""
    by_id: dict[int, ac.Action] = field(repr=False)
    """The engine action of each id of ``fixed``."""
    block_of: tuple[tuple[str, int], ...] = field(repr=False)
    """Each id's block and the block's first id."""

    def start(self, block: str) -> int:
        """The first id of ``block``."""
        return self.blocks[block][0]

    def __reduce__(self) -> tuple[object, tuple[int]]:
        """Pickled as its player count: the table is rebuilt (and cached) where it is unpickled."""
        return (action_space, (self.players,))

    def digest(self) -> str:
        """A SHA-256 of the table (its names in id order): pinned by the tests, so it stays stable."""
        return hashlib.sha256("\n".join(self.names).encode()).hexdigest()


def action_space(players: int) -> ActionSpace:
    """The :class:`ActionSpace` of a game of ``players`` (3 to 6)."""
    space = _SPACES.get(players)  # asked on every step: a dict, not a functools cache's call
    if space is None:
        space = _SPACES[players] = _space(players)
    return space


def _space(players: int) -> ActionSpace:
    topo = topology_for(players)
    others = players - 1
    layout: list[tuple[str, list[str]]] = [
        ("roll", ["roll"]),
        ("end_turn", ["end turn"]),
        ("road", [f"road {e}" for e in range(topo.edge_count)]),
        ("settlement", [f"settlement {v}" for v in range(topo.node_count)]),
        ("city", [f"city {v}" for v in range(topo.node_count)]),
        ("buy", ["buy development card"]),
        ("knight", ["play knight"]),
        ("road_building", ["play road building"]),
        ("year_of_plenty", [f"year of plenty {a} {b}" for a, b in _YOP_PAIRS]),
        ("monopoly", [f"monopoly {r}" for r in range(5)]),
        ("robber", [f"robber to hex {h}" for h in range(topo.hex_count)]),
        ("steal", [f"steal from seat +{k}" for k in range(1, players)]),
        ("discard", [f"discard one {r}" for r in range(5)]),
        ("maritime", [f"maritime {g} for {t}" for g, t in _MARITIME_PAIRS]),
        ("offer", [f"offer {gn}x{g} for {wn}x{w}" for g, gn, w, wn in OFFER_TERMS]),
        ("accept", ["accept trade"]),
        ("decline", ["decline trade"]),
        ("confirm", [f"confirm with seat +{k}" for k in range(1, players)]),
        ("cancel", ["cancel trade"]),
    ]
    blocks: dict[str, tuple[int, int]] = {}
    names: list[str] = []
    for block, labels in layout:
        blocks[block] = (len(names), len(labels))
        names.extend(labels)
    assert blocks["steal"][1] == others
    b = {k: v[0] for k, v in blocks.items()}
    fixed: dict[ac.Action, int] = {ac.RollDice(): b["roll"], ac.EndTurn(): b["end_turn"]}
    fixed.update({ac.BuildRoad(e): b["road"] + e for e in range(topo.edge_count)})
    fixed.update({ac.BuildSettlement(v): b["settlement"] + v for v in range(topo.node_count)})
    fixed.update({ac.BuildCity(v): b["city"] + v for v in range(topo.node_count)})
    fixed[ac.BuyDevelopmentCard()] = b["buy"]
    fixed[ac.PlayKnight()] = b["knight"]
    fixed[ac.PlayRoadBuilding()] = b["road_building"]
    fixed.update({ac.PlayYearOfPlenty(x, y): b["year_of_plenty"] + i for i, (x, y) in enumerate(_YOP_PAIRS)})
    fixed.update({ac.PlayMonopoly(r): b["monopoly"] + r for r in range(5)})
    fixed.update({ac.MaritimeTrade(g, t): b["maritime"] + i for i, (g, t) in enumerate(_MARITIME_PAIRS)})
    fixed[ac.AcceptTrade()] = b["accept"]
    fixed[ac.DeclineTrade()] = b["decline"]
    fixed[ac.CancelTrade()] = b["cancel"]
    fixed = {listed_form(a): code for a, code in fixed.items()}
    block_of = tuple((block, start) for block, (start, size) in blocks.items() for _ in range(size))
    by_id = {code: a for a, code in fixed.items()}
    return ActionSpace(players, len(names), blocks, tuple(names), fixed, by_id, block_of)


_SPACES: Final[dict[int, ActionSpace]] = {}
"""The action spaces made so far, by player count."""


@dataclass(init=False)  # its own __init__: compiled, where the generated one is interpreted
class Pending:
    """A multi-id choice in progress for the seat that must act: the robber's hex chosen (-1:
    none) and the cards chosen to discard so far.  Empty between engine actions.
    """

    robber_hex: int
    discard: list[int]

    def __init__(self, robber_hex: int = -1, discard: list[int] | None = None) -> None:
        """``Pending()`` is empty; ``discard`` defaults to no card chosen."""
        self.robber_hex = robber_hex
        self.discard = [0, 0, 0, 0, 0] if discard is None else discard

    def copy(self) -> Pending:
        """An independent copy (to choose on without touching this one)."""
        return Pending(self.robber_hex, list(self.discard))

    def clear(self) -> None:
        """Forget the choice in progress (after its engine action was played)."""
        self.robber_hex = -1
        self.discard = [0, 0, 0, 0, 0]

    @property
    def empty(self) -> bool:
        """True when no choice is in progress."""
        return self.robber_hex < 0 and not any(self.discard)


def _rel(seat: int, other: int, players: int) -> int:
    """``other``'s seat relative to ``seat``: 1 is the next seat clockwise."""
    return (other - seat) % players


def _victims(obs: Observation, hex_id: int) -> list[int]:
    return [
        a.victim
        for a in obs.legal
        if isinstance(a, ac.MoveRobber) and a.hex == hex_id and a.victim is not None
    ]


def offers_allowed(obs: Observation) -> bool:
    """Whether the observing seat may make an encoded domestic offer now (the engine's rules
    for offers, plus the :data:`MAX_OFFERS` cap).
    """
    return (
        obs.phase == "main"
        and obs.seat == obs.turn_player == obs.current
        and obs.offers_this_turn < MAX_OFFERS
        and not (obs.rules.strict_phases and obs.built)
    )


def encode(action: ac.Action, obs: Observation) -> tuple[int, ...]:
    """The ids the observing seat plays, one after the other, to make ``action`` now.

    Raises ``ValueError`` for an action outside the encoding (see the module docstring).
    """
    assert obs.seat is not None, "actions are encoded for a seat"
    space = action_space(len(obs.players))
    seat, n = obs.seat, len(obs.players)
    code = space.fixed.get(action)
    if code is not None:
        return (code,)
    if isinstance(action, ac.ConfirmTrade):
        return (space.start("confirm") + _rel(seat, action.player, n) - 1,)
    if isinstance(action, ac.MoveRobber):
        first = space.start("robber") + action.hex
        if action.victim is None or len(_victims(obs, action.hex)) <= 1:
            return (first,)
        return (first, space.start("steal") + _rel(seat, action.victim, n) - 1)
    if isinstance(action, ac.Discard):
        base = space.start("discard")
        return tuple(base + r for r in range(5) for _ in range(action.cards[r]))
    if isinstance(action, ac.OfferTrade) and action.to is None:
        gives = [(r, c) for r, c in enumerate(action.give) if c]
        wants = [(r, c) for r, c in enumerate(action.want) if c]
        if len(gives) == 1 and len(wants) == 1:
            terms = (gives[0][0], gives[0][1], wants[0][0], wants[0][1])
            if terms in _OFFER_INDEX:
                return (space.start("offer") + _OFFER_INDEX[terms],)
    raise ValueError(f"{action} is outside catan_widget.rl's action encoding")


_OFFER_INDEX: Final = {terms: i for i, terms in enumerate(OFFER_TERMS)}


def step_id(obs: Observation, pending: Pending, code: int) -> ac.Action | None:
    """Play id ``code`` for the observing seat: the engine action it completes, or None when
    the choice goes on (``pending`` updated: a robber's hex with victims to pick, a discard not
    yet complete).  ``code`` should be in :func:`mask`: it is read, not checked against the
    position, so another id gives an action the engine refuses, or a ``ValueError`` when it
    cannot be read at all (outside the space; not a steal while a victim is to be picked).
    """
    assert obs.seat is not None
    n = len(obs.players)
    space = action_space(n)
    if not 0 <= code < space.n:
        raise ValueError(f"action id {code} is outside 0..{space.n - 1}")
    block, start = space.block_of[code]
    i = code - start
    seat = obs.seat
    if pending.robber_hex >= 0:
        if block != "steal":
            raise ValueError("choose whom to rob (a steal id) first")
        victim = (seat + i + 1) % n
        hex_id = pending.robber_hex
        pending.clear()
        return _robber_move(hex_id, victim)
    if block == "robber":
        victims = _victims(obs, i)
        if len(victims) >= 2:
            pending.robber_hex = i
            return None
        return _robber_move(i, victims[0] if victims else None)
    if block == "discard":
        chosen = pending.discard
        chosen[i] += 1
        due = obs.players[seat].discard
        if sum(chosen) < due:
            return None
        cards = (chosen[0], chosen[1], chosen[2], chosen[3], chosen[4])
        pending.clear()
        return listed_discard(cards)
    if block == "offer":
        return _offer(i)
    if block == "confirm":
        return _confirm((seat + i + 1) % n)
    if block == "steal":
        raise ValueError("a steal id follows a robber id")
    return space.by_id[code]


# The engine actions step_id makes, each built once (an action checks its fields when made), as
# the engine lists them (see listed_form).
@cache
def _robber_move(hex_id: int, victim: int | None) -> ac.Action:
    return listed_form(ac.MoveRobber(hex_id, victim))


@cache
def _offer(i: int) -> ac.OfferTrade:
    g, gn, w, wn = OFFER_TERMS[i]
    return ac.OfferTrade(_cards(g, gn), _cards(w, wn))


@cache
def _confirm(player: int) -> ac.Action:
    return listed_form(ac.ConfirmTrade(player))


def decode(codes: tuple[int, ...] | list[int], obs: Observation) -> ac.Action:
    """The engine action the ids ``codes`` (from :func:`encode`) make for the observing seat."""
    pending = Pending()
    for k, code in enumerate(codes):
        action = step_id(obs, pending, code)
        if action is not None:
            if k != len(codes) - 1:
                raise ValueError("ids left over after a complete action")
            return action
    raise ValueError("the ids do not complete an action")


def mask(obs: Observation, pending: Pending | None = None) -> np.ndarray:
    """A ``bool`` vector over the ids: True exactly where :func:`step_id` may be played now by
    the observing seat (all False when it need not act, or the game is over).
    """
    n = len(obs.players)
    space = action_space(n)
    out = bytearray(space.n)  # set byte by byte, then seen by numpy without a copy
    if obs.legal:
        _fill(out, space, obs, pending, n)
    legal: np.ndarray = np.frombuffer(out, _BOOL)
    return legal


_BOOL: Final = np.dtype(np.bool_)
"""The mask's dtype (a dtype object is taken faster than the scalar type)."""


def _fill(out: bytearray, space: ActionSpace, obs: Observation, pending: Pending | None, n: int) -> None:
    """Set the bytes of :func:`mask` of the ids legal now (``obs.legal`` is not empty)."""
    seat = obs.seat
    assert seat is not None
    if pending is not None and pending.robber_hex >= 0:
        base = space.start("steal") - 1
        for v in _victims(obs, pending.robber_hex):
            out[base + _rel(seat, v, n)] = 1
        return
    phase = obs.phase
    if phase == "discard":
        hand = obs.hand
        assert hand is not None
        chosen = pending.discard if pending is not None else [0, 0, 0, 0, 0]
        base = space.start("discard")
        for r in range(5):
            if hand[r] > chosen[r]:
                out[base + r] = 1
        return
    if phase == "move_robber":
        base = space.start("robber")
        for a in obs.legal:
            assert isinstance(a, ac.MoveRobber)
            out[base + a.hex] = 1
        return
    seen = _SEEN[n]
    confirm = space.start("confirm") - 1
    for a in obs.legal:
        known = seen.get(id(a))
        if known is not None and known[0] is a:
            code: int | None = known[1]
        else:
            code = _remember(space, seen, a)
        if code is not None:
            out[code] = 1
        elif isinstance(a, ac.ConfirmTrade):
            out[confirm + _rel(seat, a.player, n)] = 1
    if offers_allowed(obs):
        hand = obs.hand
        assert hand is not None
        base = space.start("offer")
        held = min(hand[0], 2) * 81 + min(hand[1], 2) * 27 + min(hand[2], 2) * 9 + min(hand[3], 2) * 3
        out[base : base + len(OFFER_TERMS)] = _OFFER_ROWS[held + min(hand[4], 2)]


_SEEN: Final[dict[int, dict[int, tuple[ac.Action, int | None]]]] = {n: {} for n in range(3, 7)}
"""Per player count, the id of each action object met by :func:`mask`, by the object's identity
(the engine lists the same interned objects again and again; hashing a dataclass costs more).
Each entry holds its object, so an identity is never reused while it is there."""


def _remember(space: ActionSpace, seen: dict[int, tuple[ac.Action, int | None]], a: ac.Action) -> int | None:
    if len(seen) > 4096:  # objects that are not interned (a discard, say) must not pile up
        seen.clear()
    code = space.fixed.get(a)
    seen[id(a)] = (a, code)
    return code


def _offer_row(held: tuple[int, ...]) -> bytes:
    """Which encoded offers a hand can pay for, by its counts capped at 2."""
    return bytes([held[g] >= gn for g, gn, _w, _wn in OFFER_TERMS])


_OFFER_ROWS: Final = tuple(_offer_row(held) for held in product(range(3), repeat=5))
""":func:`_offer_row` of every hand capped at 2 (243), by its counts as a number in base 3."""
