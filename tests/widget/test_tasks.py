"""The bots' asyncio task exists only while a bot must move: a widget waiting for a human, a
closed or dropped widget and a finished game keep none.  Every test runs a real event loop
(``asyncio.run``) and awaits each condition with a timeout, then asserts it: a test that waited
too little fails instead of passing.
"""

from __future__ import annotations

import asyncio
import gc
import weakref

from catan_widget import BuildRoad, BuildSettlement, CatanWidget, Game

from .helpers import NAMES, SOLO, bot_tasks, settle, update, wait_until


def test_bot_tasks_finds_the_widgets_task() -> None:
    """The probe the other tests rely on sees a live task (so "no task" means something)."""

    async def scenario() -> tuple[int, bool]:
        w = CatanWidget.play(["bot", "bot", "bot"], seed=3, bot_delay=5)
        found = len(bot_tasks())
        mine = w._runner.task in bot_tasks()
        w.close()
        return found, mine

    assert asyncio.run(scenario()) == (1, True)


def test_after_close_no_task_of_the_widget_is_alive() -> None:
    async def scenario() -> tuple[bool, bool, bool, int, int]:
        w = CatanWidget.play(["bot", "bot", "bot"], seed=3, bot_delay=0)
        playing = await wait_until(lambda: len(w.game.history) >= 5)
        w.close()
        gone = await wait_until(lambda: not bot_tasks())
        moves = len(w.game.history)
        await settle()
        await asyncio.sleep(0.05)
        return playing, gone, w.bots_running, moves, len(w.game.history)

    playing, gone, running, moves, later = asyncio.run(scenario())
    assert playing, "the bots played on the loop"
    assert gone, "no run_bots task left after close()"
    assert not running
    assert later == moves, "no move after close()"


def test_close_during_the_pause_between_bot_moves_ends_the_task() -> None:
    async def scenario() -> tuple[bool, bool, int]:
        w = CatanWidget.play(["bot", "bot", "bot"], seed=3, bot_delay=10)
        alive = len(bot_tasks()) == 1
        await settle()
        w.close()
        gone = await wait_until(lambda: not bot_tasks(), timeout=2)
        return alive, gone, len(w.game.history)

    alive, gone, moves = asyncio.run(scenario())
    assert alive
    assert gone, "the 10 s pause did not keep the task alive"
    assert moves == 0


def test_five_widgets_waiting_for_a_human_keep_no_task() -> None:
    async def scenario() -> tuple[bool, bool, list[bool]]:
        widgets = [CatanWidget.play(["bot", "You", "bot", "bot"], seed=s, bot_delay=0) for s in range(5)]
        waiting = await wait_until(lambda: all(w.legal["seat"] == 1 for w in widgets))
        idle = await wait_until(lambda: not bot_tasks())
        await asyncio.sleep(0.05)
        return waiting, idle and not bot_tasks(), [w.bots_running for w in widgets]

    waiting, idle, running = asyncio.run(scenario())
    assert waiting, "each widget's bots played up to the human"
    assert idle, "then no task at all"
    assert running == [False] * 5


def test_a_widget_made_on_the_humans_turn_starts_no_task() -> None:
    async def scenario() -> list[int]:
        counts = []
        for seed in range(5):
            CatanWidget.play(["You", "bot", "bot", "bot"], seed=seed, first="You", bot_delay=0)
            await settle(3)
            counts.append(len(bot_tasks()))
        return counts

    assert asyncio.run(scenario()) == [0] * 5


def test_a_humans_move_starts_the_task_and_it_ends_at_the_humans_next_turn() -> None:
    async def scenario() -> tuple[int, bool, bool]:
        w = CatanWidget(Game(players=NAMES, seed=1, first=0), SOLO, bot_delay=0)
        before = len(bot_tasks())
        w.game.step(BuildSettlement(12))
        w.game.step(BuildRoad(w.game.legal_actions()[0].edge))  # type: ignore[attr-defined]
        started = w.bots_running and len(bot_tasks()) == 1
        back = await wait_until(lambda: w.legal["seat"] == 0 and not bot_tasks())
        return before, started, back

    before, started, back = asyncio.run(scenario())
    assert before == 0
    assert started
    assert back


def test_a_bot_only_game_plays_on_the_loop_to_the_end_then_the_task_is_gone() -> None:
    async def scenario() -> tuple[bool, bool, CatanWidget]:
        w = CatanWidget.play(["bot", "bot", "bot", "bot"], seed=2, bot_delay=0)
        over = await wait_until(lambda: w.game.is_over, timeout=120)
        gone = await wait_until(lambda: not bot_tasks())
        return over, gone, w

    over, gone, w = asyncio.run(scenario())
    assert over, "the bots finished the game by themselves"
    assert gone
    assert w.state["phase"] == "game_over"
    assert w.state["winner"] is not None
    alone = Game(players=w.game.names, seed=2).play(bots="greedy")
    assert w.game.to_json() == alone.to_json(), "the same game as Game.play"


