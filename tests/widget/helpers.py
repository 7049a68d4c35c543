"""Helpers for the widget tests: sending intents the way the front-end does, reading the
``legal`` trait, staged positions, and waiting on a real event loop.

Messages go through ipywidgets' own entry point for custom messages,
``Widget._handle_custom_msg(content, buffers)`` (what a comm message with method "custom"
arrives at), which calls the callback the widget registered with ``on_msg``.  Settings arrive
from the front-end at ``Widget.set_state(sync_data)`` (what a comm "update" message reaches).

Staged position (beginner board; see tests/engine/helpers.py for the hexes; it keeps the
distance rule):
  Ada (0): settlements 12 (hexes 0, 3, 4) and 40 (13, 14, 17)
  Bo  (1): settlements 23 (hexes 4, 8, 9) and 31 (10, 11, 15)
  Cy  (2): settlements 20 (hexes 6, 11) and 0 (hex 0)
  Di  (3): settlements 50 (hex 18) and 33 (hexes 7, 12)
each with one road on the first path of each settlement.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from catan_widget import CatanWidget, Game
from catan_widget.engine.board.topology import NODE_EDGES, Topology
from catan_widget.widget import runner
from catan_widget.widget.view import unpack_actions

NAMES = ["Ada", "Bo", "Cy", "Di"]
SETTLEMENTS = {0: [12, 40], 1: [23, 31], 2: [20, 0], 3: [50, 33]}
SOLO = {"Ada": "human", "Bo": "bot", "Cy": "bot", "Di": "bot"}


def intent(w: CatanWidget, action: Any, version: Any = None) -> dict[str, Any]:
    """The message the front-end sends for ``action`` on the current state version."""
    return {"type": "act", "version": w.state["version"] if version is None else version, "action": action}


def deliver(w: CatanWidget, msg: Any) -> None:
    """Deliver one raw message the way ipywidgets does."""
    w._handle_custom_msg(msg, [])


def send(w: CatanWidget, action: Any, version: Any = None) -> bool:
    """Send ``action`` as the front-end does; True when the widget accepted it."""
    before = w.state["version"]
    deliver(w, intent(w, action, version))
    assert w.state["version"] > before, "every answer to a message is a new state version"
    return w.state["error"] is None


def take_screen(w: CatanWidget, seat: int) -> None:
    """Hot-seat hand-over: ``seat`` clicks "ready" (the front-end sets ``ready_seat``)."""
    assert w.state["handover"] == {"seat": seat, "name": w.game.names[seat]}
    update(w, {"ready_seat": seat})
    assert w.state["handover"] is None
    assert w.ready_seat is None


def update(w: CatanWidget, state: dict[str, Any]) -> None:
    """A front-end state update (``model.set(...); model.save_changes()``), delivered the way
    ipywidgets does: a comm message with method "update", which reaches ``w.set_state(state)``.
    """
    w._handle_msg(
        {"content": {"data": {"method": "update", "state": state, "buffer_paths": []}}, "buffers": []}
    )


def record_sent(w: CatanWidget) -> list[dict[str, Any]]:
    """From now on, collect the messages ``w`` sends to its front-end (``{"method", "state"}``)."""
    sent: list[dict[str, Any]] = []
    w._send = lambda msg, buffers=None: sent.append(msg)  # type: ignore[method-assign]
    return sent


def sent_values(sent: list[dict[str, Any]], key: str) -> list[Any]:
    """Every value of trait ``key`` in the "update" messages collected by :func:`record_sent`."""
    return [m["state"][key] for m in sent if m.get("method") == "update" and key in m.get("state", {})]


def actions(w: CatanWidget, kind: str) -> list[dict[str, Any]]:
    """The legal actions of ``kind`` listed in the ``legal`` trait."""
    return [a for a in unpack_actions(w.legal["actions"]) if a["kind"] == kind]


def spots(w: CatanWidget, kind: str) -> list[int]:
    """The ids (edges for ``build_road``, nodes for ``build_settlement``/``build_city``) lit now."""
    key = "edge" if kind == "build_road" else "node"
    return [a[key] for a in actions(w, kind)]


def robber_options(w: CatanWidget) -> dict[int, list[int | None]]:
    """Hex -> victims (``[None]`` when nobody can be robbed there), from the ``legal`` trait."""
    out: dict[int, list[int | None]] = {}
    for a in actions(w, "move_robber"):
        out.setdefault(a["hex"], []).append(a["victim"])
    return out


def enabled(w: CatanWidget, control: str) -> bool:
    """Whether the front-end enables ``control`` (contract: an action of that kind is listed,
    or the kind is open, or for ``undo`` ``legal.undo``).
    """
    legal = w.legal
    if control == "undo":
        return bool(legal["undo"])
    return control in legal["open"] or control in legal["actions"]


def staged_game(**placements: Any) -> Game:
    """A 4-player beginner-board game with the staged position above (``stage`` keywords override)."""
    roads = {seat: [NODE_EDGES[n][0] for n in nodes] for seat, nodes in SETTLEMENTS.items()}
    options: dict[str, Any] = {"settlements": SETTLEMENTS, "roads": roads, "turn_player": 0, "phase": "main"}
    options.update(placements)
    return Game(players=NAMES, seed=5).stage(**options)


def mid_game(seed: int = 7, leader_vp: int = 6) -> Game:
    """A greedy-bot game played until the leader has ``leader_vp`` VP, stopped where Ada acts
    after her roll (as in bench/bench_widget_bytes.py).
    """
    game = Game(players=NAMES, seed=seed)

    def reached(g: Game) -> bool:
        ahead = max(p.victory_points for p in g.players) >= leader_vp
        return ahead and g.current_seat == 0 and g.phase == "main"

    game.play(bots="greedy", until=reached)
    return game


def wire_bytes(value: Any) -> int:
    """Bytes of ``value`` as the kernel packs it (json.dumps with default separators)."""
    return len(json.dumps(value, ensure_ascii=False).encode())


def refusal_ok(text: object) -> bool:
    """A refusal as the widget must show it: a short printable sentence."""
    return isinstance(text, str) and 0 < len(text) <= 400 and text.isprintable()


# --- a real event loop ---------------------------------------------------------------------------
def bot_tasks() -> list[asyncio.Task[Any]]:
    """The live asyncio tasks of the running loop that run the widget's bots (any widget)."""
    return [
        t
        for t in asyncio.all_tasks()
        if not t.done() and getattr(t.get_coro(), "cr_code", None) is runner.run_bots.__code__
    ]


async def wait_until(condition: Callable[[], bool], timeout: float = 10.0) -> bool:
    """Let the event loop run (real time passes) until ``condition()`` holds or ``timeout``
    seconds passed; returns ``condition()`` — the caller asserts it.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() >= deadline:
            return condition()
        await asyncio.sleep(0.002)
    return True


async def settle(ticks: int = 20) -> None:
    """Yield to the loop a few times (a cancelled task gets to finish)."""
    for _ in range(ticks):
        await asyncio.sleep(0)


def spread(topo: Topology, count: int) -> list[int]:
    """``count`` intersections of ``topo``'s board, no two neighbours (lowest ids first): room for
    a staged settlement each."""
    chosen: list[int] = []
    for n in range(topo.node_count):
        if all(n != c and n not in topo.node_neighbors[c] for c in chosen):
            chosen.append(n)
        if len(chosen) == count:
            return chosen
    raise AssertionError("not enough room")
