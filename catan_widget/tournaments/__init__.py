"""Tournaments from a cell: ``catan_widget.tournament(bots, games=..., players=4, seed=...)``.

Every game is independent and seeded (board, starting player, dice and deck from its seed;
named bots seeded from it too), so the table is the same whether the games run serially, on
all local cores (the default, a :class:`concurrent.futures.ProcessPoolExecutor`) or on a
cluster through any :class:`concurrent.futures.Executor` you pass, such as Dask's
``distributed.Client(...).get_executor()`` or Ray's ``ray.util.multiprocessing`` pool wrapped as
an executor (see the README).

Seating: ``bots`` is the line-up (names, bot objects or bot classes), cycled to ``players``
seats.  Games come in groups of ``players`` on one seeded random board, the line-up rotated one
seat further each game, so every bot plays every seat on every board; ``games`` is rounded up
to a whole number of boards.  A line-up of one bot name in every seat (``["greedy"]``) plays
each game on its own board instead: rotating identical seats would only repeat the game.
Results: :class:`~.result.TournamentResult`.
"""

from __future__ import annotations

import os
import pickle
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, as_completed
from typing import Any, Literal

from ..engine.language import trc, words
from ..engine.options import Rules
from ..engine.rng import Rng
from .games import GameResult, GameSpec, play_many, play_one
from .result import BotRow, TournamentResult, clustered_interval

__all__ = [
    "BotRow",
    "GameResult",
    "GameSpec",
    "TournamentResult",
    "clustered_interval",
    "schedule",
    "tournament",
]


def _label(spec: Any) -> str:
    if isinstance(spec, str):
        return spec
    if isinstance(spec, type):
        return spec.__name__
    name = getattr(spec, "name", None)
    return name if isinstance(name, str) and name else type(spec).__name__


