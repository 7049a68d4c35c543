"""A kernel interrupt during a bot's move leaves the game whole and pauses the bots with a
notice; a thread stepping the game while the widget's bots play corrupts nothing.
"""

from __future__ import annotations

import threading
from typing import Any

from tracing import interrupted_at, traced_lines

from catan_widget import CatanWidget, Game
from catan_widget.engine.language import words
from catan_widget.widget.widget import bot_interrupted

from .helpers import NAMES


def _interrupt_at(k: int, fn: Any) -> None:
    interrupted_at(k, fn)  # one outside the bot's move (in the widget's drawing) leaves it whole too


def _bots_only(seed: int) -> tuple[Game, CatanWidget]:
    game = Game(players=NAMES, seed=seed).play(bots="greedy", until=lambda g: len(g.history) >= 40)
    return game, CatanWidget(game, dict.fromkeys(NAMES, "bot"), bot="greedy")


def test_an_interrupt_anywhere_in_a_bot_move_pauses_the_bots_and_leaves_the_game_whole() -> None:
    game, w = _bots_only(3)
    start, mover = game.to_json(), game.current_seat
    probe = CatanWidget(game.fork(), dict.fromkeys(NAMES, "bot"), bot="greedy")
    lines = traced_lines(probe.play_one_bot_move)
    probe.close()
    done = game.fork()
    done.play(bots="greedy", max_steps=1)
    after = done.to_json()
    w.close()
    paused = 0
    for k in range(1, lines + 1, max(1, lines // 60)):
        g = Game.from_json(start)
        w = CatanWidget(g, dict.fromkeys(NAMES, "bot"), bot="greedy")
        _interrupt_at(k, w.play_one_bot_move)
        assert g.to_json() in (start, after), k
        if w.bots_paused:  # the move whole or not at all: the notice names the bot that moved
            paused += 1
            assert w.state["error"] == words(bot_interrupted(g.names[mover]))
            w.bots_paused = False  # "Resume bots": the game goes on
            assert w.state["error"] is None
        assert w.advance_bots(max_moves=5) == 5
        w.close()
    assert paused >= 3  # interrupts that landed in the bot move itself (most land in drawing)


def test_a_thread_stepping_while_the_widgets_bots_play_corrupts_nothing() -> None:
    game, w = _bots_only(4)
    errors: list[BaseException] = []

    def cell() -> None:
        try:
            game.play(bots="random", max_steps=400)
        except BaseException as exc:
            errors.append(exc)

    thread = threading.Thread(target=cell)
    thread.start()
    while thread.is_alive() and not game.is_over:
        w.advance_bots(max_moves=3)
        if w.bots_paused:  # a bot's pick overtaken by the thread's move: refused, unchanged
            w.bots_paused = False
    thread.join(timeout=60)
    assert not thread.is_alive()
    assert errors == []
    w.advance_bots()
    assert game.is_over
    text = game.to_json()
    assert Game.from_json(text).to_json() == text
    assert w.summary  # the end of the game is explained, replayed from a whole history
    w.close()
