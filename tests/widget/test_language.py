"""The widget speaks the reader's language, switched live: ``language`` (a setting both sides
may set) rewords every text of the view, and ``words`` (the front-end's own messages) is sent
only when the language changes.  The game is never rebuilt, and no word goes into it.

``en-XA`` is the pseudo-language: every catalogue message is bracketed, so a text that escaped
the catalogues shows up unbracketed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from catan_widget import CatanWidget, Game
from catan_widget.engine.language import PSEUDO, describe_languages, plural_index
from catan_widget.widget import words as words_module
from catan_widget.widget.view import unpack_reasons
from catan_widget.widget.words import words_table

from .helpers import SOLO, deliver, intent, mid_game, record_sent, send, sent_values, staged_game, update

BRACKETED = re.compile(r"^\[.*\]$", re.S)


def _pseudo(text: str) -> bool:
    return bool(BRACKETED.match(text))


def _without_version(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k != "version"}


@pytest.fixture
def frontend(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A front-end message list of one simple message, one in a context and one with plural forms."""
    path = tmp_path / "frontend.json"
    listed = [
        {"context": None, "msgid": "Roll the dice", "plural": None},
        {"context": "menu", "msgid": "Open {name}", "plural": None},
        {"context": None, "msgid": "{n} card", "plural": "{n} cards"},
    ]
    path.write_text(json.dumps(listed), encoding="utf-8")
    monkeypatch.setattr(words_module, "FRONTEND", path)
    words_module._table.cache_clear()
    yield path
    words_module._table.cache_clear()


def test_the_language_is_resolved_and_the_words_come_with_the_first_state() -> None:
    w = CatanWidget(staged_game(), SOLO, language="EN")
    assert w.language == "en"
    assert w.words["language"] == "en"
    assert w.trait_metadata("language", "sync")
    assert w.trait_metadata("words", "sync")
    assert "words" not in w.state, "words are not sent with updates"
    assert "language" not in w.state
    assert CatanWidget(staged_game(), SOLO, language=PSEUDO).words["language"] == PSEUDO


def test_the_words_trait_has_the_shape_the_front_end_reads(frontend: Path) -> None:
    words = words_table("en")
    assert set(words) == {"language", "messages", "plural", "decimal", "group", "languages"}
    assert words["messages"] == {
        "Roll the dice": "Roll the dice",
        "menu\u0004Open {name}": "Open {name}",
        "{n} card": ["{n} card", "{n} cards"],
    }
    assert len(words["plural"]) == 200
    assert set(words["plural"]) <= set("0123456789")
    assert words["plural"][:3] == "101", "English: 0 cards, 1 card, 2 cards"
    assert all(int(words["plural"][n]) == plural_index("en", n) for n in range(200))
    assert (words["decimal"], words["group"]) == (".", ",")
    assert words["languages"] == [list(pair) for pair in describe_languages()]
    assert ["en", "English"] in words["languages"]
    assert json.loads(json.dumps(words)) == words, "JSON as it is"
    pseudo = words_table(PSEUDO)["messages"]
    assert _pseudo(pseudo["Roll the dice"])
    assert pseudo["Roll the dice"] != "Roll the dice"
    assert "{name}" in pseudo["menu\u0004Open {name}"], "placeholders kept"
    assert all(_pseudo(form) for form in pseudo["{n} card"])
    assert all("{n}" in form for form in pseudo["{n} card"])


def test_a_missing_message_list_is_no_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(words_module, "FRONTEND", tmp_path / "absent.json")
    words_module._table.cache_clear()
    try:
        assert words_table("en")["messages"] == {}
    finally:
        words_module._table.cache_clear()


def test_the_words_are_sent_once_per_change_of_language() -> None:
    game = staged_game(phase="roll")
    w = CatanWidget(game, SOLO)
    sent = record_sent(w)
    w.language = PSEUDO
    assert [v["language"] for v in sent_values(sent, "words")] == [PSEUDO]
    w.show_pips = True  # updates of every other kind carry no words
    assert send(w, {"kind": "roll"})
    w.advance_bots()
    w.language = PSEUDO  # the same language again: nothing to send
    assert [v["language"] for v in sent_values(sent, "words")] == [PSEUDO]
    update(w, {"language": "en"})  # the front-end's Language menu
    assert [v["language"] for v in sent_values(sent, "words")] == [PSEUDO, "en"]


