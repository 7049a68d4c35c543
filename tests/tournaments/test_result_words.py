"""A tournament's summary in the reader's language: every line one catalogue message, the
numbers written the language's way, English the default's."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from catan_widget import set_language
from catan_widget.tournaments import GameResult, TournamentResult


@pytest.fixture(autouse=True)
def default_language() -> Iterator[None]:
    """The process default is the environment's (English in the tests), before and after."""
    set_language(None)
    yield
    set_language(None)


def _result() -> TournamentResult:
    """A made-up tournament of two boards (no game played)."""
    labels = ("greedy", "random", "search")
    games = [GameResult(i, i // 3, 7, labels, i % 2, (10, 6, 4), 60 + i, 700, i % 3) for i in range(6)]
    return TournamentResult(games, players=3, seed=0)


def test_the_summary_is_english_by_default_with_aligned_columns() -> None:
    result = _result()
    text = result.summary()
    assert text == result.summary(language="en")
    greedy = result.row("greedy")
    first = text.splitlines()[0]
    assert first.startswith(f"{'greedy':>12}: {greedy.win_rate:6.1%} [{greedy.ci_low:.1%}, ")
    assert first.endswith(f"of {greedy.seats} seats, mean VP {greedy.mean_vp:.2f}")
    assert text.splitlines()[-1].startswith(f"seat order: wins by position {list(result.seat_wins)}, χ² = ")


def test_every_line_of_the_summary_is_a_catalogue_message() -> None:
    lines = _result().summary(language="en-XA").splitlines()
    assert len(lines) == 4
    assert all(line.startswith("[") and line.endswith("]") for line in lines), lines
