"""The front-end the widget serves: the bundle and styles esbuild writes to ``catan_widget/static``.

Served as text, not paths: anywidget watches a path for changes with a callback that holds every
widget, so no widget would ever be collected.
"""

from __future__ import annotations

from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "static"
"""Where ``npm run build`` writes ``widget.js`` and ``widget.css``."""

MISSING_BUNDLE = """\
export default {
  render({ el }) {
    el.textContent = "catan-widget: the front-end bundle catan_widget/static/widget.js is missing; " +
      "run `npm ci && npm run build`.";
  },
};
"""
"""The front-end served when the bundle was not built: it says how to build it."""


def bundle_text() -> str:
    """The front-end bundle (``widget.js``), or :data:`MISSING_BUNDLE` when it was not built."""
    bundle = STATIC / "widget.js"
    return bundle.read_text(encoding="utf-8") if bundle.is_file() else MISSING_BUNDLE


def styles_text() -> str:
    """The front-end's styles (``widget.css``; empty when not built)."""
    styles = STATIC / "widget.css"
    return styles.read_text(encoding="utf-8") if styles.is_file() else ""
