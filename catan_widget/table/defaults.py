"""A table's default timings, written once: the ``Table``, ``catan_widget.host`` and
``catan-widget serve`` all take them from here.
"""

from __future__ import annotations

from typing import Final

OFFER_TIMEOUT: Final = 20.0
"""Seconds a human at a table has to answer an offer before it is declined for them."""
BOT_DELAY: Final = 0.6
"""Seconds between two bot moves at a table."""
IDLE_TIMEOUT: Final = None
"""Seconds a human seat may leave its move unmade before the table gives the seat to a bot
(None: never; the host sets it: ``Table(idle_timeout=...)``, ``serve --idle-timeout``)."""