def test_switching_live_rewords_the_log_the_prompt_and_the_reasons() -> None:
    game = mid_game()
    w = CatanWidget(game, SOLO)
    english = w.state
    assert not any(_pseudo(line) for line in english["log"])
    w.language = PSEUDO
    state, legal = w.state, w.legal
    assert state["log"]
    assert all(_pseudo(line) for line in state["log"]), state["log"]
    assert len(state["log"]) == len(english["log"])
    assert _pseudo(state["prompt"])
    assert _pseudo(state["heading"])
    assert all(_pseudo(text) for text in unpack_reasons(legal["reasons"]).values())
    if state["since"] is not None:
        assert _pseudo(state["since"]["title"])
        assert all(_pseudo(t) for t in state["since"]["text"])
    assert any("Bo" in line for line in state["log"]), "names are names: never translated"
    assert _pseudo(w.board["confirm_unready"])
    assert _pseudo(w.board["special_cards"]["longest_road"]["title"])
    w.language = "en"
    assert _without_version(w.state) == _without_version(english), "back to the very same words"


def test_the_front_ends_language_menu_sets_the_language() -> None:
    w = CatanWidget(staged_game(phase="roll"), SOLO)
    update(w, {"language": PSEUDO})
    assert w.language == PSEUDO
    assert w.words["language"] == PSEUDO
    assert w.state["error"] is None
    assert _pseudo(w.state["prompt"])


def test_an_unknown_language_from_the_front_end_is_refused_and_changes_nothing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    game = staged_game(phase="roll")
    w = CatanWidget(game, SOLO)
    before, words, saved = w.state, w.words, game.to_json()
    sent = record_sent(w)
    with caplog.at_level("WARNING", logger="catan_widget"):
        update(w, {"language": "xx"})
    assert w.language == "en"
    assert w.words is words
    assert sent_values(sent, "language") == ["en"], "the front-end's copy is sent back"
    assert sent_values(sent, "words") == []
    assert w.state["error"].startswith("Refused a setting from the front-end: language"), w.state["error"]
    assert _without_version({**w.state, "error": None}) == _without_version(before)
    assert game.to_json() == saved
    assert any("language" in r.getMessage() for r in caplog.records)
    for bad in (None, 3, "", "x" * 1000):
        update(w, {"language": bad})
        assert w.language == "en"


def test_an_unknown_language_from_python_is_a_value_error() -> None:
    w = CatanWidget(staged_game(), SOLO)
    with pytest.raises(ValueError, match="xx"):
        w.language = "xx"
    assert w.language == "en"
    with pytest.raises(ValueError, match="xx"):
        CatanWidget(staged_game(), SOLO, language="xx")


def test_a_game_built_once_shows_the_same_position_in_every_language() -> None:
    game = mid_game()
    w = CatanWidget(game, SOLO)
    saved, board, state, legal = game.to_json(), w.board, w.state, w.legal
    w.language = PSEUDO
    assert w.game is game, "the game is not rebuilt"
    assert game.to_json() == saved, "and holds no words"
    shown = w.state
    same = ("turn", "phase", "current", "buildings", "roads", "players", "bank", "dice", "marks", "robber")
    for key in same:
        assert shown[key] == state[key], key
    assert w.legal["actions"] == legal["actions"]
    assert w.legal["seat"] == legal["seat"]
    geometry = ("hexes", "nodes", "edges", "harbors", "players", "costs")
    assert all(w.board[key] == board[key] for key in geometry)


def test_errors_are_shown_in_the_readers_language() -> None:
    game = staged_game(phase="roll")
    w = CatanWidget(game, SOLO, language=PSEUDO)
    assert send(w, {"kind": "roll"})
    deliver(w, intent(w, {"kind": "end_turn"}, version=1))  # made on a board that has changed
    error = w.state["error"]
    assert error is not None
    assert _pseudo(error), error


def test_a_replay_speaks_the_language_too() -> None:
    game = Game(players=["Ada", "Bo", "Cy", "Di"], seed=3)
    game.play(bots="greedy", until=lambda g: len(g.history) > 30)
    w = CatanWidget.replay(game, at=20, language=PSEUDO)
    assert w.state["log"]
    assert all(_pseudo(line) for line in w.state["log"])
    w.replay_at = 25
    assert all(_pseudo(line) for line in w.state["log"])
