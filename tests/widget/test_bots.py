"""Bots move on their own on a running event loop, or step by step with ``advance_bots``;
their failures pause them and show in ``state.error``; ``close()`` stops them.

(Task lifecycle — when the bots' task exists at all — is in test_tasks.py; hostile bots in
test_untrusted.py.)
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from catan_widget import Action, BuildSettlement, CatanWidget, EndTurn, Game
from catan_widget.engine.knowledge.observation import Observation
from catan_widget.widget import assets
from catan_widget.widget.view import unpack_actions

from .helpers import NAMES, SOLO, settle, wait_until


class _Broken:
    def choose(self, obs: Observation) -> EndTurn:
        raise RuntimeError("boom")


class _Cheater:
    def choose(self, obs: Observation) -> EndTurn:
        return EndTurn()


class _First:
    def __init__(self) -> None:
        self.calls = 0
        self.seen: list[Observation] = []

    def choose(self, obs: Observation) -> Action:
        self.calls += 1
        self.seen.append(obs)
        return obs.legal_actions()[0]


def test_advance_bots_plays_a_bot_only_game_to_the_end() -> None:
    w = CatanWidget.play(["bot", "bot", "bot", "bot"], seed=2)
    moves = w.advance_bots()
    assert moves == len(w.game.history)
    assert w.game.is_over
    winner = w.game.winner
    assert winner is not None
    assert w.state["winner"] == winner.seat
    assert w.state["phase"] == "game_over"
    assert w.advance_bots() == 0


def test_advance_bots_stops_where_a_human_must_act() -> None:
    w = CatanWidget.play(["bot", "You", "bot", "bot"], seed=5)
    w.advance_bots()
    assert w.game.current_seat == 1
    assert w.legal["seat"] == 1
    assert w.advance_bots() == 0


def test_advance_bots_makes_at_most_max_moves() -> None:
    w = CatanWidget.play(["bot", "bot", "bot"], seed=3)
    assert w.advance_bots(max_moves=5) == 5
    assert len(w.game.history) == 5


def test_a_bot_object_plays_its_seat_from_its_own_observation() -> None:
    bot = _First()
    game = Game(players=NAMES, seed=1, first=1)
    w = CatanWidget(game, {"Ada": "human", "Bo": bot, "Cy": "random", "Di": "greedy"})
    w.advance_bots()
    assert bot.calls == 2, "Bo placed a settlement and a road"
    assert all(obs.seat == 1 for obs in bot.seen), "a bot sees its own seat's observation"
    assert all(obs.hands is None for obs in bot.seen), "never the all-seeing one"
    assert w.game.current_seat == 0


def test_a_failing_bot_pauses_the_bots_and_says_why_in_the_state() -> None:
    game = Game(players=NAMES, seed=1, first=1)
    w = CatanWidget(game, {"Ada": "human", "Bo": _Broken(), "Cy": "bot", "Di": "bot"})
    assert not w.bots_paused
    assert w.advance_bots() == 0
    assert w.bots_paused
    assert "Bo" in w.state["error"]
    assert "boom" in w.state["error"]
    assert "paused" in w.state["error"]
    assert w.advance_bots() == 0, "paused bots do not move"
    assert len(game.history) == 0
    w.refresh()
    assert not w.bots_paused
    assert w.state["error"] is None, "refresh clears the bot's error"
    assert w.advance_bots() == 0
    assert w.bots_paused, "the still-broken bot pauses the bots again"
    assert "boom" in w.state["error"]


def test_an_illegal_bot_move_pauses_the_bots_and_changes_nothing() -> None:
    game = Game(players=NAMES, seed=1, first=1)
    before = game.to_json()
    w = CatanWidget(game, {"Ada": "human", "Bo": _Cheater(), "Cy": "bot", "Di": "bot"})
    assert w.advance_bots() == 0
    assert w.bots_paused
    assert "illegal move" in w.state["error"]
    assert "Bo" in w.state["error"]
    assert game.to_json() == before


def test_bots_move_on_their_own_on_a_running_loop() -> None:
    async def scenario() -> tuple[CatanWidget, list[int], bool]:
        w = CatanWidget.play(["bot", "bot", "bot"], seed=3, bot_delay=0)
        assert w.bots_running
        versions: list[int] = []
        w.observe(lambda change: versions.append(change["new"]["version"]), names="state")
        reached = await wait_until(lambda: w.game.turn >= 3)
        w.close()
        await settle()
        return w, versions, reached

    w, versions, reached = asyncio.run(scenario())
    assert reached
    assert not w.bots_running
    assert len(versions) == len(w.game.history) >= 12, "one state update per bot move"
    assert versions == list(range(versions[0], versions[0] + len(versions)))


def test_bots_wait_for_the_human_on_a_running_loop() -> None:
    async def scenario() -> tuple[bool, bool, int, int]:
        w = CatanWidget.play(["bot", "You", "bot", "bot"], seed=5, bot_delay=0)
        reached = await wait_until(lambda: w.legal.get("seat") == 1)
        stopped = await wait_until(lambda: not w.bots_running)
        moves = len(w.game.history)
        await asyncio.sleep(0.05)
        return reached, stopped, moves, len(w.game.history)

    reached, stopped, moves, later = asyncio.run(scenario())
    assert reached
    assert stopped, "no bot task while the human must act"
    assert later == moves


def test_bots_answer_the_humans_move_on_a_running_loop() -> None:
    async def scenario() -> tuple[bool, bool]:
        game = Game(players=NAMES, seed=1, first=0)
        w = CatanWidget(game, SOLO, bot_delay=0)
        assert not w.bots_running
        assert w.handle_message(
            {"type": "act", "version": w.state["version"], "action": {"kind": "build_settlement", "node": 12}}
        )
        edge = unpack_actions(w.legal["actions"])[0]["edge"]
        assert w.handle_message(
            {"type": "act", "version": w.state["version"], "action": {"kind": "build_road", "edge": edge}}
        )
        started = w.bots_running
        back = await wait_until(lambda: w.legal["seat"] == 0 and not w.bots_running)
        return started, back

    started, back = asyncio.run(scenario())
    assert started, "the human's move starts the bots' task"
    assert back, "the three bots placed and it is Ada's turn again"


def test_a_failing_bot_on_the_loop_shows_its_error() -> None:
    async def scenario() -> tuple[bool, str, bool]:
        game = Game(players=NAMES, seed=1, first=1)
        w = CatanWidget(game, {"Ada": "human", "Bo": _Broken(), "Cy": "bot", "Di": "bot"}, bot_delay=0)
        seen = await wait_until(lambda: bool(w.state.get("error")))
        stopped = await wait_until(lambda: not w.bots_running)
        return seen, w.state["error"], stopped and w.bots_paused

    seen, error, paused = asyncio.run(scenario())
    assert seen
    assert "boom" in error
    assert paused


def test_a_cell_stepping_the_game_updates_the_board_by_itself() -> None:
    game = Game(players=NAMES, seed=1, first=0)
    w = CatanWidget(game)
    version = w.state["version"]
    game.step(BuildSettlement(12))
    assert [12, 0, "settlement"] in w.state["buildings"], "no refresh, no event loop needed"
    assert w.state["version"] > version
    assert w.state["phase"] == "setup_road"
    assert w.legal["version"] == w.state["version"]


def test_close_cancels_the_bots_task() -> None:
    async def scenario() -> tuple[bool, bool]:
        w = CatanWidget.play(["bot", "bot", "bot"], seed=3, bot_delay=5)
        task = w._runner.task
        assert task is not None
        w.close()
        done = await wait_until(task.done)
        return done, task.cancelled()

    done, cancelled = asyncio.run(scenario())
    assert done
    assert cancelled


def test_no_task_starts_without_a_running_loop() -> None:
    w = CatanWidget.play(["bot", "bot", "bot"], seed=3)
    assert not w.bots_running
    assert len(w.game.history) == 0


def test_the_widget_serves_the_bundled_front_end() -> None:
    static = Path(assets.__file__).resolve().parents[1] / "static"
    bundle = static / "widget.js"
    w = CatanWidget(Game(players=NAMES, seed=1), SOLO)
    expected = bundle.read_text(encoding="utf-8") if bundle.is_file() else assets.MISSING_BUNDLE
    assert w._esm == expected
    assert w._repr_mimebundle_() is not None


def test_a_bot_only_widget_plays_the_same_game_as_game_play() -> None:
    w = CatanWidget.play(["bot", "bot", "bot", "bot"], seed=11)
    w.advance_bots()
    alone = Game(players=w.game.names, seed=11).play(bots="greedy")
    assert w.game.to_json() == alone.to_json()
