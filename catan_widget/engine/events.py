"""Game events as small tuples, and their plain-words rendering for the log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .constants import DEV_CARDS, RESOURCES, TERRAINS, cards_text

if TYPE_CHECKING:
    from .board import Board

Event = tuple[Any, ...]
Events = list[Event]
"""Events are tuples ``(kind, seat, *data)`` appended by the rules as they apply actions."""


def _gains_text(names: list[str], gains: tuple[tuple[int, int, int], ...]) -> str:
    per: dict[int, list[str]] = {}
    for p, r, n in gains:
        per.setdefault(p, []).append(f"+{n} {RESOURCES[r]}")
    return ", ".join(f"{names[p]} {' '.join(parts)}" for p, parts in sorted(per.items()))


def render(event: Event, names: list[str], board: Board | None = None) -> str:
    """One event in plain words, e.g. ``"Bo rolled 8: Ada +1 grain"``; with the ``board``,
    hexes are named by terrain and number (``"hex 16 (hills 5)"``).
    """
    kind, p = event[0], event[1]
    who = names[p] if p is not None and p >= 0 else "nobody"
    if kind == "roll":
        dice, gains = event[2], event[3]
        total = dice[0] + dice[1]
        if total == 7:
            return f"{who} rolled 7 ({dice[0]}+{dice[1]}): the robber!"
        tail = _gains_text(names, gains) if gains else "nobody produces"
        return f"{who} rolled {total} ({dice[0]}+{dice[1]}): {tail}"
    if kind == "road":
        return f"{who} built a road on path {event[2]}"
    if kind == "settlement":
        return f"{who} built a settlement on intersection {event[2]}"
    if kind == "city":
        return f"{who} built a city on intersection {event[2]}"
    if kind == "setup_income":
        return f"{who} takes {cards_text(event[2])} for the second settlement"
    if kind == "longest_road":
        before, length = event[2], event[3]
        if p < 0:
            return f"Longest Road is set aside (was {names[before]}'s)"
        return f"{who} takes Longest Road ({length} roads)"
    if kind == "largest_army":
        return f"{who} takes Largest Army ({event[2]} knights)"
    if kind == "discard":
        return f"{who} discarded {cards_text(event[2])}"
    if kind == "robber":
        hex_id, victim, taken = event[2], event[3], event[4]
        where = f"hex {hex_id}"
        if board is not None:
            number = board.number[hex_id]
            where += f" ({TERRAINS[board.terrain[hex_id]]}{f' {number}' if number else ''})"
        if victim is None:
            return f"{who} moved the robber to {where}"
        stolen = "a card" if taken >= 0 else "nothing (no cards)"
        return f"{who} moved the robber to {where} and stole {stolen} from {names[victim]}"
    if kind == "buy":
        return f"{who} bought a development card"
    if kind == "play":
        card, detail = event[2], event[3]
        text = f"{who} played {DEV_CARDS[card].replace('_', ' ')}"
        return f"{text}: {detail}" if detail else text
    if kind == "maritime":
        give, rate, get = event[2], event[3], event[4]
        return f"{who} traded {rate} {RESOURCES[give]} with the bank for 1 {RESOURCES[get]}"
    if kind == "offer":
        give, want, to = event[2], event[3], event[4]
        target = "everyone" if to is None else names[to]
        return f"{who} offers {cards_text(give)} for {cards_text(want)} to {target}"
    if kind == "answer":
        return f"{who} {event[2]}"
    if kind == "trade":
        other, give, want = event[2], event[3], event[4]
        return f"{who} traded {cards_text(give)} to {names[other]} for {cards_text(want)}"
    if kind == "trade_closed":
        return f"{who}'s offer is closed: {event[2]}"
    if kind == "end_turn":
        return f"{who} ended the turn"
    if kind == "staged":
        return f"A position was staged: {who} to play"
    if kind == "win":
        return f"{who} wins with {event[2]} victory points!"
    return f"{who}: {kind}"
