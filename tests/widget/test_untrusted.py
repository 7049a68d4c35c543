"""Issue "untrusted input", the widget's part, from bots: hostile bots (raising anything, answering
junk, errors that cannot be printed, closing the widget mid-move) and a closed widget.  Whatever
happens, the game changes only through a legal move, no exception escapes, and every refusal says
why in a short printable sentence (the front-end's messages: test_untrusted_messages.py).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from catan_widget import Action, CatanWidget, Game
from catan_widget.engine.knowledge.observation import Observation

from .helpers import (
    NAMES,
    SOLO,
    bot_tasks,
    deliver,
    intent,
    refusal_ok,
    staged_game,
    update,
    wait_until,
)

_FAILURES: list[type[BaseException]] = [asyncio.CancelledError, SystemExit, KeyboardInterrupt, ValueError]


class _Flaky:
    """Plays the first legal action, or raises ``error`` while ``broken``."""

    def __init__(self, error: type[BaseException]) -> None:
        self.error = error
        self.broken = True
        self.calls = 0

    def choose(self, obs: Observation) -> Action:
        self.calls += 1
        if self.broken:
            raise self.error("the bot broke")
        return obs.legal_actions()[0]


class _Closer:
    """Closes its widget while thinking, then answers a legal move."""

    def __init__(self) -> None:
        self.widget: CatanWidget | None = None

    def choose(self, obs: Observation) -> Action:
        assert self.widget is not None
        self.widget.close()
        return obs.legal_actions()[0]


# --- hostile bots -----------------------------------------------------------------------------
@pytest.mark.parametrize("error", _FAILURES, ids=lambda e: e.__name__)
def test_a_bot_raising_anything_pauses_the_bots_and_resume_works_after_the_fix(
    error: type[BaseException],
) -> None:
    bot = _Flaky(error)
    game = Game(players=NAMES, seed=1, first=1)
    before = game.to_json()
    w = CatanWidget(game, {"Ada": "human", "Bo": bot, "Cy": "bot", "Di": "bot"})
    assert w.advance_bots() == 0
    assert w.bots_paused
    assert "Bo" in w.state["error"]
    assert "paused" in w.state["error"]
    assert refusal_ok(w.state["error"])
    assert game.to_json() == before
    bot.broken = False
    w.resume()
    assert not w.bots_paused
    assert w.state["error"] is None
    assert w.advance_bots() == 6
    assert w.legal["seat"] == 0


@pytest.mark.parametrize("error", _FAILURES, ids=lambda e: e.__name__)
@pytest.mark.parametrize("how", ["resume", "refresh", "front-end"])
def test_a_bot_raising_anything_on_the_loop_pauses_the_bots_and_the_loop_goes_on(
    error: type[BaseException], how: str
) -> None:
    async def scenario() -> dict[str, Any]:
        bot = _Flaky(error)
        game = Game(players=NAMES, seed=1, first=1)
        before = game.to_json()
        w = CatanWidget(game, {"Ada": "human", "Bo": bot, "Cy": "bot", "Di": "bot"}, bot_delay=0)
        ticks = 0

        async def heartbeat() -> None:
            nonlocal ticks
            while True:
                ticks += 1
                await asyncio.sleep(0.001)

        beat = asyncio.get_running_loop().create_task(heartbeat())
        out: dict[str, Any] = {}
        out["paused"] = await wait_until(lambda: w.bots_paused)
        out["error"] = w.state["error"]
        out["task gone"] = await wait_until(lambda: not bot_tasks())
        out["unchanged"] = game.to_json() == before
        seen = ticks
        out["loop runs"] = await wait_until(lambda: ticks >= seen + 5)
        bot.broken = False
        if how == "resume":
            w.resume()
        elif how == "refresh":
            w.refresh()
        else:
            update(w, {"bots_paused": False})
        out["resumed"] = await wait_until(lambda: w.legal["seat"] == 0 and not bot_tasks())
        out["moves"] = len(game.history)
        beat.cancel()
        return out

    out = asyncio.run(scenario())
    assert out["paused"]
    assert "Bo" in out["error"]
    assert refusal_ok(out["error"])
    assert out["task gone"]
    assert out["unchanged"]
    assert out["loop runs"], "the event loop kept running"
    assert out["resumed"]
    assert out["moves"] == 6


class _Returns:
    """Answers ``value`` whatever the position."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def choose(self, obs: Observation) -> Any:
        return self.value


class _BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr for you")


@pytest.mark.parametrize(
    "value",
    [None, {"kind": "roll"}, "roll", "x" * 100_000, list(range(100_000)), _BadRepr(), 10**5000],
    ids=["None", "dict", "str", "100 kB str", "100k list", "bad repr", "huge int"],
)
def test_a_bot_answering_junk_pauses_the_bots_with_a_short_message(
    value: Any, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.CRITICAL, logger="catan_widget")  # a failure here would log megabytes
    game = Game(players=NAMES, seed=1, first=1)
    before = game.to_json()
    w = CatanWidget(game, {"Ada": "human", "Bo": _Returns(value), "Cy": "bot", "Di": "bot"})
    assert w.advance_bots() == 0
    assert w.bots_paused
    error = w.state["error"]
    assert "Bo" in error
    assert refusal_ok(error), f"{len(error)} characters: {error[:300]}"
    assert game.to_json() == before


