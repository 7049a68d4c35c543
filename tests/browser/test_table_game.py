"""A table on 127.0.0.1: three humans, each on their own screen, and a bot play by clicks.

Ada and Di join from bare pages (``/t/<table>#k=<token>``), each in a Chromium context of its
own (no storage shared); Bo joins from a notebook in real JupyterLab (``CatanWidget.join(link)``
in a cell: the widget's front-end connects to the table itself); Cy is the table's greedy bot.
The position is staged and the dice scripted (tests/browser/table_game_plan.py), so the game is
short and certain: a 7 (Ada, Bo and Di each discard on their own screen), the robber moved and a
card stolen from Di, a trade offered on Ada's page, accepted on Di's and confirmed on Ada's, a
round of rolls; Di's page is closed meanwhile and opened again on its link: it resyncs to the
moves it missed and Di plays on.

Before and after the moves each page must show its own hand card by card, as the table's game
holds it, and every other hand as a count only; at the end the table's history and hands must be
the plan's and its save the game's exact save.  The server runs on its own loop in a thread of
the test process (tests/browser/table_server.py says why).
"""

from __future__ import annotations

import contextlib
import functools
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, ViewportSize, expect

from catan_widget.engine import actions as ac
from catan_widget.engine.constants import RESOURCES
from catan_widget.table.table import Table

from .console import ConsoleLog
from .lab import ARTIFACTS, LabPage, LabServer, write_notebook
from .moves import click_move
from .table import Table as Screen
from .table_game_plan import (
    ADA,
    BO,
    DI,
    DICE,
    DISCARDS,
    HANDS_AFTER_TRADE,
    KINDS,
    NAMES,
    OFFER,
    ROBBER_HEX,
    SEATS,
    staged_game,
)
from .table_server import TableThread

pytestmark = pytest.mark.browser

WAIT_S = 30.0
"""Longest wait for every page to show one change."""
VIEWPORT: ViewportSize = {"width": 1300, "height": 1000}
READY = re.compile(r"\bcw-ready\b")
"""The widget root's class once it has drawn a state."""


def join_cell(link: str) -> str:
    """The notebook cell Bo runs: the table's widget from the link alone."""
    return f"from catan_widget import CatanWidget\n\nw = CatanWidget.join({link!r})\nw"


def counts(hand: list[int]) -> dict[str, int]:
    """A hand as the page draws it: every resource by name."""
    return dict(zip(RESOURCES, hand))


def shows_hands(screen: Screen, seat: int, hands: list[list[int]]) -> str | None:
    """Why ``screen`` (``seat``'s) does not show ``hands`` as that seat may see them (None: it does)."""
    players = screen.snapshot()["players"]
    for p, held in enumerate(hands):
        panel = players.get(str(p))
        if panel is None:
            return f"no panel for seat {p}"
        if p == seat:
            if panel["hidden"] != "false" or panel["cards"] != counts(held):
                return f"own hand {panel} is not {counts(held)}"
        elif panel["hidden"] != "true" or panel["cards"] or panel["count"] != f"× {sum(held)}":
            return f"{NAMES[p]}'s hand {panel} is not a count of {sum(held)}"
    return None


def eventually(why_not: Callable[[], str | None], timeout: float = WAIT_S) -> None:
    """Poll ``why_not`` until it answers None; fail with its last answer after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while (reason := why_not()) is not None:
        if time.monotonic() > deadline:
            raise AssertionError(reason)
        time.sleep(0.1)


class Players:
    """The three screens, the table's game behind them, and the checks between them."""

    def __init__(self, srv: TableThread, screens: dict[int, Screen]) -> None:
        self.srv, self.screens = srv, screens
        assert srv.table is not None
        self.table: Table = srv.table

    def hands(self) -> list[list[int]]:
        """Every hand of the table's game (the all-seeing state: the test's eyes only)."""
        return self.srv.call(lambda: [list(h) for h in self.table.game.state.hands])

    def kinds(self) -> list[str]:
        """The kinds of the table's moves so far."""
        return self.srv.call(lambda: [a.kind for a, _ in self.table.game.history])

    def all_show(self, hands: list[list[int]]) -> None:
        """Every screen shows ``hands`` as its seat may see them (once they have caught up)."""
        for seat, screen in self.screens.items():
            eventually(functools.partial(shows_hands, screen, seat, hands))

    def move(self, seat: int, phase: str, action: ac.Action, victims: int = 0) -> None:
        """``seat`` makes ``action`` by clicks on its screen once it is to act in ``phase``."""
        screen = self.screens[seat]
        screen.wait_for(seat=seat, phase=phase)
        moves = len(self.kinds())
        click_move(screen, action, phase, seat, victims=victims)
        eventually(lambda: None if len(self.kinds()) > moves else f"{action} not made")


@contextlib.contextmanager
def shots_on_failure(pages: dict[str, Page]) -> Iterator[None]:
    """On a failure: a screenshot of every bare page to ``test-artifacts/`` (Lab's is the fixture's)."""
    try:
        yield
    except BaseException:
        ARTIFACTS.mkdir(exist_ok=True)
        for name, page in pages.items():
            with contextlib.suppress(Exception):
                page.screenshot(path=ARTIFACTS / f"table-game-{name}-failure.png", full_page=True)
        raise


def presence(screen: Screen, seat: int) -> Locator:
    """``seat``'s connected / away mark in its player panel on ``screen``."""
    return screen.root.locator(f".cw-player[data-seat='{seat}'] .cw-presence")


def open_bare(context: BrowserContext, link: str, consoles: list[ConsoleLog]) -> Screen:
    """A new page of ``context`` on ``link``, once its widget is drawn (its console recorded)."""
    page = context.new_page()
    page.set_default_timeout(30_000)
    consoles.append(ConsoleLog(page))
    page.goto(link)
    screen = Screen(page)
    expect(screen.root).to_have_class(READY)
    return screen


