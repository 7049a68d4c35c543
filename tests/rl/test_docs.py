"""docs/rl.md's tables say what the code does: the action blocks' ids and the feature shapes."""

from __future__ import annotations

from pathlib import Path

from catan_widget.rl.actions import action_space
from catan_widget.rl.features import PLAYER_FEATURES, feature_names, shapes

DOC = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")


def _rows(first_cell: set[str]) -> dict[str, list[str]]:
    out = {}
    for line in DOC.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0] in first_cell:
            out[cells[0]] = cells[1:]
    return out


def test_the_encoding_table_gives_every_blocks_ids() -> None:
    rows = _rows(set(action_space(4).blocks))
    assert set(rows) == set(action_space(4).blocks)
    for column, players in enumerate((3, 4, 5, 6)):
        for block, (start, size) in action_space(players).blocks.items():
            want = str(start) if size == 1 else f"{start}–{start + size - 1}"
            assert rows[block][column] == want, (players, block)


def test_the_shape_table_gives_every_player_counts_shapes() -> None:
    rows = _rows({"3", "4", "5", "6"})
    for players in (3, 4, 5, 6):
        sh = shapes(players)
        cells = rows[str(players)]
        assert cells[:3] == [f"{a} × {b}" for a, b in (sh.hexes, sh.nodes, sh.edges)]
        assert cells[3:] == [str(sh.numbers[0]), str(sh.size)]
        assert len(feature_names(players)) == sh.size


def test_the_per_player_rows_give_the_features_in_the_vectors_order() -> None:
    """Each row's names (``known_*``: every name so begun), read down the table, are the
    per-player features in the order the flat vector holds them.
    """
    lines = DOC.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("| per player"))
    order = [name for name, _ in PLAYER_FEATURES]
    at = 0
    for line in lines[first + 1 :]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0].startswith("`trade_open`"):
            break
        names = [n.strip().strip("`") for n in cells[0].split(",")]
        count = 0
        for name in names:
            if name.endswith("*"):
                while at < len(order) and order[at].startswith(name[:-1]):
                    at, count = at + 1, count + 1
            else:
                assert order[at] == name, (line, order[at])
                at, count = at + 1, count + 1
        assert str(count) == cells[1], line
    assert at == len(order)
