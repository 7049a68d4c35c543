"""A hot-seat game in JupyterLab: three humans share one screen, and no hand ever leaks.

Ada, Bo and Cy (``CatanWidget.play(["Ada", "Bo", "Cy"])``) play by clicks through the setup and
several full rounds: a 7 while several of them hold more than 7 cards (they discard in turn, the
roller steals), Ada offers Bo a trade which Bo accepts after the screen is passed to him, cards
are bought and played.  The moves and the dice come from tests/browser/hot_seat_plan.py (the dice
reach the widget through ``w.script_dice``).

Before every move the page must show the acting human's hand and nobody else's: the others' hands
only as counts (their public sizes), no development card of theirs by name, no hidden victory
points, the log worded for the acting seat, the View menu offering only that seat; during every
hand-over, no hand at all.  The kernel's ``w.state`` (read by the probe) must say the same.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from catan_widget.engine import actions as ac
from catan_widget.engine.constants import RESOURCES

from .hot_seat_plan import NAMES, SEED, Move, plan, position
from .lab import ARTIFACTS, LabPage, LabServer, open_lab_page
from .moves import click_move
from .table import Table

pytestmark = pytest.mark.browser


def widget_cell(dice: list[tuple[int, int]]) -> str:
    """The notebook cell: the hot-seat game of :data:`NAMES`, with the planned dice."""
    return f"""\
from catan_widget import CatanWidget

w = CatanWidget.play({NAMES!r}, seed={SEED}, first="Ada", offer_timeout=120)  # the plan answers every offer
w.script_dice(*{dice!r})
w"""


def page_private(snap: dict[str, Any], m: Move, shown: int | None) -> None:
    """On the page (a :meth:`Table.snapshot`), ``shown``'s hand is drawn card by card as
    planned; every other seat's is hidden, of its public size, with no development card named
    and no hidden victory points; the View menu offers Automatic and ``shown`` only; the log is
    the engine's, worded for ``shown`` (for nobody in particular during a hand-over).
    """
    for seat in range(len(NAMES)):
        panel = snap["players"][str(seat)]
        if seat == shown:
            assert panel["hidden"] == "false"
            assert [panel["cards"][r] for r in RESOURCES] == m.hands[seat]
            assert panel["devs"] == m.own_devs
            continue
        plural = "" if m.dev_counts[seat] == 1 else "s"
        assert panel == {
            "hidden": "true",
            "cards": {},
            "count": f"× {sum(m.hands[seat])}",
            "devs": [],
            "dev_hidden": f"{m.dev_counts[seat]} development card{plural}",
            "vp_hidden": 0,
        }, (NAMES[seat], panel)
    assert snap["view"] == (["Automatic"] if shown is None else ["Automatic", NAMES[shown]])
    lines = m.log if shown is not None else m.public_log
    assert bool(snap["log"]) == bool(lines)
    assert snap["log"] == lines[len(lines) - len(snap["log"]) :]


def state_private(facts: dict[str, Any], seat: int | None) -> None:
    """The kernel's ``w.state`` and ``w.legal`` give ``seat``'s cards only (None: nobody's)."""
    state, legal = facts["state"], facts["legal"]
    assert state["viewer"] == seat
    assert legal["seat"] == seat
    for p in state["players"]:
        mine = p["seat"] == seat
        assert (p.get("resources") is not None) == mine
        assert (p.get("dev_cards") is not None) == mine
        assert (p.get("vp_hidden") is not None) == mine
        assert p["resource_count"] == sum(facts["hands"][p["seat"]])
        assert "known" not in p


def test_hot_seat_game_never_shows_another_hand(lab_page: Page, lab_server: LabServer) -> None:
    planned, moves, dice = plan()
    kinds = {m.action.kind for m in moves}
    assert {"discard", "move_robber", "offer_trade", "accept_trade", "buy_development_card"} <= kinds
    assert sum(m.action.kind == "discard" for m in moves) >= 2
    assert any(m.action.kind == "move_robber" and m.victims for m in moves), "a steal"
    lab_page.set_viewport_size({"width": 1366, "height": 1600})  # the whole widget in view, for shots
    lab = open_lab_page(lab_page, lab_server, "hot_seat_game.ipynb", [widget_cell(dice)])
    lab.run_all()
    t = Table(lab_page)
    ARTIFACTS.mkdir(exist_ok=True)
    for m in moves:
        if m.handover:
            hand_over(t, lab, m, shot=m.action.kind == "accept_trade")
        acting_view(t, lab, m)
        click_move(t, m.action, m.phase, m.seat, victims=m.victims)

    # the plan stops at Ada's roll, where the kernel's game must be the planned one
    s = planned.state
    last = position(planned, ac.RollDice(), handover=True)
    hand_over(t, lab, last)
    acting_view(t, lab, last)
    facts = lab.probe()
    assert facts["node_owner"] == list(s.node_owner)
    assert facts["edge_owner"] == list(s.edge_owner)
    assert facts["log"] == planned.log
    t.root.screenshot(path=ARTIFACTS / "hot-seat-game-end.png")


def hand_over(t: Table, lab: LabPage, m: Move, shot: bool = False) -> None:
    """The hand-over screen to ``m.seat`` hides every hand (page and kernel); then they click."""
    expect(t.root.locator(".cw-handover-title")).to_have_text(f"Pass to {NAMES[m.seat]}")
    page_private(t.snapshot(), m, None)
    facts = lab.probe()
    state_private(facts, None)
    assert facts["state"]["handover"] == {"seat": m.seat, "name": NAMES[m.seat]}
    assert not facts["legal"]["actions"]
    t.take_screen(NAMES[m.seat], shot=ARTIFACTS / "hot-seat-game-handover.png" if shot else None)


def acting_view(t: Table, lab: LabPage, m: Move) -> None:
    """``m.seat`` must act: their hand in detail (as planned), everyone else's hidden, on the
    page and in the kernel's state.
    """
    t.wait_for(seat=m.seat, phase=m.phase)
    snap = t.snapshot()
    assert snap["handover"] is None
    page_private(snap, m, m.seat)
    facts = lab.probe()
    assert facts["hands"] == m.hands
    assert (facts["phase"], facts["current"]) == (m.phase, m.seat)
    state_private(facts, m.seat)
