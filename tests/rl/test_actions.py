"""The action encoding: a fixed table per player count, exact masks, encode/decode round trips."""

from __future__ import annotations

import random

import numpy as np
import pytest

from catan_widget import Game
from catan_widget.engine import actions as ac
from catan_widget.rl.actions import (
    MAX_OFFERS,
    OFFER_TERMS,
    Pending,
    action_space,
    decode,
    encode,
    mask,
    offers_allowed,
    step_id,
)
from rl.fuzz import positions  # tests/rl/fuzz.py (pytest puts tests/ on the path)

PINNED = {
    3: (336, "2ca6941a8573"),
    4: (338, "5439aa8ffcf1"),
    5: (440, "222bd4e3f155"),
    6: (442, "609ca0b17a02"),
}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_table_is_pinned(players: int) -> None:
    space = action_space(players)
    assert (space.n, space.digest()[:12]) == PINNED[players]
    assert len(set(space.names)) == space.n


def test_the_extension_derives_its_table_from_its_topology() -> None:
    for players in (5, 6):
        space = action_space(players)
        assert space.blocks["road"][1] == 109
        assert space.blocks["robber"][1] == 30
        assert space.blocks["steal"][1] == space.blocks["confirm"][1] == players - 1


def _offers(game: Game, seat: int) -> list[ac.OfferTrade]:
    """The encodable offers the engine accepts now (the encoding's cap applied)."""
    out = []
    obs = game.observe(seat, legal=False)
    if obs.offers_this_turn >= MAX_OFFERS:
        return out
    for g, gn, w, wn in OFFER_TERMS:
        give, want = [0] * 5, [0] * 5
        give[g], want[w] = gn, wn
        offer = ac.OfferTrade(tuple(give), tuple(want))
        if game.refusal(offer, seat) is None:
            out.append(offer)
    return out


def _walk(obs: object, codes: tuple[int, ...]) -> ac.Action:
    """Play ``codes`` one by one, each in the mask of its moment; the action they complete."""
    pending = Pending()
    for k, code in enumerate(codes):
        assert mask(obs, pending)[code], (obs.phase, codes, k)  # type: ignore[arg-type]
        action = step_id(obs, pending, code)  # type: ignore[arg-type]
        if k < len(codes) - 1:
            assert action is None
    assert action is not None
    return action


def _completions(obs: object, rng: random.Random) -> set[ac.Action]:
    """Actions reached from every first id of the mask (later ids: each one for steals, random
    ones for discards)."""
    out = set()
    for first in np.flatnonzero(mask(obs)):  # type: ignore[arg-type]
        pending = Pending()
        action = step_id(obs, pending, int(first))  # type: ignore[arg-type]
        if action is None and pending.robber_hex >= 0:
            for steal in np.flatnonzero(mask(obs, pending)):  # type: ignore[arg-type]
                p2 = Pending(pending.robber_hex)
                done = step_id(obs, p2, int(steal))  # type: ignore[arg-type]
                assert done is not None
                out.add(done)
            continue
        while action is None:
            ids = np.flatnonzero(mask(obs, pending))  # type: ignore[arg-type]
            assert ids.size, "a choice in progress always has a next id"
            action = step_id(obs, pending, int(rng.choice(ids)))  # type: ignore[arg-type]
        out.add(action)
    return out


GAMES = [(4, 11, "mgmr"), (3, 12, "mmg"), (4, 13, "mmmm"), (3, 14, "gmr"), (4, 15, "gggm")]
GAMES += [(5, 16, "mgm"), (6, 17, "mmg")]  # the extension: its board, the Special Building Phase


@pytest.mark.parametrize(("players", "seed", "bots"), GAMES)
def test_masks_are_exactly_the_encoded_legal_set(players: int, seed: int, bots: str) -> None:
    rng = random.Random(seed)
    kinds: set[str] = set()
    phases: set[str] = set()
    for game, obs in positions(players, seed, bots, steps=1500):
        phases.add(obs.phase)
        seat = obs.seat
        assert seat is not None
        legal = set(obs.legal) | set(_offers(game, seat))
        assert bool(_offers(game, seat)) <= offers_allowed(obs)
        for action in legal:
            assert decode(encode(action, obs), obs) == action
            assert _walk(obs, encode(action, obs)) == action
            kinds.add(action.kind)
        reached = _completions(obs, rng)
        assert reached <= legal, reached - legal
        # a discard's cards may come in any order: each card of it can come first
        firsts = {c for a in legal for c in (encode(a, obs) if a.kind == "discard" else encode(a, obs)[:1])}
        assert firsts == set(np.flatnonzero(mask(obs)).tolist())
        assert all(game.refusal(a, seat) is None for a in reached)
    assert {"discard", "move_robber", "offer_trade", "accept_trade", "confirm_trade"} <= kinds
    assert ("special_build" in phases) == (players >= 5)


def test_a_seat_that_need_not_act_has_an_empty_mask() -> None:
    game = Game(["Ada", "Bo", "Cy"], seed=3)
    waiting = (game.current_seat + 1) % 3
    assert not mask(game.observe(waiting)).any()


def test_actions_outside_the_encoding_are_refused() -> None:
    game = Game(["Ada", "Bo", "Cy"], seed=3)
    obs = game.observe(game.current_seat)
    with pytest.raises(ValueError, match="outside"):
        encode(ac.OfferTrade((3, 0, 0, 0, 0), (0, 1, 0, 0, 0)), obs)
    with pytest.raises(ValueError, match="outside"):
        encode(ac.CounterTrade((1, 0, 0, 0, 0), (0, 1, 0, 0, 0)), obs)
    with pytest.raises(ValueError, match="outside"):
        step_id(obs, Pending(), action_space(3).n)
