"""Running in the browser under Pyodide (the JupyterLite site): the few accommodations it needs.

Nothing here does anything on an ordinary CPython: every function checks :data:`IN_PYODIDE`.
"""

from __future__ import annotations

import sys
import types

IN_PYODIDE = sys.platform == "emscripten"
"""True inside Pyodide (JupyterLite's Python kernel), where the whole game runs in the browser."""


def patch_plotly() -> None:
    """Let plotly show figures in JupyterLite's kernel without nbformat.

    Before it displays a figure in a notebook, plotly checks that ``nbformat>=4.2`` can be
    imported, and uses nothing else of it.  nbformat cannot be loaded in the offline site (it
    needs jsonschema, whose ``rpds-py`` is compiled code the site does not carry), so under
    Pyodide, when nbformat is missing, plotly's renderer is given a stand-in with a version.
    """
    if not IN_PYODIDE:
        return
    try:
        import nbformat  # noqa: F401
    except ImportError:
        pass
    else:
        return
    from plotly.io import _renderers

    if getattr(_renderers, "nbformat", None) is None:
        _renderers.nbformat = types.SimpleNamespace(__version__="5.0.0")
