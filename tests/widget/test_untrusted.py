"""Issue "untrusted input", the widget's part: hostile bots, a closed widget, oversized and
deeply nested messages, a huge hand to discard, and a seeded fuzz of everything the front-end
can send.  Whatever arrives, the game changes only through a legal move, no exception escapes,
and every refusal says why in a short printable sentence.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import random
from collections.abc import Callable
from typing import Any

import pytest

from catan_widget import Action, CatanWidget, Game
from catan_widget.engine.knowledge.observation import Observation
from catan_widget.widget.view import unpack_actions

from .helpers import NAMES, SOLO, bot_tasks, deliver, intent, send, staged_game, update, wait_until

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


def _refusal_ok(text: object) -> bool:
    return isinstance(text, str) and 0 < len(text) <= 400 and text.isprintable()


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
    assert _refusal_ok(w.state["error"])
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
    assert _refusal_ok(out["error"])
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
    assert _refusal_ok(error), f"{len(error)} characters: {error[:300]}"
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
    assert _refusal_ok(text), text
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
    assert _refusal_ok(text), text
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
    assert _refusal_ok(text)
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


# --- oversized messages -----------------------------------------------------------------------
def _nested(depth: int, leaf: Any) -> Any:
    value = leaf
    for i in range(depth):
        value = {"kind": "build_road", "edge": value} if i % 2 else [value]
    return value


def _oversized(version: int) -> list[tuple[str, Callable[[], Any]]]:
    big = "x" * 10_000_000

    def act(action: Any) -> dict[str, Any]:
        return {"type": "act", "version": version, "action": action}

    return [
        ("10 MB kind", lambda: act({"kind": big})),
        ("10 MB field", lambda: act({"kind": "build_road", "edge": big})),
        ("10 MB key", lambda: act({"kind": "roll", big: 1})),
        ("10 MB type", lambda: {"type": big, "version": version, "action": {"kind": "roll"}}),
        ("10 MB extra field", lambda: {**act({"kind": "roll"}), "note": big}),
        ("1,000,000 keys", lambda: act({"kind": "roll", **{f"k{i}": i for i in range(1_000_000)}})),
        (
            "1,000,000 cards",
            lambda: act({"kind": "discard", "cards": {f"r{i}": 1 for i in range(1_000_000)}}),
        ),
        ("1,000,000 items", lambda: act({"kind": "play_year_of_plenty", "resources": ["ore"] * 1_000_000})),
        ("1,000,000 top-level keys", lambda: {f"k{i}": i for i in range(1_000_000)}),
        ("1,000-deep action", lambda: act(_nested(1_000, 3))),
        ("1,000-deep message", lambda: _nested(1_000, act({"kind": "roll"}))),
        ("1,000-deep cards", lambda: act({"kind": "discard", "cards": _nested(1_000, {"ore": 1})})),
        ("huge version", lambda: {"type": "act", "version": 10**5000, "action": {"kind": "roll"}}),
        ("huge id", lambda: act({"kind": "build_road", "edge": 10**5000})),
    ]


@pytest.mark.parametrize("case", range(14))
def test_oversized_and_deep_messages_are_refused_and_change_nothing(
    case: int, caplog: pytest.LogCaptureFixture
) -> None:
    game = staged_game(phase="roll", hands={"Ada": {"ore": 4}})
    w = CatanWidget(game, SOLO)
    cases = _oversized(w.state["version"])
    assert len(cases) == 14
    name, make = cases[case]
    msg = make()
    before, state = game.to_json(), w.state
    with caplog.at_level(logging.INFO, logger="catan_widget"):
        assert w.handle_message(msg) is False, name
    assert game.to_json() == before, name
    assert w.state["version"] == state["version"] + 1
    assert _refusal_ok(w.state["error"]), (name, w.state["error"][:500])
    logged = [r.getMessage() for r in caplog.records if r.name == "catan_widget"]
    assert logged
    assert all(len(line) <= 1000 for line in logged), "the log quotes the message, bounded"
    assert send(w, {"kind": "roll"}), "the widget still plays"


def test_a_huge_settings_value_is_refused_with_a_short_error() -> None:
    w = CatanWidget(staged_game(), SOLO)
    for value in ("x" * 10_000_000, list(range(1_000_000)), _nested(1_000, 1), 10**5000):
        for name in ("bot_delay", "view", "theme", "show_pips", "bots_paused"):
            update(w, {name: value})
            assert _refusal_ok(w.state["error"]), w.state["error"][:300]
    assert (w.bot_delay, w.view, w.theme, w.show_pips, w.bots_paused) == (0.6, None, "auto", False, False)


# --- a huge hand to discard -------------------------------------------------------------------
def test_discarding_from_a_95_card_hand_keeps_legal_small() -> None:
    hand = dict.fromkeys(("lumber", "brick", "wool", "grain", "ore"), 19)
    game = staged_game(phase="roll", hands={"Ada": hand})
    w = CatanWidget(game, SOLO)
    w.script_dice((3, 4))
    assert send(w, {"kind": "roll"})
    assert w.state["phase"] == "discard"
    assert w.legal["seat"] == 0
    assert w.legal["discard"] == 47
    assert "discard" not in w.legal["actions"]
    assert len(json.dumps(w.legal)) < 4000
    assert len(json.dumps(w.state)) < 4096
    assert not send(w, {"kind": "discard", "cards": {"ore": 19, "wool": 19, "grain": 10}})
    assert "47" in w.state["error"]
    assert send(w, {"kind": "discard", "cards": {"ore": 19, "wool": 19, "grain": 9}})
    assert game.players[0].resource_count == 48
    assert w.legal["discard"] == 0


# --- seeded fuzz ------------------------------------------------------------------------------
_KINDS = [
    "roll", "end_turn", "build_road", "build_settlement", "build_city", "buy_development_card",
    "play_knight", "play_road_building", "play_year_of_plenty", "play_monopoly", "move_robber",
    "discard", "maritime_trade", "offer_trade", "accept_trade", "decline_trade", "counter_trade",
    "confirm_trade", "cancel_trade", "undo", "set_view", "toggle_pips", "set_bot_delay", "",
]  # fmt: skip
_FIELDS = ["kind", "edge", "node", "hex", "victim", "player", "resource", "resources", "give", "get",
           "want", "to", "cards", "seat", "version", "type", "action"]  # fmt: skip


def _junk(rng: random.Random, depth: int = 0) -> Any:
    """A random JSON-like value (sometimes plausible, mostly not)."""
    roll = rng.random()
    if depth > 3 or roll < 0.45:
        return rng.choice(
            [
                None, True, False, 0, -1, 1, 3, 7, 17, 53, 54, 71, 72, 10**20, -(10**20), 1.5, math.nan,
                math.inf, "", "ore", "wool", "gold", "roll", "x" * rng.randrange(200), "\u202e\x00\n",
                rng.randrange(-5, 100), rng.choice(_KINDS),
            ]
        )  # fmt: skip
    if roll < 0.7:
        return [_junk(rng, depth + 1) for _ in range(rng.randrange(6))]
    keys = rng.sample(_FIELDS, rng.randrange(1, 5))
    return {k: _junk(rng, depth + 1) for k in keys}


def _mutate(rng: random.Random, action: dict[str, Any]) -> Any:
    out = dict(action)
    choice = rng.randrange(5)
    if choice == 0 and len(out) > 1:
        out.pop(rng.choice([k for k in out if k != "kind"]))
    elif choice == 1:
        out[rng.choice(list(out))] = _junk(rng)
    elif choice == 2:
        out[rng.choice(_FIELDS)] = _junk(rng)
    elif choice == 3:
        out["kind"] = rng.choice(_KINDS)
    else:
        return _junk(rng)
    return out


def _settings_update(rng: random.Random, n_seats: int) -> dict[Any, Any]:
    good: dict[str, list[Any]] = {
        "bot_delay": [0, 0.0, 0.001],
        "view": [None, -1, *range(n_seats)],
        "show_pips": [True, False],
        "theme": ["auto", "light", "dark"],
        "bots_paused": [False],
    }
    out: dict[Any, Any] = {}
    for _ in range(rng.randrange(1, 3)):
        if rng.random() < 0.5:
            name = rng.choice(list(good))
            out[name] = rng.choice(good[name])
        else:
            name = rng.choice([*good, "state", "legal", "board", "layout", "_esm", "junk"])
            out[name] = _junk(rng)
    return out


def test_fuzzing_messages_and_settings_during_a_bot_game() -> None:
    async def scenario() -> dict[str, int]:
        rng = random.Random(20240601)
        counts = {"accepted": 0, "refused": 0, "settings": 0, "games": 1}
        w = CatanWidget(Game(players=NAMES, seed=31), SOLO, bot_delay=0)
        sent: list[Any] = []
        for _ in range(2_000):
            if rng.random() < 0.3:
                await asyncio.sleep(0)  # the bots move in between
            if w.game.is_over:
                w.game = Game(players=NAMES, seed=rng.randrange(10**6))
                counts["games"] += 1
            game, version = w.game, w.state["version"]
            settings = (w.bot_delay, w.view, w.show_pips, w.theme, w.bots_paused)
            before = game.to_json()
            r = rng.random()
            if r < 0.15:
                data = _settings_update(rng, len(NAMES))
                update(w, data)
                counts["settings"] += 1
                error = w.state["error"]
                if error is not None:
                    assert _refusal_ok(error), error
                    bad = [
                        k for k in data if k not in ("bot_delay", "view", "show_pips", "theme", "bots_paused")
                    ]
                    if len(data) == 1 and bad:
                        assert (w.bot_delay, w.view, w.show_pips, w.theme, w.bots_paused) == settings
                assert game.to_json() == before, "settings never change the game"
                continue
            legal = unpack_actions(w.legal["actions"]) or [{"kind": "end_turn"}]
            action = rng.choice(legal)
            if r < 0.40:
                msg = intent(w, action)  # legal, when a human may act
            elif r < 0.50:
                msg = intent(w, action, version=version + rng.choice([-3, -1, 1, 2, 10**9]))
            elif r < 0.60 and sent:
                msg = rng.choice(sent)  # replayed
            elif r < 0.80:
                msg = intent(w, _mutate(rng, action))
            elif r < 0.90:
                msg = {"type": "act", "version": version, "action": _junk(rng)}
            else:
                msg = _junk(rng)
            sent.append(msg)
            deliver(w, msg)
            assert w.state["version"] == version + 1, "every message gets exactly one answer"
            assert w.legal["version"] == w.state["version"]
            error = w.state["error"]
            if error is None:
                counts["accepted"] += 1
            else:
                counts["refused"] += 1
                assert _refusal_ok(error), error
                assert not error.startswith("Internal error"), error
                assert game.to_json() == before, f"refused but changed: {msg!r:.200}"
            if rng.random() < 0.05:
                w.advance_bots(max_moves=rng.randrange(1, 20))
        w.close()
        return counts

    counts = asyncio.run(scenario())
    assert counts["accepted"] >= 50, counts
    assert counts["refused"] >= 500, counts
    assert counts["settings"] >= 100, counts
