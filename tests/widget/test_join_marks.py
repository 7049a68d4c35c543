"""A table's marks in the front-end's hands: the words of the teacher-view banner and of each
seat's presence come once, from Python, in the welcome's board (``board.table_words``); the
front-end's sources hold none of them, and each seat of a table gets the same words.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from catan_widget import Game
from catan_widget.engine.language import words
from catan_widget.table import Table
from catan_widget.table.words import TEACHER_ON, table_words

ROOT = Path(__file__).resolve().parents[2]


def _welcome(table: Table, token: str) -> dict[str, object]:
    frames: list[str] = []
    conn = table.connect(frames.append, lambda _code, _reason: None)
    conn.receive(json.dumps({"type": "hello", "token": token, "protocol": 1}))
    first = json.loads(frames[0])
    assert first["type"] == "welcome"
    return first


def test_the_welcome_gives_every_seat_the_words_of_the_tables_marks() -> None:
    table = Table(
        Game(players=["Ada", "Bo", "Cy", "Di"], seed=3), ["human", "human", "bot", "bot"], table_id="t1"
    )
    for token in (table.tokens.seat(0), table.tokens.seat(1), table.tokens.spectator):
        assert token is not None
        board = _welcome(table, token)["board"]
        assert isinstance(board, dict)
        assert board["table_words"] == table_words("en")
        assert len(board["hexes"]) == 19
    assert table_words("en") == {"teacher": words(TEACHER_ON, "en"), "connected": "connected", "away": "away"}


def test_the_front_end_words_none_of_the_marks_itself() -> None:
    sources = sorted((ROOT / "js").glob("*.ts"))
    assert sources
    for path in sources:
        code = re.sub(r"/\*.*?\*/|//[^\n]*", "", path.read_text(encoding="utf-8"), flags=re.S)
        assert words(TEACHER_ON, "en") not in code, f"{path.name} words the teacher banner itself"
        assert "Teacher view is on" not in code, path.name
        assert not re.search(r"""["']away["']""", code), f"{path.name} words a seat's presence itself"
