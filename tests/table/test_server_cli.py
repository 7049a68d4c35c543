"""``catan-widget serve``'s command line: the entry point, new tables, restoring a directory."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from catan_widget.table import cli

ROOT = Path(__file__).resolve().parents[2]


def test_the_console_script_is_the_cli():
    scripts = re.search(r"\[project\.scripts\]\n(.*?)\n\n", (ROOT / "pyproject.toml").read_text(), re.S)
    assert scripts is not None
    assert scripts.group(1) == 'catan-widget = "catan_widget.table.cli:main"'
    with pytest.raises(SystemExit) as stop:
        cli.main(["serve", "--help"])
    assert stop.value.code == 0


def test_new_tables_their_seats_seeds_and_saves(tmp_path):
    line = "serve --players Ada,Bo,Cy --seats human,bot,human --tables 3 --seed 5 --port 0 --save-dir"
    args = cli.parser().parse_args([*line.split(), str(tmp_path / "games")])
    tables = cli.make_tables(args)
    restored = []
    try:
        assert [t.kinds for t in tables] == [["human", "bot", "human"]] * 3
        assert tables[0].game.seed == 5  # the first table's seed is --seed, the others drawn from it
        seeds = [t.game.seed for t in tables]
        assert len(set(seeds)) == 3
        args.save_dir = None
        again = cli.make_tables(args)
        assert seeds == [t.game.seed for t in again]  # the same --seed, the same games
        for t in again:
            t.close()
        assert len({t.id for t in tables}) == 3
        restored = cli.restore_tables(tmp_path / "games")
        by_id = {t.id: t for t in restored}
        assert set(by_id) == {t.id for t in tables}
        for t in tables:
            again = by_id[t.id]
            assert again.game.to_json() == t.game.to_json()
            assert [again.tokens.seat(s) for s in range(3)] == [t.tokens.seat(s) for s in range(3)]
            assert again.tokens.seat(1) is None  # a bot's seat has no link
    finally:
        for t in [*tables, *restored]:
            t.close()
    bad = cli.parser().parse_args(["serve", "--players", "Ada,Bo", "--seats", "human"])
    with pytest.raises(SystemExit, match="2 players"):
        cli.make_tables(bad)
