"""docs/rl.md's tables say what the code does: the action blocks' ids and the feature shapes."""

from __future__ import annotations

from pathlib import Path

from catan_widget.rl.actions import action_space
from catan_widget.rl.features import feature_names, shapes

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
