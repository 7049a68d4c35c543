"""Two threads stepping one game take turns and never corrupt it.

Each step runs while no other thread steps the game (a per-game queue, see
``catan_widget.engine.rules.atomic``); a move a thread chose for a position the other thread has since
left is checked against the position it finds, and refused (changing nothing) when it no longer
fits.  With a switch interval of 2 µs the unprotected engine was corrupted within a few hundred
steps (negative hands, "road list does not match the board").
"""

from __future__ import annotations

import contextlib
import random
import sys
import threading
from collections.abc import Iterator

import pytest

from catan_widget import Game, IllegalActionError


@pytest.fixture
def fast_switching() -> Iterator[None]:
    old = sys.getswitchinterval()
    sys.setswitchinterval(2e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(old)


def _whole(game: Game) -> None:
    text = game.to_json()
    assert Game.from_json(text).to_json() == text  # the state follows from the recorded moves
    s = game.state
    assert [sum(col) for col in zip(s.bank, *s.hands)] == [19] * 5
    assert min(min(h) for h in s.hands) >= 0


def _run(threads: list[threading.Thread], errors: list[BaseException]) -> None:
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads)
    assert errors == []


def _stepper(
    game: Game,
    seed: int,
    steps: int,
    stepped: list[int],
    errors: list[BaseException],
    start: threading.Barrier,
) -> None:
    rng = random.Random(seed)
    try:
        start.wait(timeout=30)
        for _ in range(steps):
            if game.is_over:
                return
            legal = game.legal_actions()
            if not legal:
                return  # the other thread has just ended the game
            stepped.append(seed)  # an attempt; the game's history counts the steps made
            with contextlib.suppress(IllegalActionError):  # chosen for a position the other thread left
                game.step(rng.choice(legal))
    except BaseException as exc:
        errors.append(exc)


@pytest.mark.usefixtures("fast_switching")
def test_two_threads_stepping_one_game_never_corrupt_it() -> None:
    attempts = [0, 0]
    for seed in range(1, 7):
        game = Game(seed=seed, board="random")
        stepped: list[int] = []
        errors: list[BaseException] = []
        start = threading.Barrier(2)
        threads = [
            threading.Thread(target=_stepper, args=(game, k, 1500, stepped, errors, start)) for k in range(2)
        ]
        _run(threads, errors)
        _whole(game)
        attempts = [attempts[k] + stepped.count(k) for k in range(2)]
    assert min(attempts) > 100  # both threads were at it


@pytest.mark.usefixtures("fast_switching")
def test_a_thread_playing_while_another_steps_and_saves() -> None:
    game = Game(seed=3)
    errors: list[BaseException] = []
    saves: list[str] = []

    def play() -> None:
        try:
            game.play(bots="random")  # a pick overtaken by the other thread is chosen again
        except BaseException as exc:
            errors.append(exc)

    def save() -> None:
        try:
            saves.extend(game.to_json() for _ in range(40))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=play), threading.Thread(target=save)]
    threads.append(threading.Thread(target=_stepper, args=(game, 30, 800, [], errors, threading.Barrier(1))))
    _run(threads, errors)
    for text in saves[::8]:  # every save was taken between two steps: each loads exactly
        assert Game.from_json(text).to_json() == text
    _whole(game)
