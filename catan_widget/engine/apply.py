"""``apply_action``: validate one action for the acting seat, then apply it.

Every check runs before anything changes, so an IllegalActionError leaves the state exactly as
it was.  Chance can be scripted for teaching: ``dice`` for a roll, ``card`` for a purchase,
``steal`` for a robbery.
"""

from __future__ import annotations

from .actions import (
    AcceptTrade,
    Action,
    BuildCity,
    BuildRoad,
    BuildSettlement,
    BuyDevelopmentCard,
    CancelTrade,
    ConfirmTrade,
    CounterTrade,
    DeclineTrade,
    Discard,
    EndTurn,
    MaritimeTrade,
    MoveRobber,
    OfferTrade,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    RollDice,
)
from .board import Board
from .building import (
    apply_build_city,
    apply_build_road,
    apply_build_settlement,
    check_build_city,
    check_build_road,
    check_build_settlement,
)
from .constants import KNIGHT, MONOPOLY
from .devcards import (
    apply_buy,
    apply_knight,
    apply_monopoly,
    apply_road_building,
    apply_year_of_plenty,
    check_buy,
    check_play,
    check_road_building,
    check_year_of_plenty,
)
from .errors import IllegalActionError
from .events import Events
from .phases import (
    ACCEPTED,
    COUNTERED,
    DECLINED,
    GAME_OVER,
    MAIN,
    ROAD_BUILDING,
    ROLL,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
)
from .production import apply_discard, apply_roll, check_discard, check_roll
from .robber import apply_move_robber, check_move_robber, check_steal_script
from .rules import Rules
from .state import State
from .trade import (
    apply_answer,
    apply_confirm,
    apply_maritime,
    apply_offer,
    check_accept,
    check_answer,
    check_cancel,
    check_confirm,
    check_counter,
    check_maritime,
    check_offer,
    close_trade,
)
from .turn import apply_end_turn, check_end_turn, check_winner

_BUILD_PHASES = (MAIN, ROAD_BUILDING, SETUP_ROAD, ROLL)


def apply_action(
    s: State,
    board: Board,
    rules: Rules,
    action: Action,
    ev: Events,
    dice: tuple[int, int] | None = None,
    card: int | None = None,
    steal: int | None = None,
) -> None:
    """Validate ``action`` for the seat ``s.current`` and apply it, appending events to ``ev``."""
    if s.phase == GAME_OVER:
        raise IllegalActionError("The game is over.")
    p = s.current
    t = type(action)
    if dice is not None and t is not RollDice:
        raise IllegalActionError("Scripted dice go with a RollDice action only.")
    if card is not None and t is not BuyDevelopmentCard:
        raise IllegalActionError("A scripted card goes with BuyDevelopmentCard only.")
    if steal is not None and t is not MoveRobber:
        raise IllegalActionError("A scripted steal goes with MoveRobber only.")
    if t is BuildRoad:
        edge = action.edge  # type: ignore[attr-defined]
        if s.phase not in _BUILD_PHASES:
            raise IllegalActionError(f"You cannot build a road now (phase: {s.phase_name()}).")
        check_build_road(s, p, edge)
        apply_build_road(s, p, edge, ev)
    elif t is RollDice:
        check_roll(s, dice)
        apply_roll(s, board, rules.discard_limit, ev, dice)
    elif t is EndTurn:
        check_end_turn(s)
        apply_end_turn(s, ev)
    elif t is BuildSettlement:
        node = action.node  # type: ignore[attr-defined]
        if s.phase not in (MAIN, SETUP_SETTLEMENT, ROLL):
            raise IllegalActionError(f"You cannot build a settlement now (phase: {s.phase_name()}).")
        check_build_settlement(s, p, node)
        apply_build_settlement(s, p, node, ev, board)
    elif t is BuildCity:
        node = action.node  # type: ignore[attr-defined]
        check_build_city(s, p, node)
        apply_build_city(s, p, node, ev)
    elif t is MoveRobber:
        hex_id, victim = action.hex, action.victim  # type: ignore[attr-defined]
        check_move_robber(s, board, rules, hex_id, victim)
        check_steal_script(s, victim, steal)
        apply_move_robber(s, hex_id, victim, ev, steal)
    elif t is Discard:
        cards = action.cards  # type: ignore[attr-defined]
        check_discard(s, p, cards)
        apply_discard(s, p, cards, ev)
    elif t is BuyDevelopmentCard:
        check_buy(s, p, card)
        apply_buy(s, p, ev, card)
    elif t is PlayKnight:
        check_play(s, p, KNIGHT)
        apply_knight(s, p, ev)
    elif t is PlayRoadBuilding:
        check_road_building(s, p)
        apply_road_building(s, p, ev)
    elif t is PlayYearOfPlenty:
        a, b = action.first, action.second  # type: ignore[attr-defined]
        check_year_of_plenty(s, p, a, b)
        apply_year_of_plenty(s, p, a, b, ev)
    elif t is PlayMonopoly:
        check_play(s, p, MONOPOLY)
        apply_monopoly(s, p, action.resource, ev)  # type: ignore[attr-defined]
    elif t is MaritimeTrade:
        give, get = action.give, action.get  # type: ignore[attr-defined]
        rate = check_maritime(s, board, rules, p, give, get)
        apply_maritime(s, p, give, get, rate, ev)
    elif t is OfferTrade:
        give, want, to = action.give, action.want, action.to  # type: ignore[attr-defined]
        check_offer(s, rules, p, give, want, to)
        apply_offer(s, p, give, want, to, ev)
    elif t is AcceptTrade:
        check_accept(s, p)
        apply_answer(s, p, ACCEPTED, ev)
    elif t is DeclineTrade:
        check_answer(s, p)
        apply_answer(s, p, DECLINED, ev)
    elif t is CounterTrade:
        give, want = action.give, action.want  # type: ignore[attr-defined]
        check_counter(s, p, give, want)
        apply_answer(s, p, COUNTERED, ev, give, want)
    elif t is ConfirmTrade:
        other = action.player  # type: ignore[attr-defined]
        check_confirm(s, p, other)
        apply_confirm(s, p, other, ev)
    elif t is CancelTrade:
        check_cancel(s, p)
        close_trade(s, ev, "cancelled")
    else:
        raise IllegalActionError(f"Not an action: {action!r}")
    check_winner(s, rules.vp_to_win, ev)
