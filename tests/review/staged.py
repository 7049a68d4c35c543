"""Staged positions for the review's tests."""

from __future__ import annotations

from catan_widget import Game
from catan_widget.engine.board.layouts import Board

NAMES = ["Ada", "Bo", "Cy", "Di"]


def _land(board: Board, node: int) -> list[int]:
    return [h for h in board.topo.node_hexes[node] if board.resource(h) is not None]


def six_eight_board() -> tuple[Board, int, int]:
    """The beginner board with its numbers swapped so that one inland corner touches a 6 and an 8
    and another (sharing no hex with it) a 2 and a 12: (board, 6-8 corner, 2-12 corner).
    """
    beginner = Game(seed=1).board
    topo = beginner.topo
    data = beginner.to_dict()
    numbers = list(data["number"])

    def put(h: int, value: int) -> None:
        j = numbers.index(value)
        numbers[h], numbers[j] = numbers[j], numbers[h]

    good = next(n for n in range(topo.node_count) if len(_land(beginner, n)) == 3)
    h1, h2, _ = _land(beginner, good)
    put(h1, 6)
    put(h2, 8)
    used = set(_land(beginner, good))
    bad = next(
        n
        for n in range(topo.node_count)
        if len(_land(beginner, n)) == 3 and not used & set(_land(beginner, n))
    )
    h4, h5, _ = _land(beginner, bad)
    put(h4, 2)
    put(h5, 12)
    data["number"] = numbers
    return Board.from_dict(data), good, bad


def spaced_nodes(board: Board, count: int, taken: set[int]) -> list[int]:
    """``count`` corners with land that keep the distance rule with each other and ``taken``."""
    topo = board.topo
    out: list[int] = []
    blocked = set(taken) | {m for n in taken for m in topo.node_neighbors[n]}
    for n in range(topo.node_count):
        if n in blocked or not _land(board, n):
            continue
        out.append(n)
        blocked |= {n, *topo.node_neighbors[n]}
        if len(out) == count:
            return out
    raise AssertionError("no room")


def winning_card_offer() -> Game:
    """Ada (turn player, rolled) and Bo (next to play) have 9 points each on the board; Ada
    holds a city's cards but one ore and offers Bo a wool for an ore.  Only Ada and Bo hold
    cards, so Bo can count Ada's hand exactly.  Bo must answer: accepting hands her the winning
    city, declining leaves Bo a turn at 9 points.
    """
    game = Game(players=NAMES, seed=3, first="Ada")
    board = game.board
    ada = spaced_nodes(board, 6, set())
    bo = spaced_nodes(board, 6, set(ada))
    others = spaced_nodes(board, 2, {*ada, *bo})
    game.stage(
        cities={"Ada": ada[:3], "Bo": bo[:3]},
        settlements={"Ada": ada[3:], "Bo": bo[3:], "Cy": others[:1], "Di": others[1:]},
        hands={"Ada": {"grain": 2, "ore": 2, "wool": 1}, "Bo": {"ore": 1, "lumber": 1}},
        phase="main",
    )
    assert game.players[0].victory_points == game.players[1].victory_points == 9
    return game