class _UnprintableError(Exception):
    """An error whose ``__str__`` raises: it can only be named."""

    def __str__(self) -> str:
        raise RuntimeError("no str for you")


class _NotAStringError(Exception):
    def __str__(self) -> Any:
        return 42  # noqa: PLE0307 - the point


class _ControlError(Exception):
    def __str__(self) -> str:
        return "\x1b[2J\x00" + "x" * 100_000


class _RaisesUnprintable:
    def __init__(self, error: type[BaseException]) -> None:
        self.error = error

    def choose(self, obs: Observation) -> Action:
        raise self.error()


class _UnprintableRepr:
    def __repr__(self) -> str:
        raise _UnprintableError


_UNPRINTABLE = [_UnprintableError, _NotAStringError, _ControlError]


@pytest.mark.parametrize("error", _UNPRINTABLE, ids=lambda e: e.__name__)
def test_a_bot_error_that_cannot_be_printed_still_pauses_the_bots_with_its_type(
    error: type[BaseException], caplog: pytest.LogCaptureFixture
) -> None:
    game = Game(players=NAMES, seed=1, first=1)
    before = game.to_json()
    w = CatanWidget(game, {"Ada": "human", "Bo": _RaisesUnprintable(error), "Cy": "bot", "Di": "bot"})
    with caplog.at_level(logging.ERROR, logger="catan_widget"):
        assert w.advance_bots() == 0
    assert w.bots_paused
    text = w.state["error"]
    assert text.startswith(f"The bot playing Bo failed: {error.__name__}"), text
    assert "paused" in text
    assert refusal_ok(text), text
    assert [r.levelno for r in caplog.records if r.name == "catan_widget"] == [logging.ERROR]
    assert game.to_json() == before


def test_a_bot_answering_an_object_whose_repr_raises_an_unprintable_error_pauses_the_bots() -> None:
    game = Game(players=NAMES, seed=1, first=1)
    before = game.to_json()
    w = CatanWidget(game, {"Ada": "human", "Bo": _Returns(_UnprintableRepr()), "Cy": "bot", "Di": "bot"})
    assert w.advance_bots() == 0
    assert w.bots_paused
    text = w.state["error"]
    assert text.startswith("The bot playing Bo chose an illegal move (<_UnprintableRepr"), text
    assert "): _UnprintableError The bots are paused" in text
    assert refusal_ok(text), text
    assert game.to_json() == before


def test_an_unprintable_error_of_the_bots_task_pauses_them_with_its_type() -> None:
    async def scenario() -> tuple[bool, str, bool]:
        game = Game(players=NAMES, seed=1, first=1)
        before = game.to_json()
        w = CatanWidget(game, SOLO, bot_delay=0.5)
        assert bot_tasks()

        def fail_once() -> float | None:
            del w.bot_delay_now  # type: ignore[method-assign]
            raise _UnprintableError

        w.bot_delay_now = fail_once  # type: ignore[method-assign]
        paused = await wait_until(lambda: w.bots_paused)
        return paused, w.state["error"], game.to_json() == before

    paused, text, unchanged = asyncio.run(scenario())
    assert paused
    assert text.startswith("The bots stopped after an error: _UnprintableError."), text
    assert refusal_ok(text)
    assert unchanged


def test_an_unprintable_internal_error_is_shown_by_its_type() -> None:
    w = CatanWidget(staged_game(phase="roll"), SOLO)
    before = w.game.to_json()

    def broken(msg: object) -> bool:
        raise _UnprintableError

    w.handle_message = broken  # type: ignore[method-assign]
    deliver(w, intent(w, {"kind": "roll"}))
    assert w.state["error"] == "Internal error: _UnprintableError"
    assert w.game.to_json() == before


def test_close_inside_a_bots_choose_drops_that_move() -> None:
    bot = _Closer()
    game = Game(players=NAMES, seed=1, first=1)
    before = game.to_json()
    w = CatanWidget(game, {"Ada": "human", "Bo": bot, "Cy": "bot", "Di": "bot"})
    bot.widget = w
    assert w.advance_bots() == 0
    assert w.closed
    assert game.to_json() == before


def test_close_inside_a_bots_choose_on_the_loop_drops_that_move_and_the_task() -> None:
    async def scenario() -> tuple[bool, bool, bool]:
        bot = _Closer()
        game = Game(players=NAMES, seed=1, first=1)
        before = game.to_json()
        w = CatanWidget(game, {"Ada": "human", "Bo": bot, "Cy": "bot", "Di": "bot"}, bot_delay=0)
        bot.widget = w
        closed = await wait_until(lambda: w.closed)
        gone = await wait_until(lambda: not bot_tasks())
        await asyncio.sleep(0.02)
        return closed, gone, game.to_json() == before

    closed, gone, unchanged = asyncio.run(scenario())
    assert closed
    assert gone
    assert unchanged, "the move chosen while closing was not applied"


def test_a_closed_widget_refuses_messages_and_bot_moves() -> None:
    w = CatanWidget(staged_game(phase="roll"), SOLO)
    msg = intent(w, {"kind": "roll"})
    before = w.game.to_json()
    w.close()
    assert w.handle_message(msg) is False
    deliver(w, msg)  # the comm path does not raise either
    assert w.game.to_json() == before
    for call in (w.advance_bots, w.refresh, w.resume):
        with pytest.raises(RuntimeError, match="closed"):
            call()
