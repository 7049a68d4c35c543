"""The log's sentences (:mod:`.log`), each one whole catalogue message.

A sentence about the reader's own move, or a move done to the reader, has a message of its own
in the second person, chosen by the reader's seat (a :class:`Party` says whether a player is the
reader).  Values are names, numbers and labels (places, amounts of cards, card names, lists).
"""

from __future__ import annotations

from typing import NamedTuple

from ..constants import special_card_word
from ..language import Joined, Message, tr, trc, trn

__all__ = ["Party"]

Label = Message | Joined


class Party(NamedTuple):
    """A player in a sentence: ``you`` when they are the reader, and their name."""

    you: bool
    name: str


def unknown_place(kind: str) -> Message:
    """A place named without a board: ``"a corner"``, ``"a path"``, ``"a hex"``."""
    if kind == "node":
        # TRANSLATORS: a place on the board when the board is not known
        return trc("place", "a corner")
    if kind == "edge":
        return trc("place", "a path")
    return trc("place", "a hex")


def rolled(you: bool, name: str, total: int, d1: int, d2: int, outcome: Label | None) -> Message:
    """A roll: ``"Bo rolled 8 (3+5): Ada +1 grain"``; a 7 brings the robber."""
    if total == 7:
        if you:
            return tr("You rolled {total} ({d1}+{d2}): the robber!", total=total, d1=d1, d2=d2)
        return tr("{name} rolled {total} ({d1}+{d2}): the robber!", name=name, total=total, d1=d1, d2=d2)
    if outcome is None:
        if you:
            return tr("You rolled {total} ({d1}+{d2}): nobody produces", total=total, d1=d1, d2=d2)
        return tr("{name} rolled {total} ({d1}+{d2}): nobody produces", name=name, total=total, d1=d1, d2=d2)
    if you:
        # TRANSLATORS: {outcome} lists who got what ("Ada +1 grain, Cy +2 ore")
        return tr("You rolled {total} ({d1}+{d2}): {outcome}", total=total, d1=d1, d2=d2, outcome=outcome)
    # TRANSLATORS: {outcome} lists who got what ("Ada +1 grain, Cy +2 ore")
    return tr(
        "{name} rolled {total} ({d1}+{d2}): {outcome}", name=name, total=total, d1=d1, d2=d2, outcome=outcome
    )


def built(kind: str, you: bool, name: str, where: Message) -> Message:
    """A road, settlement or city built: ``"Ada built a road on the path between ..."``."""
    if kind == "road":
        # TRANSLATORS: {where} is a path: "the path between hills 6 and pasture 4"
        return (
            tr("You built a road on {where}", where=where)
            if you
            else tr("{name} built a road on {where}", name=name, where=where)
        )
    if kind == "settlement":
        # TRANSLATORS: {where} is a corner: "the corner of hills 6, pasture 4 and pasture 2"
        if you:
            return tr("You built a settlement on {where}", where=where)
        return tr("{name} built a settlement on {where}", name=name, where=where)
    # TRANSLATORS: {where} is a corner: "the corner of hills 6, pasture 4 and pasture 2"
    return (
        tr("You built a city on {where}", where=where)
        if you
        else tr("{name} built a city on {where}", name=name, where=where)
    )


def road_building(you: bool, name: str, card: Message, free: int) -> Message:
    """Road Building played: ``"Ada played Road Building: 2 free roads"``."""
    if not free:
        if you:
            return tr("You played {card}, but no road can be placed", card=card)
        return tr("{name} played {card}, but no road can be placed", name=name, card=card)
    if you:
        # TRANSLATORS: {card} is "Road Building"
        return trn("You played {card}: {n} free road", "You played {card}: {n} free roads", free, card=card)
    # TRANSLATORS: {card} is "Road Building"
    return trn(
        "{name} played {card}: {n} free road",
        "{name} played {card}: {n} free roads",
        free,
        name=name,
        card=card,
    )


def monopoly(you: bool, name: str, card: Message, took: Message, given: Joined | None) -> Message:
    """Monopoly played: ``"Cy played Monopoly: took 5 wool (3 wool from Ada, 2 wool from Bo)"``."""
    if given is None:
        if you:
            return tr("You played {card}: took {cards}", card=card, cards=took)
        return tr("{name} played {card}: took {cards}", name=name, card=card, cards=took)
    if you:
        # TRANSLATORS: {card} is "Monopoly"; {cards}: "5 wool"; {sources}: "3 wool from Ada, ..."
        return tr("You played {card}: took {cards} ({sources})", card=card, cards=took, sources=given)
    # TRANSLATORS: {card} is "Monopoly"; {cards}: "5 wool"; {sources}: "3 wool from Ada, ..."
    return tr(
        "{name} played {card}: took {cards} ({sources})", name=name, card=card, cards=took, sources=given
    )


