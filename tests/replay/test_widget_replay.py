"""Replay in the widget: ``CatanWidget.replay``, the ``replay_at`` setting, the timeline and
summary traits, card counting behind ``show_counting``, and the ids toggle."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from catan_widget import RESOURCES, CatanWidget, Game
from catan_widget import timeline as timeline_module
from catan_widget.plots import summary_data
from catan_widget.timeline import CHECKPOINT, Timeline
from catan_widget.widget.view import LOG_TAIL
from tests.widget.helpers import SOLO, intent, update, wire_bytes

BUDGET = 4096


@pytest.fixture(scope="module")
def finished() -> Game:
    return Game(seed=3).play(bots="greedy")


def test_replay_shows_every_position_and_never_changes_the_game(finished: Game) -> None:
    saved = finished.to_json()
    w = CatanWidget.replay(finished)
    assert w.replay_at == len(finished.history)
    assert w.timeline["length"] == len(finished.history)
    assert w.timeline["locked"] is True
    timeline = Timeline(finished)
    for at in (0, 1, 57, 200, 199, len(finished.history)):
        w.replay_at = at
        shown = timeline.view_at(at)
        assert w.state["turn"] == shown.turn
        assert w.state["phase"] == shown.phase
        assert w.state["dice_counts"] == list(shown.state.dice_counts)
        assert w.state["log"] == shown.log_for(-1)[-LOG_TAIL:]
        assert w.legal["actions"] == {}
    assert not w.handle_message(intent(w, {"type": "roll_dice"}))
    assert "replay" in w.state["error"]
    update(w, {"replay_at": None})  # a replay-only widget cannot leave the replay
    assert w.replay_at is not None
    assert finished.to_json() == saved


def test_replay_from_a_save_and_from_a_seat(finished: Game) -> None:
    w = CatanWidget.replay(finished.to_json(), at=0, viewer=1)
    assert w.replay_at == 0
    assert w.state["viewer"] == 1
    w.replay_at = 10_000  # clamped to the end
    assert w.replay_at == len(finished.history)
    with pytest.raises(Exception, match="replay_at"):
        w.replay_at = -1


def test_a_played_game_is_replayed_from_the_widget_and_resumed() -> None:
    game = Game(["Ada", "Bo", "Cy", "Di"], seed=4)
    w = CatanWidget(game, SOLO, bot_delay=0)
    w.advance_bots()
    history = list(game.history)
    update(w, {"replay_at": 0})
    assert w.replay_at == 0
    assert w.timeline["length"] == len(history)
    assert w.state["phase"] == "setup_settlement"
    assert w.legal["actions"] == {}
    assert w.bot_delay_now() is None
    assert game.history == history
    update(w, {"replay_at": "live"})
    assert w.replay_at == 0, "a bad value is refused"
    update(w, {"replay_at": None})
    assert w.replay_at is None
    assert w.timeline == {}
    assert w.legal["actions"], "back to the live game: the human may act again"


def test_the_end_of_a_game_explains_itself(finished: Game) -> None:
    w = CatanWidget(finished)
    data = w.summary
    assert data["winner"] == finished.winner.seat
    for p, row in zip(finished.players, data["players"]):
        assert row["total"] == p.victory_points
        assert row["luck"] == pytest.approx(row["produced"] - row["expected"], abs=0.06)
    assert data == summary_data(finished)
    w.replay_at = 0
    assert w.summary == {}, "no summary before the end"


def test_step_1500_of_a_long_game_costs_at_most_a_checkpoint_of_engine_steps(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Replay speed is work, not a clock: one step forward is one engine step, a step back at
    most :data:`CHECKPOINT` (timings: ``python bench/bench_widget_browser.py``).  The steps are
    counted as the timeline's replay (the engine's one replay) yields them."""
    game = Game(seed=59).play(bots="random")
    assert len(game.history) > 1500
    w = CatanWidget.replay(game, at=1400)
    steps = 0
    original = timeline_module.replay_onto

    def counting(g: Game, moves: Any) -> Iterator[Any]:
        nonlocal steps
        for move in original(g, moves):
            steps += 1
            yield move

    monkeypatch.setattr(timeline_module, "replay_onto", counting)
    forward = []
    for at in range(1401, 1501):
        before = steps
        w.replay_at = at
        forward.append(steps - before)
    before = steps
    w.replay_at = 1499  # a step back: from the checkpoint
    back = steps - before
    assert max(forward) <= 1
    assert 0 < back <= CHECKPOINT
    assert w.state["log"] == Timeline(game).log_for(-1, 1499)[-LOG_TAIL:]


def test_counting_is_the_observation_and_only_for_the_viewer() -> None:
    game = Game(seed=7).play(bots="greedy", until=lambda g: g.turn >= 30)
    w = CatanWidget(game, SOLO, viewer=0)  # no event loop here: the bots wait
    assert all("known" not in p for p in w.state["players"])
    w.show_counting = True
    obs = game.observe(0, legal=False)
    for info, shown in zip(obs.players, w.state["players"]):
        if info.seat == 0:
            assert "known" not in shown
            continue
        assert shown["unknown"] == info.unknown
        assert sum(shown["known"].values()) + shown["unknown"] == info.hand_size
        hand = game.state.hands[info.seat]
        assert all(n <= hand[r] for r, n in enumerate(info.known))
    assert wire_bytes(w.state) + wire_bytes(w.legal) <= BUDGET
    w.view = -1  # the teacher sees hands, not counting
    assert all("known" not in p for p in w.state["players"])


def test_show_ids_is_a_setting() -> None:
    w = CatanWidget(Game(seed=1), show_ids=True)
    assert w.show_ids is True
    update(w, {"show_ids": False})
    assert w.show_ids is False
    update(w, {"show_ids": "yes"})
    assert w.show_ids is False
    assert "show_ids" in w.state["error"]


@pytest.mark.parametrize("viewer", [0, 1, 2, 3])
def test_counting_never_shows_more_than_the_observation(viewer: int) -> None:
    game = Game(seed=12).play(bots="random", until=lambda g: len(g.history) >= 600)
    w = CatanWidget.replay(game, at=0, viewer=viewer)
    w.show_counting = True
    timeline = Timeline(game)
    for at in range(0, len(game.history) + 1, 23):
        w.replay_at = at
        obs = timeline.view_at(at).observe(viewer, legal=False)
        for info, shown in zip(obs.players, w.state["players"]):
            if info.seat == viewer:
                assert "known" not in shown
                continue
            assert shown.get("resources") is None, "an opponent's hand stays hidden"
            assert shown.get("dev_cards") is None
            assert shown["unknown"] == info.unknown
            assert shown["known"] == {r: n for r, n in zip(RESOURCES, info.known) if n}
