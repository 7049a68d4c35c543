"""The whole game by clicks in another language, in JupyterLab in Chromium at 1366×768.

The game of ``test_full_game`` (chance scripted, the plan decides every move of "You") is played
again with the widget in Russian, and in the pseudo-language ``en-XA`` (every message bracketed,
accented and 40% longer).  Before every decision, with each dialog open, and at the end, the
widget is read as a reader sees it (tests/browser/words_scan.py):

- in Russian no Latin-script word is visible, nor in any ``title`` or ``aria-label``, except the
  players' names and ids: a word in Latin letters is a string that escaped the catalogues;
- in the pseudo-language every word stands inside brackets;
- in both, no control's text overflows it (``scrollWidth <= clientWidth``).

Ukrainian and Polish are checked the same way over the game's first turns (setup, a roll, the
action bar, a trade dialog); screenshots go to ``test-artifacts/language-<code>-*.png``.
"""

from __future__ import annotations

from functools import cache

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import Page, expect

from catan_widget.engine.language import LOCALE_DIR, words
from catan_widget.engine.language import tr as _tr

from .full_game_kernel import NAMES, YOU
from .full_game_plan import Decision, plan
from .lab import ARTIFACTS, LabPage, LabServer, open_lab_page
from .test_full_game import SCREEN, Player
from .words_scan import LATIN_WORD, Scan, english_words, latin_words, scan, unbracketed

pytestmark = pytest.mark.browser

CELL = """\
from catan_widget import CatanWidget
from tests.browser.full_game_kernel import cell_bots, new_game

game = new_game()  # chance scripted for the test: see tests/browser/full_game_kernel.py
w = CatanWidget(game, cell_bots(), bot_delay=0, offer_timeout=120, language={language!r})
w"""

ALLOWED = {*NAMES, "Enter", "Esc", "Catan", "JupyterLab", "API"}
"""Latin words a reader may see in any language: the players' names, key names and proper
names (the game, the notebook, the programming interface)."""
LATIN_SCRIPT = {"pl"}
"""Languages written in Latin letters: there an escaped string is an English word the
translation never uses."""
SHORT = 24
"""Decisions played in Ukrainian and Polish: setup, rolls, building and a trade."""


@cache
def escaped_english(language: str) -> frozenset[str]:
    """English words of the messages that ``language``'s catalogue never uses."""

    def texts(path: str, field: str) -> str:
        with (LOCALE_DIR / path).open("rb") as f:
            catalog = read_po(f)
        out = []
        for m in catalog:
            value = getattr(m, field)
            out.extend(value if isinstance(value, tuple) else (value,))
        return " ".join(filter(None, out))

    template = texts("catan_widget.pot", "id")
    translated = texts(f"{language}/LC_MESSAGES/catan_widget.po", "string")
    return frozenset(english_words(template, translated) - {w.lower() for w in ALLOWED})


class Reader(Player):
    """A :class:`Player` who reads the widget before each decision and with each dialog open."""

    def __init__(self, page: Page, lab: LabPage, language: str) -> None:
        super().__init__(page, lab)
        self.language = language
        self.scans: list[tuple[str, Scan]] = []

    def read(self, moment: str) -> None:
        """Look at the widget now; every finding is asserted at once, naming the moment."""
        found = scan(self.table.root)
        self.scans.append((moment, found))
        assert found.overflow == [], f"{self.language} {moment}: text overflows its control: {found.overflow}"
        if self.language == "en-XA":
            escaped = unbracketed(found.everything(), ALLOWED)
            assert escaped == [], f"en-XA {moment}: words outside the catalogues: {escaped[:8]}"
        elif self.language in LATIN_SCRIPT:
            english = escaped_english(self.language)
            escaped = [
                (w, t) for t in found.everything() for w in LATIN_WORD.findall(t) if w.lower() in english
            ]
            assert escaped == [], f"{self.language} {moment}: English words: {escaped[:8]}"
        else:
            latin = latin_words(found.everything(), ALLOWED)
            assert latin == [], f"{self.language} {moment}: Latin-script words: {latin[:8]}"

    def shoot(self, name: str) -> None:
        """Read the widget with dialog ``name`` open (and shoot it the first time)."""
        first = name not in self.shots
        super().shoot(name)
        if first:
            self.read(f"dialog {name}")
            self.page.screenshot(path=ARTIFACTS / f"language-{self.language}-{name}.png")

    def check_position(self, d: Decision) -> dict[str, object]:
        """The plan's position, then a read of the widget."""
        facts = super().check_position(d)
        self.read(f"turn {d.turn} {d.phase}")
        return facts


def _play(page: Page, server: LabServer, language: str, decisions: list[Decision]) -> Reader:
    page.set_viewport_size(SCREEN)
    lab = open_lab_page(page, server, f"language_{language}.ipynb", [CELL.format(language=language)])
    lab.run_all()
    ARTIFACTS.mkdir(exist_ok=True)
    reader = Reader(page, lab, language)
    table = reader.table
    table.wait_for(seat=YOU, phase="setup_settlement")
    expect(table.root).to_have_attribute("lang", language)
    reader.read("start")
    for d in decisions:
        reader.check_position(d)
        reader.make(d)
    return reader


@pytest.mark.parametrize("language", ["ru", "en-XA"])
def test_a_whole_game_by_clicks_in_another_language(
    lab_page: Page, lab_server: LabServer, language: str
) -> None:
    planned, decisions = plan()
    reader = _play(lab_page, lab_server, language, decisions)
    table = reader.table
    expect(table.root).to_have_attribute("data-phase", "game_over")
    expect(table.banner()).to_have_text(words(_tr("You win the game!"), language))
    reader.read("end")
    assert reader.lab.probe()["save"] == planned.to_json()  # the same game, in any language
    lab_page.screenshot(path=ARTIFACTS / f"language-{language}-end.png")
    assert len(reader.scans) > len(decisions)


@pytest.mark.parametrize("language", ["uk", "pl"])
def test_the_first_turns_by_clicks_in_ukrainian_and_polish(
    lab_page: Page, lab_server: LabServer, language: str
) -> None:
    _, decisions = plan()
    reader = _play(lab_page, lab_server, language, decisions[:SHORT])
    assert len(reader.scans) > SHORT
    lab_page.screenshot(path=ARTIFACTS / f"language-{language}-turns.png")
