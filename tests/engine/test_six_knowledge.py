"""What holds for 3–4 players holds for 5–6 (issue 23): observations, determinization, card
counting, why_not, staging and saves on the extension's board."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest

from catan_widget import BuildRoad, BuildSettlement, Game, MoveRobber, Rules
from catan_widget.engine.board.topology import EXTENSION
from catan_widget.engine.viewer import ALL_SEEING, ONLOOKER

from .helpers import TradingBot, assert_illegal
from .test_determinize import _differences

NAMES6 = ["Ada", "Bo", "Cy", "Di", "Ed", "Fy"]


@cache
def _positions() -> tuple[Game, ...]:
    """Forks of seeded 5- and 6-player games (random players with offers) every 23 steps."""
    out: list[Game] = []
    for n, board, seed in ((6, "random", 61), (5, "beginner", 62), (6, "beginner", 63)):
        game = Game(NAMES6[:n], seed=seed, board=board)
        bots = [TradingBot(seed * 10 + p, 0.3) for p in range(n)]
        steps = 0
        while not game.is_over and steps < 1500:
            if steps % 23 == 0:
                out.append(game.fork())
            game.step(bots[game.current_seat].choose(game))
            steps += 1
    return tuple(out)


def test_a_determinized_six_player_game_shows_each_seat_what_it_saw() -> None:
    checked = 0
    for game in _positions():
        if game.phase == "trade_confirm":
            continue
        for seat in range(len(game.names)):
            before = game.observe(seat)
            after = game.determinize(seat, 7).observe(seat)
            assert _differences(before, after) == [], (game.seed, game.turn, seat)
            checked += 1
    assert checked >= 200


def test_determinized_extension_games_conserve_24_cards_and_the_deck_of_34() -> None:
    for game in _positions()[::4]:
        for seat in range(len(game.names)):
            s = game.determinize(seat, 3).state
            assert s.topo is EXTENSION
            for r in range(5):
                assert s.bank[r] + sum(h[r] for h in s.hands) == 24
            cards = len(s.deck) + sum(map(sum, s.dev)) + sum(map(sum, s.dev_new))
            played = sum(1 for e in game.events if e[0] == "play")
            assert cards + played == 34


def test_card_counting_with_six_players_is_never_wrong() -> None:
    for game in _positions()[::3]:
        truth = game.state.hands
        for viewer in range(len(game.names)):
            obs = game.observe(viewer)
            for p in obs.players:
                held = truth[p.seat]
                assert all(k <= h for k, h in zip(p.known, held)), (game.seed, viewer, p.seat)
                assert sum(p.known) + p.unknown == sum(held)
        counter = game.card_counter(ALL_SEEING)
        assert counter is not None


def test_every_viewer_observes_a_six_player_game() -> None:
    game = _positions()[-1]
    for viewer in (*range(6), ONLOOKER, ALL_SEEING):
        obs = game.observe(viewer)
        assert len(obs.players) == 6
        assert len(obs.node_owner) == 80
        assert len(obs.edge_owner) == 109
        assert game.prompt(viewer)


def test_why_not_names_the_rule_on_the_extension_board() -> None:
    game = Game(NAMES6, seed=5)
    first = game.current_seat
    assert game.why_not(BuildSettlement(79)) is None  # a coastal corner of the larger board
    game.step(BuildSettlement(79))
    reason = game.why_not(BuildSettlement(79), seat=game.current_seat)
    assert reason
    assert game.refusal(BuildRoad(0), seat=first) is not None
    assert game.refusal(MoveRobber(25)) is not None


def test_staging_a_six_player_position_on_the_larger_board_and_saving_it() -> None:
    game = Game(NAMES6, seed=9, board="random")
    game.stage(
        settlements={"Fy": [79], "Ed": [0]},
        cities={"Ada": [40]},
        roads={"Fy": [108], "Ed": [0]},
        hands={"Bo": {"ore": 24}},
        robber=29,
    )
    assert game.robber == 29
    assert game.bank["ore"] == 0
    assert game.players[5].pieces_left == {"roads": 14, "settlements": 4, "cities": 4}
    text = game.to_json()
    loaded = Game.from_json(text)
    assert loaded.to_json() == text
    with pytest.raises(ValueError, match="24 cards"):
        Game(NAMES6, seed=9).stage(hands={"Bo": {"ore": 20}, "Cy": {"ore": 5}})
    with pytest.raises(ValueError, match=r"0\.\.29"):
        Game(NAMES6, seed=9).stage(robber=30)


def test_ids_beyond_the_base_board_are_refused_there_and_legal_here() -> None:
    base = Game(["Ada", "Bo", "Cy", "Di"], seed=5)
    assert_illegal(base, BuildSettlement(70), "node must be an id from 0 to 53")
    six = Game(NAMES6, seed=5)
    assert BuildSettlement(70) in six.legal_actions()


@pytest.mark.parametrize("seed", range(4))
def test_greedy_and_search_free_bots_finish_six_player_games(seed: int) -> None:
    game = Game(NAMES6, seed=300 + seed, board="random").play(["greedy", "random"] * 3)
    assert game.is_over
    kinds = Counter(type(a).__name__ for a, _ in game.history)
    assert kinds["BuildSettlement"] >= 12


def test_an_extension_game_is_the_same_in_every_run() -> None:
    texts = {Game(NAMES6[:5], seed=77, board="random").play("random").to_json() for _ in range(2)}
    assert len(texts) == 1
    rng = random.Random(3)
    assert Game(NAMES6, seed=rng.randrange(2**62), rules=Rules(vp_to_win=6)).play("random").is_over
