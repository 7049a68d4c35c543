"""A review in words: moves as short phrases, grades, and the key moments' sentences.

Every phrase is one catalogue message (:mod:`catan_widget.engine.language`), chosen by the
action's kind (a code), with the engine's own names for places (:mod:`.places`): nothing is
glued.  The functions return messages; :func:`~catan_widget.engine.language.words` puts them in
a language when they are shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..engine import actions as ac
from ..engine.language import Message, trc, trnc
from ..engine.words.places import corner_place, hex_place, path_place

if TYPE_CHECKING:
    from ..engine.board.layouts import Board

_Phrase = Callable[[ac.Action, "Board", Sequence[str]], Message]

# TRANSLATORS: "review move" phrases name a move in a game review ("Better: a city on ..."),
# as a noun phrase in the nominative case; {place} is a corner, path or hex named as on the board
_PHRASES: dict[str, _Phrase] = {
    "roll": lambda a, b, n: trc("review move", "the roll of the dice"),
    "end_turn": lambda a, b, n: trc("review move", "ending the turn"),
    "build_road": lambda a, b, n: trc(
        "review move", "a road on {place}", place=path_place(b, a.edge) if isinstance(a, ac.BuildRoad) else ""
    ),
    "build_settlement": lambda a, b, n: trc(
        "review move",
        "a settlement on {place}",
        place=corner_place(b, a.node) if isinstance(a, ac.BuildSettlement) else "",
    ),
    "build_city": lambda a, b, n: trc(
        "review move",
        "a city on {place}",
        place=corner_place(b, a.node) if isinstance(a, ac.BuildCity) else "",
    ),
    "buy_development_card": lambda a, b, n: trc("review move", "buying a development card"),
    "play_knight": lambda a, b, n: trc("review move", "playing a Knight"),
    "play_road_building": lambda a, b, n: trc("review move", "playing Road Building"),
    "play_year_of_plenty": lambda a, b, n: trc("review move", "playing Year of Plenty"),
    "play_monopoly": lambda a, b, n: trc("review move", "playing Monopoly"),
    "move_robber": lambda a, b, n: trc(
        "review move",
        "the robber on {place}",
        place=hex_place(b, a.hex) if isinstance(a, ac.MoveRobber) else "",
    ),
    "discard": lambda a, b, n: trc("review move", "the discard"),
    "maritime_trade": lambda a, b, n: trc("review move", "a trade with the bank"),
    "offer_trade": lambda a, b, n: trc("review move", "an offer to trade"),
    "accept_trade": lambda a, b, n: trc("review move", "accepting the offer"),
    "decline_trade": lambda a, b, n: trc("review move", "declining the offer"),
    "counter_trade": lambda a, b, n: trc("review move", "a counter-offer"),
    "confirm_trade": lambda a, b, n: trc(
        "review move",
        "the trade with {name}",
        name=n[a.player] if isinstance(a, ac.ConfirmTrade) else "",
    ),
    "cancel_trade": lambda a, b, n: trc("review move", "cancelling the trade"),
}


def move_phrase(action: ac.Action, board: Board, names: Sequence[str]) -> Message:
    """``action`` as a short noun phrase ("a city on the corner of ..."), a catalogue message."""
    phrase = _PHRASES.get(action.kind)
    if phrase is None:
        return trc("review move", "a move")
    return phrase(action, board, names)


def grade_words(grade: str) -> Message:
    """The words of a grade code (:data:`.grading.GRADES`)."""
    # TRANSLATORS: the grades of a move in a game review, as in chess: best, good, inaccuracy,
    # mistake, blunder
    return {
        "best": trc("review grade", "best"),
        "good": trc("review grade", "good"),
        "inaccuracy": trc("review grade", "inaccuracy"),
        "mistake": trc("review grade", "mistake"),
        "blunder": trc("review grade", "blunder"),
    }[grade]


def moment_sentence(kind: str, move: Message, name: str, other: str, points: int) -> Message:
    """One key moment as a sentence: ``kind`` is ``"took"`` (the mover's move took ``points``
    of ``other``'s win chance), ``"gained"`` (the mover's own chance rose), ``"gave"``
    (``other``'s rose) or ``"lost"`` (the mover's fell).
    """
    # TRANSLATORS: a key moment of a game review; {move} is a move phrase ("a city on ..."),
    # {name} who made it, {other} another player; {n} points of win chance (percentage points)
    if kind == "took":
        return trnc(
            "review",
            "{name} took {n} point of win chance from {other} with {move}.",
            "{name} took {n} points of win chance from {other} with {move}.",
            points,
            move=move,
            name=name,
            other=other,
        )
    if kind == "gained":
        return trnc(
            "review",
            "{name} gained {n} point of win chance with {move}.",
            "{name} gained {n} points of win chance with {move}.",
            points,
            move=move,
            name=name,
        )
    if kind == "gave":
        return trnc(
            "review",
            "{name} gave {other} {n} point of win chance with {move}.",
            "{name} gave {other} {n} points of win chance with {move}.",
            points,
            move=move,
            name=name,
            other=other,
        )
    return trnc(
        "review",
        "{name} lost {n} point of win chance with {move}.",
        "{name} lost {n} points of win chance with {move}.",
        points,
        move=move,
        name=name,
    )
