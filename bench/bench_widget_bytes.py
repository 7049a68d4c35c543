"""Bytes of one widget update for a 4-player mid-game: the ``state`` trait and the ``legal`` trait.

Run: ``PYTHONPATH=. python bench/bench_widget_bytes.py [seed] [leader_vp]``.  "wire" is the JSON the
kernel sends (``json.dumps`` with its default separators, as jupyter_client packs messages);
"compact" is the same without spaces.  Every change of the game sends one update holding both
traits (``state`` and ``legal`` with one ``version``; docs/protocol.md).  The budget is 4 KB
(README: "one state update, 4-player mid-game, <= 4 KB"); the verdict is printed for the
``state`` trait and for the whole update (both traits); over every position of the human seat in
ten games the budget is the median's, and the largest update's is 8 KB (issue 20: the log's tail
of ``LOG_TAIL`` lines and ``state.since``).  The same is then measured over ten six-player games
(the 5-6 player extension, issue 23) and reported as measured: the budgets are the 4-player
game's.  The settings (``bot_delay``, ``view``, ``show_pips``, ``theme``, ``bots_paused``) are
traits of their own, sent only when they change.
The breakdown lists the largest parts of each trait.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from catan_widget import CatanWidget, Game
from catan_widget.bots import make_bots
from catan_widget.widget.view import unpack_actions, unpack_reasons

NAMES = ["Ada", "Bo", "Cy", "Di"]
SIX = [*NAMES, "Ed", "Flo"]
"""The six-player run (the 5-6 player extension, issue 23): its figure is reported beside the
4-player budgets, which stay the ones checked."""
BUDGET = 4096
LARGEST = 8192
"""The largest update over every position of the human seat (the median's budget is BUDGET)."""


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


def breakdown(trait: dict[str, Any], top: int = 6) -> str:
    """The ``top`` largest entries of ``trait`` (wire bytes of each value), largest first."""
    sizes = sorted(((wire_bytes(v), k) for k, v in trait.items()), reverse=True)
    return ", ".join(f"{k} {n}" for n, k in sizes[:top])


def verdict(value: Any) -> str:
    return "within" if wire_bytes(value) <= BUDGET else "OVER"


def line(label: str, value: Any, note: str = "") -> str:
    return f"{label:<24}{wire_bytes(value):6d} bytes wire, {compact_bytes(value):6d} compact{note}"


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
    assert legal["seat"] == 0, "Ada acts: the legal trait is filled"
    update = {"state": state, "legal": legal}
    print(f"game: seed {seed}, turn {game.turn}, {len(game.history)} actions, {len(game.events)} events")
    print(line("state:", state, f"  ({verdict(state)} the {BUDGET} B budget)"))
    n_actions, n_reasons = len(unpack_actions(legal["actions"])), len(unpack_reasons(legal["reasons"]))
    counts = f"{n_actions} actions, {n_reasons} reasons"
    print(line("legal:", legal, f"  ({counts})"))
    print(line("update (state + legal):", update, f"  ({verdict(update)} the {BUDGET} B budget)"))
    widget.teacher = True
    teacher = widget.state
    print(line("state (teacher view):", teacher))
    print(line("board:", board, "  (sent once per game)"))
    settings = {k: getattr(widget, k) for k in ("bot_delay", "view", "show_pips", "theme", "bots_paused")}
    print(line("settings:", settings, "  (sent when they change)"))
    print(f"largest parts of state: {breakdown(state)}")
    players = state["players"]
    print(f"  of players ({len(players)}): {wire_bytes(players[0])} bytes for seat 0 (own hand shown)")
    print(f"  of log ({len(state['log'])} lines): {wire_bytes(state['log'])} bytes")
    print(f"largest parts of legal: {breakdown(legal)}")
    print(f"time to build one update (state + legal): {per_update * 1e6:.0f} µs")
    widget.close()


def every_update(games: int = 10, names: list[str] = NAMES, language: str = "en") -> None:
    """The update at every decision of the human seat in ``games`` seeded greedy games of
    ``names``, worded in ``language``.
    """
    seats = {name: "human" if i == 0 else "bot" for i, name in enumerate(names)}
    sizes: list[tuple[int, int, str]] = []
    for seed in range(games):
        game = Game(players=names, seed=seed)
        bots = make_bots(game, "greedy")
        while not game.is_over and len(game.history) < 4000:
            seat = game.current_seat
            if seat == 0:
                widget = CatanWidget(game.fork(), seats, language=language)
                sizes.append((wire_bytes({"state": widget.state, "legal": widget.legal}), seed, game.phase))
                widget.close()
            game.step(bots[seat].choose(game.observe(seat)))
    sizes.sort()
    largest = sizes[-1]
    median = sizes[len(sizes) // 2][0]
    verdicts = (  # the budgets are the 4-player game's; other sizes are reported as measured
        f"; median {verdict_bytes(median)} the {BUDGET} B budget, "
        f"largest {verdict_bytes(largest[0], LARGEST)} the {LARGEST} B budget"
        if names == NAMES and language == "en"
        else ""
    )
    print(
        f"[{language}] every update of the human seat in {games} greedy {len(names)}-player games "
        f"({len(sizes)} positions): "
        f"median {median} B, p99 {sizes[int(len(sizes) * 0.99)][0]} B, "
        f"largest {largest[0]} B (seed {largest[1]}, {largest[2]}){verdicts}"
    )


def verdict_bytes(size: int, budget: int = BUDGET) -> str:
    """ "within" or "OVER" the budget."""
    return "within" if size <= budget else "OVER"


if __name__ == "__main__":
    # python bench/bench_widget_bytes.py [SEED [LEADER_VP]] [--languages en,ru,uk,pl]
    languages = ["en"]
    if "--languages" in sys.argv:
        at = sys.argv.index("--languages")
        languages = sys.argv[at + 1].split(",")
        del sys.argv[at : at + 2]
    main()
    for code in languages:
        every_update(language=code)
        every_update(names=SIX, language=code)
