"""Ending a turn and winning (the rulebook §4.5, §8)."""

from __future__ import annotations

from ..errors import IllegalActionError
from ..phases import GAME_OVER, MAIN, ROLL, SETUP_ROAD, SETUP_SETTLEMENT, not_now
from ..state import State
from .events import Events
from .scoring import total_vp


def check_end_turn(s: State) -> None:
    """A turn ends only after the roll, with nothing left pending."""
    if s.phase == ROLL:
        raise IllegalActionError("roll_first", "You must roll the dice before ending your turn.")
    if s.phase != MAIN:
        raise not_now("end the turn", s.phase)


def apply_end_turn(s: State, ev: Events) -> None:
    """Pass play clockwise; cards bought this turn become playable."""
    p = s.turn_player
    new = s.dev_new[p]
    if any(new):
        dev = s.dev[p]
        for c in range(5):
            dev[c] += new[c]
            new[c] = 0
    ev.append(("end_turn", p))
    s.turn_player = s.current = (p + 1) % s.n
    s.turn += 1
    s.phase = ROLL
    s.rolled = s.dev_played = s.built = False


def check_winner(s: State, target: int, ev: Events) -> None:
    """The player whose turn it is wins the moment they hold ``target`` VP (hidden cards too)."""
    if s.phase in (SETUP_SETTLEMENT, SETUP_ROAD, GAME_OVER):
        return
    p = s.turn_player
    vp = total_vp(s, p)
    if vp >= target:
        s.winner = p
        s.phase = GAME_OVER
        s.current = p
        ev.append(("win", p, vp))
