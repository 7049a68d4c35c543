"""``apply_action`` and ``check_action``: per action kind, its check and its application.

Every kind has a check (:data:`CHECKS`) and an application (:data:`APPLIES`); the check changes
nothing, and the application runs only after every check has passed, so an
IllegalActionError leaves the state exactly as it was.  ``check_action`` runs the same checks
without applying (the engine's "is this legal, and why not"); ``apply_action`` checks, then
applies.  Chance can be scripted for teaching: ``dice`` for a roll, ``card`` for a purchase,
``steal`` for a robbery.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .. import actions as ac
from ..action_fields import check_id, not_an_action
from ..board.layouts import Board
from ..constants import KNIGHT, MONOPOLY, ROAD_BUILDING
from ..errors import IllegalActionError
from ..language import tr
from ..options import Rules
from ..phases import ACCEPTED, COUNTERED, DECLINED, GAME_OVER, demand
from ..state import State
from .building import (
    apply_build_city,
    apply_build_road,
    apply_build_settlement,
    check_build_city,
    check_build_road,
    check_build_settlement,
)
from .devcards import (
    apply_buy,
    apply_knight,
    apply_monopoly,
    apply_road_building,
    apply_year_of_plenty,
    check_buy,
    check_play,
    check_year_of_plenty,
)
from .events import Events
from .production import apply_discard, apply_roll, check_discard, check_roll
from .robber import apply_move_robber, check_move_robber, check_steal_script
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
    harbor_rates,
)
from .turn import apply_end_turn, check_end_turn, check_winner


class Move:
    """One action in context, as the checks see it: the state, board, rules, acting seat and
    scripted chance.  A plain class rather than a frozen dataclass (its ``__init__`` cost about
    1 µs); a listed action applied without a check needs none.
    """

    __slots__ = ("board", "card", "dice", "p", "rules", "s", "steal")

    def __init__(
        self,
        s: State,
        board: Board,
        rules: Rules,
        p: int,
        dice: tuple[int, int] | None = None,
        card: int | None = None,
        steal: int | None = None,
    ) -> None:
        """The move of seat ``p`` on ``s`` (``dice``, ``card``, ``steal``: scripted chance)."""
        self.s = s
        self.board = board
        self.rules = rules
        self.p = p
        self.dice = dice
        self.card = card
        self.steal = steal


Check = Callable[[Move, ac.Action], None]
"""Raises IllegalActionError naming the broken rule unless the action is legal for the move."""
Apply = Callable[[State, Board, Rules, int, ac.Action, Events, "Move | None"], None]
"""Applies a legal action of seat ``p``: ``(s, board, rules, p, action, events, chance)``;
``chance`` is the checked move carrying scripted chance, or None (chance drawn as usual)."""


# --- checks --------------------------------------------------------------------------------------
def _check_road(m: Move, a: ac.Action) -> None:
    assert isinstance(a, ac.BuildRoad)
    check_id(a.edge, m.s.topo.edge_count, "edge")  # the action allows the largest board's ids
    check_build_road(m.s, m.p, a.edge)


def _check_settlement(m: Move, a: ac.Action) -> None:
    assert isinstance(a, ac.BuildSettlement)
    check_id(a.node, m.s.topo.node_count, "node")
    check_build_settlement(m.s, m.p, a.node)


def _check_city(m: Move, a: ac.Action) -> None:
    assert isinstance(a, ac.BuildCity)
    check_id(a.node, m.s.topo.node_count, "node")
    check_build_city(m.s, m.p, a.node)


def _check_robber(m: Move, a: ac.Action) -> None:
    assert isinstance(a, ac.MoveRobber)
    check_id(a.hex, m.s.topo.hex_count, "hex")
    check_move_robber(m.s, m.board, m.rules, a.hex, a.victim)
    check_steal_script(m.s, a.victim, m.steal)


def _check_discard(m: Move, a: ac.Action) -> None:
    assert isinstance(a, ac.Discard)
    check_discard(m.s, m.p, a.cards)


def _check_year_of_plenty(m: Move, a: ac.Action) -> None:
    assert isinstance(a, ac.PlayYearOfPlenty)
    check_year_of_plenty(m.s, m.p, a.first, a.second)


def _check_maritime(m: Move, a: ac.Action) -> None:
    assert isinstance(a, ac.MaritimeTrade)
    check_maritime(m.s, m.board, m.rules, m.p, a.give, a.get)


def _check_offer(m: Move, a: ac.Action) -> None:
    assert isinstance(a, ac.OfferTrade)
    check_offer(m.s, m.rules, m.p, a.give, a.want, a.to)


def _check_counter(m: Move, a: ac.Action) -> None:
    assert isinstance(a, ac.CounterTrade)
    check_counter(m.s, m.p, a.give, a.want)


def _check_confirm(m: Move, a: ac.Action) -> None:
    assert isinstance(a, ac.ConfirmTrade)
    check_confirm(m.s, m.p, a.player)


CHECKS: Final[dict[type[ac.Action], Check]] = {
    ac.RollDice: lambda m, a: check_roll(m.s, m.dice),
    ac.EndTurn: lambda m, a: check_end_turn(m.s),
    ac.BuildRoad: _check_road,
    ac.BuildSettlement: _check_settlement,
    ac.BuildCity: _check_city,
    ac.BuyDevelopmentCard: lambda m, a: check_buy(m.s, m.p, m.card),
    ac.PlayKnight: lambda m, a: check_play(m.s, m.p, KNIGHT),
    ac.PlayRoadBuilding: lambda m, a: check_play(m.s, m.p, ROAD_BUILDING),
    ac.PlayYearOfPlenty: _check_year_of_plenty,
    ac.PlayMonopoly: lambda m, a: check_play(m.s, m.p, MONOPOLY),
    ac.MoveRobber: _check_robber,
    ac.Discard: _check_discard,
    ac.MaritimeTrade: _check_maritime,
    ac.OfferTrade: _check_offer,
    ac.AcceptTrade: lambda m, a: check_accept(m.s, m.p),
    ac.DeclineTrade: lambda m, a: check_answer(m.s, m.p),
    ac.CounterTrade: _check_counter,
    ac.ConfirmTrade: _check_confirm,
    ac.CancelTrade: lambda m, a: check_cancel(m.s, m.p),
}
"""The check of every action kind."""


# --- applications --------------------------------------------------------------------------------
def _roll(s: State, board: Board, rules: Rules, p: int, a: ac.Action, ev: Events, c: Move | None) -> None:
    apply_roll(s, board, rules.discard_limit, ev, None if c is None else c.dice)


def _road(s: State, board: Board, rules: Rules, p: int, a: ac.Action, ev: Events, c: Move | None) -> None:
    assert isinstance(a, ac.BuildRoad)
    apply_build_road(s, p, a.edge, ev)


def _settlement(
    s: State, board: Board, rules: Rules, p: int, a: ac.Action, ev: Events, c: Move | None
) -> None:
    assert isinstance(a, ac.BuildSettlement)
    apply_build_settlement(s, p, a.node, ev, board)


def _city(s: State, board: Board, rules: Rules, p: int, a: ac.Action, ev: Events, c: Move | None) -> None:
    assert isinstance(a, ac.BuildCity)
    apply_build_city(s, p, a.node, ev)


def _robber(s: State, board: Board, rules: Rules, p: int, a: ac.Action, ev: Events, c: Move | None) -> None:
    assert isinstance(a, ac.MoveRobber)
    apply_move_robber(s, a.hex, a.victim, ev, None if c is None else c.steal)


def _discard(s: State, board: Board, rules: Rules, p: int, a: ac.Action, ev: Events, c: Move | None) -> None:
    assert isinstance(a, ac.Discard)
    apply_discard(s, p, a.cards, ev)


def _buy(s: State, board: Board, rules: Rules, p: int, a: ac.Action, ev: Events, c: Move | None) -> None:
    apply_buy(s, p, ev, None if c is None else c.card)


def _year_of_plenty(
    s: State, board: Board, rules: Rules, p: int, a: ac.Action, ev: Events, c: Move | None
) -> None:
    assert isinstance(a, ac.PlayYearOfPlenty)
    apply_year_of_plenty(s, p, a.first, a.second, ev)


def _monopoly(s: State, board: Board, rules: Rules, p: int, a: ac.Action, ev: Events, c: Move | None) -> None:
    assert isinstance(a, ac.PlayMonopoly)
    apply_monopoly(s, p, a.resource, ev)


def _maritime(s: State, board: Board, rules: Rules, p: int, a: ac.Action, ev: Events, c: Move | None) -> None:
    assert isinstance(a, ac.MaritimeTrade)
    apply_maritime(s, p, a.give, a.get, harbor_rates(s, board, p)[a.give], ev)


def _offer(s: State, board: Board, rules: Rules, p: int, a: ac.Action, ev: Events, c: Move | None) -> None:
    assert isinstance(a, ac.OfferTrade)
    apply_offer(s, p, a.give, a.want, a.to, ev)


def _counter(s: State, board: Board, rules: Rules, p: int, a: ac.Action, ev: Events, c: Move | None) -> None:
    assert isinstance(a, ac.CounterTrade)
    apply_answer(s, p, COUNTERED, ev, a.give, a.want, a.reason)


def _decline(s: State, board: Board, rules: Rules, p: int, a: ac.Action, ev: Events, c: Move | None) -> None:
    assert isinstance(a, ac.DeclineTrade)
    apply_answer(s, p, DECLINED, ev, reason=a.reason)


def _confirm(s: State, board: Board, rules: Rules, p: int, a: ac.Action, ev: Events, c: Move | None) -> None:
    assert isinstance(a, ac.ConfirmTrade)
    apply_confirm(s, p, a.player, ev)


APPLIES: Final[dict[type[ac.Action], Apply]] = {
    ac.RollDice: _roll,
    ac.EndTurn: lambda s, board, rules, p, a, ev, c: apply_end_turn(s, rules, ev),
    ac.BuildRoad: _road,
    ac.BuildSettlement: _settlement,
    ac.BuildCity: _city,
    ac.BuyDevelopmentCard: _buy,
    ac.PlayKnight: lambda s, board, rules, p, a, ev, c: apply_knight(s, p, ev),
    ac.PlayRoadBuilding: lambda s, board, rules, p, a, ev, c: apply_road_building(s, p, ev),
    ac.PlayYearOfPlenty: _year_of_plenty,
    ac.PlayMonopoly: _monopoly,
    ac.MoveRobber: _robber,
    ac.Discard: _discard,
    ac.MaritimeTrade: _maritime,
    ac.OfferTrade: _offer,
    ac.AcceptTrade: lambda s, board, rules, p, a, ev, c: apply_answer(s, p, ACCEPTED, ev),
    ac.DeclineTrade: _decline,
    ac.CounterTrade: _counter,
    ac.ConfirmTrade: _confirm,
    ac.CancelTrade: lambda s, board, rules, p, a, ev, c: close_trade(s, ev, "cancelled"),
}
"""The application of every action kind (to a legal action)."""

_SCRIPTED: Final = (
    ("dice", ac.RollDice, tr("Scripted dice go with a RollDice action only.")),
    ("card", ac.BuyDevelopmentCard, tr("A scripted card goes with BuyDevelopmentCard only.")),
    ("steal", ac.MoveRobber, tr("A scripted steal goes with MoveRobber only.")),
)

SCORING: Final[frozenset[type[ac.Action]]] = frozenset(
    {ac.BuildRoad, ac.BuildSettlement, ac.BuildCity, ac.BuyDevelopmentCard, ac.PlayKnight, ac.EndTurn}
)
"""The kinds after which somebody may hold the winning points on their own turn: the ones that
change victory points, and the end of a turn (the next player may have gained points before)."""


def _check(m: Move, action: ac.Action) -> None:
    if m.s.phase == GAME_OVER:
        raise IllegalActionError("game_over", demand(GAME_OVER))
    check = CHECKS.get(type(action))
    if check is None:
        raise not_an_action(action)
    if m.dice is not None or m.card is not None or m.steal is not None:
        for name, kind, text in _SCRIPTED:
            if getattr(m, name) is not None and type(action) is not kind:
                raise IllegalActionError("bad_chance", text)
    check(m, action)


def check_action(m: Move, action: ac.Action) -> None:
    """Raise IllegalActionError naming the broken rule unless ``action`` is legal for seat
    ``m.p`` now; changes nothing.
    """
    _check(m, action)


def apply_action(
    s: State,
    board: Board,
    rules: Rules,
    action: ac.Action,
    ev: Events,
    dice: tuple[int, int] | None = None,
    card: int | None = None,
    steal: int | None = None,
    settled: bool = False,
) -> None:
    """Validate ``action`` for the seat ``s.current`` and apply it, appending events to ``ev``.

    ``settled``: the win was already checked after the last change of this state (true after
    any step), so only a :data:`SCORING` kind needs the check again; false for a state that
    was staged or built directly, where the turn player may already hold the winning points.
    """
    m = Move(s, board, rules, s.current, dice, card, steal)
    _check(m, action)
    APPLIES[type(action)](s, board, rules, m.p, action, ev, m)
    if not settled or type(action) in SCORING:
        check_winner(s, rules.vp_to_win, ev)


def apply_listed(
    s: State,
    board: Board,
    rules: Rules,
    action: ac.Action,
    ev: Events,
    listed: tuple[ac.Action, ...],
    settled: bool = False,
) -> ac.Action | None:
    """Apply ``action`` without checking it again if it is one of ``listed``, the legal actions
    listed for this very state, and return the listed object applied; return None, changing
    nothing, for anything else (which :func:`apply_action` checks).

    One of ``listed`` means that very object (the listing checked it) or, failing that, an
    action of exactly the same class with equal fields (a click decoded from the front-end, a
    move rebuilt from its JSON): actions check their fields when made, so an equal one is the
    same move, and the listed object is what is applied and returned (to be recorded); but a
    ``DeclineTrade`` with a reason is not (the listed one has none).  ``settled`` as for :func:`apply_action`.
    """
    for found in listed:
        if found is action:
            break
    else:  # not that very object: one equal to it, if any
        equal = _equal_listed(action, listed)
        if equal is None or (isinstance(action, ac.DeclineTrade) and action.reason is not None):
            return None  # a decline with its reason is applied as given, to keep the reason
        found = equal
    kind = type(found)
    APPLIES[kind](s, board, rules, s.current, found, ev, None)
    if not settled or kind in SCORING:
        check_winner(s, rules.vp_to_win, ev)
    return found


def _equal_listed(action: ac.Action, listed: tuple[ac.Action, ...]) -> ac.Action | None:
    """The action of ``listed`` of exactly ``action``'s class with equal fields, or None."""
    kind = type(action)
    for a in listed:
        if type(a) is kind and a == action:
            return a
    return None
