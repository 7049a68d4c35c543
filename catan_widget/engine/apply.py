"""``apply_action`` and ``check_action``: one table from action kind to its rule.

Each rule checks first and changes nothing until every check has passed, so an
IllegalActionError leaves the state exactly as it was.  ``check_action`` runs the same checks
without applying (the engine's "is this legal, and why not"); ``apply_action`` checks, then
applies.  Chance can be scripted for teaching: ``dice`` for a roll, ``card`` for a purchase,
``steal`` for a robbery.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from . import actions as ac
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
    check_year_of_plenty,
)
from .errors import IllegalActionError
from .events import Events
from .phases import ACCEPTED, COUNTERED, DECLINED, GAME_OVER
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
    harbor_rates,
)
from .turn import apply_end_turn, check_end_turn, check_winner


class Move:
    """One action in context: the state, board, rules, acting seat and scripted chance.

    ``trusted``: the action is known legal (the very object listed for this state), so the
    rule applies it without checking it again.  A plain class rather than a frozen dataclass:
    one is made per step, and a frozen dataclass's ``__init__`` costs about 1 µs.
    """

    __slots__ = ("board", "card", "dice", "p", "rules", "s", "steal", "trusted")

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
        self.trusted = False


Rule = Callable[[Move, ac.Action, "Events | None"], None]
"""Checks ``action`` for the move (unless ``m.trusted``), then applies it unless the events list
is None (a dry run)."""


def _road(m: Move, a: ac.Action, ev: Events | None) -> None:
    assert isinstance(a, ac.BuildRoad)
    if not m.trusted:
        check_build_road(m.s, m.p, a.edge)
    if ev is not None:
        apply_build_road(m.s, m.p, a.edge, ev)


def _settlement(m: Move, a: ac.Action, ev: Events | None) -> None:
    assert isinstance(a, ac.BuildSettlement)
    if not m.trusted:
        check_build_settlement(m.s, m.p, a.node)
    if ev is not None:
        apply_build_settlement(m.s, m.p, a.node, ev, m.board)


def _city(m: Move, a: ac.Action, ev: Events | None) -> None:
    assert isinstance(a, ac.BuildCity)
    if not m.trusted:
        check_build_city(m.s, m.p, a.node)
    if ev is not None:
        apply_build_city(m.s, m.p, a.node, ev)


def _roll(m: Move, a: ac.Action, ev: Events | None) -> None:
    if not m.trusted:
        check_roll(m.s, m.dice)
    if ev is not None:
        apply_roll(m.s, m.board, m.rules.discard_limit, ev, m.dice)


def _end(m: Move, a: ac.Action, ev: Events | None) -> None:
    if not m.trusted:
        check_end_turn(m.s)
    if ev is not None:
        apply_end_turn(m.s, ev)


def _robber(m: Move, a: ac.Action, ev: Events | None) -> None:
    assert isinstance(a, ac.MoveRobber)
    if not m.trusted:
        check_move_robber(m.s, m.board, m.rules, a.hex, a.victim)
        check_steal_script(m.s, a.victim, m.steal)
    if ev is not None:
        apply_move_robber(m.s, a.hex, a.victim, ev, m.steal)


def _discard(m: Move, a: ac.Action, ev: Events | None) -> None:
    assert isinstance(a, ac.Discard)
    if not m.trusted:
        check_discard(m.s, m.p, a.cards)
    if ev is not None:
        apply_discard(m.s, m.p, a.cards, ev)


def _buy(m: Move, a: ac.Action, ev: Events | None) -> None:
    if not m.trusted:
        check_buy(m.s, m.p, m.card)
    if ev is not None:
        apply_buy(m.s, m.p, ev, m.card)


def _knight(m: Move, a: ac.Action, ev: Events | None) -> None:
    if not m.trusted:
        check_play(m.s, m.p, KNIGHT)
    if ev is not None:
        apply_knight(m.s, m.p, ev)


def _road_building(m: Move, a: ac.Action, ev: Events | None) -> None:
    from .constants import ROAD_BUILDING

    if not m.trusted:
        check_play(m.s, m.p, ROAD_BUILDING)
    if ev is not None:
        apply_road_building(m.s, m.p, ev)


def _year_of_plenty(m: Move, a: ac.Action, ev: Events | None) -> None:
    assert isinstance(a, ac.PlayYearOfPlenty)
    if not m.trusted:
        check_year_of_plenty(m.s, m.p, a.first, a.second)
    if ev is not None:
        apply_year_of_plenty(m.s, m.p, a.first, a.second, ev)


def _monopoly(m: Move, a: ac.Action, ev: Events | None) -> None:
    assert isinstance(a, ac.PlayMonopoly)
    if not m.trusted:
        check_play(m.s, m.p, MONOPOLY)
    if ev is not None:
        apply_monopoly(m.s, m.p, a.resource, ev)


def _maritime(m: Move, a: ac.Action, ev: Events | None) -> None:
    assert isinstance(a, ac.MaritimeTrade)
    if m.trusted:
        rate = harbor_rates(m.s, m.board, m.p)[a.give]
    else:
        rate = check_maritime(m.s, m.board, m.rules, m.p, a.give, a.get)
    if ev is not None:
        apply_maritime(m.s, m.p, a.give, a.get, rate, ev)


def _offer(m: Move, a: ac.Action, ev: Events | None) -> None:
    assert isinstance(a, ac.OfferTrade)
    if not m.trusted:
        check_offer(m.s, m.rules, m.p, a.give, a.want, a.to)
    if ev is not None:
        apply_offer(m.s, m.p, a.give, a.want, a.to, ev)


def _accept(m: Move, a: ac.Action, ev: Events | None) -> None:
    if not m.trusted:
        check_accept(m.s, m.p)
    if ev is not None:
        apply_answer(m.s, m.p, ACCEPTED, ev)


def _decline(m: Move, a: ac.Action, ev: Events | None) -> None:
    if not m.trusted:
        check_answer(m.s, m.p)
    if ev is not None:
        apply_answer(m.s, m.p, DECLINED, ev)


def _counter(m: Move, a: ac.Action, ev: Events | None) -> None:
    assert isinstance(a, ac.CounterTrade)
    if not m.trusted:
        check_counter(m.s, m.p, a.give, a.want)
    if ev is not None:
        apply_answer(m.s, m.p, COUNTERED, ev, a.give, a.want)


def _confirm(m: Move, a: ac.Action, ev: Events | None) -> None:
    assert isinstance(a, ac.ConfirmTrade)
    if not m.trusted:
        check_confirm(m.s, m.p, a.player)
    if ev is not None:
        apply_confirm(m.s, m.p, a.player, ev)


def _cancel(m: Move, a: ac.Action, ev: Events | None) -> None:
    if not m.trusted:
        check_cancel(m.s, m.p)
    if ev is not None:
        close_trade(m.s, ev, "cancelled")


RULES: Final[dict[type[ac.Action], Rule]] = {
    ac.RollDice: _roll,
    ac.EndTurn: _end,
    ac.BuildRoad: _road,
    ac.BuildSettlement: _settlement,
    ac.BuildCity: _city,
    ac.BuyDevelopmentCard: _buy,
    ac.PlayKnight: _knight,
    ac.PlayRoadBuilding: _road_building,
    ac.PlayYearOfPlenty: _year_of_plenty,
    ac.PlayMonopoly: _monopoly,
    ac.MoveRobber: _robber,
    ac.Discard: _discard,
    ac.MaritimeTrade: _maritime,
    ac.OfferTrade: _offer,
    ac.AcceptTrade: _accept,
    ac.DeclineTrade: _decline,
    ac.CounterTrade: _counter,
    ac.ConfirmTrade: _confirm,
    ac.CancelTrade: _cancel,
}
"""The rule of every action kind."""

_SCRIPTED: Final = (
    ("dice", ac.RollDice, "Scripted dice go with a RollDice action only."),
    ("card", ac.BuyDevelopmentCard, "A scripted card goes with BuyDevelopmentCard only."),
    ("steal", ac.MoveRobber, "A scripted steal goes with MoveRobber only."),
)


SCORING: Final[frozenset[type[ac.Action]]] = frozenset(
    {ac.BuildRoad, ac.BuildSettlement, ac.BuildCity, ac.BuyDevelopmentCard, ac.PlayKnight, ac.EndTurn}
)
"""The kinds after which somebody may hold the winning points on their own turn: the ones that
change victory points, and the end of a turn (the next player may have gained points before)."""


def _rule(m: Move, action: ac.Action) -> Rule:
    if m.s.phase == GAME_OVER:
        raise IllegalActionError("The game is over.")
    rule = RULES.get(type(action))
    if rule is None:
        raise IllegalActionError(f"Not an action: {ac.show(action)}")
    if m.dice is None and m.card is None and m.steal is None:  # no scripted chance: the usual case
        return rule
    for name, kind, text in _SCRIPTED:
        if getattr(m, name) is not None and type(action) is not kind:
            raise IllegalActionError(text)
    return rule


def check_action(m: Move, action: ac.Action) -> None:
    """Raise IllegalActionError naming the broken rule unless ``action`` is legal for seat
    ``m.p`` now; changes nothing.
    """
    _rule(m, action)(m, action, None)


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
    _rule(m, action)(m, action, ev)
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
) -> bool:
    """Apply ``action`` without checking it again if it is one of ``listed``, the legal actions
    listed for this very state (that very object: the listing checked it), and return True;
    return False, changing nothing, for anything else (which :func:`apply_action` checks).
    ``settled`` as for :func:`apply_action`.
    """
    for a in listed:
        if a is action:
            m = Move(s, board, rules, s.current)
            m.trusted = True
            RULES[type(action)](m, action, ev)
            if not settled or type(action) in SCORING:
                check_winner(s, rules.vp_to_win, ev)
            return True
    return False
