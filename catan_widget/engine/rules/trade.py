"""Trading (the rulebook §4.4): maritime trade with the bank, and domestic trade between players.

Domestic trade: only the player whose turn it is proposes; the addressed players answer in
seat order (accept, decline, or counter with other terms); the proposer then confirms with one
of them or cancels.  No gifts, no like-for-like, nobody gives cards they don't hold.
"""

from __future__ import annotations

from typing import Final

from ..board.layouts import Board
from ..constants import amount_words, cards_text, resource_word
from ..errors import IllegalActionError
from ..language import tr
from ..options import Rules
from ..phases import (
    ACCEPTED,
    COUNTERED,
    MAIN,
    PENDING,
    ROLL,
    SPECIAL_BUILD,
    TRADE_CONFIRM,
    TRADE_RESPONSE,
    not_now,
    roll_first,
)
from ..state import State
from .events import Events

_NO_CARDS: Final = (0, 0, 0, 0, 0)


def _rate_row(mask: int) -> tuple[int, ...]:
    base = 3 if mask & 32 else 4
    return tuple(2 if mask >> r & 1 else base for r in range(5))


_RATE_TABLE: Final = tuple(_rate_row(mask) for mask in range(64))
"""Bank rates per resource by the set of harbor kinds held (bit r: the 2:1 harbor of resource
r; bit 5: a generic 3:1 harbor)."""


def harbor_rates(s: State, board: Board, p: int) -> tuple[int, ...]:
    """:func:`maritime_rates` as a shared tuple (read-only callers)."""
    owner = s.node_owner
    mask = 0
    for a, b, bit in board.harbor_bits:
        if owner[a] == p or owner[b] == p:
            mask |= bit
    return _RATE_TABLE[mask]


def maritime_rates(s: State, board: Board, p: int) -> list[int]:
    """The best bank rate per resource for seat ``p``: 4, 3 (generic harbor) or 2."""
    return list(harbor_rates(s, board, p))


def require_trading(s: State, rules: Rules, bank: bool = False) -> None:
    """Raise unless the acting seat may trade now: after the roll, in the main phase, and (with
    strict phases) before building; in the paired players' moment a ``bank`` trade only.
    """
    if s.phase == ROLL:
        raise roll_first("trade")
    if s.phase == SPECIAL_BUILD:
        if rules.after_turn(s.n) != "paired":
            raise IllegalActionError(
                "special_build_no_trade",
                tr(
                    "You cannot trade in the Special Building Phase: no trade of any kind, only building "
                    "and buying."
                ),
            )
        if not bank:
            raise IllegalActionError(
                "special_build_no_trade",
                tr("You cannot trade with other players in the paired player's moment: only with the bank."),
            )
    elif s.phase != MAIN:
        raise not_now("trade", s.phase)
    if rules.strict_phases and s.built:
        raise IllegalActionError(
            "strict_phases", tr("Strict phases: you cannot trade after building this turn.")
        )


def check_maritime(s: State, board: Board, rules: Rules, p: int, give: int, get: int) -> int:
    """Validate a bank trade; returns the rate."""
    require_trading(s, rules, bank=True)
    if give == get:
        raise IllegalActionError("like_for_like", tr("No trading like for like: give and get must differ."))
    rate = harbor_rates(s, board, p)[give]
    if s.hands[p][give] < rate:
        raise IllegalActionError(
            "maritime_rate",
            # TRANSLATORS: {cards} is an amount of resource cards ("4 wool")
            tr("Maritime trade needs {cards} (your best rate).", cards=amount_words(give, rate)),
        )
    if s.bank[get] == 0:
        raise IllegalActionError(
            "bank_empty",
            # TRANSLATORS: {resource} is a resource's name ("ore")
            tr("The bank has no {resource} left.", resource=resource_word(get)),
        )
    return rate


def apply_maritime(s: State, p: int, give: int, get: int, rate: int, ev: Events) -> None:
    """Swap ``rate`` cards of ``give`` for one ``get`` with the bank."""
    hand = s.hands[p]
    hand[give] -= rate
    s.bank[give] += rate
    s.bank[get] -= 1
    hand[get] += 1
    ev.append(("maritime", p, give, rate, get))


