"""The one sentence that says who must act now and what: the widget's banner, in words.

:func:`prompt` words an observation for one reader, the way
:mod:`catan_widget.engine.words.log` words the log: a player named ``"You"`` reads in the second
person ("Your turn — roll the dice"), resources are named in words ("1 ore for 1 wool").
:func:`round_number` says how far the game is (the header's "Round 27"): a round is every seat
having had one turn.  It reads an observation, so it lives with the observation (the words it
uses come from :mod:`catan_widget.engine.words`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..constants import cards_text
from ..phases import ACCEPTED, COUNTERED, PENDING
from ..words.log import YOU, agree, whom, whose
from .observation import Observation

__all__ = ["prompt", "round_number"]


def _whose(name: str) -> str:
    """``"Ada's"``, or ``"Your"`` for the player named ``"You"`` (at the start of a sentence)."""
    return whose(name, capital=True)


def _and(names: Sequence[str]) -> str:
    """``"Ada"``, ``"Ada and Bo"``, ``"Ada, Bo and Cy"``."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def round_number(turn: int, seats: int) -> int:
    """The round of player turn ``turn`` (1, 2, ...) with ``seats`` players; 0 during setup."""
    return 0 if turn <= 0 else (turn - 1) // seats + 1


def heading(obs: Observation) -> str:
    """The header: ``"Round 27 · Bo's turn"``; ``"Setup · Ada's turn"`` before the first roll
    (setup goes round the table and back: the one placing has the turn); only the round once the
    game is over.  Second person for the player named "You" (``"Round 3 · Your turn"``).
    """
    rounds = round_number(obs.turn, len(obs.names))
    head = f"Round {rounds}" if rounds else "Setup"
    if obs.phase == "game_over":
        return head
    seat = obs.turn_player if rounds else obs.current
    return f"{head} · {_whose(obs.names[seat])} turn"


def _trade_prompt(obs: Observation, viewer: int | None) -> str:
    """Whom an open offer waits for; the offer's terms when the reader must answer it."""
    assert obs.trade is not None
    names = obs.names
    proposer, to, give, want = obs.trade
    if obs.phase == "trade_confirm":
        takers = [names[q] for q, (answer, _, _) in enumerate(obs.answers) if answer in (ACCEPTED, COUNTERED)]
        return f"{names[proposer]}: trade with {_and(takers) or 'nobody'}, or cancel the offer"
    if viewer is None or viewer < 0 or viewer == obs.current:  # an onlooker, all-seeing, the one asked
        terms = f"{cards_text(give)} for {cards_text(want)}"
        offers = agree(names[proposer], "offers")
        return f"{names[proposer]} {offers} {whom(names[obs.current])} {terms} — accept, decline or counter"
    seats = [to] if to >= 0 else [(proposer + i) % len(names) for i in range(1, len(names))]
    waiting = [names[q] for q in seats if obs.answers[q][0] == PENDING]
    return f"Waiting for {_and(waiting)} to answer {whose(names[proposer])} offer"


def prompt(obs: Observation, viewer: int | None = None) -> str:
    """Who must act now and what, in one sentence for ``viewer`` (a seat, ONLOOKER or
    ALL_SEEING; by default the observation's own viewer): ``"Your turn — roll the dice"``,
    ``"Bo: move the robber"``, ``"Bo: your special build — build or buy, then pass"`` (the
    Special Building Phase), ``"A 7! Discarding: Ada (4), Bo (5)"``, ``"Bot 2 offers you 1
    ore for 1 wool — accept, decline or counter"`` (when the reader must answer; else
    ``"Waiting for Bo and Cy to answer Ada's offer"``), ``"You win the game!"``.
    """
    viewer = obs.viewer if viewer is None else viewer
    names, phase = obs.names, obs.phase
    who, turn = names[obs.current], names[obs.turn_player]
    if phase == "setup_settlement":
        return f"{who}: place a settlement"
    if phase == "setup_road":
        return f"{who}: place a road next to it"
    if phase == "roll":
        return f"{_whose(turn)} turn — roll the dice"
    if phase == "discard":
        held = [f"{p.name} ({p.discard})" for p in obs.players if p.discard > 0]
        return f"A 7! Discarding: {', '.join(held)}" if held else "A 7! Players discard half their cards"
    if phase == "move_robber":
        return f"{who}: move the robber"
    if phase == "main":
        return f"{_whose(turn)} turn — build, trade or end the turn"
    if phase == "special_build":
        paired = obs.rules.after_turn(len(names)) == "paired"
        task = "build, buy or trade with the bank, then pass" if paired else "build or buy, then pass"
        moment = "paired turn" if paired else "special build"
        return f"Your {moment} — {task}" if who == YOU else f"{who}: your {moment} — {task}"
    if phase == "road_building":
        n = obs.free_roads
        return f"{who}: place {n} free road{'' if n == 1 else 's'}"
    if phase in ("trade_response", "trade_confirm") and obs.trade is not None:
        return _trade_prompt(obs, viewer)
    if phase == "game_over" and obs.winner is not None:
        winner = names[obs.winner]
        return f"{winner} {agree(winner, 'wins')} the game!"
    return f"{who} to play"
