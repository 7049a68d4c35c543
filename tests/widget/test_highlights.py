"""``state.marks``: what the other players changed on the board since the viewer last moved
(new roads, settlements and cities, the robber's hex, the hexes that produced), each tied to the
log line that tells it, and nothing private.
"""

from __future__ import annotations

import json
import re
from typing import Any

from catan_widget import CatanWidget, Game
from catan_widget.engine.board.topology import HEX_COUNT, NODE_HEXES
from catan_widget.engine.viewer import ONLOOKER
from catan_widget.widget.marks import marks_json
from catan_widget.widget.view import LOG_TAIL, state_json

from .helpers import NAMES, SOLO, send, staged_game, take_screen

HOT_SEAT = {"Ada": "human", "Bo": "human", "Cy": "bot", "Di": "bot"}
PLACE = re.compile(r"[enrh]\d{1,2}")


def _places(state: dict[str, Any], code: str, seat: int | None = None) -> set[int]:
    return {
        int(p[1:])
        for line, who, *places in state["marks"]
        for p in places
        if p[0] == code and (seat is None or who == seat)
    }


def _built(game: Game) -> tuple[set[int], dict[int, str]]:
    """Roads (edges) and buildings (node -> "settlement" | "city") on the board now."""
    roads = {e for p in game.players for e in p.roads}
    buildings = {n: "settlement" for p in game.players for n in p.settlements}
    buildings |= {n: "city" for p in game.players for n in p.cities}
    return roads, buildings


def _producing(game: Game, total: int, robber: int) -> set[int]:
    """Hexes with this number, a building on a corner, and no robber (what the rules pay)."""
    _, buildings = _built(game)
    return {
        h
        for h in range(HEX_COUNT)
        if game.board.number[h] == total and h != robber and any(h in NODE_HEXES[n] for n in buildings)
    }


def test_after_the_bots_move_the_marks_list_exactly_their_new_pieces_and_producing_hexes() -> None:
    game = staged_game(
        phase="main", hands={n: {"lumber": 3, "brick": 3, "wool": 2, "grain": 2} for n in NAMES}
    )
    w = CatanWidget(game, SOLO)
    roads, buildings = _built(game)
    w.script_dice((4, 4), (5, 5), (2, 4))  # Bo 8, Cy 10, Di 6: no robber
    assert send(w, {"kind": "end_turn"})
    assert w.state["marks"] == [], "Ada just moved: nothing of the others to show"
    w.advance_bots()
    assert w.legal["seat"] == 0
    assert game.phase == "roll"
    state = w.state
    new_roads, new_buildings = _built(game)
    assert _places(state, "e") == new_roads - roads
    changed = {n for n, kind in new_buildings.items() if buildings.get(n) != kind}
    assert _places(state, "n") == changed
    assert new_roads - roads or changed, "the bots built something (else this test shows little)"
    assert _places(state, "r") == set()
    # each bot's roll: the hexes with its number that had a building next to them
    for seat, total in ((1, 8), (2, 10), (3, 6)):
        rolls = [m for m in state["marks"] if m[1] == seat and m[2][0] == "h"]
        assert len(rolls) <= 1
        got = {int(p[1:]) for p in rolls[0][2:]} if rolls else set()
        assert got == _producing(game, total, game.robber)
    # every mark points at the log line that tells it, by the mover
    lines = [m[0] for m in state["marks"]]
    assert lines == sorted(lines), "oldest first; -1 once a line scrolled out of the log"
    for line, seat, *places in state["marks"]:
        if line < 0:
            continue
        text = state["log"][line]
        assert text.startswith(NAMES[seat]), text
        for p in places:
            words = {"e": "built a road", "n": "built a", "r": "moved the robber", "h": "rolled"}[p[0]]
            assert words in text, (p, text)


def test_the_marks_clear_once_the_viewer_moves() -> None:
    w = CatanWidget(staged_game(phase="main"), SOLO)
    w.script_dice((4, 4), (5, 5), (2, 4), (1, 2))
    assert send(w, {"kind": "end_turn"})
    w.advance_bots()
    assert w.state["marks"], "the bots' rolls produced"
    assert send(w, {"kind": "roll"})
    assert w.state["marks"] == []


def test_the_robbers_new_hex_is_marked_and_no_stolen_card_shows() -> None:
    game = staged_game(turn_player=1, phase="roll", hands={"Ada": {"ore": 3}})
    w = CatanWidget(game, SOLO)
    w.script_dice((3, 4), (4, 4), (5, 5))  # Bo rolls 7 and moves the robber
    w.advance_bots()
    assert w.legal["seat"] == 0
    state = w.state
    assert _places(state, "r", seat=1) == {game.robber}
    assert game.robber != game.board.desert
    text = json.dumps(state["marks"])
    assert not any(r in text for r in ("ore", "lumber", "brick", "wool", "grain"))


def test_the_hot_seat_hand_over_state_carries_places_only() -> None:
    game = staged_game(phase="main", hands={"Ada": {"lumber": 1, "brick": 1}})
    w = CatanWidget(game, HOT_SEAT)
    assert send(w, {"kind": "build_road", "edge": 12})
    assert send(w, {"kind": "end_turn"})
    state = w.state
    assert state["handover"] == {"seat": 1, "name": "Bo"}
    assert state["viewer"] is None
    assert state["marks"] == [[len(state["log"]) - 2, 0, "e12"]], "Ada's road, for Bo"
    for _, _, *places in state["marks"]:
        assert all(PLACE.fullmatch(p) for p in places)
    onlooker = state_json(game.observe(ONLOOKER, shown=True), w._kinds, marks_seat=1)
    assert state["marks"] == onlooker["marks"]
    take_screen(w, 1)
    assert w.state["marks"] == state["marks"], "Bo sees the same once the screen is his"


def test_lines_that_scrolled_out_of_the_log_are_marked_minus_one() -> None:
    game = staged_game(phase="main", hands={"Ada": {"lumber": 2, "brick": 2}})
    w = CatanWidget(game, {"Ada": "human", "Bo": "human", "Cy": "human", "Di": "human"}, teacher=True)
    assert send(w, {"kind": "build_road", "edge": 12})
    assert send(w, {"kind": "end_turn"})
    full = marks_json(game.observe(1, shown=True), 1, LOG_TAIL)
    assert [m[2:] for m in full] == [["e12"]]
    tail = marks_json(game.observe(1, shown=True), 1, 1)
    assert tail == [[-1, 0, "e12"]], "only 'Ada ended the turn' is in a 1-line tail"


def test_an_onlooker_sees_the_last_two_turns() -> None:
    game = Game(players=NAMES, seed=3)
    game.play(bots="greedy", until=lambda g: g.turn >= 12)
    marks = marks_json(game.observe(ONLOOKER, shown=True), None, LOG_TAIL)
    ends = [i for i, e in enumerate(game.events) if e[0] == "end_turn"]
    movers = {game.events[i][1] for i in range(ends[-2] + 1, len(game.events))}
    assert marks, "two turns of a game in progress changed something"
    assert {m[1] for m in marks} <= movers
