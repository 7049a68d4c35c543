"""The figures' words and numbers in the reader's language (no plotly here).

Every word a figure shows (titles, axis and legend titles, trace names, annotations, hover
text) is a catalogue message rendered with :func:`catan_widget.engine.language.words` in the
language a plot function is given; numbers shown as text are written as that language writes
them (:func:`catan_widget.engine.language.number`), and plotly's own numbers (ticks) follow
:func:`separators`.

Hover text is made here, in Python, one string per point (``hovertext``, shown by the
template ``"%{hovertext}<extra></extra>"``), never as a plotly template inside a message:
the count of each point is known, so its plural form is chosen (``"8: rolled 1 time"``,
``"8: rolled 5 times"``) and its numbers are written the reader's way, and no translator has
to keep plotly's ``%{y}`` references intact.
"""

from __future__ import annotations

from ..engine.language import number, resolve

__all__ = ["HOVER", "separators", "signed", "significant"]

HOVER = "%{hovertext}<extra></extra>"
"""The hover template of every trace with words: its per-point ``hovertext``, no trace box."""


def signed(value: float, language: str, digits: int = 1) -> str:
    """``value`` with its sign and ``digits`` decimals, as ``language`` writes numbers:
    ``"+1.5"``, ``"-0.3"`` (``"+1,5"`` in Russian).
    """
    sign = f"{value:+.{digits}f}"[0]
    return sign + number(abs(float(value)), language, digits)


def significant(value: float, language: str, digits: int = 3) -> str:
    """``value`` to ``digits`` significant digits (Python's ``"g"`` format: ``"0.0123"``,
    ``"1"``, ``"1.23e-05"``), as ``language`` writes numbers.
    """
    mantissa, e, exponent = f"{value:.{digits}g}".partition("e")
    decimals = len(mantissa.partition(".")[2])
    return number(float(mantissa), language, decimals) + e + exponent


def separators(language: str | None) -> str:
    """Plotly's ``layout.separators`` for ``language``: its decimal sign, then its thousands
    separator (``".,"`` in English), so the axes' numbers read as the text's do.
    """
    sample = number(12345.5, resolve(language), 1)  # "12,345.5" in English
    group = "".join(ch for ch in sample[:-2] if not ch.isdigit())
    return sample[-2] + group
