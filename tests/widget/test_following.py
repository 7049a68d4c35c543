"""Bots you can follow and the next game (issue 20, items 6 and 7): ``state.since`` says what the
others did since the viewer last moved in the engine's words; while the front-end says a dialog of
the viewer's own is open the bots wait (at most ``READING_HOLD`` seconds); "New game" starts the
next game at the same table, seeded from the old game's seed.
"""

from __future__ import annotations

import asyncio
import logging

import pytest

from catan_widget import CatanWidget, Game
from catan_widget.engine.words.since import since_last_turn
from catan_widget.widget.rematch import next_seed
from catan_widget.widget.runner import READING_HOLD

from .helpers import NAMES, SOLO, deliver, send, wait_until
from .test_offers import _bo_trades


def _after_the_bots(seed: int = 3) -> CatanWidget:
    game = Game(players=NAMES, seed=seed)
    game.play(bots="greedy", until=lambda g: g.turn > 30 and g.current_seat == 0 and g.phase == "roll")
    return CatanWidget(game, SOLO, bot_delay=0)


def test_since_says_what_the_others_did_in_the_engines_words() -> None:
    w = _after_the_bots(10)  # Ada answered no offer in Bo's turn: each bot's turn is new to her
    since = w.state["since"]
    obs = w.game.observe(0, shown=True)
    assert obs.shown is not None
    assert since["text"] == list(since_last_turn(obs.shown.recent, obs.names, 0))
    assert [line.split(" ")[0] for line in since["text"]] == ["Bo", "Cy", "Di"]
    first = w.state["log"][since["from"]]
    assert first.startswith("Bo rolled"), "from: the first line it sums up"
    assert all(not line.startswith("Ada") for line in w.state["log"][since["from"] :])
    assert send(w, {"kind": "roll"})
    assert w.state["since"] is None, "once Ada has moved, nothing is new"


def test_the_bots_wait_while_the_viewer_reads_a_dialog_of_their_own() -> None:
    game = Game(players=NAMES, seed=4, first="Ada")
    w = CatanWidget(game, SOLO, bot_delay=0.2)
    send(w, {"kind": "build_settlement", "node": w.legal["actions"]["build_settlement"]["node"][0]})
    send(w, {"kind": "build_road", "edge": w.legal["actions"]["build_road"]["edge"][0]})
    assert game.current_seat != 0
    deliver(w, {"type": "dialog", "open": True})
    held = w.bot_delay_now()
    assert held is not None
    assert READING_HOLD - 1 < held <= READING_HOLD, "held, and never longer than READING_HOLD"
    deliver(w, {"type": "dialog", "open": False})
    free = w.bot_delay_now()
    assert free is not None
    assert free <= 0.2, "closed: the bots' own pace again"


def test_on_a_running_loop_no_bot_moves_while_the_dialog_is_open() -> None:
    async def scenario() -> tuple[int, int, bool]:
        game = Game(players=NAMES, seed=4, first="Ada")
        w = CatanWidget(game, SOLO, bot_delay=0.05)
        deliver(w, {"type": "dialog", "open": True})
        send(w, {"kind": "build_settlement", "node": w.legal["actions"]["build_settlement"]["node"][0]})
        send(w, {"kind": "build_road", "edge": w.legal["actions"]["build_road"]["edge"][0]})
        before = len(game.history)
        await asyncio.sleep(0.5)
        during = len(game.history)
        deliver(w, {"type": "dialog", "open": False})
        moved = await wait_until(lambda: len(game.history) > during, 5)
        w.close()
        return before, during, moved

    before, during, moved = asyncio.run(scenario())
    assert during == before, "no bot moved while Ada read her dialog"
    assert moved, "the bots went on once it closed"


@pytest.mark.parametrize(
    ("msg", "words"),
    [
        ({"type": "dialog", "open": "yes"}, "open must be true or false"),
        ({"type": "dialog"}, "exactly the fields open, type"),
        ({"type": "dialog", "open": True, "seat": 1}, "exactly the fields open, type"),
        ({"type": "new_game"}, "exactly the fields type, version"),
        ({"type": "new_game", "version": "1"}, "whole-number version"),
    ],
)
def test_a_malformed_dialog_or_new_game_message_is_refused_and_logged(
    msg: dict[str, object], words: str, caplog: pytest.LogCaptureFixture
) -> None:
    w = CatanWidget(Game(players=NAMES, seed=1, first="Ada"), SOLO)
    version = w.state["version"]
    with caplog.at_level(logging.WARNING, logger="catan_widget"):
        deliver(w, msg)
    assert words in w.state["error"]
    assert w.state["version"] > version
    assert any(words in r.getMessage() for r in caplog.records)
    assert w._runner.delay_now() is None, "Ada acts: no bot is held or released"


def test_new_game_starts_the_next_game_at_the_same_table_from_the_seed() -> None:
    def finished(seed: int) -> CatanWidget:
        game = Game(players=NAMES, seed=seed, board="random")
        w = CatanWidget(game, {**SOLO, "Cy": "random"}, bot_delay=0)
        game.play(bots="greedy")
        return w

    w, again = finished(8), finished(8)
    old = w.game
    refused = CatanWidget(Game(players=NAMES, seed=8), SOLO)
    deliver(refused, {"type": "new_game", "version": refused.state["version"]})
    assert "not over" in refused.state["error"]
    deliver(w, {"type": "new_game", "version": w.state["version"] - 1})
    assert w.game is old, "a stale New game is refused"
    deliver(w, {"type": "new_game", "version": w.state["version"]})
    assert w.game is not old
    assert w.game.seed == next_seed(8)
    assert (w.game.names, w.game.board_kind, w.game.rules) == (old.names, "random", old.rules)
    assert w._kinds == again._kinds, "the same seats: Ada human, Cy the random bot"
    assert w.state["phase"] == "setup_settlement"
    assert w.state["error"] is None
    assert again.new_game().to_json() == w.game.to_json(), "the same seed gives the same next game"
    assert w.new_game().seed == next_seed(next_seed(8))


def test_an_offers_countdown_keeps_running_while_a_dialog_is_open() -> None:
    _, w = _bo_trades({"wool": 1}, offer_timeout=5)
    w.advance_bots(max_moves=1)  # Bo's offer waits on Ada: a countdown runs
    deliver(w, {"type": "dialog", "open": True})
    left = w._runner.decline_in()
    assert left is not None
    assert 0 < left <= 5, "the dialog does not stop the countdown (it is Ada's time to answer)"


def test_compact_is_set_from_python_only() -> None:
    w = CatanWidget(Game(players=NAMES, seed=1), SOLO, compact=True)
    assert w.compact is True
    assert not CatanWidget(Game(players=NAMES, seed=1), SOLO).compact
    w.set_state({"compact": False})
    assert w.compact is True, "the front-end may not change it"
    assert "compact" in w.state["error"]
