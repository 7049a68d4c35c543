"""Bots wait for people, within bounds (issue 44): the reading hold has a cap per turn that no
sequence of ``dialog`` intents can extend or restart, the host can end it, and a human seat
left idle past the host's ``idle_timeout`` is handed to a bot.  Every wait runs on a fake clock.
"""

from __future__ import annotations

import asyncio
import random

import pytest

from catan_widget.table import Table
from catan_widget.widget.runner import READING_HOLD

from .helpers import TOKENS, Client, choose, new_table


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _to_a_bots_turn(table: Table, humans: list[Client]) -> None:
    rng = random.Random(2)
    for _ in range(200):
        if table.game.current_seat not in table.humans:
            return
        mover = next(c for c in humans if c.my_turn())
        mover.act(choose(mover, rng))
    raise AssertionError("no bot's turn came")


def _dialog(client: Client, opened: bool) -> None:
    assert client.send({"type": "intent", "body": {"type": "dialog", "open": opened}}) == []


def test_closing_and_opening_a_dialog_again_never_restarts_the_hold() -> None:
    clock = Clock()
    table = new_table(seed=4, clock=clock, bot_delay=0.5)
    ada, bo = Client(table, TOKENS["0"]), Client(table, TOKENS["1"])
    _to_a_bots_turn(table, [ada, bo])
    _dialog(ada, True)
    assert table.bot_delay_now() == pytest.approx(READING_HOLD)
    waited = 0.0
    for _ in range(20):  # the stall of issue 44: close and open again every 10 s, forever
        clock.now += 10
        waited += 10
        _dialog(ada, False)
        _dialog(bo, True)  # another seat's dialog does not start a hold of its own either
        _dialog(ada, True)
        delay = table.bot_delay_now()
        assert delay is not None
        assert delay <= max(0.0, READING_HOLD - waited) + 1e-9
    assert table.bot_delay_now() == 0.0, "the turn's hold is spent: the bot moves"


def test_a_dialog_left_open_holds_the_bots_at_most_the_cap_and_a_new_turn_has_its_own() -> None:
    clock = Clock()
    table = new_table(seed=4, clock=clock, bot_delay=0.5)
    ada, bo = Client(table, TOKENS["0"]), Client(table, TOKENS["1"])
    _to_a_bots_turn(table, [ada, bo])
    _dialog(ada, True)
    clock.now += READING_HOLD / 2
    assert table.bot_delay_now() == pytest.approx(READING_HOLD / 2)
    clock.now += READING_HOLD
    assert table.bot_delay_now() == 0.0
    table.play_one_bot_move()  # whatever the bot does, it is the same turn or a later one
    turn = table.game.turn
    while table.game.turn == turn and table.game.current_seat not in table.humans:
        table.play_one_bot_move()
        clock.now += 1
    if table.game.current_seat not in table.humans:  # a bot's new turn: a hold of its own
        assert table.bot_delay_now() == pytest.approx(READING_HOLD)


def test_the_host_ends_the_hold() -> None:
    clock = Clock()
    table = new_table(seed=4, clock=clock, bot_delay=0.5)
    ada, bo = Client(table, TOKENS["0"]), Client(table, TOKENS["1"])
    _to_a_bots_turn(table, [ada, bo])
    _dialog(ada, True)
    assert table.bot_delay_now() == pytest.approx(READING_HOLD)
    table.unpause()
    assert table.bot_delay_now() == pytest.approx(0.5), "only the bots' own pause is left"
    _dialog(ada, False)
    _dialog(ada, True)
    assert table.bot_delay_now() == pytest.approx(0.5), "not again this turn"


def test_an_idle_human_seat_is_handed_to_a_bot_after_the_hosts_timeout() -> None:
    clock = Clock()
    table = new_table(seed=4, clock=clock, idle_timeout=120)
    ada, bo = Client(table, TOKENS["0"]), Client(table, TOKENS["1"])
    seat = table.game.current_seat
    assert seat in table.humans
    assert table.check_idle() is None
    clock.now += 119
    assert table.check_idle() is None
    clock.now += 1
    assert table.check_idle() == seat
    assert table.kinds[seat] == "bot"
    assert table.tokens.seat(seat) == TOKENS[str(seat)], "the link stays: the host can give it back"
    me = ada if seat == 0 else bo
    assert me.closed == [], "and the player still sees the seat"
    table.give_to_human(seat)
    assert table.kinds[seat] == "human"
    with pytest.raises(ValueError, match="idle_timeout"):
        table.idle_timeout = -1


def test_a_move_restarts_the_idle_clock_and_none_means_never() -> None:
    clock = Clock()
    table = new_table(seed=4, clock=clock, idle_timeout=60)
    ada, bo = Client(table, TOKENS["0"]), Client(table, TOKENS["1"])
    rng = random.Random(3)
    table.check_idle()
    clock.now += 50
    mover = next(c for c in (ada, bo) if c.my_turn())
    mover.act(choose(mover, rng))
    table.advance_bots()
    table.check_idle()
    clock.now += 50
    assert table.check_idle() is None, "50 s since the last move"
    table.idle_timeout = None
    clock.now += 10_000
    assert table.check_idle() is None
    assert all(table.kinds[s] == "human" for s in (0, 1))


def test_on_a_running_loop_the_table_checks_by_itself() -> None:
    async def main() -> None:
        table = new_table(seed=4, idle_timeout=0.05)
        Client(table, TOKENS["0"])
        seat = table.game.current_seat
        table.start()
        try:
            for _ in range(200):  # bounded: at most 10 s
                if table.kinds[seat] == "bot":
                    break
                await asyncio.sleep(0.05)
            assert table.kinds[seat] == "bot"
        finally:
            table.close()

    asyncio.run(asyncio.wait_for(main(), 30))
