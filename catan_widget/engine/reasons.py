"""Why not, in words: the reasons of the controls that are disabled now.

One control per action kind (its name *is* the kind).  A control that stands for one action
(roll, end the turn, buy a card, play a card, accept) gives the engine's own message for that
action, from the same checks that ``step`` runs.  A control that stands for many actions (build a
road *somewhere*, trade *something* with the bank) first runs the checks shared by all of them
(phase, cost, supply) and, if those pass, says that no place or option is left.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from . import actions as ac
from .apply import Move, check_action
from .building import city_prereqs, road_prereqs, settlement_prereqs
from .constants import RESOURCES, YEAR_OF_PLENTY
from .devcards import check_play
from .errors import IllegalActionError
from .phases import MAIN, ROLL, TRADE_RESPONSE, demand, is_not_now
from .trade import maritime_rates, require_trading

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
)
"""The controls that carry a reason when disabled, named by their action kind."""

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


def why_not(m: Move, action: ac.Action) -> str | None:
    """None when ``action`` is legal for seat ``m.p`` now, else the rule it breaks, in words."""
    try:
        check_action(m, action)
    except IllegalActionError as exc:
        return str(exc)
    return None


def _first_failure(check: Callable[[], None], otherwise: str) -> str:
    try:
        check()
    except IllegalActionError as exc:
        return str(exc)
    return otherwise


def _maritime(m: Move) -> str:
    def shared() -> None:
        require_trading(m.s, m.rules, "trade")

    rates = maritime_rates(m.s, m.board, m.p)
    hand = m.s.hands[m.p]
    if any(hand[r] >= rates[r] for r in range(5)):
        return _first_failure(shared, "The bank has none of the cards you could take.")
    needs = [f"{rates[r]} {RESOURCES[r]}" for r in range(5)]
    text = f"A bank trade needs {', '.join(needs[:-1])} or {needs[-1]} (your best rates)."
    return _first_failure(shared, text)


def _offer(m: Move) -> str:
    def shared() -> None:
        if m.p != m.s.turn_player:
            raise IllegalActionError("Only the player whose turn it is may propose a trade.")
        require_trading(m.s, m.rules, "trade")

    return _first_failure(shared, "You have no cards to offer.")


_MANY: dict[str, Callable[[Move], str]] = {
    "build_road": lambda m: _first_failure(
        lambda: road_prereqs(m.s, m.p), "No free path touches your roads, settlements or cities."
    ),
    "build_settlement": lambda m: _first_failure(
        lambda: settlement_prereqs(m.s, m.p),
        "No free intersection on your roads keeps the distance rule (no building on a "
        "neighbouring intersection).",
    ),
    "build_city": lambda m: _first_failure(
        lambda: city_prereqs(m.s, m.p), "You have no settlement to upgrade to a city."
    ),
    "play_year_of_plenty": lambda m: _first_failure(
        lambda: check_play(m.s, m.p, YEAR_OF_PLENTY), "Year of plenty: the bank has no cards to give."
    ),
    "maritime_trade": _maritime,
    "offer_trade": _offer,
}


def open_kinds(m: Move) -> tuple[str, ...]:
    """The open-ended kinds seat ``m.p`` may use now: ``offer_trade`` (the turn player in the
    main phase, holding cards) and ``counter_trade`` (a seat answering an offer, holding cards).
    """
    s = m.s
    if m.p != s.current or not any(s.hands[m.p]):
        return ()
    if s.phase == TRADE_RESPONSE:
        return ("counter_trade",)
    if s.phase == MAIN and _offer(m) == "You have no cards to offer.":
        return ("offer_trade",)
    return ()


def control_reasons(m: Move, legal: Iterable[ac.Action]) -> dict[str, str]:
    """The reason of every control of :data:`CONTROLS` that no action in ``legal`` (the legal
    actions of seat ``m.p``, the seat that must act) enables.
    """
    enabled = {a.kind for a in legal} | set(open_kinds(m))
    out: dict[str, str] = {}
    for kind in CONTROLS:
        if kind in enabled:
            continue
        single = _SINGLE.get(kind)
        if single is not None:
            out[kind] = why_not(m, single) or "Not possible right now."
        else:
            out[kind] = _MANY[kind](m)
    if m.s.phase not in (MAIN, ROLL):
        # a phase that asks for one thing first: the controls it blocks all say that thing
        first = demand(m.s.phase)
        out = {kind: first if is_not_now(text, m.s.phase) else text for kind, text in out.items()}
    return out
