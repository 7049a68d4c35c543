"""Issue "untrusted input", the widget's part, from the front-end: oversized and deeply nested
messages, a huge settings value, a huge hand to discard, and a seeded fuzz of everything the
front-end can send during a bot game.  Whatever arrives, the game changes only through a legal
move, no exception escapes, and every refusal says why in a short printable sentence.
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

from catan_widget import CatanWidget, Game
from catan_widget.widget.view import unpack_actions

from .helpers import (
    NAMES,
    SOLO,
    deliver,
    intent,
    refusal_ok,
    send,
    staged_game,
    update,
)


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
    assert refusal_ok(w.state["error"]), (name, w.state["error"][:500])
    logged = [r.getMessage() for r in caplog.records if r.name == "catan_widget"]
    assert logged
    assert all(len(line) <= 1000 for line in logged), "the log quotes the message, bounded"
    assert send(w, {"kind": "roll"}), "the widget still plays"


def test_a_huge_settings_value_is_refused_with_a_short_error() -> None:
    w = CatanWidget(staged_game(), SOLO)
    for value in ("x" * 10_000_000, list(range(1_000_000)), _nested(1_000, 1), 10**5000):
        for name in ("bot_delay", "view", "theme", "show_pips", "bots_paused"):
            update(w, {name: value})
            assert refusal_ok(w.state["error"]), w.state["error"][:300]
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


class _TickingClock:
    """A ``time`` whose clock moves half a millisecond at every reading.  With the bots' pause
    taken in turns of the event loop (``STEP`` 0), the fuzzed game is the same on a fast machine
    and a loaded one: a ``bot_delay`` of 1 ms (among the fuzzed settings) lets the messages in
    between the bots' moves, 0 lets the bots move until a human must act.  On the real clock
    that pause lasted a number of the loop's turns that depended on the machine, and the human's
    accepted moves varied from 49 to 351.
    """

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        self.now += 0.0005
        return self.now


def test_fuzzing_messages_and_settings_during_a_bot_game(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = _TickingClock()
    monkeypatch.setattr("catan_widget.widget.runner.time", clock)
    monkeypatch.setattr("catan_widget.widget.offers.time", clock)
    monkeypatch.setattr("catan_widget.widget.runner.STEP", 0.0)  # a pause is one turn of the loop

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
            if not w.legal["actions"] and rng.random() < 0.2:  # the human's turns come whatever the clock
                w.advance_bots(max_moves=rng.randrange(1, 20))
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
                    assert refusal_ok(error), error
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
                assert refusal_ok(error), error
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