def robber_moved(thief: Party, where: Message) -> Message:
    """The robber moved where nobody can be robbed."""
    if thief.you:
        # TRANSLATORS: {where} is a hex: "mountains 8", "desert"
        return tr("You moved the robber to {where}", where=where)
    # TRANSLATORS: {where} is a hex: "mountains 8", "desert"
    return tr("{name} moved the robber to {where}", name=thief.name, where=where)


def robber_found_nothing(thief: Party, where: Message, victim: Party) -> Message:
    """The robber moved next to a player holding no cards."""
    if thief.you:
        return tr(
            "You moved the robber to {where}, but {victim} had no cards", where=where, victim=victim.name
        )
    if victim.you:
        return tr("{name} moved the robber to {where}, but you had no cards", name=thief.name, where=where)
    return tr(
        "{name} moved the robber to {where}, but {victim} had no cards",
        name=thief.name,
        where=where,
        victim=victim.name,
    )


def robber_stole(thief: Party, where: Message, victim: Party, card: Message | None) -> Message:
    """The robber moved and stole ``card`` (``"1 ore"``; None: a card the reader may not see)."""
    name, other = thief.name, victim.name
    if card is None:
        if thief.you:
            return tr(
                "You moved the robber to {where} and stole a card from {victim}", where=where, victim=other
            )
        if victim.you:
            return tr("{name} moved the robber to {where} and stole a card from you", name=name, where=where)
        return tr(
            "{name} moved the robber to {where} and stole a card from {victim}",
            name=name,
            where=where,
            victim=other,
        )
    if thief.you:
        # TRANSLATORS: {card} is the card stolen: "1 ore"
        return tr(
            "You moved the robber to {where} and stole {card} from {victim}",
            where=where,
            card=card,
            victim=other,
        )
    if victim.you:
        # TRANSLATORS: {card} is the card stolen: "1 ore"
        return tr(
            "{name} moved the robber to {where} and stole {card} from you", name=name, where=where, card=card
        )
    # TRANSLATORS: {card} is the card stolen: "1 ore"
    return tr(
        "{name} moved the robber to {where} and stole {card} from {victim}",
        name=name,
        where=where,
        card=card,
        victim=other,
    )


def offered(by: Party, give: Joined, want: Joined, to: Party | None) -> Message:
    """A trade offer: ``"Ada offers 1 wool for 1 ore to everyone"``, ``"Ada offers you ..."``."""
    if to is None:
        if by.you:
            return tr("You offer {give} for {want} to everyone", give=give, want=want)
        return tr("{name} offers {give} for {want} to everyone", name=by.name, give=give, want=want)
    if by.you:
        return tr("You offer {give} for {want} to {other}", give=give, want=want, other=to.name)
    if to.you:
        # TRANSLATORS: {give} is what the proposer gives, {want} what they ask of you
        return tr("{name} offers you {give} for {want}", name=by.name, give=give, want=want)
    return tr("{name} offers {give} for {want} to {other}", name=by.name, give=give, want=want, other=to.name)


def answered(by: Party, answer: str, give: Joined, want: Joined, because: Message | None) -> Message:
    """An answer to an offer, with its reason when it gave one: ``"Bo declines: they need
    their ore for a city"``, ``"Cy counters with 1 ore for 2 wool"``.
    """
    you, name = by.you, by.name
    if answer == "accepted":
        if because is None:
            return tr("You accept the offer") if you else tr("{name} accepts the offer", name=name)
        # TRANSLATORS: {reason} says why ("they need their ore for a city")
        return (
            tr("You accept: {reason}", reason=because)
            if you
            else tr("{name} accepts: {reason}", name=name, reason=because)
        )
    if answer == "declined":
        if because is None:
            return tr("You decline the offer") if you else tr("{name} declines the offer", name=name)
        # TRANSLATORS: {reason} says why ("they need their ore for a city")
        return (
            tr("You decline: {reason}", reason=because)
            if you
            else tr("{name} declines: {reason}", name=name, reason=because)
        )
    if because is None:
        if you:
            return tr("You counter with {give} for {want}", give=give, want=want)
        return tr("{name} counters with {give} for {want}", name=name, give=give, want=want)
    if you:
        # TRANSLATORS: {reason} says why ("you need your ore for a city")
        return tr("You counter with {give} for {want}: {reason}", give=give, want=want, reason=because)
    # TRANSLATORS: {reason} says why ("they need their ore for a city")
    return tr(
        "{name} counters with {give} for {want}: {reason}", name=name, give=give, want=want, reason=because
    )