def _check_terms(give: tuple[int, ...], want: tuple[int, ...]) -> None:
    if not any(give) or not any(want):
        raise IllegalActionError(
            "no_gifts", tr("No gifts: each side of a trade must give at least one card.")
        )
    if any(g and w for g, w in zip(give, want)):
        raise IllegalActionError(
            "like_for_like", tr("No trading like for like: the same resource cannot be on both sides.")
        )


def _holds(hand: list[int], cards: tuple[int, ...]) -> bool:
    return all(h >= c for h, c in zip(hand, cards))


def offer_prereqs(s: State, rules: Rules, p: int) -> None:
    """Everything a domestic offer needs but its terms: seat ``p`` has the turn and may trade now."""
    if s.phase == SPECIAL_BUILD:
        require_trading(s, rules)
    if p != s.turn_player:
        raise IllegalActionError(
            "only_turn_player_trades", tr("Only the player whose turn it is may propose a trade.")
        )
    require_trading(s, rules)


def open_kinds(s: State, rules: Rules, p: int) -> tuple[str, ...]:
    """The open-ended action kinds (terms chosen freely, never listed) seat ``p`` may use now:
    ``offer_trade`` (the turn player in the main phase, holding cards) and ``counter_trade`` (a
    seat answering an offer, holding cards).
    """
    if p != s.current or not any(s.hands[p]):
        return ()
    if s.phase == TRADE_RESPONSE:
        return ("counter_trade",)
    if s.phase == MAIN:
        try:
            offer_prereqs(s, rules, p)
        except IllegalActionError:
            return ()
        return ("offer_trade",)
    return ()


def check_offer(
    s: State, rules: Rules, p: int, give: tuple[int, ...], want: tuple[int, ...], to: int | None
) -> None:
    """Validate a domestic offer by the player whose turn it is."""
    offer_prereqs(s, rules, p)
    _check_terms(give, want)
    if not _holds(s.hands[p], give):
        raise IllegalActionError(
            "cards_not_held",
            # TRANSLATORS: {cards} is an amount of resource cards ("2 wool, 1 ore")
            tr("You cannot offer cards you do not hold ({cards}).", cards=cards_text(give)),
        )
    if to is not None and (to >= s.n or to == p):
        raise IllegalActionError(
            "bad_trade_partner", tr("A trade must be offered to another player in this game.")
        )


def responders(s: State) -> list[int]:
    """Seats the open offer is addressed to, in seat order after the proposer."""
    assert s.trade is not None
    proposer, to = s.trade[0], s.trade[1]
    seats = [(proposer + i) % s.n for i in range(1, s.n)]
    return seats if to < 0 else [to]


def apply_offer(
    s: State, p: int, give: tuple[int, ...], want: tuple[int, ...], to: int | None, ev: Events
) -> None:
    """Open the offer; the first addressed seat answers next."""
    s.trade = (p, -1 if to is None else to, give, want)
    s.answers = [(PENDING, _NO_CARDS, _NO_CARDS)] * s.n
    s.phase = TRADE_RESPONSE
    s.current = responders(s)[0]
    ev.append(("offer", p, give, want, to))


def check_answer(s: State, p: int) -> None:
    """Only an addressed seat answers, while the offer is open."""
    if s.phase != TRADE_RESPONSE or s.trade is None:
        raise IllegalActionError("no_offer", tr("There is no trade offer to answer."))
    if p != s.current:
        raise IllegalActionError("not_your_answer", tr("It is not your turn to answer this trade offer."))


def check_accept(s: State, p: int) -> None:
    """Accepting needs the cards the proposer asks for."""
    check_answer(s, p)
    assert s.trade is not None
    if not _holds(s.hands[p], s.trade[3]):
        raise IllegalActionError(
            "cards_not_held",
            # TRANSLATORS: {cards} is an amount of resource cards ("2 wool, 1 ore")
            tr("You cannot give cards you do not hold ({cards}).", cards=cards_text(s.trade[3])),
        )


