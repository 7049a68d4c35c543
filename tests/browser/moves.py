"""Any engine action made by clicks on the widget (for tests that replay a planned game)."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import expect

from catan_widget.engine import actions as ac
from catan_widget.engine.constants import RESOURCES

from .table import Table

Shoot = Callable[[str], None]
"""Called with a dialog's name (``data-dialog``) while it is open, before it is confirmed."""


def cards(counts: tuple[int, ...]) -> dict[str, int]:
    """Resource counts by name, zeros left out."""
    return {r: n for r, n in zip(RESOURCES, counts) if n}


def _no_shot(_name: str) -> None:
    return None


def click_move(
    t: Table, a: ac.Action, phase: str, seat: int, *, victims: int = 0, shoot: Shoot = _no_shot
) -> None:
    """Make ``a`` (of ``seat``, in ``phase``) by clicks and wait for Python's answer; pieces and
    the robber are then drawn where the action put them.  ``victims``: for a robber move, how
    many seats may be robbed on its hex (2 or more: the chooser is used).
    """
    if isinstance(a, (ac.BuildSettlement, ac.BuildCity)):
        if phase == "main":
            t.press(a.kind)
        t.place("node", a.node)
        level = "city" if isinstance(a, ac.BuildCity) else "settlement"
        drawn = t.root.locator(f".cw-dynamic .cw-{level}[data-seat='{seat}'][data-node='{a.node}']")
        expect(drawn).to_have_count(1)
    elif isinstance(a, ac.BuildRoad):
        if phase == "main":
            t.press(a.kind)
        t.place("edge", a.edge)
        drawn = t.root.locator(f".cw-dynamic .cw-road[data-seat='{seat}'][data-edge='{a.edge}']")
        expect(drawn).to_have_count(1)
    elif isinstance(a, ac.MoveRobber):
        t.rob(a.hex, a.victim, victims, before_choice=lambda: shoot("robber"))
        expect(t.root.locator(f".cw-dynamic .cw-robber[data-hex='{a.hex}']")).to_have_count(1)
    elif isinstance(a, ac.Discard):
        expect(t.dialog("discard")).to_be_visible()
        shoot("discard")
        t.discard(cards(a.cards))
    elif isinstance(a, (ac.PlayYearOfPlenty, ac.PlayMonopoly, ac.MaritimeTrade)):
        t.press(a.kind)
        if isinstance(a, ac.PlayYearOfPlenty):
            t.pick(a.kind, RESOURCES[a.first])
            t.pick(a.kind, RESOURCES[a.second])
        elif isinstance(a, ac.PlayMonopoly):
            t.pick(a.kind, RESOURCES[a.resource])
        else:
            t.pick(a.kind, RESOURCES[a.give], "give")
            t.pick(a.kind, RESOURCES[a.get], "get")
        shoot(a.kind)
        t.confirm(a.kind)
    elif isinstance(a, (ac.OfferTrade, ac.CounterTrade)):
        t.press(a.kind)
        t.set_steps(a.kind, "give", cards(a.give))
        t.set_steps(a.kind, "want", cards(a.want))
        if isinstance(a, ac.OfferTrade):
            t.dialog(a.kind).locator(f"button[data-to='{'' if a.to is None else a.to}']").click()
        shoot(a.kind)
        t.confirm(a.kind)
    elif isinstance(a, ac.ConfirmTrade):
        t.send(a.kind, seat=a.player)
    elif isinstance(a, (ac.AcceptTrade, ac.DeclineTrade)):
        shoot("trade")
        t.send(a.kind)
    else:  # roll, end turn, buy a card, knight, road building, cancel a trade
        t.send(a.kind)
