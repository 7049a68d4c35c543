"""Private by construction: every frame a seat receives is built from that seat's observation
only, so no byte of it depends on another seat's hidden cards.

Along a seeded game, for each seat (and for a spectator), a copy of the position is made that
differs only in what that viewer cannot know (tests/engine/helpers.py ``redeal_hidden``, as the bots'
fairness test does): the others' unknown cards dealt again, the development cards and the
deck shuffled, the random state changed.  A table on each must send that viewer the same bytes:
the welcome and view on connecting, the answer to a move sent out of turn, and the frame after
a move of its own that draws nothing from chance.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

from engine.helpers import redeal_hidden  # tests/engine/helpers.py (pytest puts tests/ on the path)

from catan_widget import ONLOOKER, Game
from catan_widget.table import Table

from .helpers import NAMES, TOKENS, TWO_HUMANS, Client, choose, new_table

ALL_HUMANS = dict.fromkeys(NAMES, "human")
CHANCE = {"roll", "buy_development_card", "play_monopoly", "move_robber", "play_knight"}
"""Moves whose outcome draws on hidden cards or the dice (their frames may differ)."""
PROBES = [
    {"kind": "build_city", "node": 12},
    {"kind": "accept_trade"},
    {"kind": "discard", "cards": {"ore": 1}},
    {"kind": "end_turn"},
    {"kind": "maritime_trade", "give": "wool", "get": "ore"},
]
"""Moves sent out of turn: their refusals must not depend on anyone's hidden cards."""


def _hidden_elsewhere(game: Game, viewer: int, rng: random.Random) -> tuple[Game, bool]:
    """A fork differing from ``game`` only in what ``viewer`` (a seat or ONLOOKER) cannot know."""
    return redeal_hidden(game, viewer, rng)


def _positions(seed: int, steps: int) -> Iterator[Game]:
    """A seeded game played through a table by two humans and two bots, before each move."""
    table = new_table(seed=seed)
    rng = random.Random(seed)
    humans = [Client(table, TOKENS["0"]), Client(table, TOKENS["1"])]
    for _ in range(steps):
        table.advance_bots()
        if table.game.is_over:
            return
        yield table.game.fork()
        client = next(c for c in humans if c.my_turn())
        client.act(choose(client, rng))


def _table(game: Game) -> Table:
    return Table(game, ALL_HUMANS, table_id="t1", bot_delay=0, offer_timeout=None, tokens=TOKENS)


def _token(viewer: int) -> str:
    return TOKENS["spectator"] if viewer == ONLOOKER else TOKENS[str(viewer)]


def test_every_frame_to_a_seat_is_the_same_whatever_the_others_hold() -> None:
    rng = random.Random(22)
    compared = differed = moves = refusals = 0
    games = [(step, game) for seed in (22, 23) for step, game in enumerate(_positions(seed, 400))]
    for step, game in games:
        if step % 2:
            continue
        for viewer in (0, 1, 2, 3, ONLOOKER):
            alt, changed = _hidden_elsewhere(game, viewer, rng)
            real_table, alt_table = _table(game.fork()), _table(alt)
            real, other = Client(real_table, _token(viewer)), Client(alt_table, _token(viewer))
            assert real.frames == other.frames, (step, viewer, game.phase)
            compared += 1
            differed += changed
            if changed:  # the teacher sees every hand: the test can tell frames apart
                seen = Client(_table(game.fork()), TOKENS["teacher"]), Client(_table(alt), TOKENS["teacher"])
                assert seen[0].frames != seen[1].frames
            if viewer not in (game.current_seat, ONLOOKER):  # out of turn: refused alike
                probe = PROBES[step % len(PROBES)]
                real.act(probe)
                other.act(probe)
                assert real.frames == other.frames, (step, viewer, probe)
                refusals += 1
            if viewer == game.current_seat and real.my_turn():
                action = choose(real, random.Random(step))
                if action["kind"] not in CHANCE:
                    real.act(action)
                    other.act(action)
                    assert real.frames == other.frames, (step, viewer, action)
                    moves += 1
    assert compared > 400
    assert differed >= 30, "the test must see positions where the others' cards differ"
    assert moves >= 20, "and moves of the viewer's own"
    assert refusals >= 100, "and moves refused out of turn"


def test_no_frame_holds_a_token_or_another_seats_hand() -> None:
    table = new_table(seed=5)
    rng = random.Random(5)
    ada, bo = Client(table, TOKENS["0"]), Client(table, TOKENS["1"])
    spectator = Client(table, TOKENS["spectator"])
    teacher = Client(table, TOKENS["teacher"])
    for _ in range(600):
        table.advance_bots()
        if table.game.is_over:
            break
        client = ada if ada.my_turn() else bo
        client.act(choose(client, rng))
        if rng.random() < 0.05:  # a bad move now and then: its refusal is private too
            client.act({"kind": "build_city", "node": rng.randrange(54)})
    secrets = [*table.tokens.every()]
    hidden = ("resources", "dev_cards", "dev_new", "vp_hidden", "known", "unknown")
    for client, seat in ((ada, 0), (bo, 1), (spectator, None)):
        assert len(client.frames) > 100
        for text in client.frames:
            assert not any(token in text for token in secrets)
            frame = json.loads(text)
            if frame["type"] != "view":
                continue
            for player in frame["state"]["players"]:
                if player["seat"] != seat:
                    assert not any(key in player for key in hidden), (seat, player)
    assert all("resources" in p for p in teacher.state["players"]), "the teacher sees every hand"
    assert not any(token in text for text in teacher.frames for token in secrets)


def test_the_teacher_is_shown_to_every_player_while_connected() -> None:
    table = new_table(seed=3, seats=TWO_HUMANS)
    ada, spectator = Client(table, TOKENS["0"]), Client(table, TOKENS["spectator"])
    assert ada.state["table"]["teacher"] is False
    teacher = Client(table, TOKENS["teacher"])
    assert teacher.frames_of("welcome")[0]["role"] == "teacher"
    assert teacher.state["viewer"] == -1
    assert ada.state["table"]["teacher"] is True
    assert spectator.state["table"]["teacher"] is True
    assert spectator.state["viewer"] is None
    teacher.conn.drop()
    assert ada.state["table"]["teacher"] is False
