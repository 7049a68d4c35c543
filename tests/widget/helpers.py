"""Helpers for the widget tests: sending intents the way the front-end does, staged positions.

Messages go through ipywidgets' own entry point for custom messages,
``Widget._handle_custom_msg(content, buffers)`` (what a comm message with method "custom"
arrives at), which calls the callback the widget registered with ``on_msg``.

Staged position (beginner board; see tests/engine/helpers.py for the hexes):
  Ada (0): settlements 12 (hexes 0, 3, 4) and 40 (13, 14, 17)
  Bo  (1): settlements 23 (hexes 4, 8, 9) and 31 (10, 11, 15)
  Cy  (2): settlements 20 (hexes 6, 11) and 0 (hex 0)
  Di  (3): settlements 50 (hex 18) and 33 (hexes 8, 12 side)
each with one road on the first path of each settlement.
"""

from __future__ import annotations

import json
from typing import Any

from catan_widget import CatanWidget, Game
from catan_widget.engine.topology import NODE_EDGES

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
