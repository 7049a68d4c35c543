"""What one viewer knows: :class:`Observation`, the only door a seat, a bot or a view walks through.

A viewer (:mod:`.viewer`) is a seat, an onlooker or all-seeing.  A seat's observation holds the
public board and pieces, the phase and turn, the dice history, the bank, the deck's size, every
player's public numbers, the seat's own hand and development cards, and card counting for every
opponent (:mod:`.counting`).  Nothing else: no deck order, no random state, no opponent's hidden
card.  An onlooker's holds no hand at all; ``game.observe(ALL_SEEING)`` holds every hand and
card (still no deck order or random state), for a teacher's view or the analysis of a finished
game, on purpose and by name.  Asked with ``shown=True`` it also holds what a screen shows that
viewer (:class:`Shown`: the log in the viewer's words, the reasons of the disabled controls,
the newest events for the marks), so a widget update is built from one observation.

Observations are immutable and serialise to JSON (:meth:`Observation.to_dict`) and back
(:meth:`Observation.from_dict`, for a seat played from elsewhere).  A bot's
``choose`` takes one; a search bot plans on :meth:`Observation.determinize`.  The record
classes live in :mod:`.observed` (interpreted even in a compiled build) and are re-exported here.
:func:`observe` builds one from a game's parts (it never sees a ``Game``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..actions import Action
from ..board.layouts import Board
from ..constants import KNIGHT, VICTORY_POINT
from ..errors import Refusal
from ..options import Rules
from ..phases import DISCARD, GAME_OVER, PHASES
from ..rules.apply import Move
from ..rules.events import Events
from ..rules.legal import legal_actions
from ..rules.scoring import public_vp
from ..rules.trade import harbor_rates, open_kinds
from ..state import State
from ..viewer import ALL_SEEING, Viewer
from ..words.log import seen_by
from ..words.reasons import control_refusals
from .counting import Baseline, CardCounter
from .observed import Five, Observation, PlayerInfo, Shown, new_observation, new_player_info, new_shown
from .observed_json import observation_from_dict

__all__ = ["Kept", "Observation", "PlayerInfo", "Seen", "Shown", "observation_from_dict", "observe"]


def _five(values: list[int]) -> Five:
    return (values[0], values[1], values[2], values[3], values[4])


def _as_five(values: tuple[int, ...]) -> Five:
    """A tuple of five counts as :data:`Five` (itself: tuples are immutable)."""
    if len(values) == 5:
        return values
    return (values[0], values[1], values[2], values[3], values[4])  # an IndexError, as before


class Kept:
    """One list of the state as a tuple, kept while the list stays the same (most moves build
    nothing, so the board's lists rarely change between two observations).
    """

    def __init__(self) -> None:
        """Nothing kept yet."""
        self.last: tuple[list[int] | None, tuple[int, ...]] = (None, ())
        """A copy of the list (the state changes its lists in place) and its tuple, in one
        attribute: no other thread ever reads one without the other."""

    def of(self, values: list[int]) -> tuple[int, ...]:
        """``values`` as a tuple: the one kept when they are unchanged."""
        last = self.last
        if last[0] != values:
            last = self.last = (values[:], tuple(values))
        return last[1]


class Seen:
    """What one viewer of a game was last shown, kept so that :func:`observe` shows the parts
    that did not change again, the same objects (fewer made, and readers such as the learning
    features find them unchanged by identity): per seat the player record with what it was made
    of, and the board's lists.
    """

    def __init__(self, seats: int) -> None:
        """Nothing shown yet, in a game of ``seats`` players."""
        self.players: list[tuple[tuple[Any, ...], PlayerInfo] | None] = [None] * seats
        self.node_owner = Kept()
        self.node_level = Kept()
        self.edge_owner = Kept()
        self.dice_counts = Kept()
        self.roads = [Kept() for _ in range(seats)]


def observe(
    state: State,
    board: Board,
    rules: Rules,
    names: Sequence[str],
    events: Events,
    counter: CardCounter,
    baseline: Baseline | None,
    viewer: Viewer,
    legal: tuple[Action, ...] | None,
    log: Sequence[str] | None = None,
    first_robber: int | None = None,
    seen: Seen | None = None,
) -> Observation:
    """The observation of ``viewer`` (a checked :data:`.viewer.Viewer`) of a game given by its
    parts; ``counter`` is that viewer's card counting, caught up with ``events``.  ``legal``: the
    acting seat's legal actions when this viewer may see them (None: not listed).  ``log``: the
    viewer's log lines, to build :class:`Shown` (None: no ``shown``).  ``first_robber``: the
    robber's hex where ``events`` begin (None: the desert, as in a fresh game).  ``seen``: what
    this viewer was last shown (:class:`Seen`, brought up to date here; None: nothing kept).
    """
    s = state
    n = len(names)
    known = counter.known
    played = counter.played
    excluded = counter.excluded
    sees_all = viewer == ALL_SEEING
    seat = viewer if viewer >= 0 else None
    players: list[PlayerInfo] = []
    # The records are built positionally, in their fields' order (keywords cost a dict each).
    for q in range(n):
        hand = s.hands[q]
        exact = sees_all or q == seat
        kn = hand if exact else known[q]
        size = hand[0] + hand[1] + hand[2] + hand[3] + hand[4]
        dev, new = s.dev[q], s.dev_new[q]
        new_count = new[0] + new[1] + new[2] + new[3] + new[4]
        pieces = s.pieces[q]
        was = played[q]
        gone = 0 if exact else excluded[q]
        # everything the record is made of, flat (small ints compare by identity, fast)
        made_of: tuple[Any, ...] = (
            public_vp(s, q), size, dev[0] + dev[1] + dev[2] + dev[3] + dev[4] + new_count, new_count,
            s.knights[q], s.road_len[q], s.longest == q, s.army == q, pieces[0], pieces[1], pieces[2],
            s.discards[q], was[0], was[1], was[2], was[3], was[4], kn[0], kn[1], kn[2], kn[3], kn[4], gone,
        )  # fmt: skip
        last = None if seen is None else seen.players[q]
        if last is not None and last[0] == made_of:
            players.append(last[1])
            continue
        k = _five(kn)
        info = new_player_info(
            q,  # seat
            names[q],  # name
            made_of[0],  # vp
            size,  # hand_size
            made_of[2],  # dev_count
            new_count,  # dev_new_count
            s.knights[q],  # knights
            s.road_len[q],  # road_length
            s.longest == q,  # longest_road
            s.army == q,  # largest_army
            (pieces[0], pieces[1], pieces[2]),  # pieces
            s.discards[q],  # discard
            _five([s.knights[q] if c == KNIGHT else was[c] for c in range(5)]),  # played
            k,  # known
            size - (k[0] + k[1] + k[2] + k[3] + k[4]),  # unknown
            () if not gone else tuple([r for r in range(5) if gone >> r & 1]),  # not_held
        )
        if seen is not None:
            seen.players[q] = (made_of, info)
        players.append(info)
    acting = s.current
    controls = sees_all or seat == acting  # this viewer may see the acting seat's options
    moves = legal if legal is not None and controls else ()
    trade = s.trade
    shown = None
    if log is not None:
        shown = _shown(s, board, rules, events, viewer, controls, legal, log, first_robber)
    return new_observation(
        viewer,  # viewer
        seat,  # seat
        tuple(names),  # names
        board,  # board
        rules,  # rules
        PHASES[s.phase],  # phase
        s.turn,  # turn
        acting,  # current
        s.turn_player,  # turn_player
        s.first,  # first
        s.setup_step,  # setup_step
        s.last_settlement,  # last_settlement
        s.rolled,  # rolled
        s.dev_played,  # dev_played
        s.built,  # built
        s.dice,  # dice
        tuple(s.dice_counts) if seen is None else seen.dice_counts.of(s.dice_counts),  # dice_counts
        s.robber,  # robber
        s.free_roads,  # free_roads
        None if s.winner < 0 else s.winner,  # winner
        _five(s.bank),  # bank
        len(s.deck),  # deck_size
        tuple(s.node_owner) if seen is None else seen.node_owner.of(s.node_owner),  # node_owner
        tuple(s.node_level) if seen is None else seen.node_level.of(s.node_level),  # node_level
        tuple(s.edge_owner) if seen is None else seen.edge_owner.of(s.edge_owner),  # edge_owner
        _roads(s.roads, seen),  # roads
        tuple(players),  # players
        None if trade is None else (trade[0], trade[1], _as_five(trade[2]), _as_five(trade[3])),  # trade
        tuple([(a, _as_five(g), _as_five(w)) for a, g, w in s.answers]),  # answers
        _offers_this_turn(events, baseline),  # offers_this_turn
        None if seat is None else _five(s.hands[seat]),  # hand
        None if seat is None else _five(s.dev[seat]),  # dev_cards
        None if seat is None else _five(s.dev_new[seat]),  # dev_new
        None if seat is None else s.dev[seat][VICTORY_POINT] + s.dev_new[seat][VICTORY_POINT],  # hidden_vp
        None if seat is None else _as_five(harbor_rates(s, board, seat)),  # rates
        tuple([_five(h) for h in s.hands]) if sees_all else None,  # hands
        tuple([(_five(d), _five(e)) for d, e in zip(s.dev, s.dev_new)]) if sees_all else None,  # devs
        moves,  # legal
        open_kinds(s, rules, acting) if controls else (),  # open
        shown,  # shown
    )


def _roads(roads: list[list[int]], seen: Seen | None) -> tuple[tuple[int, ...], ...]:
    if seen is None:
        return tuple([tuple(r) for r in roads])
    return tuple([kept.of(r) for kept, r in zip(seen.roads, roads)])


def _shown(
    s: State,
    board: Board,
    rules: Rules,
    events: Events,
    viewer: Viewer,
    controls: bool,
    legal: tuple[Action, ...] | None,
    log: Sequence[str],
    first_robber: int | None,
) -> Shown:
    """The :class:`Shown` part of ``viewer``'s observation (see :func:`observe`)."""
    start = _recent_start(events, s.n)
    robber = next((int(events[i][2]) for i in range(start - 1, -1, -1) if events[i][0] == "robber"), None)
    if robber is None:
        moved = any(e[0] == "robber" for e in events[start:])
        robber = (board.desert if first_robber is None else first_robber) if moved else s.robber
    refusals: tuple[tuple[str, Refusal], ...] = ()
    rates: Five | None = None
    if controls and s.phase != GAME_OVER:
        p = s.current
        if legal is None:  # no control is a discard: a discard phase lists none
            legal = () if s.phase == DISCARD else tuple(legal_actions(s, board, rules))
        refusals = tuple(control_refusals(Move(s, board, rules, p), legal).items())
        rates = _as_five(harbor_rates(s, board, p))
    return new_shown(
        log=tuple(log),
        recent=tuple(seen_by(e, viewer) for e in events[start:]),
        recent_from=start,
        robber_at_start=robber,
        refusals=refusals,
        rates=rates,
    )


def _recent_start(events: Events, seats: int) -> int:
    """The first event after the ``seats + 1``-th last ``end_turn`` (0 when there are fewer):
    every seat has moved since then, unless it never moved at all.
    """
    seen = 0
    for i in range(len(events) - 1, -1, -1):
        if events[i][0] == "end_turn":
            seen += 1
            if seen > seats:
                return i + 1
    return 0


def _offers_this_turn(events: Events, baseline: Baseline | None) -> int:
    count = 0
    for event in reversed(events):
        kind: str = event[0]
        if kind == "offer":
            count += 1
        elif kind in ("roll", "end_turn", "staged"):
            return count
    return count + (baseline.offers if baseline is not None else 0)
