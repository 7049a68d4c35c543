"""The one sentence that says who must act now and what: the widget's banner, in words.

:func:`prompt` words an observation for one reader, the way
:mod:`catan_widget.engine.words.log` words the log: each sentence one catalogue message, the
reader's own turn in the second person ("Your turn — roll the dice"), chosen by the reader's
seat, never by a player's name; resources are named in words ("1 ore for 1 wool").
:func:`round_number` says how far the game is (the header's "Round 27"): a round is every seat
having had one turn.  It reads an observation, so it lives with the observation.
"""

from __future__ import annotations

from ..constants import cards_text
from ..language import Message, joined, tr, trc, trn, words
from ..phases import ACCEPTED, COUNTERED, PENDING
from .observation import Observation

__all__ = ["heading", "heading_message", "prompt", "prompt_message", "round_number"]


def round_number(turn: int, seats: int) -> int:
    """The round of player turn ``turn`` (1, 2, ...) with ``seats`` players; 0 during setup."""
    return 0 if turn <= 0 else (turn - 1) // seats + 1


def _reader(obs: Observation, viewer: int | None) -> int | None:
    """The reading seat (None: an onlooker or the all-seeing)."""
    v = obs.viewer if viewer is None else viewer
    return v if v >= 0 else None


def heading_message(obs: Observation, viewer: int | None = None) -> Message:
    """:func:`heading` as a catalogue message."""
    rounds = round_number(obs.turn, len(obs.names))
    if obs.phase == "game_over":
        # TRANSLATORS: the header once the game is over: the last round
        return tr("Round {number}", number=rounds) if rounds else tr("Setup")
    seat = obs.turn_player if rounds else obs.current
    if seat == _reader(obs, viewer):
        if rounds:
            # TRANSLATORS: the header: the round and whose turn it is (the reader's)
            return tr("Round {number} · Your turn", number=rounds)
        # TRANSLATORS: the header in setup, when it is the reader's turn to place
        return tr("Setup · Your turn")
    name = obs.names[seat]
    if rounds:
        # TRANSLATORS: the header: the round and whose turn it is
        return tr("Round {number} · {name}'s turn", number=rounds, name=name)
    # TRANSLATORS: the header in setup: whose turn it is to place
    return tr("Setup · {name}'s turn", name=name)


def heading(obs: Observation, viewer: int | None = None, *, language: str | None = None) -> str:
    """The header: ``"Round 27 · Bo's turn"``; ``"Setup · Ada's turn"`` before the first roll
    (setup goes round the table and back: the one placing has the turn); only the round once the
    game is over.  ``"Round 3 · Your turn"`` when the turn is the reader's (``viewer``, default
    the observation's own).  In ``language`` (default: the process's).
    """
    return words(heading_message(obs, viewer), language)


def _names(obs: Observation, seats: list[int], reader: int | None) -> list[Message | str]:
    """Players in a list: their names, the reader as "you"."""
    # TRANSLATORS: the reader in a list of players ("Waiting for Bo, you and Di to answer ...")
    return [trc("player", "you") if q == reader else obs.names[q] for q in seats]


def _can_pay(obs: Observation, seat: int, want: tuple[int, ...]) -> bool:
    """Whether ``seat`` holds the cards ``want`` asks of it (True when the reader cannot see
    that hand: nothing is told it does not know).
    """
    hand = obs.hand if obs.seat == seat else (obs.hands[seat] if obs.hands is not None else None)
    return hand is None or all(h >= w for h, w in zip(hand, want))


def _trade_prompt(obs: Observation, reader: int | None) -> Message:
    """Whom an open offer waits for; the offer's terms when the reader must answer it."""
    assert obs.trade is not None
    names = obs.names
    proposer, to, give, want = obs.trade
    if obs.phase == "trade_confirm":
        seats = [q for q, (answer, _, _) in enumerate(obs.answers) if answer in (ACCEPTED, COUNTERED)]
        # TRANSLATORS: no player (nobody accepted the offer)
        nobody = trc("player", "nobody")
        takers = joined(_names(obs, seats, reader), "or", nobody)
        if proposer == reader:
            # TRANSLATORS: {names} lists the players who accepted or countered ("Bo or Cy")
            return tr("Trade with {names}, or cancel your offer", names=takers)
        return tr("{name}: trade with {names}, or cancel the offer", name=names[proposer], names=takers)
    terms = {"give": cards_text(give), "want": cards_text(want)}
    if reader is None or reader == obs.current:  # an onlooker, all-seeing, the one asked
        if reader == obs.current:
            if not _can_pay(obs, reader, want):
                # TRANSLATORS: the reader does not hold what is asked: accepting is not possible
                return tr(
                    "{name} offers you {give} for {want}: you do not hold the cards asked for",
                    name=names[proposer],
                    **terms,
                )
            # TRANSLATORS: {give} is what the proposer gives, {want} what they ask of you
            return tr(
                "{name} offers you {give} for {want} — accept, decline or counter",
                name=names[proposer],
                **terms,
            )
        return tr(
            "{name} offers {other} {give} for {want} — accept, decline or counter",
            name=names[proposer],
            other=names[obs.current],
            **terms,
        )
    seats = [to] if to >= 0 else [(proposer + i) % len(names) for i in range(1, len(names))]
    waiting = joined(_names(obs, [q for q in seats if obs.answers[q][0] == PENDING], reader))
    if proposer == reader:
        return tr("Waiting for {names} to answer your offer", names=waiting)
    return tr("Waiting for {names} to answer {name}'s offer", names=waiting, name=names[proposer])


