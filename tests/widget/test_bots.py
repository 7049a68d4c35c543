"""Bots move on their own on a running event loop, or step by step with ``advance_bots``;
their failures show in ``state.error``; ``close()`` stops them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from catan_widget import Action, BuildSettlement, CatanWidget, EndTurn, Game
from catan_widget.widget import widget as widget_module

from .helpers import NAMES, SOLO


async def _until(condition: Callable[[], bool], turns: int = 20_000) -> bool:
    """Let the event loop run until ``condition()`` holds (no fixed waits)."""
    for _ in range(turns):
        if condition():
            return True
        await asyncio.sleep(0)
    return condition()


class _Broken:
    def choose(self, game: Game) -> EndTurn:
        raise RuntimeError("boom")


class _Cheater:
    def choose(self, game: Game) -> EndTurn:
        return EndTurn()


class _First:
    def __init__(self) -> None:
        self.calls = 0

    def choose(self, game: Game) -> Action:
        self.calls += 1
        return game.legal_actions()[0]


def test_advance_bots_plays_a_bot_only_game_to_the_end() -> None:
    w = CatanWidget.play(["bot", "bot", "bot", "bot"], seed=2)
    moves = w.advance_bots()
    assert moves == len(w.game.history)
    assert w.game.is_over
    assert w.state["winner"] == w.game.winner.seat
    assert w.state["phase"] == "game_over"


def test_advance_bots_stops_where_a_human_must_act() -> None:
    w = CatanWidget.play(["bot", "You", "bot", "bot"], seed=5)
    w.advance_bots()
    assert w.game.current_seat == 1
    assert w.legal["seat"] == 1
    assert w.advance_bots() == 0


def test_a_bot_object_plays_its_seat() -> None:
    bot = _First()
    game = Game(players=NAMES, seed=1, first=1)
    w = CatanWidget(game, {"Ada": "human", "Bo": bot, "Cy": "random", "Di": "greedy"})
    w.advance_bots()
    assert bot.calls == 2, "Bo placed a settlement and a road"
    assert w.game.current_seat == 0


def test_a_failing_bot_pauses_the_bots_and_says_why_in_the_state() -> None:
    game = Game(players=NAMES, seed=1, first=1)
    w = CatanWidget(game, {"Ada": "human", "Bo": _Broken(), "Cy": "bot", "Di": "bot"})
    assert w.advance_bots() == 0
    assert "Bo" in w.state["error"]
    assert "boom" in w.state["error"]
    assert "paused" in w.state["error"]
    assert w.advance_bots() == 0
    w.refresh()
    assert w.advance_bots() == 0
    assert "boom" in w.state["error"]


def test_an_illegal_bot_move_pauses_the_bots() -> None:
    game = Game(players=NAMES, seed=1, first=1)
    before = game.to_json()
    w = CatanWidget(game, {"Ada": "human", "Bo": _Cheater(), "Cy": "bot", "Di": "bot"})
    w.advance_bots()
    assert "illegal move" in w.state["error"]
    assert game.to_json() == before


def test_bots_move_on_their_own_on_a_running_loop() -> None:
    async def scenario() -> tuple[CatanWidget, list[int], bool]:
        w = CatanWidget.play(["bot", "bot", "bot"], seed=3, bot_delay=0)
        assert w.bots_running
        versions: list[int] = []
        w.observe(lambda change: versions.append(change["new"]["version"]), names="state")
        reached = await _until(lambda: w.game.turn >= 3)
        w.close()
        return w, versions, reached

    w, versions, reached = asyncio.run(scenario())
    assert reached
    assert not w.bots_running
    assert len(versions) == len(w.game.history) >= 12, "one state update per bot move"
    assert versions == list(range(versions[0], versions[0] + len(versions)))


def test_bots_wait_for_the_human_on_a_running_loop() -> None:
    async def scenario() -> tuple[bool, int, int]:
        w = CatanWidget.play(["bot", "You", "bot", "bot"], seed=5, bot_delay=0)
        reached = await _until(lambda: w.legal.get("seat") == 1)
        moves = len(w.game.history)
        for _ in range(200):
            await asyncio.sleep(0)
        return reached, moves, len(w.game.history)

    reached, moves, later = asyncio.run(scenario())
    assert reached
    assert later == moves


def test_a_failing_bot_on_the_loop_shows_its_error() -> None:
    async def scenario() -> tuple[bool, str]:
        game = Game(players=NAMES, seed=1, first=1)
        w = CatanWidget(game, {"Ada": "human", "Bo": _Broken(), "Cy": "bot", "Di": "bot"}, bot_delay=0)
        seen = await _until(lambda: bool(w.state.get("error")))
        return seen, w.state["error"]

    seen, error = asyncio.run(scenario())
    assert seen
    assert "boom" in error


def test_a_cell_stepping_the_game_updates_the_board_by_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(widget_module, "POLL_SECONDS", 0)

    async def scenario() -> bool:
        game = Game(players=NAMES, seed=1, first=0)
        w = CatanWidget(game)
        game.step(BuildSettlement(12))
        return await _until(lambda: [12, 0, "settlement"] in w.state["buildings"])

    assert asyncio.run(scenario())


def test_close_cancels_the_bots_task() -> None:
    async def scenario() -> bool:
        w = CatanWidget.play(["bot", "bot", "bot"], seed=3, bot_delay=5)
        task = w._task
        assert task is not None
        w.close()
        await _until(task.done)
        return task.cancelled()

    assert asyncio.run(scenario())


def test_no_task_starts_without_a_running_loop() -> None:
    w = CatanWidget.play(["bot", "bot", "bot"], seed=3)
    assert not w.bots_running
    assert len(w.game.history) == 0


def test_the_widget_serves_the_bundled_front_end() -> None:
    static = Path(widget_module.__file__).resolve().parents[1] / "static"
    bundle = static / "widget.js"
    w = CatanWidget(Game(players=NAMES, seed=1), SOLO)
    expected = bundle.read_text(encoding="utf-8") if bundle.is_file() else widget_module._MISSING_BUNDLE
    assert w._esm == expected
    assert isinstance(CatanWidget.__dict__["board"], object)
    bundle_repr = w._repr_mimebundle_()
    assert bundle_repr is not None


def test_a_bot_only_widget_plays_the_same_game_as_game_play() -> None:
    w = CatanWidget.play(["bot", "bot", "bot", "bot"], seed=11)
    w.advance_bots()
    alone = Game(players=w.game.names, seed=11).play(bots="greedy")
    assert w.game.to_json() == alone.to_json()
