"""The engine's exceptions, and the codes of its refusals.

Every refusal of the engine (an :class:`IllegalActionError`, ``Game.why_not``, ``Game.reasons``)
has three parts: a stable ``code`` (snake_case, a key of :data:`REFUSALS`, for programs: compare
codes, never sentences), the ``rule`` it applies (a section of the rulebook, docs/rules.md, such
as ``"§5"``; ``""`` when the input is malformed rather than against a rule) and the ``text``, one
sentence for people.  The sentences are written once, where the engine refuses; the codes and
their sections once, here.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Final

from .language import ENGLISH, Words, resolve, words

REFUSALS: Final[dict[str, tuple[str, str]]] = {
    # input that is not a move at all
    "malformed": ("", "not an action, or an action, id, seat or count that is not well formed"),
    "bad_chance": ("", "scripted chance (dice, card, steal) that cannot be, or for another action"),
    # whose turn, and what the phase asks for first
    "not_your_turn": ("§4", "another player must act now"),
    "game_over": ("§8", "the game is over"),
    "setup_settlement_first": ("§3", "setup: place a starting settlement first"),
    "setup_road_first": ("§3", "setup: place the road next to the settlement just placed first"),
    "setup_road_placement": ("§3", "a setup road must touch the settlement just placed"),
    "roll_first": ("§4.1", "roll the dice first"),
    "already_rolled": ("§4.1", "the dice were rolled this turn already"),
    "discard_first": ("§4.3", "after a 7, the players holding too many cards discard first"),
    "robber_first": ("§4.3", "move the robber first"),
    "free_roads_first": ("§6", "place the free roads of Road Building first"),
    "answer_trade_first": ("§4.4", "the open trade offer must be answered first"),
    "confirm_trade_first": ("§4.4", "the answered trade offer must be confirmed or cancelled first"),
    # a 7 and the robber
    "no_discard_due": ("§4.3", "nobody must discard now"),
    "discard_half": ("§4.3", "a discard is exactly half the hand, rounded down"),
    "discard_not_held": ("§4.3", "a discard of cards not held"),
    "no_robber_move": ("§4.3", "the robber moves only after a 7 or a knight"),
    "robber_must_move": ("§4.3", "the robber must move to another hex"),
    "choose_victim": ("§4.3", "name whom to rob among the players on the hex"),
    "bad_victim": ("§4.3", "only an opponent with a building on the hex can be robbed"),
    "robber_desert": ("§9", "house rule: the robber may not return to the desert"),
    "friendly_robber": ("§9", "house rule: the robber spares players with 2 or fewer points"),
    # building
    "cannot_afford": ("§4.4", "the hand does not cover the cost"),
    "out_of_pieces": ("§5", "no piece of that kind left in the supply"),
    "path_taken": ("§5", "the path already has a road"),
    "road_not_connected": ("§5", "a road must touch the player's road or building"),
    "no_road_spot": ("§5", "no free path touches the player's roads or buildings"),
    "intersection_taken": ("§5", "the intersection is already built on"),
    "distance_rule": ("§5", "the distance rule: no building on a neighbouring intersection"),
    "settlement_not_connected": ("§5", "a settlement must touch one of the player's roads"),
    "no_settlement_spot": ("§5", "no free intersection on the player's roads keeps the distance rule"),
    "city_needs_settlement": ("§5", "a city replaces one of the player's own settlements"),
    "no_settlement_to_upgrade": ("§5", "the player has no settlement to make a city"),
    # development cards
    "deck_empty": ("§4.4", "the development card deck is empty"),
    "one_card_per_turn": ("§4.4", "one development card per turn"),
    "card_bought_this_turn": ("§4.4", "a card bought this turn cannot be played this turn"),
    "no_card_to_play": ("§6", "the player holds no such development card"),
    "plenty_bank_empty": ("§6", "Year of Plenty: the bank does not hold the cards"),
    # trade
    "strict_phases": ("§9", "house rule: no trade after building this turn"),
    "like_for_like": ("§4.4", "no trading a resource for the same resource"),
    "maritime_rate": ("§4.4", "a bank trade needs the player's rate in cards of one resource"),
    "bank_empty": ("§4.4", "the bank holds none of the card asked for"),
    "no_gifts": ("§4.4", "each side of a trade gives at least one card"),
    "only_turn_player_trades": ("§4.4", "only the player whose turn it is proposes a trade"),
    "no_cards_to_offer": ("§4.4", "the player holds no cards to offer"),
    "cards_not_held": ("§4.4", "a trade of cards the player does not hold"),
    "bad_trade_partner": ("§4.4", "a trade is offered to another player in the game"),
    "no_offer": ("§4.4", "no trade offer to answer, confirm or cancel"),
    "not_your_answer": ("§4.4", "another player answers the offer now"),
    "only_proposer": ("§4.4", "only the player who proposed a trade confirms it"),
    "not_accepted": ("§4.4", "a trade is confirmed only with a player who accepted or countered"),
    # the Special Building Phase (5 and 6 players)
    "special_build_only": ("§11.1", "the Special Building Phase: only building and buying, then passing"),
    "special_build_no_trade": ("§11.1", "no trade in the Special Building Phase (paired: the bank only)"),
    "special_build_no_card": ("§11.1", "no development card is played in the Special Building Phase"),
    "special_build_no_roll": ("§11.1", "nobody rolls in the Special Building Phase"),
    # a control with no legal action and no rule to name (never expected)
    "not_possible": ("", "not possible right now"),
}
"""Every refusal code: ``code -> (rulebook section, what it means)``.  Codes are stable: a code
is never renamed or reused for another meaning (new ones may be added)."""


def rule_of(code: str) -> str:
    """The rulebook section of ``code`` (``"§5"``), ``""`` for malformed input or an unknown code."""
    entry = REFUSALS.get(code)
    return "" if entry is None else entry[0]


@dataclass(frozen=True, eq=False)
class Refusal:
    """Why an action is not allowed: ``code`` (a key of :data:`REFUSALS`), ``rule`` (its
    rulebook section, ``""`` for malformed input) and ``message``, the sentence for people, a
    catalogue message put in words only when read: :attr:`text` in the default language,
    :meth:`words` in any.
    """

    code: str
    rule: str
    message: Words
    language: str | None = None
    """The language :attr:`text` is in (None: the process's default when read)."""

    @property
    def text(self) -> str:
        """The sentence in :attr:`language`, else the process's default language
        (:func:`.language.get_language`).
        """
        return words(self.message, self.language)

    def in_language(self, language: str | None) -> Refusal:
        """The same refusal with :attr:`text` in ``language`` (None: the process's default)."""
        return Refusal(self.code, self.rule, self.message, None if language is None else resolve(language))

    def _key(self) -> tuple[str, str, str]:
        return (self.code, self.rule, words(self.message, ENGLISH))

    def __eq__(self, other: object) -> bool:
        """Equal when code, rule and English sentence are (a message and its words alike)."""
        return isinstance(other, Refusal) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def words(self, language: str | None = None) -> str:
        """The sentence in ``language`` (default: :attr:`language`, else the process's)."""
        return words(self.message, language or self.language)

    def to_dict(self, language: str | None = None) -> dict[str, str]:
        """``{"code": ..., "rule": ..., "text": ...}`` (JSON-ready; the text in ``language``)."""
        return {"code": self.code, "rule": self.rule, "text": self.words(language)}


def refusal(code: str, text: Words) -> Refusal:
    """The refusal of ``code`` in words ``text`` (a catalogue message), with the code's rulebook
    section.
    """
    return Refusal(code, rule_of(code), text)


class IllegalActionError(ValueError):
    """An action breaks a rule (or is malformed); the game is unchanged when this is raised.

    ``str(error)`` is the sentence naming the rule, in English (as Python's own errors are);
    ``error.code`` is its stable code (a key of :data:`REFUSALS`) and ``error.rule`` the rulebook
    section (``"§5"``, or ``""`` for malformed input); ``error.refusal`` holds all three, and
    its :meth:`Refusal.words` gives the sentence in any language.
    """

    def __init__(self, code: str, text: Words | None = None) -> None:
        if text is None:  # the form before codes: IllegalActionError("sentence")
            warnings.warn(
                "IllegalActionError(text) is deprecated: give a code first, "
                "IllegalActionError(code, text) (codes: catan_widget.REFUSALS)",
                DeprecationWarning,
                stacklevel=2,
            )
            code, text = "not_possible", code
        super().__init__(text)
        self.message: Words = text
        self.code: str = code
        self.rule: str = rule_of(code)

    def __str__(self) -> str:
        return words(self.message, ENGLISH)

    @property
    def text(self) -> str:
        """The sentence in English (``str(error)``)."""
        return str(self)

    @property
    def refusal(self) -> Refusal:
        """Code, rule and message as one :class:`Refusal`."""
        return Refusal(self.code, self.rule, self.message)

    def __reduce__(self) -> tuple[type[IllegalActionError], tuple[str, Words]]:
        """Pickled with its code and message (a worker process's refusal arrives whole)."""
        return (type(self), (self.code, self.message))


class SaveError(ValueError):
    """A save file is truncated, edited, inconsistent or of an unknown schema; nothing loads."""