def _special(obs: Observation, you: bool, who: str) -> Message:
    """The Special Building Phase, or the paired players' turn (§11.2)."""
    if obs.rules.after_turn(len(obs.names)) == "paired":
        if you:
            return tr("Your paired turn — build, buy or trade with the bank, then pass")
        return tr("{name}: paired turn — build, buy or trade with the bank, then pass", name=who)
    if you:
        return tr("Your special build — build or buy, then pass")
    return tr("{name}: special build — build or buy, then pass", name=who)


def prompt_message(obs: Observation, viewer: int | None = None) -> Message:
    """:func:`prompt` as a catalogue message."""
    reader = _reader(obs, viewer)
    names, phase = obs.names, obs.phase
    who, turn = names[obs.current], names[obs.turn_player]
    you, your_turn = obs.current == reader, obs.turn_player == reader
    if phase == "setup_settlement":
        return tr("Your turn — place a settlement") if you else tr("{name}: place a settlement", name=who)
    if phase == "setup_road":
        return (
            tr("Your turn — place a road next to it")
            if you
            else tr("{name}: place a road next to it", name=who)
        )
    if phase == "roll":
        return (
            tr("Your turn — roll the dice") if your_turn else tr("{name}'s turn — roll the dice", name=turn)
        )
    if phase == "discard":
        held: list[Message] = []
        for p in obs.players:
            if p.discard and p.seat == reader:
                # TRANSLATORS: the reader in the list of who discards, and how many cards
                held.append(trc("discarding", "you ({count})", count=p.discard))
            elif p.discard:
                # TRANSLATORS: a player in the list of who discards, and how many cards: "Ada (4)"
                held.append(trc("discarding", "{name} ({count})", name=p.name, count=p.discard))
        if not held:
            return tr("A 7! Players discard half their cards")
        # TRANSLATORS: {players} lists who discards and how many cards: "Ada (4), Bo (5)"
        return tr("A 7! Discarding: {players}", players=joined(held, "comma"))
    if phase == "move_robber":
        return tr("Your turn — move the robber") if you else tr("{name}: move the robber", name=who)
    if phase == "main":
        if your_turn:
            return tr("Your turn — build, trade or end the turn")
        return tr("{name}'s turn — build, trade or end the turn", name=turn)
    if phase == "special_build":
        return _special(obs, you, who)
    if phase == "road_building":
        n = obs.free_roads
        if you:
            return trn("Your turn — place {n} free road", "Your turn — place {n} free roads", n)
        return trn("{name}: place {n} free road", "{name}: place {n} free roads", n, name=who)
    if phase in ("trade_response", "trade_confirm") and obs.trade is not None:
        return _trade_prompt(obs, reader)
    if phase == "game_over" and obs.winner is not None:
        if obs.winner == reader:
            return tr("You win the game!")
        return tr("{name} wins the game!", name=names[obs.winner])
    return tr("Your turn") if you else tr("{name} to play", name=who)


def prompt(obs: Observation, viewer: int | None = None, *, language: str | None = None) -> str:
    """Who must act now and what, in one sentence for ``viewer`` (a seat, ONLOOKER or
    ALL_SEEING; by default the observation's own viewer), in ``language`` (default: the
    process's): ``"Your turn — roll the dice"``, ``"Bo: move the robber"``, ``"Bo: special
    build — build or buy, then pass"`` (the Special Building Phase), ``"A 7! Discarding: Ada
    (4), Bo (5)"``, ``"Bot 2 offers you 1 ore for 1 wool — accept, decline or counter"`` (when
    the reader must answer; else ``"Waiting for Bo and Cy to answer Ada's offer"``), ``"You win
    the game!"``.  The reader's own turn reads in the second person, chosen by seat.
    """
    return words(prompt_message(obs, viewer), language)
