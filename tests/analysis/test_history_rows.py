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
    road = "You built a road on the path between forest 8 and mountains 3"
    steal = "moved the robber to mountains 3 and stole 1 lumber from"
    assert [
        (r["step"], r["turn"], r["player"], r["action"], r["dice"], r["gained"], r["spent"]) for r in rows
    ] == [
        (0, 1, "Ada", "You rolled 8 (4+4): you +1 lumber, Bo +2 lumber", (4, 4), {"lumber": 1}, {}),
        (0, 1, "Bo", "Ada rolled 8 (4+4): Ada +1 lumber, you +2 lumber", (4, 4), {"lumber": 2}, {}),
        (1, 1, "Ada", road, None, {}, {"lumber": 1, "brick": 1}),
        (2, 1, "Ada", "You ended the turn", None, {}, {}),
        (3, 2, "Bo", "You rolled 7 (3+4): the robber!", (3, 4), {}, {}),
        (4, 2, "Bo", f"You {steal} Ada", None, {"lumber": 1}, {}),
        (4, 2, "Ada", f"Bo {steal} you", None, {}, {"lumber": 1}),
        (5, 2, "Bo", "You ended the turn", None, {}, {}),
    ]


def _log_by_step(game: Game, seat: int) -> list[str]:
    """The log ``seat`` reads, one entry per step of the history (its events' lines joined)."""
    steps = list(history.replay(game))
    lines = game.log_for(seat)
    at = len(lines) - sum(len(s.events) for s in steps)  # staging's lines come first
    out = []
    for s in steps:
        out.append("; ".join(lines[at : at + len(s.events)]))
        at += len(s.events)
    return out


def test_row_actions_are_the_log_read_by_the_row_player() -> None:
    """Every action is the step's log lines as the row's player reads them (their own moves in
    the second person): a steal is named to the thief and the victim, a bought card to the
    buyer; the public log names neither.
    """
    game = scripted_game()
    assert any(line.endswith("stole a card from Ada") for line in game.log)
    bought = Game(seed=3).stage(
        hands={"Ada": {"wool": 1, "grain": 1, "ore": 1}}, turn_player="Ada", phase="main"
    )
    bought.step(BuyDevelopmentCard(), card="monopoly")
    assert history.rows(bought)[-1]["action"] == "You bought a development card (Monopoly)"
    assert bought.log[-1] == "Ada bought a development card"
    logs = {name: _log_by_step(game, seat) for seat, name in enumerate(game.names)}
    for r in history.rows(game):
        assert r["action"] == logs[r["player"]][r["step"]]


def test_row_actions_are_in_the_language_asked_for() -> None:
    game = scripted_game()
    english, pseudo = history.rows(game), history.rows(game, language="en-XA")
    assert [{**r, "action": None} for r in pseudo] == [{**r, "action": None} for r in english]
    for r in pseudo:
        assert all(part.startswith("[") and part.endswith("]") for part in r["action"].split("; ")), r


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
    monopoly = "played Monopoly: took 5 wool"
    assert rows == [
        ("Ada", "You offer 1 wool for 1 ore to Bo", {}, {}),
        ("Bo", "You accept the offer", {}, {}),
        ("Ada", "You traded 1 wool to Bo for 1 ore", {"ore": 1}, {"wool": 1}),
        ("Bo", "Ada traded 1 wool to you for 1 ore", {"wool": 1}, {"ore": 1}),
        ("Ada", f"You {monopoly} (2 wool from Bo, 3 wool from Cy)", {"wool": 5}, {}),
        ("Bo", f"Ada {monopoly} (2 wool from you, 3 wool from Cy)", {}, {"wool": 2}),
        ("Cy", f"Ada {monopoly} (2 wool from Bo, 3 wool from you)", {}, {"wool": 3}),
    ]


def test_a_timelines_log_is_read_in_the_language_asked_for() -> None:
    from catan_widget.timeline import Timeline

    game = scripted_game()
    timeline = Timeline(game)
    end = len(timeline)
    assert timeline.log_for(0, end) == game.log_for(0)
    assert timeline.log_for(0, end, language="en-XA") == game.log_for(0, language="en-XA")
    assert (
        timeline.log_for(0, 3, language="en-XA")
        == game.log_for(0, language="en-XA")[: len(timeline.events_at(3))]
    )
    shown = timeline.view_at(3)  # its log comes worded from the timeline, in either language
    assert shown.log_for(1, language="en-XA") == timeline.log_for(1, 3, language="en-XA")
    assert shown.log_for(1) == timeline.log_for(1, 3)
