"""A tournament's results: per-bot win rates with board-clustered intervals, the seat-order test.

Games that share a board (the rotations of one seeded board) are not independent, so a win
rate's 95% interval uses the cluster-robust (sandwich) variance of a ratio estimator with the
board as the cluster: ``p = Σw_b / Σn_b`` and ``Var p = G/(G-1) · Σ(w_b - p·n_b)² / (Σn_b)²``,
where ``w_b`` and ``n_b`` are a bot's wins and seats on board ``b`` and ``G`` the number of
boards; the interval is never narrower than the Wilson interval of the same wins (with few
boards, or a bot that wins every game, the sandwich alone can be too narrow, even of width 0).
Seat order: Pearson's χ² of wins by position after the first player against equal shares
(``players - 1`` degrees of freedom).

:meth:`TournamentResult.summary` and :meth:`TournamentResult.figure` take ``language=``
(default: the process's); the records keep their English keys in every language.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.language import number, resolve, tr, trc, trn, words
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

    def figure(self, language: str | None = None) -> Any:
        """A plotly bar chart of win rates with their clustered 95% intervals and the fair share,
        its words in ``language`` (default: the process's).
        """
        import plotly.graph_objects as go

        lang = resolve(language)
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
                hovertext=[_rate_words(r.bot, r.win_rate, lang) for r in self.table],
                hovertemplate="%{hovertext}<extra></extra>",
            )
        )
        fair = words(trc("plot", "fair share"), lang)
        fig.add_hline(y=1 / self.players, line_dash="dot", annotation_text=fair)
        # TRANSLATORS: the tournament plot's title: win rates of {n} games, with intervals of
        # {level} confidence ("95%") computed with the games of one board as a cluster
        title = trn(
            "Win rate per seat, {n} game ({level} intervals clustered by board)",
            "Win rate per seat, {n} games ({level} intervals clustered by board)",
            len(self.games),
            level=_percent(0.95, lang, 0),
        )
        fig.update_layout(
            title=words(title, lang),
            yaxis={"title": words(trc("plot", "win rate"), lang), "tickformat": ".0%", "range": [0, 1]},
            xaxis={"title": words(trc("plot", "bot"), lang)},
            template="plotly_white",
        )
        return fig

    def summary(self, language: str | None = None) -> str:
        """A few lines of text in ``language`` (default: the process's): each bot's win rate
        and interval, seat order, game length.
        """
        lang = resolve(language)
        lines = [_bot_line(r, lang) for r in self.table]
        # TRANSLATORS: the last line of a tournament's summary: {wins} the wins by seat position
        # after the first player ("[3, 1, 2, 2]"), the chi-square statistic {chi2} and p-value {p}
        # of the test that position makes no difference, the mean game length {turns} (a decimal
        # number: "71.5")
        seats = tr(
            "seat order: wins by position {wins}, χ² = {chi2}, p = {p}; mean length {turns} turns",
            wins=str(list(self.seat_wins)),
            chi2=number(self.seat_chi2, lang, 2),
            p=number(self.seat_p_value, lang, 3),
            turns=number(self.mean_turns, lang, 1),
        )
        lines.append(words(seats, lang))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<TournamentResult {len(self.games)} games>\n{self.summary()}"


def _percent(rate: float, language: str, digits: int = 1) -> str:
    """A rate (0..1) as a percentage, as ``language`` writes it: ``"45.0%"``."""
    # TRANSLATORS: a percentage: {percent} is a number ("45.0"); "45,0 %" in Russian and Polish
    return words(trc("percent", "{percent}%", percent=number(rate * 100, language, digits)), language)


def _rate_words(bot: str, rate: float, lang: str) -> str:
    """Hover text of a bot's bar: its win rate."""
    # TRANSLATORS: hover text of the tournament plot: {bot} (a bot's name) won {rate} ("45.0%") of its games
    return words(tr("{bot}: win rate {rate}", bot=bot, rate=_percent(rate, lang)), lang)


def _bot_line(r: BotRow, lang: str) -> str:
    """A bot's line of :meth:`TournamentResult.summary`, aligned in columns."""
    # TRANSLATORS: a bot's line of a tournament's summary: its win rate {rate} ("45.0%") with its
    # 95% interval [{low}, {high}] over {n} seats, and its mean victory points {vp} ("7.25").
    # The line is one of a table: keep {bot} and {rate} first, as they are padded to columns
    text = trn(
        "{bot}: {rate} [{low}, {high}] of {n} seat, mean VP {vp}",
        "{bot}: {rate} [{low}, {high}] of {n} seats, mean VP {vp}",
        r.seats,
        bot=r.bot.rjust(12),
        rate=_percent(r.win_rate, lang).rjust(6),
        low=_percent(r.ci_low, lang),
        high=_percent(r.ci_high, lang),
        vp=number(r.mean_vp, lang, 2),
    )
    return words(text, lang)
