"""The Hint button and the bot menu, in real JupyterLab.

"You" place first against three greedy bots.  Hint: from the click until the answer the button
says "Thinking…" and takes no second click (Python gets one request); then the page shows the
search bot's sentence and rings a legal corner; Python's ``w.hint`` is the move ``game.hint()``
gives from a cell.
Placing the settlement there by clicks works.  The Level menu set to "Hard" seats the search
bot in every bot seat in Python, and those bots then play their setup.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from .lab import LabServer, open_lab_page
from .table import Table

pytestmark = pytest.mark.browser

WIDGET_CELL = """\
from catan_widget import CatanWidget, Game

game = Game(["You", "Bot 1", "Bot 2", "Bot 3"], seed=11, board="beginner", first=0)
w = CatanWidget(game, {"Bot 1": "greedy", "Bot 2": "greedy", "Bot 3": "greedy"}, bot_delay=0)
w"""

FACTS_CELL = """\
import json, pathlib
from catan_widget.widget.hints import HINT_BUDGET

_acting = w.legal.get("seat")
_cell_hint = game.hint(_acting, budget=HINT_BUDGET).to_dict() if _acting is not None else None
pathlib.Path("hint_facts.json").write_text(json.dumps({
    "hint": w.hint,
    "hint_request": w.hint_request,
    "cell_hint": _cell_hint,
    "level": w.bot_level,
    "bots": {str(seat): type(bot).__name__ for seat, bot in w._seats.bots.items()},
}))
print("hint facts written")"""


def test_hint_rings_the_search_bots_move_and_the_level_menu_seats_search_bots(
    lab_page: Page, lab_server: LabServer
) -> None:
    lab = open_lab_page(lab_page, lab_server, "hint.ipynb", [WIDGET_CELL, FACTS_CELL])
    facts = lab.run_all()
    assert facts["phase"] == "setup_settlement"
    assert facts["current"] == 0
    table = Table(lab_page)
    table.wait_for(seat=0, phase="setup_settlement")
    facts_path = lab_server.root / "hint_facts.json"

    def read_facts(run: int) -> dict[str, object]:
        lab.run_cell(2)
        expect(lab.cell(2).locator(".jp-OutputArea")).to_contain_text("hint facts written")
        data: dict[str, object] = json.loads(facts_path.read_text())
        assert data, f"run {run}: empty facts"
        return data

    before = read_facts(1)
    assert before["hint"] == {}
    assert before["level"] == "normal"
    assert set(before["bots"].values()) == {"GreedyBot"}  # type: ignore[union-attr]

    # Hint: "Thinking…" at once and no second request, then a sentence and a ring on a legal corner
    button = table.root.locator("button[data-action='hint']")
    expect(button).to_have_attribute("data-state", "ready")
    button.click()
    expect(button).to_have_attribute("data-state", "thinking")  # a first settlement: >= 0.7 s of search
    expect(button).to_have_attribute("aria-disabled", "true")
    expect(button).to_have_text("Thinking…")
    button.click(force=True)  # a real click on the disabled button (Playwright would wait): ignored
    expect(table.note()).to_contain_text("Thinking about your best move")
    expect(button).to_have_attribute("data-state", "thinking")
    text = table.root.locator(".cw-hint-text")
    expect(text).to_contain_text("Hint: ", timeout=30_000)
    expect(button).to_have_attribute("data-state", "ready")
    expect(button).to_have_text("Hint")
    mark = table.root.locator(".cw-hint-mark[data-node]")
    expect(mark).to_have_count(1)
    node = int(mark.get_attribute("data-node") or "-1")
    assert node in table.legal_ids("node")

    after = read_facts(2)
    hint = after["hint"]
    assert isinstance(hint, dict)
    assert after["hint_request"] == 1, "the click during the search sent nothing"
    assert hint["request"] == 1
    assert "pending" not in hint
    assert hint["action"] == {"kind": "build_settlement", "node": node}
    assert hint["action"] == after["cell_hint"]["action"]  # type: ignore[index]
    assert text.inner_text().removeprefix("Hint: ") == hint["reason"]

    # the bot menu: Hard seats the search bot in every bot seat
    level = table.root.locator("select.cw-level-select")
    expect(level).to_have_value("normal")
    level.select_option("hard")
    for _ in range(40):
        data = read_facts(3)
        if data["level"] == "hard":
            break
    assert data["level"] == "hard"
    assert set(data["bots"].values()) == {"SearchBot"}  # type: ignore[union-attr]

    # the hinted corner takes the settlement by clicks; the hint goes with the move
    table.place("node", node)
    expect(mark).to_have_count(0)
    road = table.legal_ids("edge")[0]
    table.place("edge", road)
    # the search bots place their settlements and roads, then it is "You" again
    table.wait_for(seat=0, phase="setup_settlement", timeout=120_000)
    end = lab.probe()
    assert end["node_owner"][node] == 0
    assert end["edge_owner"][road] == 0
    # setup goes round and back: Bots 1, 2, 3, then 3, 2, 1 place a settlement and a road each
    assert end["history"] == 2 + 12
    assert not end["state"]["error"]
