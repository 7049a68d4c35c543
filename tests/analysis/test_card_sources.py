"""plots.card_sources: where each player's resource cards came from, counted from events.

The fault it replaces: notebook 03 sorted a player's rows by the first word of the action, so a
trade another player proposed ("Di traded 1 lumber to Ada for 1 grain") was counted under "Di".
"""

from __future__ import annotations

import contextlib
import io

import nbformat

from catan_widget import (
    RESOURCES,
    AcceptTrade,
    ConfirmTrade,
    EndTurn,
    Game,
    MaritimeTrade,
    MoveRobber,
    OfferTrade,
    PlayKnight,
    PlayMonopoly,
    PlayYearOfPlenty,
    RollDice,
    history,
    plots,
)

from .helpers import node_between
from .notebook_tools import NOTEBOOK_DIR


def gained_per_player(game: Game) -> list[int]:
    """Every card that entered each seat's hand, added up from ``history.rows``."""
    totals = dict.fromkeys(game.names, 0)
    for row in history.rows(game):
        totals[row["player"]] += sum(row["gained"].values())
    return list(totals.values())


def test_a_trade_counts_as_traded_for_both_sides_whoever_proposed() -> None:
    game = Game(["Ada", "Bo", "Cy"], seed=12).stage(
        hands={"Ada": {"wool": 6}, "Bo": {"ore": 1, "wool": 1}, "Cy": {"wool": 3}},
        dev_cards={"Ada": {"monopoly": 1}},
        turn_player="Ada",
        phase="main",
    )
    game.step(OfferTrade(give={"wool": 1}, want={"ore": 1}, to=1))
    game.step(AcceptTrade())
    game.step(ConfirmTrade(1))
    game.step(PlayMonopoly("wool"))  # 2 from Bo (1 + the traded one), 3 from Cy
    game.step(MaritimeTrade("wool", "brick"))
    bo_row = next(r for r in history.rows(game) if r["player"] == "Bo" and r["gained"])
    assert bo_row["action"].startswith("Ada traded"), "Bo's row is worded from Ada's side"
    ada, bo, cy = plots.card_sources(game)
    none = dict.fromkeys(plots.CARD_SOURCES, 0)
    assert ada == {**none, "traded with players": 1, "development cards": 5, "traded with the bank": 1}
    assert bo == {**none, "traded with players": 1}
    assert cy == none
    assert [sum(s.values()) for s in (ada, bo, cy)] == gained_per_player(game)


def test_rolls_setup_the_robber_and_year_of_plenty() -> None:
    ada_node, bo_node = node_between(12, 13, 16), node_between(7, 8, 12)
    game = Game(["Ada", "Bo", "Cy"], seed=12).stage(
        settlements={"Ada": [ada_node]},
        cities={"Bo": [bo_node]},
        hands={"Bo": {"ore": 2}},
        dev_cards={"Ada": {"knight": 1, "year_of_plenty": 1}},
        turn_player="Ada",
    )
    game.step(PlayKnight())
    game.step(MoveRobber(7, victim=1), steal="ore")  # fields 9, next to Bo's city
    game.step(RollDice(), dice=(4, 4))  # forest 8: Ada 1 lumber, Bo 2
    game.step(EndTurn())
    game.step(RollDice(), dice=(2, 3))  # hills 5: Ada 1 brick
    game.step(EndTurn())
    game.step(RollDice(), dice=(1, 2))  # mountains 3: Ada 1 ore
    game.step(EndTurn())
    game.step(PlayYearOfPlenty("grain", "grain"))
    ada, bo, _ = plots.card_sources(game)
    assert ada["stolen with the robber"] == 1
    assert ada["production"] == 3
    assert ada["development cards"] == 2
    assert bo["production"] == 2
    assert [sum(s.values()) for s in plots.card_sources(game)] == gained_per_player(game)
    setup = Game(seed=3).play(bots="greedy", until=lambda g: g.turn >= 1)
    assert [s["production"] for s in plots.card_sources(setup)] == [
        sum(p.resources[r] for r in RESOURCES) for p in setup.players
    ], "the second settlement's cards are production"


def test_a_whole_game_adds_up_to_the_rows_and_names_no_player(greedy_game: Game) -> None:
    sources = plots.card_sources(greedy_game)
    assert [sum(s.values()) for s in sources] == gained_per_player(greedy_game)
    assert all(list(s) == list(plots.CARD_SOURCES) for s in sources)
    assert not set(greedy_game.names) & {k for s in sources for k in s}
    ada = greedy_game.names.index("Ada")
    assert sources[ada]["traded with players"] == 2, "Di's two trades with Ada"
    produced = [p["produced"] for p in plots.summary_data(greedy_game)["players"]]
    assert [s["production"] for s in sources] == produced, "the summary's cards from production"


def test_the_notebook_prints_where_adas_cards_came_from(greedy_game: Game) -> None:
    """Notebook 03's last cell, run on the same game (seed 3, greedy bots), prints only sources."""
    nb = nbformat.read(NOTEBOOK_DIR / "03_probabilities.ipynb", as_version=4)
    cell = next(c for c in nb.cells if c.cell_type == "code" and "Where Ada's cards came from" in c.source)
    assert "card_sources" in cell.source
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(cell.source, {"game": greedy_game, "rows": history.rows(greedy_game), "plots": plots})
    text = out.getvalue()
    line = next(x for x in text.splitlines() if x.startswith("Where Ada's cards came from:"))
    assert "'traded with players': 2" in line
    for name in greedy_game.names:
        assert f"'{name}'" not in text, "a player's name where a source belongs"
