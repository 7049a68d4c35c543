"""What a review holds: :class:`Review`, its :class:`Decision` rows and :class:`Moment` sentences.

Numbers and codes are plain values (the same in every language); words are made when asked, in
the ``language`` given (default: the process's), from catalogue messages (:mod:`.words`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine.language import Message, number, resolve, tr, words
from .words import grade_words, move_phrase

if TYPE_CHECKING:
    from ..engine.actions import Action
    from ..engine.board.layouts import Board

ROW_KEYS = (
    "index",
    "turn",
    "player",
    "move",
    "best",
    "chance_played",
    "chance_best",
    "loss",
    "grade",
    "options",
)
"""The columns of :meth:`Review.to_pandas` and :meth:`Review.rows`, in order."""


@dataclass(frozen=True)
class Decision:
    """One graded decision.

    Attributes:
        index: the move's place in the game's history (the position before it is ``index``).
        turn: the turn it was made in (0: setup).
        seat: the deciding seat; ``player`` its name.
        played: the move made; ``best``: the best move found from the seat's observation.
        chance_played, chance_best: the seat's win chance (0–1) after each, as the seat could
            estimate it (its observation, determinized).
        loss: win-chance points (0–100) given away: ``100 · (chance_best − chance_played)``.
        grade: ``"best"``, ``"good"``, ``"inaccuracy"``, ``"mistake"`` or ``"blunder"``.
        options: how many moves were compared.
    """

    index: int
    turn: int
    seat: int
    player: str
    played: Action
    best: Action
    chance_played: float
    chance_best: float
    loss: float
    grade: str
    options: int


@dataclass(frozen=True)
class Moment:
    """One of the largest swings of the game: the move at ``index`` by ``seat`` moved ``other``'s
    all-seeing win chance by ``points`` (signed, in points 0–100); ``message``: the sentence.
    """

    index: int
    turn: int
    seat: int
    other: int
    points: float
    message: Message

    def words(self, language: str | None = None) -> str:
        """The sentence in ``language`` (default: the process's)."""
        return words(self.message, language)


@dataclass(frozen=True)
class Review:
    """A game reviewed: who was winning at every position, every decision graded, the key moments.

    Attributes:
        names: the players, by seat.
        board: the game's board (names the places of the moves).
        seed: the game's seed (the review's samples are drawn from it).
        chances: per position ``0..len(history)``, each seat's all-seeing win chance (0–1).
        turns: the turn number at each position.
        movers: the seat that made each move of the history.
        decisions: every graded decision, in game order (a lone legal move is not graded).
        accuracy: per seat, 0–100 (None for a seat without graded decisions); see
            :func:`catan_widget.reviews.grading.move_accuracy`.
        moments: the largest swings (3 to 5 when the game has them), largest first.
        samples: determinized games per decision.
    """

    names: tuple[str, ...]
    board: Board
    seed: int
    chances: tuple[tuple[float, ...], ...]
    turns: tuple[int, ...]
    movers: tuple[int, ...]
    decisions: tuple[Decision, ...]
    accuracy: tuple[float | None, ...]
    moments: tuple[Moment, ...]
    samples: int

    def move_words(self, action: Action, language: str | None = None) -> str:
        """A move of this game as a short phrase in ``language``."""
        return words(move_phrase(action, self.board, self.names), language)

    def grades(self, seat: int | str) -> dict[str, int]:
        """How many decisions of ``seat`` (or a name) got each grade."""
        from .grading import GRADES

        q = self.names.index(seat) if isinstance(seat, str) else seat
        counts = dict.fromkeys(GRADES, 0)
        for d in self.decisions:
            if d.seat == q:
                counts[d.grade] += 1
        return counts

    def rows(self, language: str | None = None) -> list[dict[str, Any]]:
        """One plain dict per decision (:data:`ROW_KEYS`); moves and grades in ``language``."""
        return [
            {
                "index": d.index,
                "turn": d.turn,
                "player": d.player,
                "move": self.move_words(d.played, language),
                "best": self.move_words(d.best, language),
                "chance_played": round(100 * d.chance_played, 2),
                "chance_best": round(100 * d.chance_best, 2),
                "loss": round(d.loss, 2),
                "grade": words(grade_words(d.grade), language),
                "options": d.options,
            }
            for d in self.decisions
        ]

    def to_pandas(self, language: str | None = None) -> Any:
        """One row per decision as a ``pandas.DataFrame`` (pandas is optional: imported here)."""
        try:
            import pandas as pd
        except ImportError as exc:
            raise ImportError(
                "Review.to_pandas() needs pandas, which is not installed: run `pip install pandas` "
                "(the same rows as plain dicts: review.rows())."
            ) from exc
        return pd.DataFrame(self.rows(language), columns=list(ROW_KEYS))

    def key_moments(self, language: str | None = None) -> list[str]:
        """The key moments' sentences in ``language``, largest swing first."""
        return [m.words(language) for m in self.moments]

    def explain(self, decision: Decision, language: str | None = None) -> tuple[str, str]:
        """A graded decision in two sentences in ``language``: the move, its grade and the
        points lost ("Bo: a road on … — blunder, 12.5 points of win chance lost"); the better
        move ("Better: a city on …").
        """
        lang = resolve(language)
        d = decision
        # TRANSLATORS: a graded move: {grade} is "blunder" or "mistake", {loss} the points of win
        # chance it gave away
        head = tr(
            "{name}: {move} — {grade}, {loss} points of win chance lost",
            name=d.player,
            move=self.move_words(d.played, lang),
            grade=grade_words(d.grade),
            loss=number(d.loss, lang, 1),
        )
        better = tr("Better: {move}", move=self.move_words(d.best, lang))
        return words(head, lang), words(better, lang)
