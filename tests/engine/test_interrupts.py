"""A step is all or nothing: an exception at any point of it leaves the game exactly as it was
before the step or exactly as it is after it, byte for byte when saved.

A kernel interrupt is a ``KeyboardInterrupt`` raised between any two bytecodes.  Three ways in:

* a trace function raises it before the k-th line run by one step, for k spread from the
  step's first line to its last (the interpreted code: all of it on the pure engine, the wrappers
  on the compiled one);
* a real timer signal during ``play`` and replays, in a child process (an abort of the compiled
  engine would show as a negative return code there, instead of killing the test run);
* a second signal while the first interrupted step is being taken back.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from types import FrameType
from typing import Any

import pytest
from tracing import interrupted_at, spread, traced_lines

from catan_widget import Game, RollDice
from catan_widget.engine.actions import action_from_dict, action_to_dict
from catan_widget.engine.rules import atomic

from .helpers import TradingBot, staged

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _positions() -> list[tuple[Game, Callable[[Game], None] | None, int]]:
    """Positions of a seeded game with trades, one per kind of action taken there: the game
    forked before it, and either the action's index among the legal ones or (for an offer or
    counter-offer, which are not listed) the action itself.
    """
    game = Game(seed=12)
    bots = [TradingBot(120 + p, 0.3) for p in range(4)]
    seen: dict[str, tuple[Game, Callable[[Game], None] | None, int]] = {}
    while not game.is_over and len(game.history) < 600:
        legal = game.legal_actions()
        action = bots[game.current_seat].choose(game, legal)
        kind = type(action).__name__
        if kind not in seen:
            index = next((i for i, a in enumerate(legal) if a is action), -1)
            offer = (lambda g, a=action: g.step(a)) if index < 0 else None
            seen[kind] = (game.fork(), offer, index)
        game.step(action)
    assert len(seen) >= 10, sorted(seen)
    return list(seen.values())


def _sweep(before: Game, act: Callable[[Game], None], points: int = 40) -> int:
    """Interrupt ``act`` on forks of ``before`` at evenly spread trace events; every game left
    must save as the game before or the game after.  Returns how many were interrupted."""
    start = before.to_json()
    done = before.fork()
    act(done)
    end = done.to_json()
    total = traced_lines(lambda: act(before.fork()))
    ks = sorted({1 + (total - 1) * i // (points - 1) for i in range(points)} | {2, 3, total - 1})
    interrupted = 0
    for k in ks:
        g = before.fork()
        hit = interrupted_at(k, lambda g=g: act(g))
        interrupted += hit
        saved = g.to_json()
        assert saved in (start, end), (k, total)
        if hit:
            assert Game.from_json(saved).to_json() == saved
    return interrupted


def _listed(index: int) -> Callable[[Game], None]:
    def act(g: Game) -> None:
        g.step(g.legal_actions()[index])  # the listed path: applied without a second check

    return act


def _checked(index: int) -> Callable[[Game], None]:
    def act(g: Game) -> None:
        listed = g.fork().legal_actions()  # listed on a copy: nothing listed for g itself
        action = action_from_dict(action_to_dict(listed[index]))
        g.step(action)  # the checked path

    return act


@pytest.mark.parametrize("path", ["listed", "checked"])
def test_an_interrupt_at_any_point_of_a_step_leaves_the_game_before_or_after_it(path: str) -> None:
    interrupted = 0
    for before, offer, index in _positions():
        if offer is not None:
            interrupted += _sweep(before, offer, points=20)
        else:
            interrupted += _sweep(before, (_listed if path == "listed" else _checked)(index))
    assert interrupted > 100


def test_an_interrupted_scripted_roll_and_a_staged_position_are_whole() -> None:
    game = staged(hands={"Ada": {"ore": 5, "grain": 4}, "Bo": {"wool": 9}}, phase="roll")
    assert _sweep(game, lambda g: g.step(RollDice(), dice=(3, 4)), points=30) > 10  # a 7: discards
    placed = {"settlements": {"Ada": [12], "Bo": [40]}, "roads": {"Ada": [17]}}
    assert _sweep(Game(seed=3), lambda g: g.stage(**placed), points=30) > 10


def test_a_second_signal_while_a_step_is_taken_back_waits_until_the_game_is_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class SecondSignalError(Exception):
        pass

    def second(signum: int, frame: FrameType | None) -> None:
        raise SecondSignalError

    replay = atomic.replayed_state

    def signalled_replay(*args: Any) -> Any:
        os.kill(os.getpid(), signal.SIGUSR1)  # arrives mid-rebuild: held until the game is whole
        for _ in range(1000):  # give the handler bytecodes to run on
            pass
        return replay(*args)

    game = Game(seed=4).play(bots="random", until=lambda g: len(g.history) >= 200)
    start = game.to_json()
    action = game.legal_actions()[0]
    done = game.fork()
    done.step(action)
    after = done.to_json()
    lines = traced_lines(lambda: game.fork().step(action))
    old = signal.signal(signal.SIGUSR1, second)
    taken_back = 0
    try:
        monkeypatch.setattr(atomic, "replayed_state", signalled_replay)
        for k in range(1, lines + 1):
            g = game.fork()
            g.legal_actions()
            try:
                interrupted_at(k, lambda g=g: g.step(action))
            except SecondSignalError:
                taken_back += 1  # the second signal, handled once the game was whole again
            assert g.to_json() in (start, after)
    finally:
        signal.signal(signal.SIGUSR1, old)
    assert signal.getsignal(signal.SIGUSR1) is old
    assert taken_back > 0


def test_after_an_interrupt_another_thread_can_step_the_game() -> None:
    game = Game(seed=5).play(bots="random", until=lambda g: len(g.history) >= 100)
    action = game.legal_actions()[0]
    assert interrupted_at(10, lambda: game.step(action))
    worker = threading.Thread(target=lambda: game.play(bots="random", until=lambda g: len(g.history) >= 150))
    worker.start()
    worker.join(timeout=60)
    assert not worker.is_alive()
    assert len(game.history) == 150


CHILD = """
import random, signal, sys
from catan_widget import Game, _native
signal.signal(signal.SIGALRM, signal.default_int_handler)
rng = random.Random(int(sys.argv[1]))
hits = 0
for seed in range(int(sys.argv[2])):
    bots = ["greedy", "random"][seed % 2]
    game = Game(seed=seed, board="random")
    try:
        try:
            signal.setitimer(signal.ITIMER_REAL, rng.uniform(0.0005, 0.02))  # may fire at once
            game.play(bots=bots)
            Game.from_json(game.to_json())
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except KeyboardInterrupt:
        hits += 1
    text = game.to_json()
    again = Game.from_json(text)
    assert again.to_json() == text, seed
    whole = Game(seed=seed, board="random").play(bots=bots, max_steps=len(game.history))
    assert whole.history == game.history, seed  # interrupted games stop on the same path