def traded(a: Party, b: Party, gives: Joined, gets: Joined) -> Message:
    """A domestic trade: ``"Ada traded 1 wool to Cy for 1 ore"``."""
    if a.you:
        return tr("You traded {give} to {other} for {get}", give=gives, other=b.name, get=gets)
    if b.you:
        return tr("{name} traded {give} to you for {get}", name=a.name, give=gives, get=gets)
    return tr("{name} traded {give} to {other} for {get}", name=a.name, give=gives, other=b.name, get=gets)


def closed(by: Party, reason: str) -> Message:
    """An offer closed (``reason``: ``"cancelled"`` or ``"nobody accepted"``)."""
    if reason == "cancelled":
        if by.you:
            return tr("Your offer is closed: cancelled")
        return tr("{name}'s offer is closed: cancelled", name=by.name)
    if reason == "nobody accepted":
        if by.you:
            return tr("Your offer is closed: nobody accepted")
        return tr("{name}'s offer is closed: nobody accepted", name=by.name)
    return tr("Your offer is closed") if by.you else tr("{name}'s offer is closed", name=by.name)


def longest_road(taker: Party | None, was: Party | None, length: int) -> Message:
    """Longest Road taken (from ``was``, if anybody held it), or set aside (``taker`` None)."""
    card = special_card_word("longest_road")
    if taker is None:
        if was is None or was.you:
            # TRANSLATORS: {card} is "Longest Road": nobody holds it any more
            return (
                tr("{card} is set aside (was yours)", card=card)
                if was
                else tr("{card} is set aside", card=card)
            )
        # TRANSLATORS: {card} is "Longest Road": nobody holds it any more; {name} held it
        return tr("{card} is set aside (was {name}'s)", card=card, name=was.name)
    if was is None:
        if taker.you:
            # TRANSLATORS: {card} is "Longest Road"
            return trn("You take {card} ({n} road)", "You take {card} ({n} roads)", length, card=card)
        # TRANSLATORS: {card} is "Longest Road"
        return trn(
            "{name} takes {card} ({n} road)",
            "{name} takes {card} ({n} roads)",
            length,
            name=taker.name,
            card=card,
        )
    if taker.you:
        return trn(
            "You take {card} from {other} ({n} road)",
            "You take {card} from {other} ({n} roads)",
            length,
            card=card,
            other=was.name,
        )
    if was.you:
        return trn(
            "{name} takes {card} from you ({n} road)",
            "{name} takes {card} from you ({n} roads)",
            length,
            name=taker.name,
            card=card,
        )
    return trn(
        "{name} takes {card} from {other} ({n} road)",
        "{name} takes {card} from {other} ({n} roads)",
        length,
        name=taker.name,
        card=card,
        other=was.name,
    )


def largest_army(taker: Party, knights: int) -> Message:
    """Largest Army taken: ``"Ada takes Largest Army (3 knights)"``."""
    card = special_card_word("largest_army")
    if taker.you:
        # TRANSLATORS: {card} is "Largest Army"
        return trn("You take {card} ({n} knight)", "You take {card} ({n} knights)", knights, card=card)
    # TRANSLATORS: {card} is "Largest Army"
    return trn(
        "{name} takes {card} ({n} knight)",
        "{name} takes {card} ({n} knights)",
        knights,
        name=taker.name,
        card=card,
    )


def simple(kind: str, by: Party) -> Message:
    """A turn ended, a pass in the Special Building Phase, a staged position."""
    if kind == "end_turn":
        return tr("You ended the turn") if by.you else tr("{name} ended the turn", name=by.name)
    if kind == "special_pass":
        return (
            tr("You passed (special build)") if by.you else tr("{name} passed (special build)", name=by.name)
        )
    return (
        tr("A position was staged: your turn")
        if by.you
        else tr("A position was staged: {name} to play", name=by.name)
    )


def won(by: Party, vp: int) -> Message:
    """The win: ``"Ada wins with 10 victory points!"``."""
    if by.you:
        return trn("You win with {n} victory point!", "You win with {n} victory points!", vp)
    return trn(
        "{name} wins with {n} victory point!", "{name} wins with {n} victory points!", vp, name=by.name
    )
