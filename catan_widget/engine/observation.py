"""What one seat knows: :class:`Observation`, the only door a seat, a bot or a view walks through.

An observation holds the public board and pieces, the phase and turn, the dice history, the
bank, the deck's size, every player's public numbers, the seat's own hand and development cards,
and card counting for every opponent (:mod:`.counting`).  Nothing else: no deck order, no random
state, no opponent's hidden card.  ``game.observe(None)`` is the all-seeing observation (every
hand and card, still no deck order or random state), for a teacher's view or the analysis of a
finished game, on purpose and by name.

Observations are immutable and serialise to JSON (:meth:`Observation.to_dict`).  A bot's
``choose`` takes one; a search bot plans on :meth:`Observation.determinize`.  The record
classes live in :mod:`.observed` (interpreted even in a compiled build) and are re-exported here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as ac
from .constants import KNIGHT, VICTORY_POINT
from .errors import IllegalActionError
from .observed import Five, Observation, PlayerInfo, new_observation, new_player_info
from .phases import PHASES
from .scoring import public_vp

if TYPE_CHECKING:
    from .game import Game

__all__ = ["Observation", "PlayerInfo", "observe"]


def _five(values: list[int] | tuple[int, ...]) -> Five:
    return (values[0], values[1], values[2], values[3], values[4])


def observe(game: Game, seat: int | None, *, legal: bool = True) -> Observation:
    """The observation of ``seat`` (None: all-seeing) in ``game``; ``legal=False`` leaves the
    legal actions out (a view that does not need them skips listing, say, every discard).
    """
    n = len(game.names)
    if seat is not None and (type(seat) is not int or not 0 <= seat < n):
        raise IllegalActionError(
            "malformed", f"observe() takes a seat 0..{n - 1} or None, got {ac.show(seat)}"
        )
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
            new_player_info(
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
    return new_observation(
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
