"""Small statistics, standard library only (no scipy): the chi-square test of dice fairness
(the plots) and the Wilson interval for win rates (the tournaments' tables).

Outside :mod:`catan_widget.plots` so that a tournament, which needs these numbers and no
figure, never imports plotly (``catan_widget.plots.stats`` re-exports them).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

DICE_TOTALS: tuple[int, ...] = tuple(range(2, 13))
"""The totals two dice can show, in the order of ``state.dice_counts``."""
DICE_WAYS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)
"""Ways (out of 36) two dice make each total 2..12."""

_EPS = 1e-15
_TINY = 1e-300


def regularized_gamma_q(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function ``Q(a, x) = Γ(a, x) / Γ(a)``.

    A power series below ``x < a + 1`` and a continued fraction (modified Lentz) above it, each
    to about 1e-14 relative accuracy.
    """
    if a <= 0:
        raise ValueError(f"a must be > 0, got {a}")
    if x <= 0:
        return 1.0
    log_prefix = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        n = a
        for _ in range(1000):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * _EPS:
                break
        return max(0.0, 1.0 - total * math.exp(log_prefix))
    b = x + 1 - a
    c = 1 / _TINY
    d = 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = _TINY if abs(d) < _TINY else d
        c = b + an / c
        c = _TINY if abs(c) < _TINY else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < _EPS:
            break
    return min(1.0, math.exp(log_prefix) * h)


def chi2_sf(statistic: float, dof: int) -> float:
    """The chi-square survival function ``P(X >= statistic)`` for ``dof`` degrees of freedom
    (what ``scipy.stats.chi2.sf`` computes).
    """
    if dof < 1:
        raise ValueError(f"dof must be >= 1, got {dof}")
    return regularized_gamma_q(dof / 2, statistic / 2)


def dice_chi_square(counts: Sequence[int]) -> tuple[float, float]:
    """Pearson's goodness-of-fit of dice totals against fair dice.

    ``counts``: how often 2..12 were rolled (11 numbers, like ``state.dice_counts``).  Returns
    ``(statistic, p_value)`` with 10 degrees of freedom; ``(0.0, 1.0)`` when nothing was rolled.
    The test is only trustworthy once every expected count is about 5 or more (~180 rolls).
    """
    if len(counts) != len(DICE_WAYS):
        raise ValueError("counts must give the rolls of 2..12 (11 numbers)")
    n = sum(counts)
    if n == 0:
        return 0.0, 1.0
    statistic = 0.0
    for observed, ways in zip(counts, DICE_WAYS):
        expected = n * ways / 36
        statistic += (observed - expected) ** 2 / expected
    return statistic, chi2_sf(statistic, len(DICE_WAYS) - 1)


def wilson_interval(successes: int, trials: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default): ``(low, high)``.

    Better than ``p ± z·√(p(1-p)/n)`` for small samples and rates near 0 or 1.
    """
    if trials <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= trials:
        raise ValueError("successes must be between 0 and trials")
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - half), min(1.0, centre + half)
