"""A hostile-client fuzz over the network: over 10,000 frames from hundreds of connections.

Some connections never say a good hello (garbage, then a guessed token), some hold a seat's
token (the acting seat's too) and send everything but a legal move: broken JSON, binary
frames, unknown types, malformed and illegal intents, stale versions, bad settings, frames over
16 KiB, floods.  The server must stay up, every refusal must carry a documented code, the game
must not change at all, and the other seats' connections (which send nothing) must see the same
game throughout — only who is connected moves.  Then an honest move still plays.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from catan_widget.table.client import TableClientError
from catan_widget.widget.view import unpack_actions

from .netclient import Client, choose, game_part, new_table, run, serving, settle, ws_url

FRAMES = 10_500
CODES = {
    "bad_json",
    "too_big",
    "rate",
    "not_hello",
    "bad_token",
    "bad_type",
    "bad_intent",
    "illegal",
    "not_your_turn",
    "spectator",
    "bad_setting",
}
CLOSES = {4401, 4429, 4503, 1009, 1000}  # 4503: a link open on too many connections at once
KINDS = [
    "roll",
    "end_turn",
    "build_road",
    "build_settlement",
    "build_city",
    "move_robber",
    "discard",
    "offer_trade",
    "accept_trade",
    "confirm_trade",
    "play_monopoly",
    "maritime_trade",
    "undo",
    "teleport",
]


def junk(rng: random.Random) -> Any:
    return rng.choice(
        [
            None,
            True,
            -1,
            2**70,
            1e308,
            "",
            "x" * rng.randint(1, 300),
            [],
            {},
            [1, [2, [3]]],
            {"a": {"b": 1}},
            "ore",
        ]
    )


def action(rng: random.Random) -> dict[str, Any]:
    a: dict[str, Any] = {"kind": rng.choice(KINDS)}
    for field in rng.sample(
        ["edge", "node", "hex", "victim", "cards", "give", "want", "to", "player", "resource"], 2
    ):
        a[field] = rng.choice([junk(rng), rng.randint(-3, 80), {"ore": rng.randint(-2, 9)}])
    return a


def hostile(rng: random.Random, version: int) -> str | bytes:
    """One frame no table may act on (a legal move is filtered out by the caller)."""
    pick = rng.randrange(14)
    if pick == 0:
        return "{" + "x" * rng.randint(0, 50)
    if pick == 1:
        return bytes(rng.randrange(256) for _ in range(rng.randint(1, 64)))
    if pick == 2:
        return json.dumps(junk(rng))
    if pick == 3:
        return json.dumps({"type": rng.choice(["welcome", "view", "hello", "", "PING", 5]), "token": "x"})
    if pick == 4:
        return json.dumps({"type": "ping", "extra": 1})
    if pick == 5:
        return json.dumps({"type": "ping", "pad": "y" * 17_000})  # over 16 KiB
    if pick == 6:
        return json.dumps(
            {
                "type": "set",
                "name": rng.choice(["view", "bot_delay", "theme", "show_pips", "x"]),
                "value": junk(rng),
            }
        )
    if pick == 7:
        return json.dumps({"type": "intent", "body": junk(rng)})
    if pick == 8:
        return json.dumps(
            {"type": "intent", "body": {"type": "act", "version": junk(rng), "action": action(rng)}}
        )
    if pick == 9:
        body = {"type": "act", "version": version + rng.choice([-5, -1, 1, 1000]), "action": action(rng)}
        return json.dumps({"type": "intent", "body": body})
    if pick == 10:
        return json.dumps({"type": "intent", "body": {"type": "new_game", "version": version}})
    if pick == 11:
        return json.dumps({"type": "intent", "body": {"type": "dialog", "open": junk(rng)}})
    if pick == 12:
        return "[" * 5000 + "]" * 5000  # deep nesting
    return json.dumps({"type": "intent", "body": {"type": "act", "version": version, "action": action(rng)}})


def legal_now(frame: str | bytes, legal: list[dict[str, Any]]) -> bool:
    """True when ``frame`` is a move among ``legal`` (the fuzz sends no legal move)."""
    try:
        msg = json.loads(frame)
        return msg["body"]["action"] in legal or msg["body"]["action"]["kind"] == "discard"
    except (ValueError, TypeError, KeyError, RecursionError):
        return False


def test_ten_thousand_hostile_frames_change_nothing_and_reach_no_other_seat():
    table = new_table(seed=12)

    async def main() -> None:
        async with serving(table) as server:
            url = ws_url(server, table)
            watchers = [await Client.open(url, table.tokens.seat(s)) for s in range(4)]
            watchers.append(await Client.open(url, table.tokens.spectator))
            rng = random.Random(20261202)
            for _ in range(3):  # a little way into the setup, then the table is left alone
                await settle(watchers)
                seat, move = next((s, m) for s in range(4) if (m := choose(watchers[s].last_view(), s, rng)))
                await watchers[seat].act(move)
            await settle(watchers)
            save, moves = table.game.to_json(), len(table.game.history)
            marks = [len(w.frames) for w in watchers]
            baseline = [game_part(w.last_view()) for w in watchers]
            sent = 0
            codes: set[str] = set()
            closes: set[int | None] = set()

            async def attacker(n: int) -> int:
                r = random.Random(n)
                role = r.choice(["stranger", "seat", "seat", "acting", "spectator", "flood"])
                c = await Client.open(url)
                frames = 0
                if role == "stranger":
                    for _ in range(r.randint(0, 30)):
                        await c.send(hostile(r, 1))
                        frames += 1
                    token = r.choice(
                        ["", "x" * 32, table.tokens.seat(0)[:-1] + "!", table.tokens.teacher[::-1]]
                    )
                    await c.send({"type": "hello", "token": token, "protocol": 1})
                    frames += 1
                else:
                    if role == "acting":
                        seat = table.game.current_seat
                    elif role == "spectator":
                        seat = None
                    else:
                        seat = r.randrange(4)
                    try:
                        await c.hello(table.tokens.spectator if seat is None else table.tokens.seat(seat))
                        frames += 1
                        view = await c.next("view")
                    except TableClientError:  # the link's own slots were all taken (4503)
                        closes.add(c.ws.close_code)
                        await c.close()
                        return frames
                    legal = unpack_actions(view["legal"]["actions"])
                    for _ in range(80 if role == "flood" else 38):
                        frame = hostile(r, view["state"]["version"])
                        if legal_now(frame, legal):
                            continue
                        await c.send(frame)
                        frames += 1
                await settle([c], quiet=0.05)
                for f in c.frames:
                    if f["type"] == "refused":
                        codes.add(f["code"])
                if c._reader.done():
                    closes.add(c.ws.close_code)
                await c.close()
                return frames

            n = 0
            while sent < FRAMES:
                batch = await asyncio.gather(*(attacker(n + k) for k in range(12)))
                sent += sum(batch)
                n += 12
            await settle(watchers)
            assert sent >= 10_000
            assert codes <= CODES
            assert {"bad_json", "bad_token", "bad_type", "too_big", "not_hello", "rate"} <= codes
            assert closes <= CLOSES
            assert table.game.to_json() == save  # nothing changed
            for w, mark, before in zip(watchers, marks, baseline):  # nobody else was touched
                assert all(f["type"] == "view" for f in w.frames[mark:])
                assert all(game_part(f) == before for f in w.frames[mark:])
            seat, move = next((s, m) for s in range(4) if (m := choose(watchers[s].last_view(), s, rng)))
            for w in watchers:
                w.drain()
            await watchers[seat].act(move)  # and the table still plays
            for w in watchers:
                assert (await w.next("view"))["state"]["error"] is None
            assert len(table.game.history) == moves + 1
            for w in watchers:
                await w.close()

    run(main, timeout=400)
