import math

import pytest

from catan_widget.plots.stats import DICE_WAYS, chi2_sf, dice_chi_square, wilson_interval


def closed_form_sf_10_dof(x: float) -> float:
    """For 10 degrees of freedom, P(X >= x) = exp(-x/2) * sum_{k<5} (x/2)^k / k!."""
    h = x / 2
    return math.exp(-h) * sum(h**k / math.factorial(k) for k in range(5))


@pytest.mark.parametrize(
    ("x", "dof", "p"),
    [
        (18.307, 10, 0.05),  # the textbook 5 % critical value
        (23.209, 10, 0.01),
        (15.987, 10, 0.10),
        (3.841, 1, 0.05),  # odd dof: half-integer gamma
        (6.635, 1, 0.01),
        (11.070, 5, 0.05),
    ],
)
def test_chi2_sf_matches_critical_value_tables(x: float, dof: int, p: float) -> None:
    assert chi2_sf(x, dof) == pytest.approx(p, abs=2e-5)


@pytest.mark.parametrize("x", [0.5, 3.0, 9.34, 15.2, 25.0, 60.0, 120.0])
def test_chi2_sf_equals_closed_form_for_10_dof(x: float) -> None:
    assert chi2_sf(x, 10) == pytest.approx(closed_form_sf_10_dof(x), rel=1e-10)


@pytest.mark.parametrize("x", [0.1, 2.0, 7.5, 40.0])
def test_chi2_sf_for_2_dof_is_exponential(x: float) -> None:
    assert chi2_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-10)


def test_chi2_sf_of_zero_is_one() -> None:
    assert chi2_sf(0.0, 10) == 1.0


def test_dice_chi_square_of_exactly_expected_rolls_is_zero() -> None:
    assert dice_chi_square(list(DICE_WAYS)) == (0.0, 1.0)


def test_dice_chi_square_by_hand() -> None:
    # 12 rolls: four 6s, four 8s, four 7s.  Expected: 12 * ways / 36 = ways / 3.
    counts = [0, 0, 0, 0, 4, 4, 4, 0, 0, 0, 0]
    # 6 and 8: (4 - 5/3)^2 / (5/3) = 49/15 each; 7: (4 - 2)^2 / 2 = 2;
    # every other total contributes its expected count: 12 - 10/3 - 2 = 20/3.
    statistic = 2 * 49 / 15 + 2 + 20 / 3
    assert statistic == pytest.approx(15.2)
    got_statistic, p = dice_chi_square(counts)
    assert got_statistic == pytest.approx(statistic)
    assert p == pytest.approx(closed_form_sf_10_dof(15.2), rel=1e-10)
    assert p == pytest.approx(0.1249, abs=1e-4)


def test_dice_chi_square_needs_eleven_counts() -> None:
    with pytest.raises(ValueError, match="11 numbers"):
        dice_chi_square([1, 2, 3])


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(50, 100)
    assert (low, high) == (pytest.approx(0.4038, abs=1e-4), pytest.approx(0.5962, abs=1e-4))
    low, high = wilson_interval(0, 10)
    assert low == 0.0
    assert high == pytest.approx(1.959963984540054**2 / (10 + 1.959963984540054**2))


def test_wilson_interval_contains_the_rate() -> None:
    for k, n in [(1, 3), (7, 40), (199, 200)]:
        low, high = wilson_interval(k, n)
        assert low < k / n < high
