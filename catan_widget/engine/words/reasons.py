"""Why not: the refusal of an action, and of every control that is disabled now.

A refusal (:class:`..errors.Refusal`) is a stable code, the rulebook section and the sentence;
programs compare codes, people read sentences, and nothing here compares sentences.  One control
per action kind (its name *is* the kind).  A control that stands for one action (roll, end the
turn, buy a card, play a card, accept) gives the engine's own refusal of that action,
from the same checks that ``step`` runs.  A control that stands for many actions (build a road
*somewhere*, trade *something* with the bank, offer or counter with any terms) first runs the
checks shared by all of them (phase, cost, supply) and, if those pass, says that no place or
option is left.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from .. import actions as ac
from ..action_fields import not_an_action
from ..constants import YEAR_OF_PLENTY, amount_words
from ..errors import IllegalActionError, Refusal, refusal
from ..language import Message, joined, tr
from ..phases import DISCARD, GAME_OVER, MAIN, ROLL, demand, demand_code
from ..rules.apply import Move, check_action
from ..rules.building import city_prereqs, road_prereqs, settlement_prereqs
from ..rules.devcards import check_play
from ..rules.trade import check_answer, maritime_rates, offer_prereqs, open_kinds, require_trading
from ..state import State

CONTROLS: tuple[str, ...] = (
    "roll",
    "end_turn",
    "build_road",
    "build_settlement",
    "build_city",
    "buy_development_card",
    "play_knight",
    "play_road_building",
    "play_year_of_plenty",
    "play_monopoly",
    "maritime_trade",
    "offer_trade",
    "accept_trade",
    "counter_trade",
)
"""The controls that carry a reason when disabled, named by their action kind.  (Declining an
offer is possible whenever accepting or countering it could be: it needs no reason.)"""

OPEN_KINDS: tuple[str, ...] = ("offer_trade", "counter_trade")
"""Action kinds whose terms the player chooses freely (not listed by ``legal_actions``)."""

_SINGLE: dict[str, ac.Action] = {
    "roll": ac.RollDice(),
    "end_turn": ac.EndTurn(),
    "buy_development_card": ac.BuyDevelopmentCard(),
    "play_knight": ac.PlayKnight(),
    "play_road_building": ac.PlayRoadBuilding(),
    "play_monopoly": ac.PlayMonopoly(0),
    "accept_trade": ac.AcceptTrade(),
}


def refusal_of(m: Move, action: ac.Action) -> Refusal | None:
    """None when ``action`` is legal for seat ``m.p`` now, else the refusal of the rule it breaks."""
    try:
        check_action(m, action)
    except IllegalActionError as exc:
        return exc.refusal
    return None


def _first_failure(check: Callable[[], None], code: str, otherwise: Message) -> Refusal:
    """The refusal ``check`` raises, else ``otherwise`` (with ``code``): no place or option left."""
    try:
        check()
    except IllegalActionError as exc:
        return exc.refusal
    return refusal(code, otherwise)


def _maritime(m: Move) -> Refusal:
    def shared() -> None:
        require_trading(m.s, m.rules, bank=True)

    rates = maritime_rates(m.s, m.board, m.p)
    hand = m.s.hands[m.p]
    if any(hand[r] >= rates[r] for r in range(5)):
        return _first_failure(shared, "bank_empty", tr("The bank has none of the cards you could take."))
    needs = joined((amount_words(r, rates[r]) for r in range(5)), "or")
    # TRANSLATORS: {cards} is a list of amounts of resource cards ("4 lumber, 4 brick or 3 ore")
    text = tr("A bank trade needs {cards} (your best rates).", cards=needs)
    return _first_failure(shared, "maritime_rate", text)


def _no_cards() -> Message:
    return tr("You have no cards to offer.")


_MANY: dict[str, Callable[[Move], Refusal]] = {
    "build_road": lambda m: _first_failure(
        lambda: road_prereqs(m.s, m.p),
        "no_road_spot",
        tr("No free path touches your roads, settlements or cities."),
    ),
    "build_settlement": lambda m: _first_failure(
        lambda: settlement_prereqs(m.s, m.p),
        "no_settlement_spot",
        tr(
            "No free intersection on your roads keeps the distance rule (no building on a "
            "neighbouring intersection)."
        ),
    ),
    "build_city": lambda m: _first_failure(
        lambda: city_prereqs(m.s, m.p),
        "no_settlement_to_upgrade",
        tr("You have no settlement to upgrade to a city."),
    ),
    "play_year_of_plenty": lambda m: _first_failure(
        lambda: check_play(m.s, m.p, YEAR_OF_PLENTY),
        "plenty_bank_empty",
        tr("Year of Plenty: the bank has no cards to give."),
    ),
    "maritime_trade": _maritime,
    "offer_trade": lambda m: _first_failure(
        lambda: offer_prereqs(m.s, m.rules, m.p), "no_cards_to_offer", _no_cards()
    ),
    "counter_trade": lambda m: _first_failure(
        lambda: check_answer(m.s, m.p), "no_cards_to_offer", _no_cards()
    ),
}
"""The refusal of each control that stands for many actions: the first of the checks they all
share that fails, else that no place or option is left."""


def control_refusals(m: Move, legal: Iterable[ac.Action]) -> dict[str, Refusal]:
    """The refusal of every control of :data:`CONTROLS` that no action in ``legal`` (the legal
    actions of seat ``m.p``, the seat that must act) enables.  While a phase asks for one thing
    first, every control it blocks gets that demand (:func:`..phases.demand`, same code).
    """
    enabled = {a.kind for a in legal} | set(open_kinds(m.s, m.rules, m.p))
    out: dict[str, Refusal] = {}
    for kind in CONTROLS:
        if kind in enabled:
            continue
        single = _SINGLE.get(kind)
        if single is not None:
            out[kind] = refusal_of(m, single) or refusal("not_possible", tr("Not possible right now."))
        else:
            out[kind] = _MANY[kind](m)
    phase = m.s.phase
    if phase not in (MAIN, ROLL):
        code = demand_code(phase)
        first = refusal(code, demand(phase))
        out = {kind: first if found.code == code else found for kind, found in out.items()}
    return out


def waiting(s: State, names: Sequence[str]) -> Refusal:
    """Whom a game at ``s`` (players ``names``) waits for (``not_your_turn``), or who won
    (``game_over``).
    """
    return waiting_for(names, s.current, s.winner if s.phase == GAME_OVER else None)


def waiting_for(names: Sequence[str], current: int, winner: int | None) -> Refusal:
    """Whom a game waits for (seat ``current``), or who won (``winner``, once it is over)."""
    if winner is not None:
        # TRANSLATORS: {name} is a player's name (keep it a label: "Game over. Winner: {name}.")
        return refusal("game_over", tr("The game is over: {name} won.", name=names[winner]))
    # TRANSLATORS: {name} is a player's name
    return refusal("not_your_turn", tr("Waiting for {name}.", name=names[current]))


def seat_refusal(m: Move, names: Sequence[str], action: object) -> Refusal | None:
    """``Game.refusal``: None when ``action`` is legal now for seat ``m.p``, else why not."""
    if not isinstance(action, ac.Action):
        return not_an_action(action).refusal
    if m.p != m.s.current or m.s.phase == GAME_OVER:
        return waiting(m.s, names)
    return refusal_of(m, action)


def seat_refusals(
    m: Move,
    names: Sequence[str],
    legal: Sequence[ac.Action] | None,
    listing: Callable[[], Sequence[ac.Action]],
) -> dict[str, Refusal]:
    """``Game.refusals``: the refusal of every disabled control for seat ``m.p``; ``legal`` is
    the seat's legal actions when the caller listed them already, else ``listing()`` lists
    them (when needed).
    """
    if m.p != m.s.current or m.s.phase == GAME_OVER:
        return dict.fromkeys(CONTROLS, waiting(m.s, names))
    if legal is None:
        discarding = m.s.phase == DISCARD  # no control is a discard: skip listing them
        legal = [] if discarding else listing()
    return control_refusals(m, legal)