def check_counter(s: State, p: int, give: tuple[int, ...], want: tuple[int, ...]) -> None:
    """A counter-offer follows the same rules as an offer, from the answering seat's side."""
    check_answer(s, p)
    _check_terms(give, want)
    if not _holds(s.hands[p], give):
        raise IllegalActionError(
            "cards_not_held",
            # TRANSLATORS: {cards} is an amount of resource cards ("2 wool, 1 ore")
            tr("You cannot offer cards you do not hold ({cards}).", cards=cards_text(give)),
        )


def apply_answer(
    s: State,
    p: int,
    answer: int,
    ev: Events,
    give: tuple[int, ...] = _NO_CARDS,
    want: tuple[int, ...] = _NO_CARDS,
    reason: str | None = None,
) -> None:
    """Record an answer (``reason``: a code of :mod:`.answer_reasons`, kept in the event when
    given); after the last one the proposer confirms (or the offer closes).
    """
    assert s.trade is not None
    if answer == ACCEPTED:
        give, want = s.trade[3], s.trade[2]
    s.answers[p] = (answer, give, want)
    ev.append(
        ("answer", p, answer, give, want) if reason is None else ("answer", p, answer, give, want, reason)
    )
    seats = responders(s)
    later = seats[seats.index(p) + 1 :]
    if later:
        s.current = later[0]
        return
    s.current = s.turn_player
    if confirmable(s):
        s.phase = TRADE_CONFIRM
    else:
        close_trade(s, ev, "nobody accepted")


def confirmable(s: State) -> list[int]:
    """Seats whose acceptance or counter the proposer can close now, ascending."""
    if s.trade is None:
        return []
    proposer = s.trade[0]
    hand = s.hands[proposer]
    return [
        q
        for q, (answer, give, want) in enumerate(s.answers)
        if answer in (ACCEPTED, COUNTERED) and _holds(hand, want) and _holds(s.hands[q], give)
    ]


def check_confirm(s: State, p: int, other: int) -> None:
    """The proposer confirms with a seat that accepted or countered."""
    if s.phase != TRADE_CONFIRM or s.trade is None:
        raise IllegalActionError("no_offer", tr("There is no answered trade offer to confirm."))
    if p != s.trade[0]:
        raise IllegalActionError(
            "only_proposer", tr("Only the player who proposed the trade may confirm it.")
        )
    if other not in confirmable(s):
        answered = 0 <= other < len(s.answers) and s.answers[other][0] in (ACCEPTED, COUNTERED)
        if answered:  # a counter asking for cards the proposer does not hold
            raise IllegalActionError(
                "cards_not_held", tr("You do not hold the cards that player's counter-offer asks for.")
            )
        raise IllegalActionError(
            "not_accepted", tr("You can only confirm with a player who accepted or countered your offer.")
        )


def apply_confirm(s: State, p: int, other: int, ev: Events) -> None:
    """Swap the cards on ``other``'s terms and close the offer."""
    _, give_other, want_other = s.answers[other]
    mine, theirs = s.hands[p], s.hands[other]
    for r in range(5):
        mine[r] += give_other[r] - want_other[r]
        theirs[r] += want_other[r] - give_other[r]
    ev.append(("trade", p, other, want_other, give_other))
    close_trade(s, ev, None)


def check_cancel(s: State, p: int) -> None:
    """The proposer may withdraw an answered offer."""
    if s.phase != TRADE_CONFIRM or s.trade is None or p != s.trade[0]:
        raise IllegalActionError("no_offer", tr("There is no trade offer of yours to cancel now."))


def close_trade(s: State, ev: Events, reason: str | None) -> None:
    """End the offer and return to the main phase."""
    if reason is not None:
        ev.append(("trade_closed", s.turn_player, reason))
    s.trade = None
    s.answers = []
    s.phase = MAIN
    s.current = s.turn_player
