"""Scripted chance: the dice, card or stolen resource a teacher sets for one step."""

from __future__ import annotations

from typing import Any

from ..action_fields import to_resource
from ..constants import DEV_CARDS
from ..errors import IllegalActionError
from ..language import tr

Chance = dict[str, Any]
"""Scripted chance of one step: any of ``dice`` (pair), ``card`` (id), ``steal`` (resource)."""


def scripted_chance(dice: object, card: object, steal: object) -> Chance:
    """Checked scripted chance of one step (``Game.step``'s ``dice``, ``card``, ``steal``):
    raises IllegalActionError naming what is wrong, before the (compiled) rules see it.
    """
    chance: Chance = {}
    if dice is not None:
        if not isinstance(dice, (tuple, list)) or len(dice) != 2:
            raise IllegalActionError(
                "bad_chance",
                # TRANSLATORS: {value} is what the program gave, as Python writes it ("[3]")
                tr("Scripted dice must be a pair like (3, 4), got {value}.", value=repr(dice)),
            )
        if not all(type(d) is int and 1 <= d <= 6 for d in dice):  # before the (compiled) rules
            raise IllegalActionError(
                "bad_chance",
                # TRANSLATORS: {value} is what the program gave, as Python writes it ("(7, 1)")
                tr("Scripted dice must be a pair of numbers 1..6, got {value}.", value=repr(tuple(dice))),
            )
        chance["dice"] = (dice[0], dice[1])
    if card is not None:
        if isinstance(card, str):
            if card not in DEV_CARDS:
                raise IllegalActionError(
                    "bad_chance",
                    # TRANSLATORS: {value} is what the program gave ("'joker'"); {names} the names a
                    # program may give, kept in English ("knight, road_building, ...")
                    tr(
                        "Unknown development card {value}; one of {names}.",
                        value=repr(card),
                        names=", ".join(DEV_CARDS),
                    ),
                )
            card = DEV_CARDS.index(card)
        if type(card) is not int:  # checked here, before the (compiled) rules see it
            raise IllegalActionError(
                "bad_chance",
                # TRANSLATORS: {value} is what the program gave, as Python writes it ("7", "'knight'")
                tr("A scripted draw must be a card id still in the deck, got {value}.", value=repr(card)),
            )
        chance["card"] = card
    if steal is not None:
        try:
            chance["steal"] = to_resource(steal, "steal")
        except IllegalActionError as exc:
            raise IllegalActionError("bad_chance", exc.message) from None
    return chance
