"""Development cards (the rulebook §4.4, §6): buying, timing rules, and each card's effect."""

from __future__ import annotations

from ..constants import (
    DEV_CARD_COST,
    KNIGHT,
    MONOPOLY,
    ROAD_BUILDING,
    YEAR_OF_PLENTY,
    dev_card_word,
)
from ..errors import IllegalActionError
from ..language import tr
from ..phases import MAIN, MOVE_ROBBER, ROLL, SPECIAL_BUILD, card_not_now, not_now, roll_first
from ..phases import ROAD_BUILDING as ROAD_BUILDING_PHASE
from ..state import State
from .building import can_afford, pay, require_afford, road_spots
from .events import Events
from .scoring import award_largest_army


def check_buy(s: State, p: int, card: int | None) -> None:
    """Validate buying a card (``card``: a scripted draw, which must be in the deck)."""
    if s.phase == ROLL:
        raise roll_first("buy_development_card")
    if s.phase not in (MAIN, SPECIAL_BUILD):
        raise not_now("buy_development_card", s.phase)
    if not s.deck:
        raise IllegalActionError("deck_empty", tr("The development card deck is empty."))
    require_afford(s, p, DEV_CARD_COST, "buy_development_card")
    if card is not None and (type(card) is not int or card not in s.deck):
        raise IllegalActionError(
            "bad_chance",
            # TRANSLATORS: {value} is what the program gave, as Python writes it ("7", "'knight'")
            tr("A scripted draw must be a card id still in the deck, got {value}.", value=repr(card)),
        )


def apply_buy(s: State, p: int, ev: Events, card: int | None) -> None:
    """Pay and draw the top card (or the scripted one); it cannot be played this turn (one
    bought in the Special Building Phase: not before the buyer's next turn).
    """
    pay(s, p, DEV_CARD_COST)
    s.built = True
    if card is None:
        card = s.deck.pop()
    else:
        s.deck.remove(card)
    s.dev_new[p][card] += 1
    ev.append(("buy", p, card))


def check_play(s: State, p: int, card: int) -> None:
    """The timing rules: own turn, before or after the roll, one card per turn, not bought
    this turn (victory point cards are never played).
    """
    if s.phase == SPECIAL_BUILD:
        raise IllegalActionError(
            "special_build_no_card",
            tr("No development card is played in the Special Building Phase: only on your own turn."),
        )
    if s.phase not in (ROLL, MAIN) or p != s.turn_player:
        raise card_not_now(dev_card_word(card), s.phase)
    if s.dev_played:
        raise IllegalActionError("one_card_per_turn", tr("Only one development card may be played per turn."))
    if s.dev[p][card] == 0:
        if s.dev_new[p][card]:
            raise IllegalActionError(
                "card_bought_this_turn",
                # TRANSLATORS: {card} is a development card's name ("Knight")
                tr(
                    "A development card bought this turn cannot be played this turn ({card}).",
                    card=dev_card_word(card),
                ),
            )
        raise IllegalActionError(
            "no_card_to_play",
            # TRANSLATORS: {card} is a development card's name ("Knight")
            tr("You have no {card} card to play.", card=dev_card_word(card)),
        )


def _play(s: State, p: int, card: int) -> None:
    s.dev[p][card] -= 1
    s.dev_played = True


def apply_knight(s: State, p: int, ev: Events) -> None:
    """Knight: count it, maybe take Largest Army, then move the robber."""
    _play(s, p, KNIGHT)
    s.knights[p] += 1
    ev.append(("play", p, KNIGHT, ()))
    before = s.army
    award_largest_army(s, p)
    if s.army != before:
        ev.append(("largest_army", p, s.knights[p]))
    s.phase = MOVE_ROBBER


def check_road_building(s: State, p: int) -> None:
    """Road Building follows the timing rules only: it may be played even when no road can be
    placed (no road left in supply, or no legal spot); the card is then spent for nothing.
    """
    check_play(s, p, ROAD_BUILDING)


def apply_road_building(s: State, p: int, ev: Events) -> None:
    """Road Building: the next one or two roads are free (as many as the supply and the board
    allow; none at all when no road can be placed, and play goes on in the same phase).
    """
    _play(s, p, ROAD_BUILDING)
    free = min(2, s.pieces[p][0]) if road_spots(s, p) else 0
    ev.append(("play", p, ROAD_BUILDING, (free,)))
    if free:
        s.free_roads = free
        s.phase = ROAD_BUILDING_PHASE


def check_year_of_plenty(s: State, p: int, a: int, b: int) -> None:
    """Year of Plenty: the bank must hold both cards."""
    check_play(s, p, YEAR_OF_PLENTY)
    need = [0] * 5
    need[a] += 1
    need[b] += 1
    if not can_afford(s.bank, tuple(need)):
        raise IllegalActionError(
            "plenty_bank_empty", tr("Year of Plenty: the bank does not hold those cards.")
        )


def apply_year_of_plenty(s: State, p: int, a: int, b: int, ev: Events) -> None:
    """Take the two cards from the bank."""
    _play(s, p, YEAR_OF_PLENTY)
    for r in (a, b):
        s.bank[r] -= 1
        s.hands[p][r] += 1
    ev.append(("play", p, YEAR_OF_PLENTY, (a, b)))


def apply_monopoly(s: State, p: int, r: int, ev: Events) -> None:
    """Every other seat hands over all its cards of resource ``r``."""
    _play(s, p, MONOPOLY)
    takes = tuple(0 if q == p else s.hands[q][r] for q in range(s.n))
    for q in range(s.n):
        if q != p:
            s.hands[q][r] = 0
    s.hands[p][r] += sum(takes)
    ev.append(("play", p, MONOPOLY, (r, takes)))


def yop_pairs(s: State) -> list[tuple[int, int]]:
    """Pairs ``(a <= b)`` the bank can give for Year of Plenty."""
    bank = s.bank
    return [(a, b) for a in range(5) for b in range(a, 5) if bank[a] >= (2 if a == b else 1) and bank[b]]
