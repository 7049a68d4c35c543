"""Game events: small tuples of structured data, as the rules record them.

The rules append an event to the game's ``Events`` list for everything that happens.  An event
is a tuple ``(kind, seat, *data)``; it carries ids and counts only, never worded text.  Seats,
resources (``constants.RESOURCES``), development cards (``constants.DEV_CARDS``), nodes, edges
and hexes (``topology``) are ids; ``cards5`` is a count per resource (5 ints).

======================  ===================================================================
event                   data
======================  ===================================================================
``roll``                ``seat, (d1, d2), gains, short``: ``gains = ((seat, resource, n), ...)``
                        paid by this roll; ``short = ((resource, bank_had), ...)`` for the
                        resources nobody got because the bank could not pay everyone (a 7:
                        both empty)
``road``                ``seat, edge, paid``: ``paid`` False in setup and with Road Building
``settlement``          ``seat, node, paid``: ``paid`` False in setup
``city``                ``seat, node``
``setup_income``        ``seat, cards5``: the cards of the second setup settlement
``buy``                 ``seat, card``: a development card, hidden from all but the buyer
``play``                ``seat, card, data``: knight ``()``; road building
                        ``(free_roads_granted,)``; year of plenty ``(a, b)``; monopoly
                        ``(resource, takes)`` with ``takes[q]`` the cards seat ``q`` handed
                        over (0 for the player)
``discard``             ``seat, cards5``
``robber``              ``seat, hex, victim or None, taken resource or -1``: the taken card is
                        hidden from all but the thief and the victim
``maritime``            ``seat, give, rate, get``: ``rate`` cards of ``give`` for one ``get``
``offer``               ``seat, give5, want5, to or None`` (None: to everyone)
``answer``              ``seat, code, give5, want5[, reason]``: ``code`` is ``phases.ACCEPTED``,
                        ``DECLINED`` or ``COUNTERED``; give/want are the answering seat's terms;
                        ``reason`` (a code of ``answer_reasons``) only when the answer gave one
``trade``               ``seat, other, seat_gives5, seat_gets5``
``trade_closed``        ``seat, reason``: ``"cancelled"`` or ``"nobody accepted"``
``longest_road``        ``seat or -1, before (seat or -1), length``
``largest_army``        ``seat, knights``
``end_turn``            ``seat``
``special_pass``        ``seat``: a builder's pass in the Special Building Phase (or the paired
                        seat's, §11.2); the builds before it are ``road``/``settlement``/``city``/``buy``
``staged``              ``seat``: a staged position, ``seat`` to play
``win``                 ``seat, vp``
======================  ===================================================================

They are put in words in one place, :mod:`catan_widget.engine.words.log` (for each reader); card counting
(:mod:`catan_widget.engine.knowledge.counting`) reads them too.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Event", "Events"]

Event = tuple[Any, ...]
Events = list[Event]
"""Events are tuples ``(kind, seat, *data)`` appended by the rules as they apply actions."""