def test_three_humans_and_a_bot_at_one_table(
    lab_page: Page,
    lab_server: LabServer,
    lab_browser: BrowserContext,
    lab_console: ConsoleLog,
    tmp_path: Path,
) -> None:
    save = tmp_path / "table.json"

    def make() -> Table:
        table = Table(staged_game(), SEATS, save=save, bot_delay=0.05, offer_timeout=120.0)
        table.script_dice(*DICE)
        return table

    browser = lab_browser.browser
    assert browser is not None
    srv = TableThread(make, origins=[lab_server.base_url])
    contexts: list[BrowserContext] = []
    pages: dict[str, Page] = {}
    consoles = [lab_console]
    try:
        links = srv.links
        assert set(links) == {"Ada", "Bo", "Di"}  # the bot's seat has no link
        contexts.extend(browser.new_context(viewport=VIEWPORT, reduced_motion="reduce") for _ in "AD")
        with shots_on_failure(pages):
            play(
                srv,
                links,
                contexts,
                pages,
                consoles,
                lambda: open_notebook(lab_page, lab_server, links["Bo"]),
            )
        assert save.read_text() == srv.call(lambda: srv.table.game.to_json() if srv.table else "")
    finally:
        for context in contexts:
            context.close()
        srv.stop()
    assert not srv.thread.is_alive()
    for console in consoles:
        assert console.unexpected() == [], console.report()


def open_notebook(lab_page: Page, lab_server: LabServer, link: str) -> Screen:
    """A notebook in JupyterLab whose one cell joins the table with ``link``, once drawn."""
    write_notebook(lab_server.root / "join.ipynb", [join_cell(link)])
    lab = LabPage(lab_page, lab_server, "join.ipynb", probe_path=lab_server.root / "unused", probe_cell=0)
    lab.open()
    lab.command("runmenu:run-all")
    screen = Screen(lab_page)
    expect(screen.root).to_have_class(READY, timeout=60_000)
    return screen


def play(
    srv: TableThread,
    links: dict[str, str],
    contexts: list[BrowserContext],
    pages: dict[str, Page],
    consoles: list[ConsoleLog],
    open_bo: Callable[[], Screen],
) -> None:
    """The game by clicks on the three screens (Bo's opened by ``open_bo``)."""
    ada = open_bare(contexts[0], links["Ada"], consoles)
    di = open_bare(contexts[1], links["Di"], consoles)
    pages.update(ada=ada.page, di=di.page)
    bo = open_bo()
    players = Players(srv, {ADA: ada, BO: bo, DI: di})
    start = players.hands()
    players.all_show(start)
    ada.wait_for(seat=ADA, phase="roll")

    # a 7: the three humans discard, each on their own screen, in the engine's order
    players.move(ADA, "roll", ac.RollDice())
    for seat in (ADA, BO, DI):
        cards = [DISCARDS[seat].get(r, 0) for r in RESOURCES]
        players.move(seat, "discard", ac.Discard(ac.cards(cards)))
    # the robber onto Di's brick, a card stolen from Di (Di holds only ore by then)
    before = players.hands()
    players.move(ADA, "move_robber", ac.MoveRobber(ROBBER_HEX, DI), victims=1)
    after = players.hands()
    assert after[ADA][4] == before[ADA][4] + 1
    assert after[DI][4] == before[DI][4] - 1
    players.all_show(after)

    # Ada offers Di a trade on her page; Di accepts on his; Ada confirms
    give, want = ([d.get(r, 0) for r in RESOURCES] for d in OFFER)
    players.move(ADA, "main", ac.OfferTrade(ac.cards(give), ac.cards(want), to=DI))
    expect(di.dialog("trade")).to_be_visible()
    players.move(DI, "trade_response", ac.AcceptTrade())
    players.move(ADA, "trade_confirm", ac.ConfirmTrade(DI))
    assert players.hands() == HANDS_AFTER_TRADE
    players.all_show(HANDS_AFTER_TRADE)
    players.move(ADA, "main", ac.EndTurn())

    # Bo rolls in the notebook; Di's page is closed while Bo and the bot play on
    players.move(BO, "roll", ac.RollDice())
    di.page.close()
    del players.screens[DI]
    eventually(lambda: None if not srv.call(lambda: players.table.connected(DI)) else "Di still connected")
    expect(presence(ada, DI)).to_have_attribute("data-connected", "false")
    players.move(BO, "main", ac.EndTurn())
    eventually(lambda: None if players.kinds() == KINDS[:13] else f"the bot did not play: {players.kinds()}")

    # Di's link opened again: the page resyncs to the moves it missed and Di plays on
    di = open_bare(contexts[1], links["Di"], consoles)
    pages["di"] = di.page
    players.screens[DI] = di
    di.wait_for(seat=DI, phase="roll")
    assert srv.call(lambda: players.table.connected(DI))
    expect(presence(ada, DI)).to_have_attribute("data-connected", "true")
    players.all_show(HANDS_AFTER_TRADE)
    missed = srv.call(lambda: players.table.game.log[-3:])  # Bo's end of turn, Cy's roll and end
    assert di.snapshot()["log"][-3:] == missed
    players.move(DI, "roll", ac.RollDice())
    players.move(DI, "main", ac.EndTurn())
    ada.wait_for(seat=ADA, phase="roll")
    players.all_show(HANDS_AFTER_TRADE)
    assert players.kinds() == KINDS
    history = srv.call(lambda: list(players.table.game.history))
    assert [extra and extra["dice"] for a, extra in history if a.kind == "roll"] == list(DICE)