def test_there_is_never_more_than_one_task_per_widget() -> None:
    async def scenario() -> tuple[int, bool]:
        w = CatanWidget.play(["bot", "bot", "bot"], seed=3, bot_delay=0.001)
        most = 0

        async def watch() -> None:
            nonlocal most
            while not w.closed:
                most = max(most, len(bot_tasks()))
                await asyncio.sleep(0)

        watcher = asyncio.get_running_loop().create_task(watch())
        for _ in range(5):  # a cell steps the game, changes settings, redraws, swaps the game
            await asyncio.sleep(0.01)
            if not w.game.is_over:
                w.game.step(w.game.legal_actions()[0])
            w.bot_delay = 0.002
            w.show_pips = not w.show_pips
            w.refresh()
        w.game = Game(players=w.game.names, seed=4)
        moved = await wait_until(lambda: len(w.game.history) >= 10)
        most = max(most, len(bot_tasks()))
        w.close()
        await watcher
        return most, moved

    most, moved = asyncio.run(scenario())
    assert most == 1
    assert moved, "the bots play the new game"


async def _play_then_close() -> tuple[bool, weakref.ref[CatanWidget]]:
    """A bot-only widget that plays a few moves on the loop, then is closed and dropped (only
    a weak reference to it is returned).
    """
    w = CatanWidget.play(["bot", "bot", "bot"], seed=3, bot_delay=0)
    playing = await wait_until(lambda: len(w.game.history) >= 3)
    w.close()
    return playing, weakref.ref(w)


def test_a_dropped_widget_leaves_no_task() -> None:
    async def scenario() -> tuple[bool, bool]:
        playing, _ = await _play_then_close()
        gc.collect()
        return playing, await wait_until(lambda: not bot_tasks())

    playing, gone = asyncio.run(scenario())
    assert playing
    assert gone


def test_a_closed_and_dropped_widget_is_collected() -> None:
    """Nothing (the bots' task, the game's observers, the front-end bundle) keeps a closed
    widget — and the game, the bots and the traits it holds — alive once it is dropped.
    """

    async def scenario() -> tuple[bool, bool]:
        _, ref = await _play_then_close()
        gone = await wait_until(lambda: not bot_tasks())
        gc.collect()
        return gone, ref() is None

    gone, collected = asyncio.run(scenario())
    assert gone
    assert collected, "a closed, dropped CatanWidget is still alive"


def test_a_game_outliving_its_widget_does_not_call_it() -> None:
    async def scenario() -> tuple[bool, int]:
        game = Game(players=NAMES, seed=1, first=0)
        w = CatanWidget(game)
        w.close()
        version = w.state["version"]
        game.step(BuildSettlement(12))
        await settle()
        return not bot_tasks(), w.state["version"] - version

    idle, change = asyncio.run(scenario())
    assert idle
    assert change == 0, "a closed widget stopped observing its game"


def test_a_cell_stepping_the_game_updates_the_state_at_once() -> None:
    async def scenario() -> tuple[bool, bool, bool]:
        game = Game(players=NAMES, seed=1, first=0)
        w = CatanWidget(game)
        version = w.state["version"]
        game.step(BuildSettlement(12))  # no await between the step and the checks
        at_once = w.state["version"] > version and [12, 0, "settlement"] in w.state["buildings"]
        legal = w.legal["version"] == w.state["version"] and w.state["phase"] == "setup_road"
        roads = set(w.legal["actions"]["build_road"]["edge"])
        return at_once, legal, roads == {a.edge for a in game.legal_actions()}  # type: ignore[attr-defined]

    at_once, legal, roads = asyncio.run(scenario())
    assert at_once
    assert legal
    assert roads


def test_a_cell_stepping_a_bots_turn_lets_the_bots_go_on() -> None:
    async def scenario() -> tuple[bool, bool, bool, int]:
        game = Game(players=NAMES, seed=1, first=1)
        w = CatanWidget(game, SOLO, bot_delay=0.05)
        await settle()  # the bots' task is in its pause before Bo's move
        sleeping = len(bot_tasks()) == 1
        game.step(BuildSettlement(12))  # the cell places Bo's settlement first
        updated = [12, 1, "settlement"] in w.state["buildings"]
        back = await wait_until(lambda: w.legal["seat"] == 0 and not bot_tasks())
        return sleeping, updated, back, len(game.history)

    sleeping, updated, back, moves = asyncio.run(scenario())
    assert sleeping
    assert updated
    assert back, "the bots placed Bo's road and the others' pieces"
    assert moves == 6


def test_lowering_the_bot_delay_applies_to_the_pause_in_progress() -> None:
    """A user who set a long pause and lowers it (the front-end's slider) does not wait for the
    old pause to run out.
    """

    async def scenario() -> bool:
        game = Game(players=NAMES, seed=1, first=1)
        w = CatanWidget(game, SOLO, bot_delay=10)
        await settle()  # the bots' task is in its 10 s pause
        update(w, {"bot_delay": 0})
        moved = await wait_until(lambda: len(game.history) > 0, timeout=2)
        w.close()
        return moved

    assert asyncio.run(scenario()), "the bot still waited out the old 10 s pause"
