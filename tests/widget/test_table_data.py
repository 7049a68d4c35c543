"""What the table around the board reads from Python (issue 20): the builds' costs, the newest
roll with what each seat got, and the card-counting box's heading in the engine's words.
"""

from __future__ import annotations

from catan_widget import CatanWidget, Game, RollDice
from catan_widget.engine.constants import CITY_COST, DEV_CARD_COST, RESOURCES, ROAD_COST, SETTLEMENT_COST
from catan_widget.widget.view import board_json

from .helpers import SOLO, staged_game


def _named(cost: tuple[int, ...]) -> dict[str, int]:
    return {r: n for r, n in zip(RESOURCES, cost) if n}


def test_the_board_says_what_each_build_costs_by_its_action_kind() -> None:
    assert board_json(staged_game())["costs"] == {
        "build_road": _named(ROAD_COST),
        "build_settlement": _named(SETTLEMENT_COST),
        "build_city": _named(CITY_COST),
        "buy_development_card": _named(DEV_CARD_COST),
    }


def test_the_state_says_who_rolled_which_hexes_paid_and_what_each_seat_got() -> None:
    game = Game(["Ada", "Bo", "Cy", "Di"], seed=3, board="beginner", first=0)
    game.play(bots="greedy", until=lambda g: g.phase == "roll" and g.turn >= 2)
    w = CatanWidget(game, SOLO)
    assert w.state["roll"] is None or w.state["dice"] is not None
    roller = game.current_seat
    hands = [list(h) for h in game.state.hands]
    game.step(RollDice(), dice=(4, 4))
    w.refresh()
    seat, hexes, gains = w.state["roll"]
    assert seat == roller
    assert all(game.board.number[h] == 8 for h in hexes)
    got = {
        str(q): {r: n for r, n in zip(RESOURCES, (a - b for a, b in zip(game.state.hands[q], hands[q]))) if n}
        for q in range(4)
    }
    assert gains == {q: cards for q, cards in got.items() if cards}


def test_the_counting_box_is_headed_in_the_engines_words() -> None:
    """The box is the viewing seat's own: the second person, chosen by the seat, never by a name."""
    game = staged_game()
    w = CatanWidget(game, SOLO)
    w.show_counting = True
    assert w.state["players"][0]["counting"] == "What you know"
    you = Game(["You", "Bo", "Cy", "Di"], seed=5, first=0).stage(
        settlements={0: [12], 1: [23], 2: [20], 3: [50]}, phase="main"
    )
    w = CatanWidget(you, {"You": "human", "Bo": "bot", "Cy": "bot", "Di": "bot"})
    w.show_counting = True
    assert w.state["players"][0]["counting"] == "What you know"
    assert all("counting" not in p for p in w.state["players"][1:])
