"""Words in other languages travel as UTF-8, never as ``\\uXXXX`` escapes: Cyrillic is two bytes
a letter on the wire, not six (the widget's comm messages and the table's frames)."""

from __future__ import annotations

import re

from jupyter_client.session import json_packer

from catan_widget import CatanWidget, Game
from catan_widget.table.frames import welcome

ESCAPE = re.compile(rb"\\u(?!00[0-7])[0-9a-fA-F]{4}")
"""An escaped letter outside ASCII (control characters, such as the catalogue's context
separator U+0004 in a key, are escaped by JSON itself)."""


def test_a_russian_widget_update_is_sent_as_utf8() -> None:
    game = Game(["Ada", "Bo", "Cy", "Di"], seed=3)
    game.play(bots="greedy", until=lambda g: g.turn >= 8)
    w = CatanWidget(game, {"Ada": "human", "Bo": "bot", "Cy": "bot", "Di": "bot"}, language="ru")
    try:
        packed = json_packer({"state": w.state, "legal": w.legal, "words": w.words})
        assert w.state["prompt"].encode() in packed
        assert re.search("[а-яА-Я]", w.state["prompt"])
        assert ESCAPE.search(packed) is None
    finally:
        w.close()


def test_a_table_welcome_in_ukrainian_is_sent_as_utf8() -> None:
    frame = welcome(0, "player", "t1", {"hexes": []}, "uk").encode()
    assert ESCAPE.search(frame) is None
    assert "Українська".encode() in frame
