"""Bytes of one widget update for a 4-player mid-game: the ``state`` trait and the ``legal`` trait.

Run: ``PYTHONPATH=. python bench/bench_widget_bytes.py [seed] [leader_vp]``.  "wire" is the JSON the
kernel sends (``json.dumps`` with its default separators, as jupyter_client packs messages);
"compact" is the same without spaces.  The target is a state update of at most 4 KB.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from catan_widget import CatanWidget, Game

NAMES = ["Ada", "Bo", "Cy", "Di"]


def mid_game(seed: int = 7, leader_vp: int = 6) -> Game:
    """A greedy-bot game played until the leader has ``leader_vp`` VP, stopped where Ada (seat 0)
    acts after her roll.
    """
    game = Game(players=NAMES, seed=seed)

    def reached(g: Game) -> bool:
        ahead = max(p.victory_points for p in g.players) >= leader_vp
        return ahead and g.current_seat == 0 and g.phase == "main"

    game.play(bots="greedy", until=reached)
    return game


def wire_bytes(value: Any) -> int:
    """Bytes of ``value`` as the kernel's message packer writes it."""
    return len(json.dumps(value, ensure_ascii=False).encode())


def compact_bytes(value: Any) -> int:
    """Bytes of ``value`` as compact JSON."""
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode())


def main() -> None:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    leader_vp = int(sys.argv[2]) if len(sys.argv) > 2 else 6
    game = mid_game(seed, leader_vp)
    seats = {"Ada": "human", "Bo": "bot", "Cy": "bot", "Di": "bot"}
    widget = CatanWidget(game, seats)
    start = time.perf_counter()
    rounds = 200
    for _ in range(rounds):
        widget.refresh()
    per_update = (time.perf_counter() - start) / rounds
    state, legal, board = widget.state, widget.legal, widget.board
    print(f"game: seed {seed}, turn {game.turn}, {len(game.history)} actions, {len(game.events)} events")
    print(f"state:  {wire_bytes(state):5d} bytes wire, {compact_bytes(state):5d} compact  (target <= 4096)")
    widget.teacher = True
    teacher = widget.state
    print(f"state (teacher): {wire_bytes(teacher):5d} bytes wire, {compact_bytes(teacher):5d} compact")
    print(f"legal:  {wire_bytes(legal):5d} bytes wire, {compact_bytes(legal):5d} compact")
    print(
        f"board:  {wire_bytes(board):5d} bytes wire, {compact_bytes(board):5d} compact  (sent once per game)"
    )
    log = state["log"]
    print(f"of the state, the log tail ({len(log)} lines): {wire_bytes(log)} bytes wire")
    print(f"time to build one update (state + legal): {per_update * 1e6:.0f} µs")
    widget.close()


if __name__ == "__main__":
    main()
