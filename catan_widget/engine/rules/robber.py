"""Moving the robber and stealing (after a 7 or a knight; the rulebook §4.3, §6, §9 options)."""

from __future__ import annotations

from ..board.layouts import Board
from ..errors import IllegalActionError
from ..language import joined, tr
from ..options import Rules
from ..phases import MAIN, MOVE_ROBBER, ROLL
from ..state import EMPTY, State
from .events import Events
from .scoring import public_vp


def robber_hexes(s: State, board: Board, rules: Rules) -> list[int]:
    """Hexes the robber may move to now, ascending."""
    hexes = [h for h in range(s.topo.hex_count) if h != s.robber]
    if not rules.robber_may_return_to_desert:
        deserts = board.deserts
        hexes = [h for h in hexes if h not in deserts]
    if rules.friendly_robber:
        protected = {p for p in range(s.n) if public_vp(s, p) <= 2}  # the mover too
        friendly = [h for h in hexes if not protected & _owners_at(s, h)]
        if friendly:
            hexes = friendly
    return hexes


def _owners_at(s: State, hex_id: int) -> set[int]:
    owner = s.node_owner
    return {owner[n] for n in s.topo.hex_nodes[hex_id]} - {EMPTY}


def victims_at(s: State, hex_id: int) -> list[int]:
    """Opponents of the acting seat with a building on ``hex_id``, ascending."""
    owner, me = s.node_owner, s.current
    victims: list[int] = []
    for n in s.topo.hex_nodes[hex_id]:
        q = owner[n]
        if q not in (EMPTY, me) and q not in victims:
            victims.append(q)
    victims.sort()
    return victims


def victim_masks(s: State) -> list[int]:
    """For every hex, the opponents of the acting seat with a building on it, as a bitmask
    (bit ``q`` for seat ``q``); one pass over the nodes instead of :func:`victims_at` per hex.
    """
    owner, me = s.node_owner, s.current
    topo = s.topo
    node_hexes = topo.node_hexes
    masks = [0] * topo.hex_count
    for n, q in enumerate(owner):
        if q >= 0 and q != me:  # built on (EMPTY is -1), not by the mover
            bit = 1 << q
            for h in node_hexes[n]:
                masks[h] |= bit
    return masks


def check_move_robber(s: State, board: Board, rules: Rules, hex_id: int, victim: int | None) -> None:
    """Validate a robber move and the choice of victim."""
    if s.phase != MOVE_ROBBER:
        raise IllegalActionError(
            "no_robber_move", tr("You can only move the robber after rolling a 7 or playing a knight.")
        )
    if hex_id == s.robber:
        raise IllegalActionError("robber_must_move", tr("The robber must move to a different hex."))
    if hex_id not in robber_hexes(s, board, rules):
        if hex_id in board.deserts and not rules.robber_may_return_to_desert:
            raise IllegalActionError(
                "robber_desert", tr("House rule: the robber may not return to the desert.")
            )
        raise IllegalActionError(
            "friendly_robber",
            tr("Friendly robber: the robber may not go next to a player with 2 or fewer victory points."),
        )
    victims = victims_at(s, hex_id)
    if victim is None:
        if victims:
            raise IllegalActionError(
                "choose_victim",
                # TRANSLATORS: {hex} is a hex's number on the board; {seats} a list of seat numbers ("1 or 2")
                tr(
                    "Choose whom to rob: a player with a building on hex {hex} (seats {seats}).",
                    hex=hex_id,
                    seats=joined(victims, "or"),
                ),
            )
    elif victim not in victims:
        raise IllegalActionError(
            "bad_victim",
            # TRANSLATORS: {hex} is a hex's number on the board (as the program names it)
            tr("You can only rob an opponent with a settlement or city on hex {hex}.", hex=hex_id),
        )


def apply_move_robber(s: State, hex_id: int, victim: int | None, ev: Events, steal: int | None) -> None:
    """Move the robber and steal one random card (or the scripted ``steal`` resource)."""
    p = s.current
    s.robber = hex_id
    taken = -1
    if victim is not None:
        hand = s.hands[victim]
        total = sum(hand)
        if total:
            if steal is None:
                k = s.rng.below(total)
                for r in range(5):
                    k -= hand[r]
                    if k < 0:
                        taken = r
                        break
            else:
                taken = steal
            hand[taken] -= 1
            s.hands[p][taken] += 1
    ev.append(("robber", p, hex_id, victim, taken))
    s.phase = MAIN if s.rolled else ROLL


def check_steal_script(s: State, victim: int | None, steal: object) -> None:
    """A scripted steal must name a resource the victim holds."""
    if steal is None:
        return
    if type(steal) is not int or not 0 <= steal < 5:
        raise IllegalActionError(
            "bad_chance",
            # TRANSLATORS: {value} is what the program gave, as Python writes it ("7", "'gold'")
            tr("A scripted steal must be a resource id 0..4, got {value}.", value=repr(steal)),
        )
    if victim is None or s.hands[victim][steal] == 0:
        raise IllegalActionError("bad_chance", tr("A scripted steal must name a resource the victim holds."))
