"""Ending a turn, the Special Building Phase after it, and winning (the rulebook §4.5, §8, §11.1).

With the Special Building Phase (``Rules.after_turn``), ending a turn hands the moment to each
other seat in turn order, starting at the left of the player whose turn ended; ``turn_player``
stays that player and ``current`` is the builder.  ``EndTurn`` by the builder is their pass; the
last pass starts the next turn.  With the paired players' rule one seat only has the moment:
the third to the left (the next seat with 3 players).
"""

from __future__ import annotations

from ..options import Rules
from ..phases import GAME_OVER, MAIN, ROLL, SETUP_ROAD, SETUP_SETTLEMENT, SPECIAL_BUILD, not_now, roll_first
from ..state import State
from .events import Events
from .scoring import total_vp


def check_end_turn(s: State) -> None:
    """A turn ends only after the roll, with nothing left pending; a builder passes any time."""
    if s.phase == ROLL:
        raise roll_first("end_turn")
    if s.phase not in (MAIN, SPECIAL_BUILD):
        raise not_now("end_turn", s.phase)


def paired_seat(turn_player: int, n: int) -> int:
    """The seat of the paired players' moment after ``turn_player``'s turn (§11.2): the third
    to the left, the next seat with 3 players.
    """
    return (turn_player + (3 if n > 3 else 1)) % n


def _ripen(s: State, p: int) -> None:
    """Seat ``p``'s cards bought this turn (or this special build) become playable later."""
    new = s.dev_new[p]
    if any(new):
        dev = s.dev[p]
        for c in range(5):
            dev[c] += new[c]
            new[c] = 0


def apply_end_turn(s: State, rules: Rules, ev: Events) -> None:
    """End the turn (or, in the Special Building Phase, the builder's pass): the next builder,
    else the next player clockwise, whose turn starts with the roll.
    """
    p = s.current
    _ripen(s, p)
    tp = s.turn_player
    after = rules.after_turn(s.n)
    if s.phase == SPECIAL_BUILD:
        ev.append(("special_pass", p))
        nxt = (p + 1) % s.n
        if after == "special" and nxt != tp:
            s.current = nxt
            s.built = False
            return
    else:
        ev.append(("end_turn", tp))
        if after:
            s.phase = SPECIAL_BUILD
            s.current = paired_seat(tp, s.n) if after == "paired" else (tp + 1) % s.n
            s.built = False
            return
    s.turn_player = s.current = (tp + 1) % s.n
    s.turn += 1
    s.phase = ROLL
    s.rolled = s.dev_played = s.built = False


def check_winner(s: State, target: int, ev: Events) -> None:
    """The player whose turn it is wins the moment they hold ``target`` VP (hidden cards too).
    Nobody wins in the Special Building Phase, where the turn is over: whoever reached them
    then (the builder, or the player whose turn ended, handed Longest Road by a builder's
    settlement) wins as their own turn starts, if they still hold them.
    """
    if s.phase in (SETUP_SETTLEMENT, SETUP_ROAD, SPECIAL_BUILD, GAME_OVER):
        return
    p = s.turn_player
    vp = total_vp(s, p)
    if vp >= target:
        s.winner = p
        s.phase = GAME_OVER
        s.current = p
        ev.append(("win", p, vp))
