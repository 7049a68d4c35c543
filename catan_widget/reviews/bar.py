"""A progress bar for :func:`catan_widget.reviews.review` in a notebook: tqdm if installed, else
ipywidgets (imported here only, when a bar is asked for; the engine never imports either).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.language import trc, words


def progress_bar(total: int) -> Callable[[int, int], Any]:
    """A ``report(done, _)`` that shows ``done`` of ``total`` moves reviewed."""
    # TRANSLATORS: the label of a game review's progress bar (the moves reviewed so far)
    label = words(trc("progress", "reviewing"))
    try:
        from tqdm.auto import tqdm  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        return _widget_bar(total, label)
    bar = tqdm(total=total, desc=label, unit="move")

    def report(done: int, _total: int) -> None:
        bar.update(done - bar.n)
        if done >= total:
            bar.close()

    return report


def _widget_bar(total: int, label: str) -> Callable[[int, int], Any]:
    try:
        import ipywidgets  # type: ignore[import-untyped]
        from IPython.display import display
    except ImportError:
        return lambda done, _total: None
    bar = ipywidgets.IntProgress(value=0, min=0, max=total, description=label)
    text = ipywidgets.Label(f"0 / {total}")
    display(ipywidgets.HBox([bar, text]))  # type: ignore[no-untyped-call]

    def report(done: int, _total: int) -> None:
        bar.value = done
        text.value = f"{done} / {total}"
        if done >= total:
            bar.bar_style = "success"

    return report
