"""Observations: what one seat knows, and nothing it may not know.

The key properties are checked along seeded games (uniform-random, greedy and trading players,
3 and 4 seats, beginner and random boards):

* an observation does not depend on hidden information: the same game with the opponents'
  unknown cards dealt differently (hand sizes and everything the viewer knows kept), their
  development cards exchanged with the deck, the deck reordered and the random state changed,
  gives the same observation JSON;
* card counting is sound: a count the viewer is "sure" of is never more than the real hand.

Then card counting scenarios computed by hand on staged positions (beginner board, see
``helpers``), and the observation as a value (all-seeing, immutable, JSON).
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator

import pytest

from catan_widget import (
    BuildRoad,
    EndTurn,
    Game,
    MaritimeTrade,
    MoveRobber,
    PlayKnight,
    PlayMonopoly,
    PlayYearOfPlenty,
    RollDice,
)
from catan_widget.bots import make_bots
from catan_widget.engine.constants import VICTORY_POINT
from catan_widget.engine.phases import ACCEPTED, COUNTERED
from catan_widget.engine.viewer import ALL_SEEING, ONLOOKER

from .helpers import NAMES3, NAMES4, SETUP4, TradingBot, new_game, play_setup, redeal

# (players, board, bots, seed): "trading" is the test harness's random player with offers
GAMES = [
    (3, "beginner", "random", 20),
    (4, "random", "greedy", 12),
    (4, "beginner", "trading", 13),
    (3, "random", "trading", 30),
    (4, "random", "random", 15),
]


def play_along(n: int, board: str, bots: str, seed: int, steps: int = 100_000) -> Iterator[Game]:
    """The live game before each of its first ``steps`` moves, and once more at the end."""
    game = Game(NAMES4[:n], seed=seed, board=board)
    traders = [TradingBot(seed * 10 + p, 0.3) for p in range(n)]
    named = make_bots(game, "random" if bots == "trading" else bots)
    for _ in range(steps):
        if game.is_over:
            break
        yield game
        seat = game.current_seat
        if bots == "trading":
            game.step(traders[seat].choose(game))
        else:
            game.step(named[seat].choose(game.observe(seat)))
    yield game


def _floors(game: Game, viewer: int) -> list[list[int]]:
    """Per seat, cards ``viewer`` is sure the seat holds: its card counting, and the cards a
    seat has promised in the open trade (an offer or an accepted / countered answer needs them).
    """
    obs = game.observe(viewer)
    floors = [list(p.known) for p in obs.players]
    s = game.state
    promised: list[tuple[int, tuple[int, ...]]] = []
    if s.trade is not None:
        promised.append((s.trade[0], s.trade[2]))
        promised += [
            (q, give) for q, (answer, give, _) in enumerate(s.answers) if answer in (ACCEPTED, COUNTERED)
        ]
    for q, cards in promised:
        floors[q] = [max(f, c) for f, c in zip(floors[q], cards)]
    return floors


def hidden_elsewhere(game: Game, viewer: int, rng: random.Random) -> tuple[Game, bool]:
    """A fork that differs from ``game`` only in what ``viewer`` cannot know: the opponents'
    resource cards beyond what the viewer is sure of are pooled and dealt again (every hand
    keeps its size), the opponents' development cards and the deck are pooled and dealt again
    (every count kept), and the random state changes.  Also says whether any hand changed.
    """
    return redeal(game, viewer, _floors(game, viewer), rng)


# --- no hidden information --------------------------------------------------------------------


@pytest.mark.parametrize(("n", "board", "bots", "seed"), GAMES)
def test_observation_does_not_change_when_only_hidden_cards_deck_and_dice_differ(
    n: int, board: str, bots: str, seed: int
) -> None:
    rng = random.Random(seed)
    hands_changed = decks_changed = 0
    for step, game in enumerate(play_along(n, board, bots, seed, steps=1000)):
        if step % 6:
            continue
        for viewer in range(n):
            alt, changed = hidden_elsewhere(game, viewer, rng)
            seen, truth = alt.observe(viewer), game.observe(viewer)
            assert seen == truth, (seed, step, viewer)
            if changed:  # the JSON too (it is made from the fields compared above)
                assert seen.to_json() == truth.to_json()
            hands_changed += changed
            decks_changed += alt.state.deck != game.state.deck
    assert hands_changed >= 20, "the test must see positions where opponents' cards could differ"
    assert decks_changed >= 20


def test_observation_json_names_no_deck_order_random_state_or_seed() -> None:
    game = next(g for g in play_along(4, "beginner", "random", 5) if g.turn >= 8)
    for seat in (ALL_SEEING, ONLOOKER, 0, 1, 2, 3):
        data = json.loads(game.observe(seat).to_json())
        assert not {"deck", "rng", "seed", "state", "history", "events"} & set(data)
        assert data["deck_size"] == len(game.state.deck)


@pytest.mark.parametrize(("n", "board", "bots", "seed"), GAMES)
def test_card_counting_never_claims_more_than_a_hand_holds(n: int, board: str, bots: str, seed: int) -> None:
    """Soundness, at every step of whole games, for every viewer (and the onlooker)."""
    kinds: set[str] = set()
    some_known = some_unknown = some_not_held = 0
    for game in play_along(n, board, bots, seed, steps=3000):
        s = game.state
        for viewer in range(n):
            obs = game.observe(viewer)
            for q, info in enumerate(obs.players):
                assert info.hand_size == sum(s.hands[q])
                assert all(k <= h for k, h in zip(info.known, s.hands[q])), (
                    viewer,
                    q,
                    info.known,
                    s.hands[q],
                )
                assert info.unknown == sum(s.hands[q]) - sum(info.known)
                for r in info.not_held:  # none of the unknown cards is one
                    assert s.hands[q][r] == info.known[r], (viewer, q, r, info.known, s.hands[q])
                if q != viewer:
                    some_known += sum(info.known) > 0
                    some_unknown += info.unknown > 0
                    some_not_held += bool(info.not_held) and info.unknown > 0
        onlooker = game.card_counter(ONLOOKER).known
        assert all(k <= h for q in range(n) for k, h in zip(onlooker[q], s.hands[q]))
        kinds.update(e[0] for e in game.events[-3:])
    assert some_known
    assert some_unknown
    if (n, board, bots, seed) in GAMES[:3]:  # each has a monopoly, and unknown cards after it
        assert some_not_held, "the test must see resources excluded beside unknown cards"
    assert {"roll", "robber", "discard", "city", "buy"} <= kinds


@pytest.mark.parametrize(("n", "board", "bots", "seed"), GAMES[:3])
def test_own_hand_and_development_cards_are_exact(n: int, board: str, bots: str, seed: int) -> None:
    for step, game in enumerate(play_along(n, board, bots, seed, steps=600)):
        if step % 7:
            continue
        s = game.state
        for seat in range(n):
            obs = game.observe(seat)
            assert obs.hand == tuple(s.hands[seat])
            assert obs.players[seat].known == tuple(s.hands[seat])
            assert obs.players[seat].unknown == 0
            assert obs.dev_cards == tuple(s.dev[seat])
            assert obs.dev_new == tuple(s.dev_new[seat])
            assert obs.hidden_vp == s.dev[seat][VICTORY_POINT] + s.dev_new[seat][VICTORY_POINT]


def test_every_players_public_numbers_are_those_of_the_board_and_cards() -> None:
    game = next(g for g in play_along(4, "random", "greedy", 3) if g.turn >= 40)
    s = game.state
    obs = game.observe(2)
    for q, info in enumerate(obs.players):
        settlements = sum(1 for n in range(54) if s.node_owner[n] == q and s.node_level[n] == 1)
        cities = sum(1 for n in range(54) if s.node_owner[n] == q and s.node_level[n] == 2)
        assert info.vp == settlements + 2 * cities + 2 * (s.longest == q) + 2 * (s.army == q)
        assert info.pieces == (15 - len(s.roads[q]), 5 - settlements, 4 - cities)
        assert info.dev_count == sum(s.dev[q]) + sum(s.dev_new[q])
        assert info.knights == s.knights[q]
        assert info.name == NAMES4[q]


def test_only_the_acting_seat_is_given_legal_actions() -> None:
    game = next(g for g in play_along(4, "beginner", "random", 2) if g.phase == "main")
    acting = game.current_seat
    for seat in range(4):
        obs = game.observe(seat)
        if seat == acting:
            assert list(obs.legal) == game.legal_actions()
            assert obs.acting
        else:
            assert obs.legal == ()
            assert not obs.acting


# --- card counting, computed by hand ------------------------------------------------------------


def _three(**placements: object) -> Game:
    """A 3-player beginner-board position staged for Ada (seat 0) to play."""
    game = Game(NAMES3, seed=1, first=0)
    return game.stage(turn_player="Ada", **placements)  # type: ignore[arg-type]


def test_after_setup_every_hand_is_known_to_every_seat() -> None:
    game = new_game(4)
    play_setup(game, SETUP4)
    # Ada's second settlement is on node 35: desert, mountains (ore), fields (grain)
    assert game.observe(1).players[0].known == (0, 0, 0, 1, 1)
    for viewer in range(4):
        for q, info in enumerate(game.observe(viewer).players):
            assert info.unknown == 0
            assert info.known == tuple(game.state.hands[q])


def test_a_staged_hand_is_unknown_to_the_other_seats() -> None:
    game = _three(settlements={"Ada": [23], "Bo": [0], "Cy": [2]}, hands={"Bo": {"ore": 2, "grain": 1}})
    bo = game.observe("Ada").players[1]
    assert bo.known == (0, 0, 0, 0, 0)
    assert bo.unknown == 3
    assert bo.hand_size == 3
    assert game.observe("Bo").hand == (0, 0, 0, 1, 2)


def test_production_is_seen_by_everyone_and_a_paid_road_lowers_what_is_known() -> None:
    # Ada on node 23 (hills 6, forest 11, desert) holds 1 lumber nobody else has seen
    game = _three(settlements={"Ada": [23], "Bo": [0], "Cy": [2]}, hands={"Ada": {"lumber": 1}})
    game.step(RollDice(), dice=(5, 6))  # 11: Ada +1 lumber
    game.step(EndTurn())
    game.step(RollDice(), dice=(3, 3))  # 6: Ada +1 brick
    game.step(EndTurn())
    game.step(RollDice(), dice=(1, 1))  # 2: pasture, nobody there
    game.step(EndTurn())
    ada = game.observe("Cy").players[0]
    assert (ada.known, ada.unknown) == ((1, 1, 0, 0, 0), 1)
    game.step(RollDice(), dice=(1, 1))
    game.step(BuildRoad(26))  # a road at node 23: 1 lumber, 1 brick
    ada = game.observe("Cy").players[0]
    assert game.state.hands[0] == [1, 0, 0, 0, 0]
    assert (ada.known, ada.unknown) == ((0, 0, 0, 0, 0), 1)


def _robbery() -> Game:
    """Bo holds 2 ore and 1 brick (a 10: city on node 0, mountains; settlement on node 20,
    hills), all seen; Ada plays a knight on the mountains and steals one ore from Bo.
    """
    game = _three(
        settlements={"Ada": [23], "Bo": [20], "Cy": [40]},
        cities={"Bo": [0]},
        dev_cards={"Ada": {"knight": 1}},
    )
    game.step(RollDice(), dice=(4, 6))
    assert game.state.hands[1] == [0, 1, 0, 0, 2]
    game.step(PlayKnight())
    game.step(MoveRobber(0, 1), steal="ore")
    return game


def test_the_thief_and_the_victim_know_the_stolen_card() -> None:
    game = _robbery()
    bo_for_ada = game.observe("Ada").players[1]
    assert (bo_for_ada.known, bo_for_ada.unknown) == ((0, 1, 0, 0, 1), 0)
    ada_for_bo = game.observe("Bo").players[0]
    assert (ada_for_bo.known, ada_for_bo.unknown) == ((0, 0, 0, 0, 1), 0)


def test_a_steal_out_of_sight_lowers_each_known_count_of_the_victim_by_one() -> None:
    game = _robbery()
    cy = game.observe("Cy")
    assert (cy.players[1].known, cy.players[1].unknown) == ((0, 0, 0, 0, 1), 1)
    assert (cy.players[0].known, cy.players[0].unknown) == ((0, 0, 0, 0, 0), 1)


def _after_ada_monopolised_ore(bo_rolls: tuple[int, int]) -> Game:
    """Ada monopolises ore (Bo and Cy then hold none), then Bo rolls ``bo_rolls`` and ends his
    turn, and Cy, to play a knight, moves the robber onto hex 0 to rob Bo out of Ada's sight.
    """
    game = _three(
        settlements={"Ada": [23], "Bo": [20], "Cy": [8]},
        cities={"Bo": [0]},
        dev_cards={"Ada": {"monopoly": 1}, "Cy": {"knight": 1}},
    )
    game.step(RollDice(), dice=(4, 6))  # a 10: Bo 2 ore and 1 brick, Cy 1 ore
    game.step(PlayMonopoly("ore"))
    game.step(EndTurn())
    game.step(RollDice(), dice=bo_rolls)
    game.step(EndTurn())
    return game


def test_a_steal_out_of_sight_lets_an_excluded_resource_held_back_into_the_unknown_cards() -> None:
    game = _after_ada_monopolised_ore((4, 6))  # Bo's 10 again: 2 ore known since the monopoly
    bo = game.observe("Ada").players[1]
    assert (bo.known, bo.unknown, bo.not_held) == ((0, 2, 0, 0, 2), 0, (4,))
    game.step(PlayKnight())
    game.step(MoveRobber(0, 1), steal="brick")
    assert game.state.hands[1] == [0, 1, 0, 0, 2]
    bo = game.observe("Ada").players[1]
    assert (bo.known, bo.unknown) == ((0, 1, 0, 0, 1), 1)
    assert bo.not_held == ()  # his unknown card is an ore


def test_a_card_stolen_out_of_sight_is_none_of_the_victims_excluded_resources_held_none_of() -> None:
    game = _after_ada_monopolised_ore((2, 2))  # a 4: nothing for Bo, who holds 1 brick
    game.step(PlayKnight())
    game.step(MoveRobber(0, 1), steal="brick")
    bo, cy = game.observe("Ada").players[1:]
    assert (bo.known, bo.unknown, bo.not_held) == ((0, 0, 0, 0, 0), 0, (4,))
    assert (cy.unknown, cy.not_held) == (1, (4,))  # Bo had no ore to give


def test_monopoly_leaves_the_victims_known_to_hold_none_of_that_resource() -> None:
    # a 10: Bo's city on node 0 (2 ore) and settlement on node 20 (1 brick); Cy on node 8 (1 ore)
    game = _three(
        settlements={"Ada": [23], "Bo": [20], "Cy": [8]},
        cities={"Bo": [0]},
        hands={"Ada": {"ore": 1}, "Bo": {"ore": 1}},
        dev_cards={"Ada": {"monopoly": 1}},
    )
    game.step(RollDice(), dice=(4, 6))
    assert game.observe("Cy").players[1].known == (0, 1, 0, 0, 2)
    game.step(PlayMonopoly("ore"))  # Bo hands over 3, Cy 1
    cy = game.observe("Cy")
    assert (cy.players[1].known, cy.players[1].unknown) == ((0, 1, 0, 0, 0), 0)
    assert (cy.players[0].known, cy.players[0].unknown) == ((0, 0, 0, 0, 4), 1)
    assert game.observe("Bo").players[2].known == (0, 0, 0, 0, 0)


def test_the_robber_of_a_staged_position_is_where_its_recent_moves_began() -> None:
    game = _three(
        settlements={"Ada": [23], "Bo": [20], "Cy": [8]}, robber=5, dev_cards={"Ada": {"knight": 1}}
    )
    assert game.board.desert != 5
    game.step(PlayKnight())
    game.step(MoveRobber(0, 2))
    for copy in (game, Game.from_json(game.to_json())):
        shown = copy.observe("Bo", shown=True).shown
        assert shown is not None
        assert (shown.recent[-1][0], shown.robber_at_start) == ("robber", 5)


def test_a_bank_trade_shows_the_card_taken_and_lowers_the_cards_given() -> None:
    game = _three(settlements={"Ada": [23], "Bo": [0], "Cy": [2]}, hands={"Ada": {"ore": 5}}, phase="main")
    game.step(MaritimeTrade("ore", "grain"))  # 4 ore for 1 grain: no harbor at node 23
    ada = game.observe("Bo").players[0]
    assert game.state.hands[0] == [0, 0, 0, 1, 1]
    assert (ada.known, ada.unknown) == ((0, 0, 0, 1, 0), 1)


def test_year_of_plenty_shows_the_two_cards_taken() -> None:
    game = _three(
        settlements={"Ada": [23], "Bo": [0], "Cy": [2]},
        dev_cards={"Ada": {"year_of_plenty": 1}},
        phase="main",
    )
    game.step(PlayYearOfPlenty("wool", "ore"))
    assert game.observe("Bo").players[0].known == (0, 0, 1, 0, 1)


# --- the observation as a value -------------------------------------------------------------


def test_the_all_seeing_observation_holds_every_hand_and_card() -> None:
    game = next(g for g in play_along(4, "random", "greedy", 8) if g.turn >= 30)
    s = game.state
    obs = game.observe(ALL_SEEING)
    assert (obs.viewer, obs.seat, obs.sees_all) == (ALL_SEEING, None, True)
    assert obs.hands == tuple(tuple(h) for h in s.hands)
    assert obs.devs == tuple((tuple(d), tuple(e)) for d, e in zip(s.dev, s.dev_new))
    assert all(info.known == tuple(h) and info.unknown == 0 for info, h in zip(obs.players, s.hands))
    assert obs.hand is None


def test_a_seats_observation_holds_no_other_hand() -> None:
    obs = new_game(4).observe(2)
    assert obs.hands is None
    assert obs.devs is None


def test_an_observation_is_immutable() -> None:
    obs = new_game(4).observe(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        obs.turn = 5  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        obs.players[1].hand_size = 0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        obs.state  # noqa: B018


def test_an_observation_round_trips_through_json() -> None:
    game = next(g for g in play_along(4, "beginner", "trading", 4) if g.phase == "trade_response")
    for seat in (ALL_SEEING, ONLOOKER, 0, 1, 2, 3):
        obs = game.observe(seat)
        assert json.loads(obs.to_json()) == obs.to_dict()
        assert json.loads(json.dumps(obs.to_dict())) == obs.to_dict()


def test_observe_takes_a_name_or_a_seat() -> None:
    game = new_game(4)
    assert game.observe("Cy") == game.observe(2)
