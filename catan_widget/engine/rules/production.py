"""Rolling the dice and production, with the robber and the bank-shortage exception (§4.1–2)."""

from __future__ import annotations

from ..board.layouts import Board
from ..errors import IllegalActionError
from ..language import Message, tr, trn
from ..phases import DISCARD, MAIN, MOVE_ROBBER, ROLL, SPECIAL_BUILD, not_now
from ..state import State
from .events import Events


def check_roll(s: State, dice: tuple[int, int] | None) -> None:
    """Validate a roll: once per turn, at the start of it; scripted dice must be real dice."""
    if s.phase == SPECIAL_BUILD:
        raise IllegalActionError(
            "special_build_no_roll",
            tr("Nobody rolls in the Special Building Phase: build or buy, then pass."),
        )
    if s.phase != ROLL:
        if s.rolled:
            raise IllegalActionError("already_rolled", tr("You have already rolled the dice this turn."))
        raise not_now("roll", s.phase)
    if dice is not None:
        ok = isinstance(dice, tuple) and len(dice) == 2 and all(type(d) is int and 1 <= d <= 6 for d in dice)
        if not ok:
            raise IllegalActionError(
                "bad_chance",
                # TRANSLATORS: {value} is what the program gave, as Python writes it ("(7, 1)")
                tr("Scripted dice must be a pair of numbers 1..6, got {value}.", value=repr(dice)),
            )


def apply_roll(s: State, board: Board, limit: int, ev: Events, dice: tuple[int, int] | None) -> None:
    """Roll (or use scripted dice), then produce or start the robber sequence."""
    if dice is None:
        rng = s.rng
        dice = (rng.die(), rng.die())
    total = dice[0] + dice[1]
    s.dice = dice
    s.dice_counts[total - 2] += 1
    s.rolled = True
    p = s.turn_player
    if total != 7:
        short: list[tuple[int, int]] = []
        gains = produce(s, board, total, short)
        ev.append(("roll", p, dice, gains, tuple(short)))
        s.phase = MAIN
        return
    ev.append(("roll", p, dice, (), ()))
    start_discards(s, limit, ev)


def produce(
    s: State, board: Board, number: int, short: list[tuple[int, int]] | None = None
) -> tuple[tuple[int, int, int], ...]:
    """Pay every seat for hexes showing ``number`` (not under the robber).

    Bank shortage: if the bank cannot pay everyone what they are owed of a resource, nobody gets
    it, unless only one seat is owed it, who gets what is left.  Returns ``(seat, resource, n)``;
    the resources nobody got for the shortage (several seats owed, or an empty bank) are
    appended to ``short`` as ``(resource, bank_had)``.
    """
    n = s.n
    owed: list[list[int] | None] = [None] * 5  # per resource: what each seat is owed
    node_owner, node_level, robber, terrain = s.node_owner, s.node_level, s.robber, board.terrain
    hex_nodes = board.topo.hex_nodes
    for h in board.hexes_by_number[number]:
        if h == robber:
            continue
        r = terrain[h]
        row = owed[r]
        for node in hex_nodes[h]:
            p = node_owner[node]
            if p >= 0:
                if row is None:
                    row = owed[r] = [0] * n
                row[p] += node_level[node]
    gains = []
    bank, hands = s.bank, s.hands
    for r in range(5):
        row = owed[r]
        if row is None:
            continue
        if sum(row) > bank[r]:
            takers = [p for p in range(n) if row[p]]
            if len(takers) > 1 or bank[r] == 0:
                if short is not None:
                    short.append((r, bank[r]))
                continue
            row = [min(x, bank[r]) for x in row]
        for p in range(n):
            got = row[p]
            if got:
                hands[p][r] += got
                bank[r] -= got
                gains.append((p, r, got))
    return tuple(gains)


def start_discards(s: State, limit: int, ev: Events) -> None:
    """After a 7: everyone holding more than ``limit`` cards owes half of them, rounded down."""
    for p in range(s.n):
        held = sum(s.hands[p])
        s.discards[p] = held // 2 if held > limit else 0
    _next_discarder(s)


def _next_discarder(s: State) -> None:
    for i in range(s.n):
        p = (s.turn_player + i) % s.n
        if s.discards[p]:
            s.phase = DISCARD
            s.current = p
            return
    s.phase = MOVE_ROBBER
    s.current = s.turn_player


def discard_words(owed: int) -> Message:
    """The discard rule for a seat that owes ``owed`` cards, as a sentence:
    ``"You must discard exactly half your hand, rounded down: 4 cards."``.
    """
    # TRANSLATORS: {n} is how many cards the player must discard
    return trn(
        "You must discard exactly half your hand, rounded down: {n} card.",
        "You must discard exactly half your hand, rounded down: {n} cards.",
        owed,
    )


def check_discard(s: State, p: int, cards: tuple[int, ...]) -> None:
    """Validate a discard: exactly the count owed, only cards one holds."""
    if s.phase != DISCARD:
        raise IllegalActionError(
            "no_discard_due", tr("You can only discard when a 7 makes you (more than 7 cards).")
        )
    owed = s.discards[p]
    if sum(cards) != owed:
        raise IllegalActionError(
            "discard_half",
            # TRANSLATORS: {n} is how many cards the player must discard; {given} how many they chose
            trn(
                "You must discard exactly half your hand, rounded down: {n} card, not {given}.",
                "You must discard exactly half your hand, rounded down: {n} cards, not {given}.",
                owed,
                given=sum(cards),
            ),
        )
    if any(c > h for c, h in zip(cards, s.hands[p])):
        raise IllegalActionError("discard_not_held", tr("You cannot discard cards you do not hold."))


def apply_discard(s: State, p: int, cards: tuple[int, ...], ev: Events) -> None:
    """Discard (validated) and pass to the next seat that owes cards, then the robber."""
    hand, bank = s.hands[p], s.bank
    for r in range(5):
        hand[r] -= cards[r]
        bank[r] += cards[r]
    s.discards[p] = 0
    ev.append(("discard", p, tuple(cards)))
    _next_discarder(s)
