"""The three traits: shapes as documented, what the rules allow (checked against the engine itself,
independently of how the view builds the traits), reasons, and size (what each seat may see:
test_who_sees_which_hand.py).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from catan_widget import BuyDevelopmentCard, CatanWidget, Game, Rules
from catan_widget.bots import make_bots
from catan_widget.engine.actions import ACTION_BY_KIND, FIXED_ACTIONS, Action, Discard, action_from_dict
from catan_widget.engine.constants import DEV_CARDS, RESOURCES
from catan_widget.engine.errors import IllegalActionError
from catan_widget.engine.language import words
from catan_widget.engine.phases import MAIN, ROLL, demand, demand_code
from catan_widget.engine.rules.production import discard_words
from catan_widget.widget.settings import SETTINGS
from catan_widget.widget.view import LOG_TAIL, board_json, unpack_actions, unpack_reasons

from .helpers import (
    NAMES,
    SOLO,
    actions,
    enabled,
    mid_game,
    send,
    staged_game,
    take_screen,
    wire_bytes,
)

PROTOCOL = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
_DATA_KEYS = {*RESOURCES, *DEV_CARDS}
_SINGLE = (
    "roll",
    "end_turn",
    "buy_development_card",
    "play_knight",
    "play_road_building",
    "accept_trade",
)
HOT_SEAT_2 = {"Ada": "human", "Bo": "human", "Cy": "bot", "Di": "bot"}


def _doc() -> str:
    return PROTOCOL.read_text(encoding="utf-8")


def _doc_keys(trait: str) -> set[str]:
    """Every key named in the JSON example of ``trait`` in docs/protocol.md."""
    text = _doc()
    begin = text.index("```json", text.index(f"## Trait `{trait}`"))
    block = text[begin : text.index("```\n", begin + 7)]
    return {k for k in re.findall(r'"([A-Za-z_]\w*)"\s*:', block) if k not in _DATA_KEYS}


def _doc_controls() -> tuple[str, ...]:
    """The controls that carry a reason when disabled, as docs/protocol.md lists them."""
    text = _doc()
    start = text.index("for every disabled control among `") + len("for every disabled control among `")
    return tuple(c.strip() for c in text[start : text.index("`", start)].split(","))


CONTROLS = _doc_controls()


def _keys(value: Any) -> set[str]:
    """Every dict key in ``value``, recursively (seat numbers and card/resource names left out)."""
    out: set[str] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            if not k.isdigit() and k not in _DATA_KEYS:
                out.add(k)
            out |= _keys(v)
    elif isinstance(value, list):
        for v in value:
            out |= _keys(v)
    return out


def _step_error(game: Game, action: Action) -> str | None:
    """None when the engine accepts ``action`` now (tried on a fork), else its refusal."""
    error = _step_refusal(game, action)
    return None if error is None else str(error)


def _step_refusal(game: Game, action: Action) -> IllegalActionError | None:
    """None when the engine accepts ``action`` now (tried on a fork), else its error."""
    try:
        game.fork().step(action)
    except IllegalActionError as exc:
        return exc
    return None


def _positions() -> Iterator[tuple[str, CatanWidget]]:
    """Widgets in many situations (each game's history made through the widget or staged)."""
    setup = CatanWidget(Game(players=NAMES, seed=1, first=0), SOLO)
    yield "setup settlement", setup
    setup = CatanWidget(Game(players=NAMES, seed=1, first=0), SOLO)
    assert send(setup, {"kind": "build_settlement", "node": 12})
    yield "setup road", setup
    yield (
        "roll, knight in hand",
        CatanWidget(staged_game(phase="roll", dev_cards={"Ada": {"knight": 1}}), SOLO),
    )
    rich = {"Ada": {"lumber": 4, "brick": 4, "wool": 4, "grain": 3, "ore": 3}, "Bo": {"ore": 2}}
    cards = {"Ada": {"knight": 1, "year_of_plenty": 1, "monopoly": 1, "road_building": 1}}
    yield "main, rich", CatanWidget(staged_game(hands=rich, dev_cards=cards), SOLO)
    w = CatanWidget(staged_game(hands=rich, dev_cards=cards), SOLO)
    assert send(w, {"kind": "play_knight"})
    yield "move robber", w
    w = CatanWidget(staged_game(hands=rich, dev_cards=cards), SOLO)
    assert send(w, {"kind": "play_road_building"})
    yield "road building", w
    w = CatanWidget(staged_game(hands={"Ada": {"ore": 8}}, phase="roll"), SOLO)
    w.script_dice((1, 6))
    assert send(w, {"kind": "roll"})
    yield "discard", w
    w = CatanWidget(staged_game(hands={"Ada": {"wool": 2}, "Bo": {"ore": 2}}), HOT_SEAT_2)
    assert send(w, {"kind": "offer_trade", "give": {"wool": 1}, "want": {"ore": 1}, "to": 1})
    take_screen(w, 1)
    yield "trade response", w
    assert send(w, {"kind": "accept_trade"})
    take_screen(w, 0)
    yield "trade confirm", w
    yield "mid-game", CatanWidget(mid_game(), SOLO)
    yield "a bot's turn", CatanWidget(staged_game(turn_player=1, phase="roll"), SOLO)
    over = Game(players=NAMES, seed=5, rules=Rules(vp_to_win=3))
    over.stage(settlements={0: [12, 40], 1: [23]}, hands={"Ada": {"grain": 2, "ore": 3}}, phase="main")
    w = CatanWidget(over, SOLO)
    assert send(w, {"kind": "build_city", "node": 12})
    yield "game over", w


# --- shapes -----------------------------------------------------------------------------------
def test_board_json_has_exactly_the_documented_keys() -> None:
    board = board_json(Game(players=NAMES, seed=1))
    assert _keys(board) == _doc_keys("board")
    counts = [len(board[k]) for k in ("hexes", "nodes", "edges", "harbors", "players")]
    assert counts == [19, 54, 72, 9, 4]
    desert = next(h for h in board["hexes"] if h["terrain"] == "desert")
    assert (desert["resource"], desert["number"], desert["pips"]) == (None, None, 0)
    assert board["hexes"][0] == {
        "id": 0, "q": 0, "r": -2, "x": -1.7321, "y": -3.0,
        "terrain": "mountains", "resource": "ore", "number": 10, "pips": 3,
    }  # fmt: skip
    assert sorted(h["rate"] for h in board["harbors"]) == [2, 2, 2, 2, 2, 3, 3, 3, 3]
    assert [p["color"] for p in board["players"]] == ["#0072B2", "#D55E00", "#009E73", "#CC79A7"]


_GOOD_COLORS = [
    ["#0072B2", "#d55e00", "#0a7", "#CC79A7CC"],
    ["rgb(0, 114, 178)", "rgba(213,94,0,0.5)", "rgb(0%, 62%, 45%)", "rgba(80%, 47.5%, 65%, 90%)"],
    ["hsl(202, 100%, 35%)", "hsla(24deg, 100%, 42%, 0.75)", " Teal ", "RebeccaPurple"],
]


@pytest.mark.parametrize("colors", _GOOD_COLORS, ids=["hex", "rgb", "hsl and named"])
def test_colors_of_the_grammar_reach_the_board_trait(colors: list[str]) -> None:
    w = CatanWidget(Game(players=NAMES, seed=1), SOLO, colors=colors)
    assert [p["color"] for p in w.board["players"]] == [c.strip() for c in colors]
    w.game = Game(players=NAMES, seed=2)
    assert [p["color"] for p in w.board["players"]] == [c.strip() for c in colors]


_BAD_COLORS: list[tuple[Any, str]] = [
    (math.nan, "a CSS colour is '#rgb'"),
    (None, "a CSS colour is '#rgb'"),
    (0x0072B2, "a CSS colour is '#rgb'"),
    ("x" * 1_000_000, "at most 40 characters, got 1,000,000"),
    ("red;background:url(//e.x/y)", "a CSS colour is '#rgb'"),
    ('red" onload="alert(1)', "a CSS colour is '#rgb'"),
    ("var(--x)", "a CSS colour is '#rgb'"),
    ("transparent", "a CSS colour is '#rgb'"),
    ("#12345", "a CSS colour is '#rgb'"),
    ("rgb(300, 0, 0)", "rgb() takes numbers 0..255"),
    ("rgb(10%, 20, 30)", "three numbers 0..255 or three percentages"),
    ("rgb(1e2, 0, 0)", "a CSS colour is '#rgb'"),
    ("hsl(400, 50%, 50%)", "hsl() takes degrees 0..360"),
    ("hsl(120, 50, 50)", "hsl() takes degrees"),
    ("rgba(0, 0, 0, 2)", "an opacity is a number 0..1"),
]


@pytest.mark.parametrize(("bad", "rule"), _BAD_COLORS, ids=lambda v: repr(v)[:24])
def test_a_colour_outside_the_grammar_is_refused_naming_the_rule(bad: Any, rule: str) -> None:
    colors = ["#0072B2", bad, "#009E73", "#CC79A7"]
    with pytest.raises(ValueError, match="colors\\[1\\]: ") as info:
        CatanWidget(Game(players=NAMES, seed=1), SOLO, colors=colors)
    assert rule in str(info.value)
    assert len(str(info.value)) < 300
    with pytest.raises(ValueError, match="colors\\[1\\]: "):
        CatanWidget.replay(Game(players=NAMES, seed=1), colors=colors)
    with pytest.raises(ValueError, match="colors\\[1\\]: "):
        board_json(Game(players=NAMES, seed=1), colors)


@pytest.mark.parametrize(
    ("colors", "words"),
    [
        (["red", "#f00", "green", "teal"], "colors[1]: '#f00' draws the same colour as colors[0] ('red')"),
        (["#0072B2", "blue", "rgb(0, 114, 178)", "teal"], "colors[2]: 'rgb(0, 114, 178)' draws the same"),
        (
            ["hsl(0, 100%, 50%)", "blue", "green", "RED"],
            "colors[3]: 'RED' draws the same colour as colors[0]",
        ),
        ("red", "colors is a list of CSS colours by seat, got str"),
        (["red", "blue", "green"], "need 4 player colours (at most 6), got 3"),
        (
            ["red", "blue", "green", "teal", "gold", "navy", "pink"],
            "need 4 player colours (at most 6), got 7",
        ),
    ],
)
def test_every_seat_needs_its_own_colour_and_one_colour_per_seat(colors: Any, words: str) -> None:
    with pytest.raises(ValueError, match=r"colou?rs") as info:
        CatanWidget(Game(players=NAMES, seed=1), SOLO, colors=colors)
    assert words in str(info.value)


def test_state_json_has_exactly_the_documented_keys() -> None:
    game = staged_game(hands={"Ada": {"wool": 2}, "Bo": {"ore": 2}}, dev_cards={"Ada": {"knight": 1}})
    w = CatanWidget(game, HOT_SEAT_2)
    assert send(w, {"kind": "offer_trade", "give": {"wool": 1}, "want": {"ore": 1}, "to": 1})
    take_screen(w, 1)
    assert "expires_in" in w.state["trade"], "the offer waits on Bo: a countdown runs"
    seen = _keys(w.state)
    w.teacher = True  # every hand shown, no countdown
    assert send(w, {"kind": "counter_trade", "give": {"ore": 2}, "want": {"wool": 1}})
    assert isinstance(w.state["trade"]["responses"]["1"], dict)
    later = Game(players=NAMES, seed=3)
    later.play(bots="greedy", until=lambda g: g.turn > 30 and g.current_seat == 0 and g.phase == "roll")
    since = CatanWidget(later, SOLO).state
    assert since["since"] is not None, "the bots moved since Ada's last move"
    seven = CatanWidget(staged_game(hands={"Ada": {"ore": 8}}, phase="roll"), SOLO)
    seven.script_dice((1, 6))
    assert send(seven, {"kind": "roll"})
    assert seven.state["players"][0]["discard"] == 4, "a count sent only while it is owed"
    assert "discard" not in seven.state["players"][1]
    assert seen | _keys(w.state) | _keys(since) | _keys(seven.state) == _doc_keys("state")


def test_the_documented_controls_are_the_action_kinds_and_undo() -> None:
    assert CONTROLS == (
        "roll", "end_turn", "build_road", "build_settlement", "build_city", "buy_development_card",
        "play_knight", "play_road_building", "play_year_of_plenty", "play_monopoly",
        "maritime_trade", "offer_trade", "accept_trade", "counter_trade", "undo",
    )  # fmt: skip


def test_legal_json_has_exactly_the_documented_keys() -> None:
    seen: set[str] = set()
    reasons: set[str] = set()
    for _, w in _positions():
        assert set(w.legal) == {
            "version",
            "seat",
            "actions",
            "open",
            "discard",
            "rates",
            "trade_max",
            "undo",
            "reasons",
        }
        seen |= _keys({k: v for k, v in w.legal.items() if k not in ("reasons", "actions")})
        seen |= {field for action in unpack_actions(w.legal["actions"]) for field in action}
        reasons |= set(unpack_reasons(w.legal["reasons"]))
    # packed actions are keyed by kind: kinds are not field names (`discard` is also a key)
    kinds = set(ACTION_BY_KIND) - {"discard"}
    documented = (_doc_keys("legal") - set(CONTROLS) - kinds) | {"undo", "kind"}
    assert seen | {"reasons", "actions"} == documented
    assert reasons == {*CONTROLS, "hint", "discard"}, (
        "every control, the Hint button while nobody here acts, and the discard rule while one is due"
    )


def test_the_documented_settings_are_synced_traits() -> None:
    text = _doc()
    section = text[text.index("## Settings traits") : text.index("## Intents")]
    names = re.findall(r"^- `(\w+)`", section, flags=re.MULTILINE)
    assert names[:5] == ["bot_delay", "view", "show_pips", "theme", "bots_paused"]
    assert set(names) == set(SETTINGS), "every setting documented, and only the settings"
    w = CatanWidget(Game(players=NAMES, seed=1), SOLO)
    for name in names:
        assert w.trait_metadata(name, "sync"), name
        assert name not in w.state


def test_legal_and_state_share_one_version_per_update() -> None:
    w = CatanWidget(staged_game(phase="roll"), SOLO)
    versions = [w.state["version"]]
    assert w.legal["version"] == versions[-1]
    assert send(w, {"kind": "roll"})
    assert w.legal["version"] == w.state["version"] > versions[-1]


# --- what the rules allow: the engine decides, checked independently -------------------------
def test_the_listed_actions_are_exactly_those_the_engine_accepts() -> None:
    """Over every fixed action (no card counts) of the engine: listed in ``legal.actions`` iff
    ``game.step`` accepts it now (on a fork) — for the human who must act; nothing otherwise.
    """
    for label, w in _positions():
        game, legal = w.game, w.legal
        listed = [action_from_dict(a) for a in unpack_actions(legal["actions"])]
        assert len(set(listed)) == len(listed), f"{label}: an action listed twice"
        if legal["seat"] is None:
            assert listed == [], label
            assert game.is_over or game.current_seat not in w.humans, label
            continue
        assert legal["seat"] == game.current_seat, label
        accepted = {a for a in FIXED_ACTIONS if _step_error(game, a) is None}
        assert set(listed) == accepted, label
        in_order = [a for a in game.legal_actions() if a.kind != "discard"]
        assert listed == in_order, f"{label}: the engine's order"


def test_only_the_seat_that_must_act_gets_actions() -> None:
    for label, w in _positions():
        game, legal = w.game, w.legal
        human_acts = not game.is_over and game.current_seat in w.humans
        assert legal["seat"] == (game.current_seat if human_acts else None), label
        if legal["seat"] is None:
            assert (legal["actions"], legal["open"], legal["discard"], legal["undo"]) == ({}, [], 0, False)


def test_every_disabled_control_has_a_reason_and_only_those() -> None:
    for label, w in _positions():
        legal = w.legal
        if legal["seat"] is None:
            continue
        on = {c for c in CONTROLS if enabled(w, c)}
        due = {"discard"} if legal["discard"] else set()  # the dialog's rule: the engine's words
        assert set(unpack_reasons(legal["reasons"])) == set(CONTROLS) - on | due, label
        if due:
            assert unpack_reasons(legal["reasons"])["discard"] == words(discard_words(legal["discard"])), (
                label
            )
        assert all(isinstance(r, str) and r.strip() for r in unpack_reasons(legal["reasons"]).values()), label


def test_reasons_are_the_engines_refusals() -> None:
    """A disabled control's reason is what ``game.step`` says to its action; for a control of
    many actions (build a road *somewhere*), what it says to all of them when they all fail alike;
    while a phase asks for one thing first, that thing for every control the phase blocks.
    """
    checked = 0
    for label, w in _positions():
        game, reasons = w.game, unpack_reasons(w.legal["reasons"])
        if w.legal["seat"] is None:
            continue
        for control, reason in reasons.items():
            if control in ("undo", "offer_trade", "counter_trade", "discard"):  # discard: checked above
                continue
            if control in _SINGLE:
                errors = [_step_refusal(game, action_from_dict({"kind": control}))]
            else:
                errors = [_step_refusal(game, a) for a in FIXED_ACTIONS if a.kind == control]
            assert None not in errors, f"{label}: {control} is possible but has a reason"
            refusals = {(e.code, e.refusal.words()) for e in errors if e is not None}
            if len(refusals) == 1:
                code, refusal = refusals.pop()
                if game.state.phase not in (ROLL, MAIN) and code == demand_code(game.state.phase):
                    refusal = words(demand(game.state.phase))  # the phase's one demand, said once
                assert reason == refusal, f"{label}: {control}"
                checked += 1
    assert checked >= 40


def test_while_a_bot_acts_every_control_says_whom_the_game_waits_for() -> None:
    w = CatanWidget(staged_game(turn_player=1, phase="roll"), SOLO)
    legal = w.legal
    assert legal["seat"] is None
    assert not any(enabled(w, c) for c in CONTROLS)
    assert unpack_reasons(legal["reasons"]) == dict.fromkeys([*CONTROLS, "hint"], "Waiting for Bo.")


def test_every_hand_is_shown_once_the_game_is_over() -> None:
    game = Game(players=NAMES, seed=5, rules=Rules(vp_to_win=3))
    game.stage(settlements={0: [12, 40], 1: [23]}, hands={"Ada": {"grain": 2, "ore": 3}}, phase="main")
    w = CatanWidget(game, SOLO)
    assert send(w, {"kind": "build_city", "node": 12})
    assert w.state["winner"] == 0
    assert w.state["phase"] == "game_over"
    assert w.state["viewer"] == -1
    assert w.legal["seat"] is None
    over = "The game is over: Ada won."
    assert unpack_reasons(w.legal["reasons"]) == dict.fromkeys([*CONTROLS, "hint"], over)


def test_rates_are_the_seats_bank_rates() -> None:
    w = CatanWidget(staged_game(hands={"Ada": {"wool": 4}}), SOLO)
    assert w.legal["rates"] == dict.fromkeys(RESOURCES, 4), "Ada's settlements touch no harbor"
    assert {a["get"] for a in actions(w, "maritime_trade")} == {"lumber", "brick", "grain", "ore"}
    assert {a["give"] for a in actions(w, "maritime_trade")} == {"wool"}
    harbor = next(h for h in w.board["harbors"] if h["resource"] == "wool")
    node = harbor["nodes"][0]
    game = staged_game(settlements={0: [node]}, roads={}, hands={"Ada": {"wool": 2}})
    w = CatanWidget(game, SOLO)
    assert w.legal["rates"]["wool"] == 2
    assert actions(w, "maritime_trade"), "2 wool buy a card at a wool harbor"


# --- reasons in words -------------------------------------------------------------------------
def test_reasons_before_the_roll_say_to_roll_first() -> None:
    w = CatanWidget(staged_game(phase="roll"), SOLO)
    reasons = unpack_reasons(w.legal["reasons"])
    assert enabled(w, "roll")
    assert "roll" not in reasons
    assert reasons["end_turn"] == "You must roll the dice before ending your turn."
    assert reasons["build_road"] == "You must roll the dice before you build a road."
    assert reasons["buy_development_card"] == "You must roll the dice before you buy a development card."
    assert reasons["maritime_trade"] == reasons["offer_trade"] == "You must roll the dice before you trade."
    assert reasons["play_knight"] == "You have no Knight card to play."


def test_reasons_after_the_roll_name_the_missing_cards() -> None:
    w = CatanWidget(staged_game(hands={"Ada": {"wool": 1}}), SOLO)
    reasons = unpack_reasons(w.legal["reasons"])
    assert enabled(w, "end_turn")
    assert enabled(w, "offer_trade")
    assert set(reasons) == set(CONTROLS) - {"end_turn", "offer_trade"}
    assert reasons["roll"] == "You have already rolled the dice this turn."
    assert reasons["build_road"] == "Not enough resources: a road costs 1 lumber, 1 brick."
    assert reasons["build_city"] == "Not enough resources: a city costs 2 grain, 3 ore."
    rates = "4 lumber, 4 brick, 4 wool, 4 grain or 4 ore"
    assert reasons["maritime_trade"] == f"A bank trade needs {rates} (your best rates)."
    assert reasons["undo"] == "Nothing to take back yet."


def test_reasons_while_discarding_say_what_the_phase_asks_first() -> None:
    game = staged_game(hands={"Ada": {"ore": 8}}, phase="roll")
    w = CatanWidget(game, SOLO)
    w.script_dice((1, 6))
    assert send(w, {"kind": "roll"})
    assert w.legal["discard"] == 4
    assert w.legal["actions"] == {}
    assert "discards first" in unpack_reasons(w.legal["reasons"])["end_turn"]
    # the discard button's reason is the engine's rule, the same words a wrong count is refused with
    rule = unpack_reasons(w.legal["reasons"])["discard"]
    assert rule == "You must discard exactly half your hand, rounded down: 4 cards."
    with pytest.raises(IllegalActionError) as refused:
        game.step(Discard((0, 0, 0, 0, 3)))
    assert str(refused.value).startswith(rule[:-1] + ", not 3")


def test_a_card_bought_this_turn_is_shown_as_new_and_its_reason_says_so() -> None:
    game = staged_game(hands={"Ada": {"wool": 1, "grain": 1, "ore": 1}})
    w = CatanWidget(game, SOLO)
    game.step(BuyDevelopmentCard(), card="knight")
    assert w.state["players"][0]["dev_cards"] == {"knight": 1}
    assert w.state["players"][0]["dev_new"] == {"knight": 1}
    assert not enabled(w, "play_knight")
    assert "bought this turn" in unpack_reasons(w.legal["reasons"])["play_knight"]


# --- size -------------------------------------------------------------------------------------
MEDIAN_BUDGET = 4096
"""The median update (state and legal) over the human's positions: 4 KB (README, issue 20)."""
LARGEST_BUDGET = 8192
"""The largest update over the same positions: 8 KB."""


def test_a_mid_game_update_holds_the_whole_log_tail() -> None:
    game = mid_game()
    w = CatanWidget(game, SOLO)
    player_view, legal = wire_bytes(w.state), wire_bytes(w.legal)
    w.teacher = True
    teacher_view = wire_bytes(w.state)
    print(f"state update: {player_view} B (player view), {teacher_view} B (teacher view); legal {legal} B")
    assert len(w.state["log"]) == LOG_TAIL
    assert player_view + legal <= LARGEST_BUDGET
    assert teacher_view <= LARGEST_BUDGET


def test_every_update_the_human_gets_in_whole_games_keeps_the_budget() -> None:
    """Not only a mid-game: every position where the human acts in three greedy games (setup's
    50 corners, the robber's hexes and victims, long logs, trades): the median within 4 KB, the
    largest within 8 KB (bench/bench_widget_bytes.py measures ten games)."""
    seats = {"Ada": "human", "Bo": "bot", "Cy": "bot", "Di": "bot"}
    sizes: list[int] = []
    for seed in range(3):
        game = Game(players=list(seats), seed=seed)
        bots = make_bots(game, "greedy")
        for _ in range(4000):
            if game.is_over:
                break
            seat = game.current_seat
            if seat == 0:
                w = CatanWidget(game.fork(), seats)
                sizes.append(wire_bytes({"state": w.state, "legal": w.legal}))
                w.close()
            game.step(bots[seat].choose(game.observe(seat)))
    assert len(sizes) > 100
    sizes.sort()
    median, largest = sizes[len(sizes) // 2], sizes[-1]
    print(f"{len(sizes)} positions: median {median} B, largest {largest} B")
    assert median <= MEDIAN_BUDGET, f"the median update was {median} B"
    assert largest <= LARGEST_BUDGET, f"the largest update was {largest} B"