def schedule(
    bots: Sequence[Any],
    games: int,
    players: int = 4,
    seed: int = 0,
    board: str = "random",
    rules: Rules | None = None,
) -> list[GameSpec]:
    """The games of a tournament, in order: boards of ``players`` rotations each."""
    if not 3 <= players <= 6:
        raise ValueError("players: 3 or 4 (the base game), 5 or 6 (the extension)")
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence) or not bots:
        raise TypeError("bots: a list of bot names, bot objects or bot classes (the line-up)")
    if len(bots) > players:
        raise ValueError(f"bots: at most {players} in a line-up of {players} seats")
    if type(games) is not int or games < 1:
        raise ValueError("games: a positive number")
    lineup = [bots[i % len(bots)] for i in range(players)]
    labels = [_label(b) for b in lineup]
    root = Rng(seed)
    # One bot name in every seat: rotating would replay the very same game, so every game gets
    # its own board instead (and the games stay independent for the seat-order test).
    same = all(isinstance(b, str) for b in lineup) and len(set(lineup)) == 1
    per_board = 1 if same else players
    boards = -(-games // per_board)
    out = []
    for b in range(boards):
        board_seed = root.spawn(b + 1).next64() >> 1
        for r in range(per_board):
            seats = [(j - r) % players for j in range(players)]
            out.append(
                GameSpec(
                    index=b * per_board + r,
                    board=b,
                    seed=board_seed,
                    labels=tuple(labels[k] for k in seats),
                    specs=tuple(lineup[k] for k in seats),
                    board_kind=board,
                    rules=rules,
                )
            )
    return out


def tournament(
    bots: Sequence[Any],
    games: int = 100,
    players: int = 4,
    seed: int = 0,
    *,
    executor: Executor | Literal["processes", "serial"] = "processes",
    workers: int | None = None,
    board: str = "random",
    rules: Rules | None = None,
    progress: bool | Callable[[int, int], None] = True,
    chunk: int | None = None,
) -> TournamentResult:
    """Play a seat-rotated, seeded tournament and return its :class:`TournamentResult`.

    Args:
        bots: the line-up: registered names (``"search"``, ``"greedy"``, ``"random"``), bot
            objects (anything with ``choose(observation)``, e.g. a class written in a cell) or
            bot classes; cycled to ``players`` seats.  The same name twice is one bot in the table.
        games: how many games (rounded up to a multiple of ``players``: whole boards).
        players: 3 or 4 (the base game), 5 or 6 (the 5–6 player extension: its board, bank
            and deck, and the Special Building Phase after every turn).
        seed: decides every board, dice roll and card; same seed, same table.
        executor: ``"processes"`` (all local cores; serial in the browser, where Pyodide has
            no processes), ``"serial"`` (this process), or any ``concurrent.futures.Executor``
            (a Dask or Ray cluster's).  The table is the same.
        workers: processes for ``"processes"`` (default: every core).  A bot that cannot be
            pickled (a class made by ``exec`` or inside a function) is played in this process.
        board: ``"random"`` boards (seeded) or ``"beginner"``.
        rules: house rules for every game (:class:`~catan_widget.engine.Rules`).
        progress: a progress bar in Jupyter (text elsewhere when games take long); or a
            function ``progress(done, total)``; False for none.
        chunk: games per task sent to an executor (default: one board's rotations).
    """
    specs = schedule(bots, games, players, seed, board, rules)
    start = time.perf_counter()
    report = _progress(progress, len(specs))
    results: list[GameResult] = []
    local = executor == "processes" and (
        workers == 1 or len(specs) <= players or sys.platform == "emscripten" or not _picklable(bots)
    )
    if executor == "serial" or local:  # one board, one worker, no processes (Pyodide), or a bot
        # that cannot travel to another process: play here
        for spec in specs:
            results.append(play_one(spec))
            report(len(results))
    else:
        size = chunk or players
        tasks = [specs[i : i + size] for i in range(0, len(specs), size)]
        own = None
        if executor == "processes":
            from concurrent.futures import ProcessPoolExecutor  # not at import: Pyodide has none

            own = ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1)
            pool: Executor = own
        elif isinstance(executor, str):
            raise ValueError("executor: 'processes', 'serial' or a concurrent.futures.Executor")
        else:
            pool = executor
        try:
            futures = [pool.submit(play_many, t) for t in tasks]
            for future in as_completed(futures):
                results.extend(future.result())
                report(len(results))
        finally:
            if own is not None:
                own.shutdown(cancel_futures=True)
    results.sort(key=lambda r: r.index)
    result = TournamentResult(results, players, seed)
    result.seconds = time.perf_counter() - start
    return result


def _picklable(bots: Sequence[Any]) -> bool:
    """True if the line-up can be sent to worker processes (a class defined by ``exec`` or in a
    function cannot): otherwise the games are played in this process, with the same results.
    """
    try:
        pickle.dumps(list(bots))
    except Exception:  # pickling runs arbitrary code: any error means "cannot"
        return False
    return True


def _progress(progress: bool | Callable[[int, int], None], total: int) -> Callable[[int], None]:
    """A ``report(done)`` function: the caller's, a Jupyter bar, or nothing."""
    if callable(progress):
        fn = progress
        return lambda done: fn(done, total)
    if not progress or not _in_jupyter():
        return lambda done: None
    import ipywidgets  # type: ignore[import-untyped]
    from IPython.display import display

    # TRANSLATORS: the label of a tournament's progress bar (the games played so far)
    label_text = words(trc("progress", "games"))
    bar = ipywidgets.IntProgress(value=0, min=0, max=total, description=label_text)
    label = ipywidgets.Label(f"0 / {total}")
    box = ipywidgets.HBox([bar, label])
    display(box)  # type: ignore[no-untyped-call]

    def report(done: int) -> None:
        bar.value = done
        label.value = f"{done} / {total}"
        if done >= total:
            bar.bar_style = "success"

    return report


def _in_jupyter() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and type(shell).__name__ == "ZMQInteractiveShell"
