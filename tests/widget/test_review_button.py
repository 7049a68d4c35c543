"""The widget's game review: "Review this game" at the end of a game (a ``review`` message)
fills the ``review`` trait with each seat's win chance at every position, the accuracy, the key
moments and the graded moves with the better one, in the widget's language; on a running event
loop it works on a thread (the loop goes on: the bar moves, Cancel is heard). A malformed
message, or a review asked of a game not over, is refused and changes nothing.
"""

from __future__ import annotations

import asyncio

from catan_widget import CatanWidget, Game
from catan_widget.widget.reviewing import MARKED

from .helpers import NAMES, deliver

RUN = {"type": "review", "run": True}


def finished() -> CatanWidget:
    game = Game(NAMES, seed=21).play(bots="greedy")
    return CatanWidget(game, ["human", "bot", "bot", "bot"], bot_delay=0)


def test_the_review_of_a_finished_game_in_the_widget() -> None:
    w = finished()
    assert w.review == {}
    deliver(w, RUN)  # no running loop here: it runs at once
    r = w.review
    assert r["state"] == "done"
    n = len(w.game.history)
    assert len(r["chances"]) == n + 1
    assert all(len(row) == 4 and abs(sum(row) - 1) < 0.01 for row in r["chances"])
    assert r["chances"][-1][w.game.state.winner] > 0.9, "the winner's chance at the end"
    assert len(r["accuracy"]) == 4
    assert all(a is None or 0 <= a <= 100 for a in r["accuracy"])
    assert 3 <= len(r["moments"]) <= 5
    assert all(0 <= m["at"] < n and m["text"] for m in r["moments"])
    assert r["marks"], "a greedy game has moves to mark"
    for mark in r["marks"]:
        assert mark["grade"] in MARKED
        assert mark["best"]["kind"]
        played, better = mark["text"]
        assert played.startswith(w.game.names[mark["seat"]])
        assert better.startswith("Better: ")
    english = r["moments"][0]["text"]
    w.language = "ru"
    assert w.review["state"] == "done"
    assert w.review["moments"][0]["text"] != english, "worded again in the new language"
    assert w.review["marks"][0]["text"][1].startswith("Лучше")


def test_refused_review_messages_change_nothing() -> None:
    w = Game(NAMES, seed=21)
    live = CatanWidget(w, ["human", "bot", "bot", "bot"], bot_delay=0)
    version = live.state["version"]
    deliver(live, RUN)
    assert live.review == {}
    assert "not over" in live.state["error"]
    for bad in ({"type": "review"}, {"type": "review", "run": 1}, {"type": "review", "run": True, "x": 0}):
        deliver(live, bad)
        assert live.review == {}
        assert live.state["error"].startswith("Refused a review message")
    assert live.state["version"] > version  # each refusal answers with a new state, the game untouched
    assert len(w.history) == 0


def test_on_a_running_loop_the_review_works_on_a_thread_and_can_be_cancelled() -> None:
    w = finished()

    async def review_it(cancel: bool) -> list[str]:
        states: list[str] = []
        w.observe(lambda change: states.append(change["new"].get("state", "")), names="review")
        deliver(w, RUN)
        assert w.review["state"] == "running", "the loop is free while the review works"
        if cancel:
            deliver(w, {"type": "review", "run": False})
        for _ in range(600):
            await asyncio.sleep(0.05)
            if w.review.get("state") in ("done", "cancelled"):
                break
        return states

    states = asyncio.run(review_it(cancel=True))
    assert w.review["state"] == "cancelled", states
    states = asyncio.run(review_it(cancel=False))
    assert w.review["state"] == "done", states
    assert "running" in states
