"""The plots' statistics: :mod:`catan_widget.stats` (standard library only), re-exported here."""

from __future__ import annotations

from ..stats import DICE_TOTALS, DICE_WAYS, chi2_sf, dice_chi_square, regularized_gamma_q, wilson_interval

__all__ = ["DICE_TOTALS", "DICE_WAYS", "chi2_sf", "dice_chi_square", "regularized_gamma_q", "wilson_interval"]
