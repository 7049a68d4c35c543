"""A bot that fails pauses the bots visibly; "Resume bots" lets them play on.

The notebook seats a bot whose first ``choose`` raises (later calls play like the greedy bot)
and lets it start the game.  Python pauses the bots (``bots_paused``) and says why in
``state.error``: the page shows the sentence and a "Resume bots" button, which sets
``bots_paused`` back to false; the bots then place their settlements until "You" must act.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .lab import LabServer, open_lab_page
from .table import Table

pytestmark = pytest.mark.browser

WIDGET_CELL = """\
from catan_widget import CatanWidget, Game
from catan_widget.engine.registry import make_bot


class FlakyBot:
    \"\"\"Fails on its first move, then plays like the greedy bot.\"\"\"

    def __init__(self):
        self.calls = 0
        self.inner = make_bot("greedy", 3, 1)

    def choose(self, observation):
        self.calls += 1
        if self.calls == 1:
            raise RuntimeError("flaky bot")
        return self.inner.choose(observation)


game = Game(["You", "Bot 1", "Bot 2", "Bot 3"], seed=3, board="beginner", first=1)
w = CatanWidget(game, {"Bot 1": FlakyBot(), "Bot 2": "greedy", "Bot 3": "greedy"}, bot_delay=0.05)
w"""


def test_a_failing_bot_pauses_the_bots_until_resumed(lab_page: Page, lab_server: LabServer) -> None:
    lab = open_lab_page(lab_page, lab_server, "flaky.ipynb", [WIDGET_CELL])
    lab.run_all()
    table = Table(lab_page)
    resume = table.root.locator(".cw-banner-slot button[data-setting='bots_paused']")

    # Bot 1 fails at once: the bots pause, the page says why and offers to resume them
    expect(resume).to_be_visible(timeout=30_000)
    expect(resume).to_have_text("Resume bots")
    expect(resume).to_have_attribute("data-value", "false")
    expect(table.toast()).to_contain_text("The bot playing Bot 1 failed")
    expect(table.toast()).to_contain_text("RuntimeError: flaky bot")
    expect(table.toast()).to_contain_text("The bots are paused")
    table.wait_for(phase="setup_settlement")
    expect(table.banner()).to_have_text("Bot 1: place a settlement")
    facts = lab.probe()
    assert facts["history"] == 0
    assert facts["current"] == 1
    assert facts["settings"]["bots_paused"] is True
    assert facts["state"]["error"].startswith("The bot playing Bot 1 failed")
    assert facts["version"] == table.version()
    version = facts["version"]

    # paused means paused: nothing moves while the button waits
    expect(table.log()).to_have_count(len(facts["log"]))

    # Resume: the setting goes back to Python, the bots place their pieces, then "You" acts
    resume.click()
    table.wait_past(version)
    expect(resume).to_have_count(0)
    table.wait_for(seat=0, phase="setup_settlement")
    expect(table.toast()).to_have_count(0)
    after = lab.probe()
    assert after["version"] > version
    assert after["history"] == 6  # three settlements and three roads
    assert len(after["log"]) > len(facts["log"])
    assert after["state"]["error"] is None
    assert after["current"] == 0
    assert after["settings"]["bots_paused"] is False
    assert sum(1 for owner in after["node_owner"] if owner >= 0) == 3
