import plotly.graph_objects as go
import pytest

from catan_widget import Board, Game, beginner_board, plots
from catan_widget.engine.board.topology import HEX_NODES, NODE_COUNT, NODE_HEXES, node_xy

from .helpers import (
    Box,
    box_gap_to_circle,
    boxes_overlap,
    map_discs,
    map_scale,
    node_between,
    tag_boxes,
)

# The beginner board of the rulebook §2, hex ids in reading order (rows of 3, 4, 5, 4, 3):
#   0 mountains(10)  1 pasture(2)  2 forest(9)
#   3 fields(12)  4 hills(6)  5 pasture(4)  6 hills(10)
#   7 fields(9)  8 forest(11)  9 desert  10 forest(3)  11 mountains(8)
#   12 forest(8)  13 mountains(3)  14 fields(4)  15 pasture(5)
#   16 hills(5)  17 fields(6)  18 pasture(11)
# Pips: 2,12 -> 1; 3,11 -> 2; 4,10 -> 3; 5,9 -> 4; 6,8 -> 5.
HAND_PIPS = {
    (0, 3, 4): 3 + 1 + 5,  # mountains 10, fields 12, hills 6
    (4, 5, 9): 5 + 3 + 0,  # hills 6, pasture 4, desert
    (10, 11, 15): 2 + 5 + 4,  # forest 3, mountains 8, pasture 5
    (12, 13, 16): 5 + 2 + 4,  # forest 8, mountains 3, hills 5
    (14, 17, 18): 3 + 5 + 2,  # fields 4, fields 6, pasture 11
    (7, 8, 12): 4 + 2 + 5,  # fields 9, forest 11, forest 8
}


@pytest.mark.parametrize(("hexes", "pips"), list(HAND_PIPS.items()))
def test_spot_values_match_pips_counted_by_hand(hexes: tuple[int, int, int], pips: int) -> None:
    node = node_between(*hexes)
    assert plots.node_pips(beginner_board())[node] == pips
    fig = plots.spot_values(beginner_board())
    nodes = next(t for t in fig.data if t.name == "pips per intersection")
    assert nodes.marker.color[node] == pips
    assert (nodes.x[node], nodes.y[node]) == node_xy(node)


def test_the_top_corner_of_the_pasture_2_is_worth_one_pip() -> None:
    top = min(HEX_NODES[1], key=lambda n: node_xy(n)[1])
    assert NODE_HEXES[top] == (1,)
    assert plots.node_pips(beginner_board())[top] == 1


def test_best_opening_spots_rank_pips_then_resource_variety() -> None:
    # 11 pips: three spots with 3 resources each, and fields9/forest11/forest8 (only 2 resources).
    elevens = sorted(node_between(*h) for h in [(10, 11, 15), (12, 13, 16), (13, 16, 17)])
    two_resources = node_between(7, 8, 12)
    # 10 pips with 3 resources, lowest id: forest 9, pasture 4, hills 10.
    ten = node_between(2, 5, 6)
    assert plots.node_pips(beginner_board())[node_between(13, 16, 17)] == 2 + 4 + 5
    assert plots.best_spots(beginner_board()) == [*elevens, two_resources, ten]
    fig = plots.spot_values(beginner_board())
    ringed = next(t for t in fig.data if t.name == "best 5 spots")
    assert list(ringed.customdata) == [*elevens, two_resources, ten]
    labels = [(a.text, a.x, a.y) for a in fig.layout.annotations]
    xy = [node_xy(n) for n in ringed.customdata]
    assert labels == [(f"#{i + 1}", x, y) for i, (x, y) in enumerate(xy)], "each rank points at its ring"


def test_spot_values_draws_every_hex_and_node_with_y_downwards() -> None:
    fig = plots.spot_values(beginner_board())
    assert sum(1 for s in fig.layout.shapes if s.type == "path") == 19
    lines = [s for s in fig.layout.shapes if s.type == "line"]
    assert len(lines) == 18, "each harbor's label is joined to its two corners"
    terrains = {t.name for t in fig.data if t.legendgroup == "terrain"}
    assert terrains == {"forest", "pasture", "fields", "hills", "mountains", "desert"}
    nodes = next(t for t in fig.data if t.name == "pips per intersection")
    assert len(nodes.x) == NODE_COUNT
    low, high = fig.layout.yaxis.range
    assert low > high, "y downwards: the range is reversed"
    # The 18 tokens hold 58 pips; each hex's pips count once at each of its 6 corners.
    assert sum(plots.node_pips(beginner_board())) == 6 * 58


def number_boxes(fig: go.Figure, scale: float) -> list[Box]:
    """The hex numbers' glyphs: a digit is about 0.6 em wide, and digits 0.75 em tall."""
    hexes = next(t for t in fig.data if t.name == "hexes")
    size = hexes.textfont.size
    return [
        (x, y, 0.3 * size * len(text) / scale, 0.375 * size / scale)
        for x, y, text in zip(hexes.x, hexes.y, hexes.text)
        if text
    ]


def check_tags(board: Board, with_numbers: bool) -> None:
    """Every rank tag of ``board``'s map is inside the plot, clear (by a pixel) of every pip
    disc, ring, harbor and other tag — and of the hex numbers when ``with_numbers`` — and
    points at its own ring from near it.
    """
    fig = plots.spot_values(board)
    layout = fig.to_dict()["layout"]
    scale = map_scale(layout)
    tags = tag_boxes(layout, scale)
    discs, rings, harbors = map_discs(fig, scale)
    assert len(tags) == len(rings) == 5
    px = 1 / scale
    (x0, x1), (y_bottom, y_top) = layout["xaxis"]["range"], layout["yaxis"]["range"]
    for i, tag in enumerate(tags):
        x, y, hw, hh = tag
        assert x0 <= x - hw, f"#{i + 1} inside"
        assert x + hw <= x1, f"#{i + 1} inside"
        assert y_top <= y - hh, f"#{i + 1} inside"
        assert y + hh <= y_bottom, f"#{i + 1} inside"
        for disc in discs + rings:
            assert box_gap_to_circle(tag, disc) >= px, f"#{i + 1} on the disc at {disc[:2]}"
        for other in harbors + tags[:i] + (number_boxes(fig, scale) if with_numbers else []):
            assert not boxes_overlap(tag, other), f"#{i + 1} on {other[:2]}"
        annotation = layout["annotations"][i]
        assert (annotation["x"], annotation["y"]) == rings[i][:2], "the pointer ends at its ring"
        assert box_gap_to_circle(tag, rings[i]) <= 100 * px, "beside its ring"


@pytest.mark.parametrize("seed", [None, 11])
def test_rank_tags_clear_the_discs_and_numbers_on_the_notebook_boards(seed: int | None) -> None:
    """The beginner board and notebook 03's shuffled one (seed 11)."""
    board = beginner_board() if seed is None else Game(seed=seed, board="random").board
    check_tags(board, with_numbers=True)


@pytest.mark.parametrize("seed", range(25))
def test_rank_tags_never_cover_a_disc_on_random_boards(seed: int) -> None:
    check_tags(Game(seed=seed, board="random").board, with_numbers=False)
