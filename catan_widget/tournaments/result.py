"""A tournament's results: per-bot win rates with board-clustered intervals, the seat-order test.

Games that share a board (the rotations of one seeded board) are not independent, so a win
rate's 95% interval uses the cluster-robust (sandwich) variance of a ratio estimator with the
board as the cluster: ``p = Σw_b / Σn_b`` and ``Var p = G/(G-1) · Σ(w_b - p·n_b)² / (Σn_b)²``,
where ``w_b`` and ``n_b`` are a bot's wins and seats on board ``b`` and ``G`` the number of
boards; the interval is never narrower than the Wilson interval of the same wins (with few
boards, or a bot that wins every game, the sandwich alone can be too narrow, even of width 0).
Seat order: Pearson's χ² of wins by position after the first player against equal shares
(``players - 1`` degrees of freedom).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..stats import chi2_sf, wilson_interval
from .games import GameResult

Z95 = 1.959963984540054


def clustered_interval(
    wins: Sequence[int], seats: Sequence[int], z: float = Z95
) -> tuple[float, float, float]:
    """``(rate, low, high)``: a win rate over clusters (boards) and its clustered 95% interval."""
    total = sum(seats)
    if total == 0:
        return 0.0, 0.0, 1.0
    p = sum(wins) / total
    g = sum(1 for n in seats if n)
    if g < 2:
        return p, 0.0, 1.0
    var = g / (g - 1) * sum((w - p * n) ** 2 for w, n in zip(wins, seats)) / total**2
    half = z * math.sqrt(var)
    low, high = wilson_interval(sum(wins), total, z)
    return p, max(0.0, min(p - half, low)), min(1.0, max(p + half, high))


@dataclass(frozen=True)
class BotRow:
    """One bot's line of the table."""

    bot: str
    seats: int
    wins: int
    win_rate: float
    ci_low: float
    ci_high: float
    mean_vp: float
    fair_share: float


@dataclass
class TournamentResult:
    """Everything a tournament gave; ``table`` is one :class:`BotRow` per bot."""

    games: list[GameResult]
    players: int
    seed: int
    table: list[BotRow] = field(default_factory=list)
    seat_wins: tuple[int, ...] = ()
    seat_chi2: float = 0.0
    seat_p_value: float = 1.0
    mean_turns: float = 0.0
    no_winner: int = 0
    seconds: float = 0.0

    def __post_init__(self) -> None:
        if not self.table:
            self._summarise()

    def _summarise(self) -> None:
        labels: list[str] = []
        for g in self.games:
            labels.extend(label for label in g.labels if label not in labels)
        boards = sorted({g.board for g in self.games})
        where = {b: i for i, b in enumerate(boards)}
        rows = []
        for label in labels:
            wins, seats = [0] * len(boards), [0] * len(boards)
            vp_total = 0
            for g in self.games:
                b = where[g.board]
                for seat, lab in enumerate(g.labels):
                    if lab == label:
                        seats[b] += 1
                        vp_total += g.vp[seat]
                        wins[b] += int(g.winner == seat)
            rate, low, high = clustered_interval(wins, seats)
            n = sum(seats)
            rows.append(
                BotRow(label, n, sum(wins), rate, low, high, vp_total / n if n else 0.0, 1 / self.players)
            )
        self.table = rows
        by_position = [0] * self.players
        for g in self.games:
            if g.winner is not None:
                by_position[(g.winner - g.first) % self.players] += 1
        self.seat_wins = tuple(by_position)
        decided = sum(by_position)
        if decided:
            expected = decided / self.players
            self.seat_chi2 = sum((o - expected) ** 2 / expected for o in by_position)
            self.seat_p_value = chi2_sf(self.seat_chi2, self.players - 1)
        self.no_winner = len(self.games) - decided
        self.mean_turns = sum(g.turns for g in self.games) / len(self.games) if self.games else 0.0

    def row(self, bot: str) -> BotRow:
        """The table line of ``bot``."""
        for r in self.table:
            if r.bot == bot:
                return r
        raise KeyError(bot)

    def records(self) -> list[dict[str, Any]]:
        """The table as plain dicts (what :meth:`to_pandas` shows)."""
        return [
            {
                "bot": r.bot,
                "seats": r.seats,
                "wins": r.wins,
                "win_rate": r.win_rate,
                "ci_low": r.ci_low,
                "ci_high": r.ci_high,
                "mean_vp": r.mean_vp,
                "fair_share": r.fair_share,
            }
            for r in self.table
        ]

    def to_pandas(self) -> Any:
        """The per-bot table as a ``pandas.DataFrame`` (pandas is optional: imported only here)."""
        try:
            import pandas as pd
        except ImportError as exc:
            raise ImportError(
                "to_pandas() needs pandas, which is not installed: run `pip install pandas` "
                "(result.records() gives the same rows as plain dicts)."
            ) from exc
        return pd.DataFrame(self.records()).set_index("bot")

    def games_table(self) -> list[dict[str, Any]]:
        """One dict per game: board, seed, bots by seat, winner's bot, VP, turns."""
        return [
            {
                "game": g.index,
                "board": g.board,
                "seed": g.seed,
                "bots": list(g.labels),
                "winner": None if g.winner is None else g.labels[g.winner],
                "winner_seat": g.winner,
                "first": g.first,
                "vp": list(g.vp),
                "turns": g.turns,
            }
            for g in self.games
        ]

    def figure(self) -> Any:
        """A plotly bar chart of win rates with their clustered 95% intervals and the fair share."""
        import plotly.graph_objects as go

        fig = go.Figure(
            go.Bar(
                x=[r.bot for r in self.table],
                y=[r.win_rate for r in self.table],
                error_y={
                    "type": "data",
                    "symmetric": False,
                    "array": [r.ci_high - r.win_rate for r in self.table],
                    "arrayminus": [r.win_rate - r.ci_low for r in self.table],
                },
                hovertemplate="%{x}: %{y:.1%}<extra></extra>",
            )
        )
        fig.add_hline(y=1 / self.players, line_dash="dot", annotation_text="fair share")
        fig.update_layout(
            title=f"Win rate per seat, {len(self.games)} games (95% intervals clustered by board)",
            yaxis={"title": "win rate", "tickformat": ".0%", "range": [0, 1]},
            xaxis={"title": "bot"},
            template="plotly_white",
        )
        return fig

    def summary(self) -> str:
        """A few lines of text: each bot's win rate and interval, seat order, game length."""
        lines = [
            f"{r.bot:>12}: {r.win_rate:6.1%} [{r.ci_low:.1%}, {r.ci_high:.1%}] of {r.seats} seats, "
            f"mean VP {r.mean_vp:.2f}"
            for r in self.table
        ]
        lines.append(
            f"seat order: wins by position {list(self.seat_wins)}, χ² = {self.seat_chi2:.2f}, "
            f"p = {self.seat_p_value:.3f}; mean length {self.mean_turns:.1f} turns"
        )
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<TournamentResult {len(self.games)} games>\n{self.summary()}"