print(_native.COMPILED, hits)
"""


def test_real_signals_during_play_and_replay_never_tear_or_abort() -> None:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, "7", "40"],
        check=False,
        capture_output=True,
        text=True,
        timeout=600,
        cwd=REPO,
    )
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    hits = int(done.stdout.split()[-1])
    assert hits >= 10, done.stdout


def test_an_interrupted_observation_leaves_card_counting_whole() -> None:
    """An interrupt while a seat's card counting catches up (inside ``observe``) must not tear
    the counts: every observation after it equals that of a fresh copy of the game.
    """
    game = Game(seed=12)
    bots = [TradingBot(120 + p, 0.3) for p in range(4)]
    interrupted = 0
    for moves in range(400):
        if game.is_over:
            break
        if moves % 40 == 39:  # catch up with 40 moves' events at once, interrupted
            seat = moves // 40 % 4
            copy = game.fork()
            total = traced_lines(lambda g=copy, s=seat: g.observe(s))
            for k in spread(total, 12):
                g = game.fork()
                interrupted += interrupted_at(k, lambda g=g, s=seat: g.observe(s))
                assert g.observe(seat).to_json() == game.fork().observe(seat).to_json(), k
        game.step(bots[game.current_seat].choose(game, game.legal_actions()))
    assert interrupted >= 20
