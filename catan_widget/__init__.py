"""catan-widget: the Settlers of Catan base game, played, taught and analysed in Jupyter.

``Game`` and the actions come from the pure-Python engine; ``CatanWidget`` (the board) and
``plots`` load on first use, so importing the engine never pulls in the widget stack;
``host`` (a table each player joins from their own device) needs the extra ``table``.
"""

from __future__ import annotations

from typing import Any

from . import (  # _native first: it picks the compiled engine or its pure sources
    _native,  # noqa: F401
    engine,
)
from . import bots as _bots  # noqa: F401  registers the named bots ("random", "greedy") with the engine
from .engine import *  # noqa: F403
from .engine.language import get_language, languages, set_language

__version__ = "0.1.0"
__all__ = [*engine.__all__, "CatanWidget", "__version__", "review", "tournament"]  # noqa: F405, PLE0604
__all__ += ["get_language", "languages", "set_language"]  # the reader's language (docs/languages.md)

TABLE_EXTRA = "pip install 'catan-widget[table]'"
"""What installs ``host`` and ``catan-widget serve`` (websockets and segno, an optional extra;
``host`` is left out of ``__all__`` so a star import works without it)."""


def __getattr__(name: str) -> Any:
    if name == "CatanWidget":
        from .widget import CatanWidget

        return CatanWidget
    if name == "host":
        try:
            from .table.host import host
        except ModuleNotFoundError as e:
            missing = (e.name or "").partition(".")[0]
            if missing not in ("websockets", "segno"):
                raise
            raise ModuleNotFoundError(
                f"catan_widget.host needs the optional extra 'table' ({missing} is missing): {TABLE_EXTRA}",
                name=missing,
            ) from e
        return host
    if name == "tournament":
        from .tournaments import tournament

        return tournament
    if name == "review":  # the function (the package is catan_widget.reviews)
        from .reviews import review

        return review
    if name in ("plots", "history", "bots", "reviews"):
        import importlib

        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(f"module 'catan_widget' has no attribute {name!r}")
