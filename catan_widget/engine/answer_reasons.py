"""Why a player declines or counters a trade offer: a reason code, worded once for the log.

A bot that declines or counters says why with a code carried by its ``DeclineTrade`` /
``CounterTrade`` (``reason=``), saved with the action and kept in the ``answer`` event; the log
words it here (``"Bot 2 declines: they need their ore for a city"``).  Programs compare codes;
an answer without a reason (every human's, and every save made before reasons) reads as before.

Codes: ``"no_gain"``, ``"near_winner"``, ``"cannot_pay"``, and ``"keeps_<resource>_for_<build>"``
for every resource and build (:data:`BUILDS`), e.g. ``"keeps_ore_for_city"``.
"""

from __future__ import annotations

from typing import Final

from .constants import RESOURCES
from .errors import IllegalActionError

NO_GAIN: Final = "no_gain"
"""The trade would not leave the answering player better off."""
NEAR_WINNER: Final = "near_winner"
"""The proposer is close to winning: no trade with them."""
CANNOT_PAY: Final = "cannot_pay"
"""The answering player does not hold the cards asked for."""
BUILDS: Final = ("road", "settlement", "city", "development_card")
"""The builds a ``keeps_<resource>_for_<build>`` code names."""
_BUILD_WORDS: Final = {
    "road": "a road",
    "settlement": "a settlement",
    "city": "a city",
    "development_card": "a development card",
}


def keeps(resource: int, build: str) -> str:
    """The code of keeping ``resource`` (an id) for ``build`` (one of :data:`BUILDS`)."""
    code = f"keeps_{RESOURCES[resource]}_for_{build}"
    if code not in REASONS:
        raise ValueError(f"no reason code {code!r}")
    return code


def _words() -> dict[str, tuple[str, str]]:
    words = {
        NO_GAIN: ("the trade does not help them", "the trade does not help you"),
        NEAR_WINNER: (
            "they will not help a player so close to winning",
            "you will not help a player so close to winning",
        ),
        CANNOT_PAY: ("they do not hold the cards asked for", "you do not hold the cards asked for"),
    }
    for name in RESOURCES:
        for build in BUILDS:
            what = _BUILD_WORDS[build]
            words[f"keeps_{name}_for_{build}"] = (
                f"they need their {name} for {what}",
                f"you need your {name} for {what}",
            )
    return words


REASONS: Final[dict[str, tuple[str, str]]] = _words()
"""Every reason code and its words: (said of a player, said to the player named "You")."""


def check_reason(value: object) -> str | None:
    """``value`` as a reason code (None: no reason); raises IllegalActionError otherwise."""
    if value is None or (isinstance(value, str) and value in REASONS):
        return value
    text = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
    raise IllegalActionError("malformed", f"reason must be a trade-answer reason code or None, got {text}")


def reason_words(code: str, you: bool = False) -> str:
    """The words of a reason code, of a player (``you``: to the player named "You")."""
    third, second = REASONS[code]
    return second if you else third
