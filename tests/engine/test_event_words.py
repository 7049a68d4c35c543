"""The one wording of events (engine/words/log.py): an example line per kind, what each viewer
may read, the reader's own moves in the second person (by seat; a player named "You" is just a
name), the bank shortage, and no internal ids in any played game.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from catan_widget import BuyDevelopmentCard, Game, MoveRobber, RollDice
from catan_widget.engine.board.layouts import Board, beginner_board
from catan_widget.engine.board.topology import EDGE_BETWEEN, EDGE_COUNT, HEX_COUNT, NODE_COUNT
from catan_widget.engine.constants import KNIGHT, MONOPOLY, ROAD_BUILDING, YEAR_OF_PLENTY
from catan_widget.engine.phases import ACCEPTED, COUNTERED, DECLINED
from catan_widget.engine.rules.events import Event
from catan_widget.engine.words.log import describe, event_fields, event_message, render
from catan_widget.engine.words.places import corner_name, hex_name, path_name

from .helpers import staged

BOARD = beginner_board()
NAMES = ["Ada", "Bo", "Cy", "Di"]
WOOL_FOR_ORE = ((0, 0, 1, 0, 0), (0, 0, 0, 0, 1))

EXAMPLES: list[tuple[Event, str]] = [
    (("roll", 1, (3, 5), ((0, 3, 1), (2, 4, 2)), ()), "Bo rolled 8 (3+5): Ada +1 grain, Cy +2 ore"),
    (
        ("roll", 1, (3, 5), ((0, 3, 1),), ((4, 1),)),
        "Bo rolled 8 (3+5): Ada +1 grain; the bank has only 1 ore: nobody gets ore",
    ),
    (("roll", 1, (2, 2), (), ()), "Bo rolled 4 (2+2): nobody produces"),
    (("roll", 1, (3, 4), (), ()), "Bo rolled 7 (3+4): the robber!"),
    (("road", 0, EDGE_BETWEEN[(0, 3)], True), "Ada built a road on the coast of mountains 10 (3:1 harbor)"),
    (
        ("settlement", 0, 0, False),
        "Ada built a settlement on the coastal corner of mountains 10 (3:1 harbor)",
    ),
    (("city", 2, 39), "Cy built a city on the corner of forest 8, hills 5 and mountains 3"),
    (("setup_income", 0, (1, 1, 0, 0, 1)), "Ada takes 1 lumber, 1 brick, 1 ore for the second settlement"),
    (("buy", 3, KNIGHT), "Di bought a development card"),
    (("play", 0, KNIGHT, ()), "Ada played a knight"),
    (("play", 0, ROAD_BUILDING, (2,)), "Ada played Road Building: 2 free roads"),
    (("play", 0, ROAD_BUILDING, (1,)), "Ada played Road Building: 1 free road"),
    (("play", 0, ROAD_BUILDING, (0,)), "Ada played Road Building, but no road can be placed"),
    (("play", 3, YEAR_OF_PLENTY, (2, 4)), "Di played Year of Plenty: took wool and ore"),
    (("play", 3, YEAR_OF_PLENTY, (1, 1)), "Di played Year of Plenty: took 2 brick"),
    (
        ("play", 2, MONOPOLY, (2, (3, 2, 0, 0))),
        "Cy played Monopoly: took 5 wool (3 wool from Ada, 2 wool from Bo)",
    ),
    (("discard", 1, (0, 0, 2, 0, 2)), "Bo discarded 2 wool, 2 ore"),
    (("robber", 0, 11, None, -1), "Ada moved the robber to mountains 8"),
    (("robber", 0, 11, 1, 4), "Ada moved the robber to mountains 8 and stole a card from Bo"),
    (("robber", 0, 9, 1, -1), "Ada moved the robber to desert, but Bo had no cards"),
    (("maritime", 0, 2, 3, 4), "Ada traded 3 wool with the bank for 1 ore"),
    (("offer", 0, *WOOL_FOR_ORE, None), "Ada offers 1 wool for 1 ore to everyone"),
    (("offer", 0, *WOOL_FOR_ORE, 2), "Ada offers 1 wool for 1 ore to Cy"),
    (("answer", 1, ACCEPTED, *reversed(WOOL_FOR_ORE)), "Bo accepts the offer"),
    (("answer", 1, DECLINED, (0,) * 5, (0,) * 5), "Bo declines the offer"),
    (("answer", 2, COUNTERED, (0, 0, 0, 0, 1), (0, 0, 2, 0, 0)), "Cy counters with 1 ore for 2 wool"),
    (("trade", 0, 2, *WOOL_FOR_ORE), "Ada traded 1 wool to Cy for 1 ore"),
    (("trade_closed", 0, "nobody accepted"), "Ada's offer is closed: nobody accepted"),
    (("longest_road", 0, -1, 5), "Ada takes Longest Road (5 roads)"),
    (("longest_road", 1, 0, 6), "Bo takes Longest Road from Ada (6 roads)"),
    (("longest_road", -1, 0, 4), "Longest Road is set aside (was Ada's)"),
    (("largest_army", 0, 3), "Ada takes Largest Army (3 knights)"),
    (("end_turn", 2), "Cy ended the turn"),
    (("staged", 0), "A position was staged: Ada to play"),
    (("win", 0, 10), "Ada wins with 10 victory points!"),
]


@pytest.mark.parametrize(
    ("event", "words"), EXAMPLES, ids=[f"{e[0]}-{i}" for i, (e, _) in enumerate(EXAMPLES)]
)
def test_every_kind_has_public_words(event: Event, words: str) -> None:
    assert describe(event, NAMES, BOARD) == words
    assert render(event, NAMES, BOARD) == words
    fields = event_fields(event, NAMES, BOARD)
    assert fields["kind"] == event[0]
    assert fields["text"] == words
    json.dumps(fields)


def test_every_kind_has_an_example() -> None:
    kinds = {e[0] for e, _ in EXAMPLES}
    assert kinds == {
        *("roll", "road", "settlement", "city", "setup_income", "buy", "play", "discard", "robber"),
        *("maritime", "offer", "answer", "trade", "trade_closed", "longest_road", "largest_army"),
        *("end_turn", "staged", "win"),
    }


def test_without_a_board_places_are_still_words() -> None:
    assert render(("settlement", 0, 5, False), NAMES) == "Ada built a settlement on a corner"
    assert render(("robber", 0, 3, None, -1), NAMES) == "Ada moved the robber to a hex"


# --- what each viewer reads ---------------------------------------------------------------------
def _by_viewer(game: Game, event: Event) -> dict[int | None, str]:
    return {v: describe(event, game.names, game.board, v) for v in (None, -1, *range(len(game.names)))}


def test_a_stolen_card_is_named_only_to_the_thief_the_victim_and_the_teacher() -> None:
    game = staged(settlements={1: [26]}, hands={1: {"ore": 2}})
    game.step(RollDice(), dice=(3, 4))
    game.step(MoveRobber(11, 1), steal="ore")
    event = game.events[-1]
    public = "Ada moved the robber to mountains 8 and stole a card from Bo"
    thief = "You moved the robber to mountains 8 and stole 1 ore from Bo"
    victim = "Ada moved the robber to mountains 8 and stole 1 ore from you"
    teacher = "Ada moved the robber to mountains 8 and stole 1 ore from Bo"
    assert _by_viewer(game, event) == {None: public, -1: teacher, 0: thief, 1: victim, 2: public, 3: public}
    assert event_fields(event, game.names, game.board, 1)["cards"] == {"ore": 1}
    onlooker = event_fields(event, game.names, game.board, 2)
    assert "cards" not in onlooker
    assert onlooker["stolen"] is True
    assert onlooker["victim"] == "Bo"


def test_a_bought_card_is_named_only_to_the_buyer_and_the_teacher() -> None:
    game = staged(hands={0: {"wool": 1, "grain": 1, "ore": 1}}, turn_player=0, phase="main")
    game.step(BuyDevelopmentCard(), card="monopoly")
    event = game.events[-1]
    public, secret = "Ada bought a development card", "Ada bought a development card (Monopoly)"
    mine = "You bought a development card (Monopoly)"
    assert _by_viewer(game, event) == {None: public, -1: secret, 0: mine, 1: public, 2: public, 3: public}
    assert event_fields(event, game.names, game.board, 0)["card"] == "monopoly"
    assert "card" not in event_fields(event, game.names, game.board, 1)


# --- the reader in the second person, by seat ---------------------------------------------------
# (event, viewer, words): the reader's own moves, and the moves done to the reader.
SECOND_PERSON: list[tuple[Event, int, str]] = [
    (("roll", 0, (3, 5), ((0, 3, 1),), ()), 0, "You rolled 8 (3+5): you +1 grain"),
    (("roll", 1, (3, 5), ((0, 3, 1), (2, 4, 2)), ()), 0, "Bo rolled 8 (3+5): you +1 grain, Cy +2 ore"),
    (("roll", 0, (3, 4), (), ()), 0, "You rolled 7 (3+4): the robber!"),
    (
        ("road", 0, EDGE_BETWEEN[(0, 3)], False),
        0,
        "You built a road on the coast of mountains 10 (3:1 harbor)",
    ),
    (("city", 0, 39), 0, "You built a city on the corner of forest 8, hills 5 and mountains 3"),
    (("setup_income", 0, (0, 1, 1, 0, 0)), 0, "You take 1 brick, 1 wool for the second settlement"),
    (("robber", 0, 11, 1, 4), 0, "You moved the robber to mountains 8 and stole 1 ore from Bo"),
    (("robber", 1, 11, 0, 4), 0, "Bo moved the robber to mountains 8 and stole 1 ore from you"),
    (("robber", 1, 11, 0, -1), 0, "Bo moved the robber to mountains 8, but you had no cards"),
    (("robber", 0, 11, 1, -1), 0, "You moved the robber to mountains 8, but Bo had no cards"),
    (("robber", 0, 9, None, -1), 0, "You moved the robber to desert"),
    (
        ("play", 1, MONOPOLY, (4, (2, 0, 3))),
        0,
        "Bo played Monopoly: took 5 ore (2 ore from you, 3 ore from Cy)",
    ),
    (
        ("play", 0, MONOPOLY, (4, (0, 1, 3))),
        0,
        "You played Monopoly: took 4 ore (1 ore from Bo, 3 ore from Cy)",
    ),
    (("play", 0, KNIGHT, ()), 0, "You played a knight"),
    (("play", 0, ROAD_BUILDING, (2,)), 0, "You played Road Building: 2 free roads"),
    (("play", 0, YEAR_OF_PLENTY, (2, 4)), 0, "You played Year of Plenty: took wool and ore"),
    (("discard", 0, (0, 0, 2, 0, 2)), 0, "You discarded 2 wool, 2 ore"),
    (("maritime", 0, 2, 3, 4), 0, "You traded 3 wool with the bank for 1 ore"),
    (("offer", 0, *WOOL_FOR_ORE, None), 0, "You offer 1 wool for 1 ore to everyone"),
    (("offer", 0, *WOOL_FOR_ORE, 2), 0, "You offer 1 wool for 1 ore to Cy"),
    (("offer", 1, *WOOL_FOR_ORE, 0), 0, "Bo offers you 1 wool for 1 ore"),
    (("answer", 0, ACCEPTED, *reversed(WOOL_FOR_ORE)), 0, "You accept the offer"),
    (("answer", 0, DECLINED, (0,) * 5, (0,) * 5), 0, "You decline the offer"),
    (
        ("answer", 0, COUNTERED, (0, 0, 0, 1, 0), (1, 1, 0, 0, 0)),
        0,
        "You counter with 1 grain for 1 lumber, 1 brick",
    ),
    (("trade", 1, 0, *WOOL_FOR_ORE), 0, "Bo traded 1 wool to you for 1 ore"),
    (("trade", 0, 1, *WOOL_FOR_ORE), 0, "You traded 1 wool to Bo for 1 ore"),
    (("trade_closed", 0, "cancelled"), 0, "Your offer is closed: cancelled"),
    (("trade_closed", 1, "cancelled"), 0, "Bo's offer is closed: cancelled"),
    (("trade_closed", 0, "nobody accepted"), 0, "Your offer is closed: nobody accepted"),
    (("longest_road", 0, -1, 5), 0, "You take Longest Road (5 roads)"),
    (("longest_road", 0, 1, 6), 0, "You take Longest Road from Bo (6 roads)"),
    (("longest_road", 1, 0, 6), 0, "Bo takes Longest Road from you (6 roads)"),
    (("longest_road", -1, 0, 4), 0, "Longest Road is set aside (was yours)"),
    (("largest_army", 0, 3), 0, "You take Largest Army (3 knights)"),
    (("end_turn", 0), 0, "You ended the turn"),
    (("special_pass", 0), 0, "You passed (special build)"),
    (("staged", 0), 0, "A position was staged: your turn"),
    (("win", 0, 10), 0, "You win with 10 victory points!"),
]


@pytest.mark.parametrize(("event", "viewer", "words"), SECOND_PERSON)
def test_the_reader_reads_their_own_moves_in_the_second_person(event: Event, viewer: int, words: str) -> None:
    assert describe(event, NAMES, BOARD, viewer) == words
    assert event_fields(event, NAMES, BOARD, viewer)["text"] == words


def test_a_player_named_you_is_just_a_name() -> None:
    """The second person is chosen by the reading seat, never by a name: for an onlooker and
    the other seats "You" is a name like any other; for its own seat it reads as any reader's
    own move does.
    """
    named = ["You", "Bo", "Cy"]
    event = ("longest_road", 0, 1, 6)
    assert describe(event, named, BOARD) == "You takes Longest Road from Bo (6 roads)"
    assert describe(event, named, BOARD, 1) == "You takes Longest Road from you (6 roads)"
    assert describe(event, named, BOARD, 0) == "You take Longest Road from Bo (6 roads)"
    assert describe(("roll", 0, (3, 5), (), ()), named, BOARD) == "You rolled 8 (3+5): nobody produces"
    assert describe(("offer", 1, *WOOL_FOR_ORE, 0), named, BOARD) == "Bo offers 1 wool for 1 ore to You"


def test_you_read_your_own_steal_and_purchase() -> None:
    game = Game(NAMES[:3], seed=1).stage(
        settlements={"Bo": [26]},
        hands={"Bo": {"grain": 1}, "Ada": {"wool": 1, "grain": 1, "ore": 1}},
        turn_player="Ada",
    )
    game.step(RollDice(), dice=(3, 4))
    game.step(MoveRobber(11, 1))
    game.step(BuyDevelopmentCard(), card="knight")
    steal, buy = game.events[-2:]
    assert (
        describe(steal, NAMES, game.board, 0)
        == "You moved the robber to mountains 8 and stole 1 grain from Bo"
    )
    assert (
        describe(steal, NAMES, game.board, 2)
        == "Ada moved the robber to mountains 8 and stole a card from Bo"
    )
    assert describe(buy, NAMES, game.board, 0) == "You bought a development card (Knight)"
    assert game.log_for(0)[-2:] == [describe(e, NAMES, game.board, 0) for e in (steal, buy)]


def test_the_log_is_words_in_the_language_asked_for() -> None:
    game = staged(settlements={1: [26]}, hands={1: {"ore": 2}})
    game.step(RollDice(), dice=(3, 4))
    game.step(MoveRobber(11, 1), steal="ore")
    pseudo = game.log_for(0, language="en-XA")
    assert len(pseudo) == len(game.log)
    assert all(line.startswith("[") and line.endswith("]") for line in pseudo)
    assert game.log_for(0, language="en")[-1] == "You moved the robber to mountains 8 and stole 1 ore from Bo"
    fields = event_fields(game.events[-1], game.names, game.board, 0, language="en-XA")
    assert fields["where"].startswith("[")
    assert fields["cards"] == {"ore": 1}, "resources stay codes"
    assert describe(game.events[-1], game.names, game.board, 0, language="en") == str(
        event_message(game.events[-1], game.names, game.board, 0)
    )


# --- the bank shortage ----------------------------------------------------------------------------
# The 8 ore (hex 11) has corners 20 and 37 far apart; the 8 lumber (hex 12) has corner 43.
def test_a_bank_shortage_says_nobody_gets_the_resource() -> None:
    game = staged(settlements={0: [20], 1: [37], 2: [43]}, hands={3: {"ore": 18}}, turn_player=0)
    game.step(RollDice(), dice=(3, 5))
    assert game.events[-1] == ("roll", 0, (3, 5), ((2, 0, 1),), ((4, 1),))
    assert game.log[-1] == "Ada rolled 8 (3+5): Cy +1 lumber; the bank has only 1 ore: nobody gets ore"
    assert event_fields(game.events[-1], game.names, game.board)["short"] == {"ore": 1}


def test_a_lone_claimant_takes_what_is_left_and_an_empty_bank_pays_nobody() -> None:
    game = staged(cities={0: [20]}, hands={3: {"ore": 18}}, turn_player=0)
    game.step(RollDice(), dice=(3, 5))
    assert game.events[-1] == ("roll", 0, (3, 5), ((0, 4, 1),), ())
    assert game.log[-1] == "Ada rolled 8 (3+5): Ada +1 ore"
    empty = staged(cities={0: [20]}, hands={3: {"ore": 19}}, turn_player=0)
    empty.step(RollDice(), dice=(3, 5))
    assert empty.log[-1] == "Ada rolled 8 (3+5): the bank has no ore: nobody gets ore"


# --- no internal ids in any played game -------------------------------------------------------------
UNIT = r"(?:lumber|brick|wool|grain|ore|roads?|knights|victory points|free roads?)"
COUNTED = re.compile(rf"\+?\b\d+ {UNIT}\b")
DICE = re.compile(r"rolled (\d+) \((\d)\+(\d)\)")
RATE = re.compile(r"\b[234]:1\b")
PLACE = re.compile(r" (?:built an? \w+ on|moved the robber to) (.*?)(?: and stole .*|, but .*)?$")
FORBIDDEN = re.compile(r"\b(?:intersection|node|edge|hex|seat|None)\b|path \d|-1")


def played_games() -> Iterator[Game]:
    """Seeded games by the random and the greedy bots, two with a player named "You"."""
    yield Game(["Ada", "Bo", "Cy", "Di"], seed=2024).play("random")
    yield Game(["Ada", "You", "Cy", "Di"], seed=9, board="random").play("random")
    yield Game(["Ada", "Bo", "Cy"], seed=77, board="random").play("greedy")
    yield Game(["You", "Bo", "Cy", "Di"], seed=3).play("greedy")


def _places(board: Board) -> set[str]:
    """Every corner, path and hex of ``board`` in words."""
    corners = {corner_name(board, n) for n in range(NODE_COUNT)}
    paths = {path_name(board, e) for e in range(EDGE_COUNT)}
    return corners | paths | {hex_name(board, h) for h in range(HEX_COUNT)}


def _check_line(line: str, board_places: set[str]) -> None:
    assert not FORBIDDEN.search(line), line
    for total, a, b in DICE.findall(line):
        assert int(total) == int(a) + int(b), line
    place = PLACE.search(line)
    rest = line
    if place:
        assert place.group(1) in board_places, line
        rest = line.replace(place.group(1), "")  # a hex's number token is part of its name
    rest = COUNTED.sub("", RATE.sub("", DICE.sub("", rest)))
    assert not re.search(r"\d", rest), f"a bare number in {line!r}"


def _check_person(fields: dict[str, object], viewer: int | None, names: list[str]) -> None:
    """The reader's own moves read in the second person, nobody else's (a player named "You"
    reads "You" in the third person too).
    """
    seat, text = fields["seat"], str(fields["text"])
    if seat is None or fields["kind"] == "staged":
        return
    assert isinstance(seat, int)
    if viewer == seat:
        assert text.startswith(("You ", "Your ")), text
    elif names[seat] != "You":
        assert not text.startswith(("You ", "Your ")), text


def test_no_log_line_names_a_place_by_id_for_any_viewer() -> None:
    for game in played_games():
        board, names = game.board, game.names
        places = _places(board)
        assert game.log == [describe(e, names, board) for e in game.events]
        for viewer in (None, -1, *range(len(names))):
            for event in game.events:
                fields = event_fields(event, names, board, viewer)
                _check_line(fields["text"], places)
                _check_person(fields, viewer, names)
                json.dumps(fields)


@pytest.mark.parametrize(
    "line",
    [
        "Ada built a road on path 40",
        "Ada built a settlement on intersection 12",
        "Ada moved the robber to hex 11 (mountains 8)",
        "Ada built a city on the corner of mountains 7 and pasture 5",  # no such corner
        "Ada built a road on the path between hills 6 and pasture 4 17",
        "Ada built a road on the path between 6 brick and 4 wool",  # the old naming
        "Bo rolled 9 (3+5): Ada +1 grain",
    ],
)
def test_the_id_check_catches_old_and_wrong_lines(line: str) -> None:
    with pytest.raises(AssertionError):
        _check_line(line, _places(BOARD))


def test_the_person_check_catches_the_wrong_person() -> None:
    fields = {"kind": "largest_army", "seat": 0, "text": "Ada takes Largest Army (3 knights)"}
    _check_person(fields, None, NAMES)
    with pytest.raises(AssertionError):
        _check_person(fields, 0, NAMES)
    with pytest.raises(AssertionError):
        _check_person(fields | {"text": "You take Largest Army (3 knights)"}, 1, NAMES)
