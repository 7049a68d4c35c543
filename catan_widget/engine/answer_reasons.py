"""Why a player declines or counters a trade offer: a reason code, worded once for the log.

A bot that declines or counters says why with a code carried by its ``DeclineTrade`` /
``CounterTrade`` (``reason=``), saved with the action and kept in the ``answer`` event; the log
words it here (``"Bot 2 declines: they need their ore for a city"``).  Programs compare codes;
an answer without a reason (every human's, and every save made before reasons) reads as before.
Each reason has two messages: said of the player (``"they need their ore for a city"``) and said
to the player reading the log (``"you need your ore for a city"``), chosen by the reader's seat.

Codes: ``"no_gain"``, ``"near_winner"``, ``"cannot_pay"``, and ``"keeps_<resource>_for_<build>"``
for every resource and build (:data:`BUILDS`), e.g. ``"keeps_ore_for_city"``.
"""

from __future__ import annotations

from typing import Final

from .constants import RESOURCES, resource_word
from .errors import IllegalActionError
from .language import Message, tr, words

NO_GAIN: Final = "no_gain"
"""The trade would not leave the answering player better off."""
NEAR_WINNER: Final = "near_winner"
"""The proposer is close to winning: no trade with them."""
CANNOT_PAY: Final = "cannot_pay"
"""The answering player does not hold the cards asked for."""
BUILDS: Final = ("road", "settlement", "city", "development_card")
"""The builds a ``keeps_<resource>_for_<build>`` code names."""


def keeps(resource: int, build: str) -> str:
    """The code of keeping ``resource`` (an id) for ``build`` (one of :data:`BUILDS`)."""
    code = f"keeps_{RESOURCES[resource]}_for_{build}"
    if code not in REASONS:
        raise ValueError(f"no reason code {code!r}")
    return code


def _keeps(resource: int, build: str) -> tuple[Message, Message]:
    """The words of keeping ``resource`` for ``build``: (said of a player, said to the reader)."""
    r = resource_word(resource)
    if build == "road":
        return (
            # TRANSLATORS: why a player declines a trade ("Bo declines: they need their ore for a road")
            tr("they need their {resource} for a road", resource=r),
            tr("you need your {resource} for a road", resource=r),
        )
    if build == "settlement":
        return (
            tr("they need their {resource} for a settlement", resource=r),
            tr("you need your {resource} for a settlement", resource=r),
        )
    if build == "city":
        return (
            tr("they need their {resource} for a city", resource=r),
            tr("you need your {resource} for a city", resource=r),
        )
    return (
        tr("they need their {resource} for a development card", resource=r),
        tr("you need your {resource} for a development card", resource=r),
    )


def _messages() -> dict[str, tuple[Message, Message]]:
    found = {
        # TRANSLATORS: why a player declines a trade ("Bo declines: the trade does not help them")
        NO_GAIN: (tr("the trade does not help them"), tr("the trade does not help you")),
        NEAR_WINNER: (
            tr("they will not help a player so close to winning"),
            tr("you will not help a player so close to winning"),
        ),
        CANNOT_PAY: (tr("they do not hold the cards asked for"), tr("you do not hold the cards asked for")),
    }
    for resource, name in enumerate(RESOURCES):
        for build in BUILDS:
            found[f"keeps_{name}_for_{build}"] = _keeps(resource, build)
    return found


REASONS: Final[dict[str, tuple[Message, Message]]] = _messages()
"""Every reason code and its words as catalogue messages: (said of the answering player, said
to the answering player when they read it: the second person)."""


def check_reason(value: object) -> str | None:
    """``value`` as a reason code (None: no reason); raises IllegalActionError otherwise."""
    if value is None or (isinstance(value, str) and value in REASONS):
        return value
    text = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
    raise IllegalActionError(
        "malformed", tr("reason must be a trade-answer reason code or None, got {value}", value=text)
    )


def reason_message(code: str, you: bool = False) -> Message:
    """The message of a reason code, said of the answering player, or (``you``) to them."""
    third, second = REASONS[code]
    return second if you else third


def reason_words(code: str, you: bool = False, *, language: str | None = None) -> str:
    """The words of a reason code (:func:`reason_message`) in ``language`` (default: the
    process's): ``"they need their ore for a city"``, ``you``: ``"you need your ore for a city"``.
    """
    return words(reason_message(code, you), language)
