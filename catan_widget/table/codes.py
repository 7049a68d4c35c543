"""The words of the table protocol (docs/table-protocol.md): frame types, roles, refusal codes
and close codes, written once here; the connection and the server speak them.
"""

from __future__ import annotations

from typing import Final

PROTOCOL: Final = 1
"""The protocol version a client's ``hello`` names."""

# roles a connection may hold once its hello was accepted
PLAYER: Final = "player"
SPECTATOR: Final = "spectator"
TEACHER_ROLE: Final = "teacher"
ROLES: Final = (PLAYER, SPECTATOR, TEACHER_ROLE)

# refusal codes (a ``refused`` frame's ``code``)
BAD_JSON: Final = "bad_json"
TOO_BIG: Final = "too_big"
RATE: Final = "rate"
NOT_HELLO: Final = "not_hello"
BAD_TOKEN: Final = "bad_token"
BAD_TYPE: Final = "bad_type"
BAD_INTENT: Final = "bad_intent"
ILLEGAL: Final = "illegal"
NOT_YOUR_TURN: Final = "not_your_turn"
SPECTATING: Final = "spectator"
BAD_SETTING: Final = "bad_setting"
BAD_LANGUAGE: Final = "bad_language"
REFUSALS: Final = (
    BAD_JSON,
    TOO_BIG,
    RATE,
    NOT_HELLO,
    BAD_TOKEN,
    BAD_TYPE,
    BAD_INTENT,
    ILLEGAL,
    NOT_YOUR_TURN,
    SPECTATING,
    BAD_SETTING,
    BAD_LANGUAGE,
)
"""Every refusal code of the protocol."""

# close codes (``close(code, reason)``)
CLOSE_BAD_TOKEN: Final = 4401
CLOSE_ORIGIN: Final = 4403
CLOSE_NO_HELLO: Final = 4408
CLOSE_REFUSED: Final = 4429
CLOSE_FULL: Final = 4503
FINAL_CLOSES: Final = frozenset({CLOSE_BAD_TOKEN, CLOSE_ORIGIN})
"""Close codes after which a client does not reconnect: the same token or origin would be refused
again.  Every other close (the server stopped, the network, a slow reader's 1013) is worth a
reconnection with backoff.  The page's client (js/remote.ts) keeps the same set; a test checks."""
