import sys
import types

import pytest

from catan_widget import (
    RESOURCES,
    AcceptTrade,
    BuildRoad,
    BuyDevelopmentCard,
    ConfirmTrade,
    EndTurn,
    Game,
    MoveRobber,
    OfferTrade,
    PlayMonopoly,
    RollDice,
    history,
)
from catan_widget.engine.board.topology import NODE_EDGES

from .helpers import node_between


def scripted_game() -> Game:
    """Ada (seat 0) has a settlement at forest8/mountains3/hills5 and lumber + brick; Bo a city
    at fields9/forest11/forest8 and 2 ore.  Ada rolls 8 and builds a road; Bo rolls 7 and robs
    Ada of a lumber.
    """
    ada_node = node_between(12, 13, 16)
    game = Game(seed=11).stage(
        settlements={"Ada": [ada_node]},
        cities={"Bo": [node_between(7, 8, 12)]},
        hands={"Ada": {"lumber": 1, "brick": 1}, "Bo": {"ore": 2}},
        turn_player="Ada",
    )
    game.step(RollDice(), dice=(4, 4))
    game.step(BuildRoad(NODE_EDGES[ada_node][0]))
    game.step(EndTurn())
    game.step(RollDice(), dice=(3, 4))
    game.step(MoveRobber(13, victim=0), steal="lumber")
    game.step(EndTurn())
    return game


def test_rows_of_a_scripted_game() -> None:
    game = scripted_game()
    rows = history.rows(game)
    roll = "rolled 8 (4+4): Ada +1 lumber, Bo +2 lumber"
    road = "built a road on the path between 8 lumber and 3 ore"
    steal = "moved the robber to the 3 ore and stole 1 lumber from Ada"
    assert [
        (r["step"], r["turn"], r["player"], r["action"], r["dice"], r["gained"], r["spent"]) for r in rows
    ] == [
        (0, 1, "Ada", roll, (4, 4), {"lumber": 1}, {}),
        (0, 1, "Bo", f"Ada {roll}", (4, 4), {"lumber": 2}, {}),
        (1, 1, "Ada", road, None, {}, {"lumber": 1, "brick": 1}),
        (2, 1, "Ada", "ended the turn", None, {}, {}),
        (3, 2, "Bo", "rolled 7 (3+4): the robber!", (3, 4), {}, {}),
        (4, 2, "Bo", steal, None, {"lumber": 1}, {}),
        (4, 2, "Ada", f"Bo {steal}", None, {}, {"lumber": 1}),
        (5, 2, "Bo", "ended the turn", None, {}, {}),
    ]


def test_row_actions_are_the_log_read_by_the_row_player() -> None:
    """Every action is the step's log lines, as the row's player may read them: a steal is
    named to the thief and the victim, a bought card to the buyer; the public log names neither.
    """
    game = scripted_game()
    assert "Bo moved the robber to the 3 ore and stole a card from Ada" in game.log
    bought = Game(seed=3).stage(
        hands={"Ada": {"wool": 1, "grain": 1, "ore": 1}}, turn_player="Ada", phase="main"
    )
    bought.step(BuyDevelopmentCard(), card="monopoly")
    assert history.rows(bought)[-1]["action"] == "bought a development card (monopoly)"
    assert bought.log[-1] == "Ada bought a development card"
    public = set(game.log)
    for r in history.rows(game):
        if r["step"] != 4:  # the steal, worded for the thief and the victim
            as_actor, as_other = f"{r['player']} {r['action']}", r["action"]
            assert set(as_actor.split("; ")) <= public or set(as_other.split("; ")) <= public


def test_every_row_has_the_documented_keys() -> None:
    rows = history.rows(scripted_game())
    assert all(tuple(r) == history.ROW_KEYS for r in rows)
    assert isinstance(rows, list)


def test_gains_and_spending_add_up_to_the_final_hands(greedy_game: Game) -> None:
    rows = history.rows(greedy_game)
    hands = {name: dict.fromkeys(RESOURCES, 0) for name in greedy_game.names}
    for r in rows:
        for resource, n in r["gained"].items():
            hands[r["player"]][resource] += n
        for resource, n in r["spent"].items():
            hands[r["player"]][resource] -= n
    assert hands == {p.name: p.resources for p in greedy_game.players}
    assert len({r["step"] for r in rows}) == len(greedy_game.history)


def test_replay_leaves_the_game_alone_and_reaches_its_state(greedy_game: Game) -> None:
    before = greedy_game.to_json()
    steps = list(history.replay(greedy_game))
    assert greedy_game.to_json() == before
    assert steps[-1].after.hands == greedy_game.state.hands
    assert steps[-1].after.node_owner == greedy_game.state.node_owner
    assert [s.action for s in steps] == [a for a, _ in greedy_game.history]


def test_to_pandas_builds_a_dataframe_from_the_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    made: dict[str, object] = {}

    def data_frame(data: list[dict[str, object]], columns: list[str]) -> str:
        made["data"], made["columns"] = data, columns
        return "a DataFrame"

    monkeypatch.setitem(sys.modules, "pandas", types.SimpleNamespace(DataFrame=data_frame))
    game = scripted_game()
    assert history.to_pandas(game) == "a DataFrame"
    assert made["columns"] == list(history.ROW_KEYS)
    assert made["data"] == list(history.rows(game))


def test_to_pandas_without_pandas_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match=r"needs pandas.*pip install pandas"):
        history.rows(scripted_game()).to_pandas()


def test_rows_of_a_domestic_trade_and_a_monopoly() -> None:
    game = Game(["Ada", "Bo", "Cy"], seed=12).stage(
        hands={"Ada": {"wool": 2}, "Bo": {"ore": 1, "wool": 1}, "Cy": {"wool": 3}},
        dev_cards={"Ada": {"monopoly": 1}},
        turn_player="Ada",
        phase="main",
    )
    game.step(OfferTrade(give={"wool": 1}, want={"ore": 1}, to=1))
    game.step(AcceptTrade())
    game.step(ConfirmTrade(1))
    game.step(PlayMonopoly("wool"))
    rows = [(r["player"], r["action"], r["gained"], r["spent"]) for r in history.rows(game)]
    monopoly = "played monopoly: took 5 wool (2 wool from Bo, 3 wool from Cy)"
    assert rows == [
        ("Ada", "offers 1 wool for 1 ore to Bo", {}, {}),
        ("Bo", "accepts the offer", {}, {}),
        ("Ada", "traded 1 wool to Bo for 1 ore", {"ore": 1}, {"wool": 1}),
        ("Bo", "Ada traded 1 wool to Bo for 1 ore", {"wool": 1}, {"ore": 1}),
        ("Ada", monopoly, {"wool": 5}, {}),
        ("Bo", f"Ada {monopoly}", {}, {"wool": 2}),
        ("Cy", f"Ada {monopoly}", {}, {"wool": 3}),
    ]
