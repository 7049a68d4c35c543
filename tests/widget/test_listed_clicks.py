"""A human's legal click is applied on the path a bot's listed move takes.

The front-end sends an action as JSON; the widget decodes it into a new action object and steps
it.  The game listed the acting seat's legal actions for the view it published, so the decoded
action equals one of those: ``Game.step`` applies it without a second check and records the
listed object, exactly as for a bot's pick (only a discard, which the view does not list, and a
scripted roll are checked).
"""

from __future__ import annotations

from typing import Any

import pytest

from catan_widget import CatanWidget, Game
from catan_widget.engine.rules import atomic

from .helpers import actions, send


def _click(w: CatanWidget) -> dict[str, Any]:
    """Some legal click for the acting human, read from the ``legal`` trait alone."""
    phase = w.state["phase"]
    if phase == "roll":
        return {"kind": "roll"}
    if phase == "discard":
        hand = dict(w.state["players"][w.legal["seat"]]["resources"])
        cards: dict[str, int] = {}
        for _ in range(w.legal["discard"]):
            r = max(hand, key=lambda k: hand[k])
            hand[r] -= 1
            cards[r] = cards.get(r, 0) + 1
        return {"kind": "discard", "cards": cards}
    kinds = ("build_settlement", "build_road", "move_robber", "decline_trade", "build_city", "play_knight")
    for kind in kinds:
        if actions(w, kind):
            return actions(w, kind)[0]
    return {"kind": "end_turn"}


def test_clicks_take_the_listed_path_and_record_the_listed_object(monkeypatch: pytest.MonkeyPatch) -> None:
    checked: list[str] = []
    original = atomic.check_and_apply

    def spy(game: Game, *args: Any) -> None:
        checked.append(game.phase)
        original(game, *args)

    monkeypatch.setattr(atomic, "check_and_apply", spy)
    w = CatanWidget.play(["You", "bot", "bot", "bot"], seed=1)
    game = w.game
    kinds: set[str] = set()
    for _ in range(200):
        w.advance_bots()
        if game.is_over:
            break
        click = _click(w)
        listing = game._listed[2]  # what the game listed for the view the human sees
        before = len(checked)
        assert send(w, click), w.state["error"]
        kinds.add(click["kind"])
        recorded = game.history[-1][0]
        if click["kind"] != "discard":
            assert checked[before:] == [], click
            assert any(recorded is a for a in listing), click  # the very listed object
    assert {"build_settlement", "build_road", "roll", "end_turn"} <= kinds, kinds
