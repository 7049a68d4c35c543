"""What one seat knows: :class:`Observation`, the only door a seat, a bot or a view walks through.

An observation holds the public board and pieces, the phase and turn, the dice history, the
bank, the deck's size, every player's public numbers, the seat's own hand and development cards,
and card counting for every opponent (:mod:`.counting`).  Nothing else: no deck order, no random
state, no opponent's hidden card.  ``game.observe(None)`` is the all-seeing observation (every
hand and card, still no deck order or random state), for a teacher's view or the analysis of a
finished game, on purpose and by name.

Observations are immutable and serialise to JSON (:meth:`Observation.to_dict`).  A bot's
``choose`` takes one; a search bot plans on :meth:`Observation.determinize`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from . import actions as ac
from .board import Board
from .constants import DEV_CARDS, KNIGHT, RESOURCES, VICTORY_POINT
from .errors import IllegalActionError
from .phases import PHASES
from .rules import Rules
from .scoring import public_vp

if TYPE_CHECKING:
    import random

    from .game import Game

Five = tuple[int, int, int, int, int]


def _five(values: list[int] | tuple[int, ...]) -> Five:
    return (values[0], values[1], values[2], values[3], values[4])


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


def _player_dict(p: PlayerInfo) -> dict[str, Any]:
    out = {f.name: getattr(p, f.name) for f in fields(p)}
    out["known"] = dict(zip(RESOURCES, p.known))
    out["played"] = dict(zip(DEV_CARDS, p.played))
    out["not_held"] = [RESOURCES[r] for r in p.not_held]
    return out


def observe(game: Game, seat: int | None, *, legal: bool = True) -> Observation:
    """The observation of ``seat`` (None: all-seeing) in ``game``; ``legal=False`` leaves the
    legal actions out (a view that does not need them skips listing, say, every discard).
    """
    n = len(game.names)
    if seat is not None and (type(seat) is not int or not 0 <= seat < n):
        raise IllegalActionError(f"observe() takes a seat 0..{n - 1} or None, got {ac.show(seat)}")
    s = game.state
    counter = game.card_counter(seat)
    known = counter.known
    played = counter.played
    sees_all = seat is None
    players = []
    for q in range(n):
        hand = s.hands[q]
        exact = sees_all or q == seat
        k = _five(hand) if exact else _five(known[q])
        size = sum(hand)
        players.append(
            PlayerInfo(
                seat=q,
                name=game.names[q],
                vp=public_vp(s, q),
                hand_size=size,
                dev_count=sum(s.dev[q]) + sum(s.dev_new[q]),
                dev_new_count=sum(s.dev_new[q]),
                knights=s.knights[q],
                road_length=s.road_len[q],
                longest_road=s.longest == q,
                largest_army=s.army == q,
                pieces=(s.pieces[q][0], s.pieces[q][1], s.pieces[q][2]),
                discard=s.discards[q],
                played=_five([s.knights[q] if c == KNIGHT else played[q][c] for c in range(5)]),
                known=k,
                unknown=size - sum(k),
                not_held=() if exact else tuple(r for r in range(5) if counter.excluded[q] >> r & 1),
            )
        )
    acting = s.current
    moves = tuple(game.legal_actions()) if legal and (sees_all or seat == acting) else ()
    own = acting if sees_all else seat
    assert own is not None
    trade = s.trade
    return Observation(
        seat=seat,
        names=tuple(game.names),
        board=game.board,
        rules=game.rules,
        phase=PHASES[s.phase],
        turn=s.turn,
        current=acting,
        turn_player=s.turn_player,
        first=s.first,
        setup_step=s.setup_step,
        last_settlement=s.last_settlement,
        rolled=s.rolled,
        dev_played=s.dev_played,
        built=s.built,
        dice=s.dice,
        dice_counts=tuple(s.dice_counts),
        robber=s.robber,
        free_roads=s.free_roads,
        winner=None if s.winner < 0 else s.winner,
        bank=_five(s.bank),
        deck_size=len(s.deck),
        node_owner=tuple(s.node_owner),
        node_level=tuple(s.node_level),
        edge_owner=tuple(s.edge_owner),
        roads=tuple(tuple(r) for r in s.roads),
        players=tuple(players),
        trade=None if trade is None else (trade[0], trade[1], _five(trade[2]), _five(trade[3])),
        answers=tuple((a, _five(g), _five(w)) for a, g, w in s.answers),
        offers_this_turn=_offers_this_turn(game),
        hand=None if sees_all else _five(s.hands[own]),
        dev_cards=None if sees_all else _five(s.dev[own]),
        dev_new=None if sees_all else _five(s.dev_new[own]),
        hidden_vp=None if sees_all else s.dev[own][VICTORY_POINT] + s.dev_new[own][VICTORY_POINT],
        rates=None if sees_all else _five(game.maritime_rates(own)),
        hands=tuple(_five(h) for h in s.hands) if sees_all else None,
        devs=tuple((_five(d), _five(e)) for d, e in zip(s.dev, s.dev_new)) if sees_all else None,
        legal=moves,
        open=game.open_kinds(acting) if (sees_all or seat == acting) else (),
    )


def _offers_this_turn(game: Game) -> int:
    count = 0
    for event in reversed(game.events):
        kind = event[0]
        if kind == "offer":
            count += 1
        elif kind in ("roll", "end_turn", "staged"):
            return count
    return count + (game.baseline.offers if game.baseline is not None else 0)
