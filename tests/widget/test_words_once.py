"""Every sentence is written once, in the engine: the front-end renders what Python sends.

Python sends the reason of every disabled control the front-end shows (the counter-offer's
included), the open offer in the engine's words and the special cards' names and worth; the
front-end's sources hold none of those sentences (no fallback wording of its own), and the
all-seeing viewer is one constant.
"""

from __future__ import annotations

import re
from pathlib import Path

from catan_widget import CatanWidget, Game, OfferTrade
from catan_widget.engine.language import words
from catan_widget.engine.words import log
from catan_widget.widget import view
from catan_widget.widget.view import board_json, unpack_reasons

from .helpers import SOLO, staged_game

ROOT = Path(__file__).resolve().parents[2]
JS = sorted((ROOT / "js").glob("*.ts"))
"""The front-end's sources (its tests and fixtures left out)."""


def test_the_front_end_has_no_wording_of_its_own_for_what_python_words() -> None:
    assert JS
    for path in JS:
        text = re.sub(r"/\*.*?\*/|//[^\n]*", "", path.read_text(encoding="utf-8"), flags=re.S)  # code only
        for sentence in (
            "Not possible right now",
            "Waiting for ",
            "Longest Road:",
            "Largest Army:",
            " VP)",
            "Choose a player's view",
            "A hint is for",
            "Choose first",
            "choice first",
            "Thinking about",
            "steal a card from",
            "Nobody to steal",
        ):
            assert sentence not in text, f"{path.name} words {sentence!r} itself"
        assert not re.search(r'=== "You"', text), f"{path.name} words the second person itself"


def test_the_counting_box_with_no_seat_viewing_is_worded_by_python() -> None:
    board = board_json(staged_game())
    assert board["counting_unseated"] == "Choose a player's view to see what that seat knows."


def test_a_dialogs_unready_confirm_is_worded_by_python() -> None:
    board = board_json(staged_game())
    assert board["confirm_unready"] == words(view.CONFIRM_UNREADY) == "Make your choice first."
    assert board["hint_thinking"] == words(view.HINT_THINKING) == "Thinking about your best move…"


def test_the_robbers_dialog_is_worded_by_python() -> None:
    board = board_json(staged_game())
    assert board["robber_victim"] == words(view.ROBBER_VICTIM) == "You will steal a card from {name}."
    assert board["robber_no_victim"] == words(view.ROBBER_NO_VICTIM) == "Nobody to steal from there."


def test_the_special_cards_are_worded_by_the_engine() -> None:
    board = board_json(staged_game())
    assert board["special_cards"] == {
        "longest_road": {"name": "Longest Road", "title": "Longest Road: 2 VP"},
        "largest_army": {"name": "Largest Army", "title": "Largest Army: 2 VP"},
    }


def test_an_open_offer_comes_in_the_engines_words_for_the_reader() -> None:
    game = staged_game(hands={"Ada": {"grain": 1}})
    game.step(OfferTrade((0, 0, 0, 1, 0), (0, 0, 1, 0, 0), 2))
    w = CatanWidget(game, SOLO)
    assert w.state["trade"]["text"] == "You offer 1 grain for 1 wool to Cy", "Ada reads her own offer"
    cy = Game(["Ada", "Bo", "Cy", "Di"], seed=5, first=0).stage(
        settlements={0: [12], 1: [23], 2: [20], 3: [50]}, hands={"Ada": {"grain": 1}}, phase="main"
    )
    cy.step(OfferTrade((0, 0, 0, 1, 0), (0, 0, 1, 0, 0), 2))  # Cy, the reader, is asked: "you"
    seats = {"Ada": "bot", "Bo": "bot", "Cy": "human", "Di": "bot"}
    assert CatanWidget(cy, seats).state["trade"]["text"] == "Ada offers you 1 grain for 1 wool"


def test_the_counter_offer_button_has_the_engines_reason_when_disabled() -> None:
    game = staged_game(hands={"Ada": {"grain": 1}})  # Bo holds no card: he cannot counter
    game.step(OfferTrade((0, 0, 0, 1, 0), (0, 0, 1, 0, 0), 1))
    w = CatanWidget(game, {"Ada": "bot", "Bo": "human", "Cy": "bot", "Di": "bot"})
    assert w.legal["seat"] == 1
    reasons = unpack_reasons(w.legal["reasons"])
    assert reasons["counter_trade"] == "You have no cards to offer."
    assert reasons["accept_trade"] == "You cannot give cards you do not hold (1 wool)."
    assert "decline_trade" not in reasons  # declining is always possible while answering


def test_one_all_seeing_viewer() -> None:
    assert view.TEACHER is log.TEACHER == -1
    sources = [*(ROOT / "catan_widget").rglob("*.py")]
    defined = [p for p in sources if re.search(r"^TEACHER\b.*=", p.read_text(encoding="utf-8"), re.M)]
    assert [p.relative_to(ROOT).as_posix() for p in defined] == ["catan_widget/engine/words/log.py"]


def test_the_hint_button_is_off_with_the_engines_waiting_sentence() -> None:
    game = Game(seed=1)
    human = (game.current_seat + 1) % 4
    w = CatanWidget(game, ["human" if s == human else "bot" for s in range(4)])
    reasons = unpack_reasons(w.legal["reasons"])
    assert w.legal["seat"] is None, "a bot acts first"
    assert reasons["hint"] == w.game.waiting_text(), "the engine's sentence, as every control has"
    w.close()
