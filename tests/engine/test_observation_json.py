"""An observation read back from its JSON form is the observation itself
(``Observation.from_dict``, what a bot at a remote seat decides on), and a malformed one is refused
naming its field.  (The JSON holds the refusals' sentences in words, not as catalogue messages: read
back, a refusal's message is its text.)"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

import pytest

from catan_widget.engine import Game, Observation
from catan_widget.engine.errors import Refusal
from catan_widget.engine.viewer import ALL_SEEING, ONLOOKER

from .helpers import NAMES4, TradingBot

SIX = [*NAMES4, "Eve", "Fay"]


def _positions(players: int, seed: int, moves: int) -> list[Game]:
    """Copies of a game of trading random players every few moves (offers, answers, counters)."""
    game = Game(SIX[:players], seed=seed)
    bots = [TradingBot(seed * 10 + p, 0.3) for p in range(players)]
    out = []
    for k in range(moves):
        if game.is_over:
            break
        if k % 7 == 0 or game.phase in ("trade_response", "trade_confirm", "discard"):
            out.append(game.fork())
        game.step(bots[game.current_seat].choose(game))
    return [*out, game]


def _as_written(obs: Observation) -> Observation:
    """``obs`` with its refusals' messages in words, as its JSON form holds them."""
    if obs.shown is None:
        return obs
    refusals = tuple((kind, Refusal(r.code, r.rule, r.text)) for kind, r in obs.shown.refusals)
    return dataclasses.replace(obs, shown=dataclasses.replace(obs.shown, refusals=refusals))


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (6, 3)])
def test_every_viewers_observation_comes_back_from_json_as_itself(players: int, seed: int) -> None:
    seen_trade = seen_legal = 0
    for game in _positions(players, seed, 600):
        for viewer in (*range(players), ALL_SEEING, ONLOOKER):
            for shown in (False, True):
                obs = game.observe(viewer, shown=shown)
                back = Observation.from_dict(json.loads(obs.to_json()))
                assert back == _as_written(obs), (game.turn, game.phase, viewer, shown)
                seen_trade += obs.trade is not None
                seen_legal += bool(obs.legal)
    assert seen_trade > 0, "the games reach open offers"
    assert seen_legal > 0


def _data() -> dict[str, Any]:
    game = Game(NAMES4, seed=5)
    game.play(bots="greedy", until=lambda g: g.turn >= 12)
    data: dict[str, Any] = game.observe(game.current_seat).to_dict()
    return data


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (lambda d: d.pop("bank"), "observation"),
        (lambda d: d.update(spare=1), "observation"),
        (lambda d: d.update(turn="7"), "turn"),
        (lambda d: d.update(rolled=1), "rolled"),
        (lambda d: d["bank"].pop("ore"), "bank"),
        (lambda d: d.update(bank=None), "bank"),
        (lambda d: d.update(dev_cards={"knight": 1}), "dev_cards"),
        (lambda d: d.update(hand={"lumber": 1}), "hand"),
        (lambda d: d["players"][1].update(known=[0, 0, 0, 0, 0]), "player.known"),
        (lambda d: d["players"][0].pop("vp"), "players[]"),
        (lambda d: d["players"][0].update(not_held=["gold"]), "player.not_held"),
        (lambda d: d.update(legal=[{"kind": "teleport"}]), "legal"),
        (lambda d: d.update(board={"terrain": []}), "board"),
        (lambda d: d.update(dice=[3]), "dice"),
        (lambda d: d.update(trade=[0, 1, [1, 0, 0, 0, 0]]), "trade"),
        (lambda d: d.update(rules={"no_such_rule": True}), "rules"),
    ],
)
def test_a_malformed_observation_is_refused_naming_its_field(change: Any, named: str) -> None:
    data = _data()
    assert Observation.from_dict(data).to_dict() == data
    change(data)
    with pytest.raises(ValueError, match=re.escape(named)):
        Observation.from_dict(data)


def test_what_is_not_an_object_is_refused() -> None:
    for junk in (None, [], "observation", 3):
        with pytest.raises(ValueError, match="observation"):
            Observation.from_dict(junk)
