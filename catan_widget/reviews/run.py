"""``review(game)``: replay a game, chart every seat's win chance, grade every decision.

The work is fixed (:data:`.grading.SAMPLES` determinized games per decision, each drawn from
the game's seed and the decision's index), so the same game gives the same review on any
machine, serially or on any executor: the moves are cut into ranges of :data:`CHUNK`, each
range replayed and graded on its own (in this process or a worker), and the results put back in
game order.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Executor
from pathlib import Path
from typing import Any, Literal

from ..engine.actions import Action
from ..engine.game import Game
from ..engine.rules.replay import replay_onto, rewound
from .grading import SAMPLES, Graded, grade, grade_of, move_accuracy
from .model import load_model
from .moments import key_moments
from .report import Decision, Review

CHUNK = 64
"""Moves per task given to an executor (and between two progress reports)."""
Progress = Callable[[int, int], Any]
"""``progress(done, total)``: moves reviewed so far of all; returning ``False`` cancels."""


class ReviewCancelledError(Exception):
    """Raised by :func:`review` when its ``cancel`` event is set or ``progress`` returned False."""


def _game_of(game: Game | str | os.PathLike[str]) -> Game:
    if isinstance(game, Game):
        return game.fork()
    if isinstance(game, str) and game.lstrip().startswith("{"):
        return Game.from_json(game)
    if isinstance(game, (str, os.PathLike)):
        return Game.from_json(Path(game).read_text(encoding="utf-8"))
    raise TypeError(
        f"review() takes a Game, a save (game.to_json() text) or its path, got {type(game).__name__}"
    )


def grade_range(save: str, start: int, stop: int, samples: int) -> list[Graded]:
    """Grade the decisions at history indices ``start..stop-1`` of the game saved in ``save``
    (a task for an executor: plain arguments, picklable results).
    """
    return _grade_range(Game.from_json(save), start, stop, samples)


def _grade_range(game: Game, start: int, stop: int, samples: int) -> list[Graded]:
    model = load_model()
    actions = game.history[:stop]
    g = rewound(game)
    moves = replay_onto(g, actions)
    out: list[Graded] = []
    for i, (action, _) in enumerate(actions):
        if i >= start:
            graded = grade(g, i, action, model, samples)
            if graded is not None:
                out.append(graded)
        next(moves)
    return out


def review(
    game: Game | str | os.PathLike[str],
    *,
    samples: int = SAMPLES,
    executor: Executor | Literal["serial", "processes"] = "serial",
    workers: int | None = None,
    progress: bool | Progress = False,
    cancel: threading.Event | None = None,
) -> Review:
    """Review a game: finished, in progress, or a save (``game.to_json()`` text, or a path to
    a file holding one).

    Args:
        game: the game (copied, never changed).
        samples: determinized games per decision (more: steadier grades, longer).
        executor: ``"serial"`` (this process), ``"processes"`` (every local core; this process
            in the browser), or any ``concurrent.futures.Executor`` (the tournaments' own, a Dask
            client's); the review is the same.
        workers: processes for ``"processes"`` (default: every core).
        progress: ``progress(done, total)`` after each range of moves (return ``False`` to
            cancel), or True for a bar in a notebook (tqdm if installed, else ipywidgets).
        cancel: a ``threading.Event``; once set, the review stops with :class:`ReviewCancelledError`.

    Returns:
        a :class:`~.report.Review`.
    """
    source = _game_of(game)
    samples = max(1, int(samples))
    n = len(source.history)
    report = _reporter(progress, n)
    ranges = [(a, min(n, a + CHUNK)) for a in range(0, n, CHUNK)]
    graded: list[Graded] = []
    local = executor == "serial" or (
        executor == "processes" and (workers == 1 or len(ranges) <= 1 or sys.platform == "emscripten")
    )
    if local:
        for a, b in ranges:
            _check(cancel)
            graded.extend(_grade_range(source, a, b, samples))
            _report(report, b, cancel)
    else:
        graded = _on_executor(source, ranges, samples, executor, workers, report, cancel)
    return _assemble(source, graded, samples)


def _on_executor(
    source: Game,
    ranges: list[tuple[int, int]],
    samples: int,
    executor: Executor | str,
    workers: int | None,
    report: Progress | None,
    cancel: threading.Event | None,
) -> list[Graded]:
    from concurrent.futures import as_completed

    own = None
    if executor == "processes":
        from concurrent.futures import ProcessPoolExecutor  # not at import: Pyodide has none

        own = ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1)
        pool: Executor = own
    elif isinstance(executor, str):
        raise ValueError("executor: 'serial', 'processes' or a concurrent.futures.Executor")
    else:
        pool = executor
    save = source.to_json()
    results: dict[int, list[Graded]] = {}
    try:
        futures = {pool.submit(grade_range, save, a, b, samples): a for a, b in ranges}
        done = 0
        for future in as_completed(futures):
            results[futures[future]] = future.result()
            done += min(len(source.history), futures[future] + CHUNK) - futures[future]
            _report(report, done, cancel)
    except ReviewCancelledError:
        for f in futures:
            f.cancel()
        raise
    finally:
        if own is not None:
            own.shutdown(cancel_futures=True)
    return [g for a in sorted(results) for g in results[a]]


def _check(cancel: threading.Event | None) -> None:
    if cancel is not None and cancel.is_set():
        raise ReviewCancelledError("the review was cancelled")


def _report(report: Progress | None, done: int, cancel: threading.Event | None) -> None:
    _check(cancel)
    if report is not None and report(done, -1) is False:
        raise ReviewCancelledError("the review was cancelled by its progress callback")


def _reporter(progress: bool | Progress, total: int) -> Progress | None:
    """A ``report(done, _)`` calling the caller's ``progress(done, total)``, a bar, or None."""
    if callable(progress):
        fn = progress
        return lambda done, _total: fn(done, total)
    if not progress:
        return None
    from .bar import progress_bar

    return progress_bar(total)


def _assemble(game: Game, graded: list[Graded], samples: int) -> Review:
    """The review of ``game`` from its decisions: the all-seeing chances, accuracy, moments."""
    model = load_model()
    target = game.rules.vp_to_win
    g = rewound(game)
    chances = [tuple(model.chances(g.state, g.board, target))]
    turns: list[int] = [g.state.turn]
    movers: list[int] = []
    actions: list[Action] = []
    steps = replay_onto(g, list(game.history))
    for action, _ in game.history:
        movers.append(g.state.current)
        actions.append(action)
        next(steps)
        chances.append(tuple(model.chances(g.state, g.board, target)))
        turns.append(g.state.turn)
    names = tuple(game.names)
    decisions = tuple(
        Decision(
            index=x.index,
            turn=turns[x.index],
            seat=x.seat,
            player=names[x.seat],
            played=x.played,
            best=x.best,
            chance_played=x.chance_played,
            chance_best=x.chance_best,
            loss=x.loss,
            grade=grade_of(x.loss),
            options=x.options,
        )
        for x in graded
    )
    accuracy: list[float | None] = []
    for q in range(len(names)):
        mine = [move_accuracy(d.loss) for d in decisions if d.seat == q]
        accuracy.append(sum(mine) / len(mine) if mine else None)
    moments = key_moments(chances, actions, movers, turns, game.board, names)
    return Review(
        names=names,
        board=game.board,
        seed=game.seed,
        chances=tuple(chances),
        turns=tuple(turns),
        movers=tuple(movers),
        decisions=decisions,
        accuracy=tuple(accuracy),
        moments=moments,
        samples=samples,
    )
