"""Every message from the front-end is validated: junk, stale, replayed and out-of-turn
messages are refused with plain words, logged, and change nothing in the game.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest

from catan_widget import BuildRoad, CatanWidget
from catan_widget.engine.actions import action_from_dict
from catan_widget.engine.errors import IllegalActionError
from catan_widget.widget.protocol import STALE, IntentError, StaleIntentError, parse_intent, short

from .helpers import SOLO, deliver, intent, send, staged_game

_BAD_INTS: list[Any] = [
    -1,
    -(10**30),
    10**30,
    2**63,
    1.5,
    17.0,
    "17",
    "",
    None,
    True,
    False,
    [17],
    {"id": 17},
]
_BAD_RESOURCES: list[Any] = ["gold", "ORE", "", 5, -1, 2.0, None, True, ["ore"], {"ore": 1}]
_BAD_CARDS: list[Any] = [
    None,
    "ore",
    5,
    [],
    [1, 2, 3],
    [1, 2, 3, 4, 5, 6],
    [1, 2, 3, 4, -5],
    [0, 0, 0, 0, 1.5],
    {"gold": 1},
    {"ore": -1},
    {"ore": 1.5},
    {"ore": 10**9},
    {"ore": "1"},
    {"ore": None},
    {"ore": [1]},
    {"": 1},
]


def _action_junk() -> list[Any]:
    """Actions that are malformed (wrong kinds, fields, types, ids)."""
    out: list[Any] = [None, 0, 7.5, "roll", [], ["roll"], True, {}, {"kind": None}, {"kind": 3}]
    out += [{"kind": k} for k in ("fly", "", "ROLL", "Roll", " roll", "act", "undo_all", "x" * 100_000)]
    out += [
        {"kind": ["roll"]},
        {"kind": {"roll": 1}},
        {"kind": "roll", "x": 1},
        {"kind": "end_turn", "turn": 3},
    ]
    for kind, key in (("build_road", "edge"), ("build_settlement", "node"), ("build_city", "node")):
        out += [{"kind": kind, key: bad} for bad in _BAD_INTS]
        out += [{"kind": kind}, {"kind": kind, key: 3, "extra": 1}, {"kind": kind, "id": 3}]
    out += [{"kind": "build_road", "edge": 72}, {"kind": "build_settlement", "node": 54}]
    out += [{"kind": "move_robber", "hex": bad, "victim": 1} for bad in [*_BAD_INTS, 19]]
    out += [{"kind": "move_robber", "hex": 8, "victim": bad} for bad in (4, -1, "Bo", 1.5, [1], 10**20, True)]
    out += [{"kind": "move_robber", "victim": 1}]
    out += [{"kind": "discard", "cards": bad} for bad in _BAD_CARDS]
    out += [{"kind": "discard"}, {"kind": "discard", "cards": {"ore": 1}, "to": 2}]
    out += [
        {"kind": "play_year_of_plenty", "resources": bad}
        for bad in (None, "ore", [], ["ore"], ["ore", "gold"])
    ]
    out += [{"kind": "play_year_of_plenty", "resources": ["ore", "ore", "ore"]}]
    out += [{"kind": "play_year_of_plenty", "first": "ore", "second": "ore"}]
    out += [{"kind": "play_monopoly", "resource": bad} for bad in _BAD_RESOURCES]
    out += [{"kind": "maritime_trade", "give": bad, "get": "ore"} for bad in _BAD_RESOURCES]
    out += [{"kind": "maritime_trade", "give": "wool", "get": bad} for bad in _BAD_RESOURCES]
    out += [{"kind": "offer_trade", "give": bad, "want": {"ore": 1}, "to": None} for bad in _BAD_CARDS]
    out += [{"kind": "offer_trade", "give": {"wool": 1}, "want": bad, "to": None} for bad in _BAD_CARDS]
    out += [
        {"kind": "offer_trade", "give": {"wool": 1}, "want": {"ore": 1}, "to": bad}
        for bad in (4, -1, "Bo", 1.5)
    ]
    out += [{"kind": "counter_trade", "give": bad, "want": {"ore": 1}} for bad in _BAD_CARDS[:6]]
    out += [{"kind": "confirm_trade", "player": bad} for bad in (4, -1, None, "Bo", 1.0, [1])]
    # the settings are traits now: their old intents are unknown kinds, whatever they carry
    out += [{"kind": "set_view", "seat": seat} for seat in (0, -1, None, 4, "0", 10**40)]
    out += [{"kind": "toggle_pips"}, {"kind": "toggle_pips", "on": True}]
    out += [{"kind": "set_bot_delay", "seconds": s} for s in (0.2, -1, float("nan"), 10**400)]
    out += [{"kind": k, "value": 1} for k in ("show_pips", "bot_delay", "theme", "view", "bots_paused")]
    out += [{"kind": "undo", "steps": 2}, {"kind": "undo", "seat": 0}]
    nested: Any = {"kind": "build_road", "edge": 3}
    for _ in range(60):
        nested = {"kind": "build_road", "edge": nested}
    out += [nested, {"kind": "discard", "cards": {"ore": {"ore": {"ore": [None, {"x": []}]}}}}]
    return out


def _messages(w: CatanWidget) -> list[Any]:
    """Malformed messages of every shape (the version is read when each one is sent)."""
    out: list[Any] = [None, 0, 1.5, "act", b"act", [], ["act"], True, {"act"}, ("act", 1), {}]
    out += [
        {"type": "act"},
        {"type": "act", "action": {"kind": "roll"}},
        {"version": 0, "action": {"kind": "roll"}},
    ]
    out += [
        {"type": t, "version": "CURRENT", "action": {"kind": "end_turn"}}
        for t in ("ACT", "act ", None, 1, ["act"])
    ]
    out += [{"type": "act", "version": "CURRENT", "action": {"kind": "end_turn"}, "extra": 1}]
    out += [{"type": "act", "version": "CURRENT", "action": {"kind": "end_turn"}, 3: "x"}]
    out += [
        {"type": "act", "version": v, "action": {"kind": "end_turn"}}
        for v in ("1", 1.0, True, None, [1], {"v": 1})
    ]
    out += [{"type": "act", "version": "CURRENT", "action": a} for a in _action_junk()]
    return out


def _fill(msg: Any, version: int) -> Any:
    if isinstance(msg, dict) and msg.get("version") == "CURRENT":
        return {**msg, "version": version}
    return msg


def _assert_refused_unchanged(w: CatanWidget, msg: Any) -> None:
    game = w.game
    before, version = game.to_json(), w.state["version"]
    deliver(w, msg)
    assert w.state["error"], f"not refused: {msg!r:.200}"
    assert len(w.state["error"]) < 500
    assert not w.state["error"].startswith("Internal error"), w.state["error"]
    assert w.state["version"] == version + 1
    assert game.to_json() == before, f"the game changed on {msg!r:.200}"


def test_hundreds_of_malformed_messages_are_refused_and_change_nothing() -> None:
    w = CatanWidget(staged_game(hands={"Ada": {"wool": 4, "grain": 2, "ore": 3}}), SOLO)
    messages = _messages(w)
    assert len(messages) >= 200
    for msg in messages:
        _assert_refused_unchanged(w, _fill(msg, w.state["version"]))
    for msg in messages[:50]:  # the same junk again
        _assert_refused_unchanged(w, _fill(msg, w.state["version"]))


def test_well_formed_but_illegal_actions_are_refused_with_the_engines_reason() -> None:
    w = CatanWidget(staged_game(hands={"Ada": {"wool": 1, "grain": 2, "ore": 3}}), SOLO)
    illegal = [
        ({"kind": "roll"}, "already rolled"),
        ({"kind": "build_city", "node": 23}, "your own settlements"),
        ({"kind": "build_settlement", "node": 17}, None),
        ({"kind": "build_road", "edge": 70}, "Not enough resources"),
        ({"kind": "discard", "cards": {"wool": 1}}, "only discard when a 7"),
        ({"kind": "move_robber", "hex": 8, "victim": 1}, "after rolling a 7"),
        ({"kind": "play_knight"}, "no knight"),
        ({"kind": "accept_trade"}, "no trade offer"),
        ({"kind": "confirm_trade", "player": 1}, "no answered trade"),
        ({"kind": "cancel_trade"}, "no trade offer of yours"),
        ({"kind": "offer_trade", "give": {}, "want": {"ore": 1}, "to": None}, "No gifts"),
        ({"kind": "offer_trade", "give": {"lumber": 1}, "want": {"wool": 1}, "to": None}, "do not hold"),
        ({"kind": "offer_trade", "give": {"wool": 1}, "want": {"ore": 1}, "to": 0}, "another player"),
        ({"kind": "maritime_trade", "give": "wool", "get": "ore"}, "Maritime trade needs 4 wool"),
        ({"kind": "undo"}, "take back"),
    ]
    for action, words in illegal:
        before = w.game.to_json()
        engine = w.game.why_not(action_from_dict(action)) if action["kind"] != "undo" else None
        assert not send(w, action)
        error = w.state["error"]
        if words is not None:
            assert words.lower() in error.lower(), (action, error)
        if engine is not None:
            assert error == engine, "the engine's sentence, as it is"
        assert w.game.to_json() == before


def test_a_malformed_action_is_refused_with_the_engines_whole_sentence() -> None:
    """The parser's explanation reaches the user whole: not cut to 40 characters, not quoted."""
    w = CatanWidget(staged_game(), SOLO)
    for action in (
        {"kind": "build_road", "edge": 999},  # beyond the largest board (109 paths)
        {"kind": "build_road", "edge": "x"},
        {"kind": "fly"},
        {"kind": "discard", "cards": {"gold": 1}},
    ):
        with pytest.raises(IllegalActionError) as caught:
            action_from_dict(action)
        sentence = str(caught.value)
        assert not send(w, action)
        error = w.state["error"]
        assert sentence[1:] in error, (sentence, error)
        assert "..." not in error
        assert error.endswith(sentence[1:]), error  # whole, and not wrapped in quotes


def test_messages_on_a_bots_turn_are_refused_as_out_of_turn() -> None:
    w = CatanWidget(staged_game(turn_player=1, phase="roll"), SOLO)
    for action in (
        {"kind": "roll"},
        {"kind": "end_turn"},
        {"kind": "build_road", "edge": 26},
        {"kind": "undo"},
    ):
        before = w.game.to_json()
        assert not send(w, action)
        assert "Waiting for Bo" in w.state["error"]
        assert w.game.to_json() == before


def test_versions_the_widget_never_showed_are_refused() -> None:
    w = CatanWidget(staged_game(phase="roll"), SOLO)
    for offset in (1, 2, 10**12, -(10**12)):
        before = w.game.to_json()
        assert not send(w, {"kind": "roll"}, version=w.state["version"] + offset)
        assert w.state["error"] == STALE.in_()
        assert w.game.to_json() == before
    assert not send(w, {"kind": "roll"}, version=0)  # the first version sent is 1
    assert w.state["error"] == STALE.in_()


def test_a_replayed_message_is_dropped_silently_the_second_time() -> None:
    w = CatanWidget(staged_game(hands={"Ada": {"lumber": 4, "brick": 4}}), SOLO)
    msg = intent(w, {"kind": "build_road", "edge": 12})
    deliver(w, msg)
    assert w.state["error"] is None
    after_first, version = w.game.to_json(), w.state["version"]
    deliver(w, msg)
    assert w.state["error"] is None, "a repeat of the move just made says nothing"
    assert w.state["version"] == version + 1, "the front-end resyncs"
    assert w.game.to_json() == after_first
    assert w.game.players[0].resources["lumber"] == 3


def test_a_step_from_a_cell_makes_a_click_stale_and_the_engine_says_why() -> None:
    game = staged_game(hands={"Ada": {"lumber": 2, "brick": 2}})
    w = CatanWidget(game, SOLO)
    msg = intent(w, {"kind": "build_road", "edge": 12})
    game.step(BuildRoad(12))
    why = game.why_not(BuildRoad(12))
    assert why is not None
    deliver(w, msg)
    assert w.state["error"] == why
    assert "version" not in why
    assert game.players[0].roads.count(12) == 1


def test_an_accepted_message_clears_the_last_error() -> None:
    w = CatanWidget(staged_game(phase="roll"), SOLO)
    assert not send(w, {"kind": "end_turn"})
    assert send(w, {"kind": "roll"})
    assert w.state["error"] is None


def test_refused_messages_are_logged_on_the_catan_widget_logger(caplog: pytest.LogCaptureFixture) -> None:
    w = CatanWidget(staged_game(phase="roll"), SOLO)
    with caplog.at_level(logging.INFO, logger="catan_widget"):
        deliver(w, {"type": "act", "version": "x", "action": {"kind": "roll"}})
        assert not send(w, {"kind": "end_turn"})
    records = [r for r in caplog.records if r.name == "catan_widget"]
    assert len(records) == 2
    assert records[0].levelno == logging.WARNING
    assert records[1].levelno == logging.INFO
    assert "roll the dice" in records[1].getMessage()


def test_parse_intent_returns_the_action_or_raises_intent_error() -> None:
    game = staged_game(phase="roll")
    parsed = parse_intent(
        {"type": "act", "version": 3, "action": {"kind": "roll"}}, version=3, game=game, humans=[0]
    )
    assert parsed.kind == "act"
    assert parsed.action is not None
    assert parsed.action.kind == "roll"
    undo = parse_intent(
        {"type": "act", "version": 3, "action": {"kind": "undo"}}, version=3, game=game, humans=[0]
    )
    assert (undo.kind, undo.action) == ("undo", None)
    with pytest.raises(IntentError, match="set_view"):
        parse_intent(
            {"type": "act", "version": 3, "action": {"kind": "set_view", "seat": None}},
            version=3,
            game=game,
            humans=[0],
        )
    with pytest.raises(StaleIntentError) as stale:
        parse_intent(
            {"type": "act", "version": 2, "action": {"kind": "roll"}}, version=3, game=game, humans=[0]
        )
    assert (stale.value.version, stale.value.intent) == (2, parsed)
    fresh = parse_intent(
        {"type": "act", "version": 2, "action": {"kind": "roll"}}, version=3, game=game, humans=[0], fresh={2}
    )
    assert fresh == parsed
    with pytest.raises(IntentError, match="Waiting for Ada"):
        parse_intent(
            {"type": "act", "version": 3, "action": {"kind": "roll"}}, version=3, game=game, humans=[1]
        )


def test_short_quotes_a_value_once() -> None:
    """``short`` is a bounded ``repr``: control characters are escaped once, as ``repr`` does
    (not ``\\\\n``), and the result is printable.
    """
    for value in ("a\nb", "tab\there", "nul\x00", "\u202e", "caf\u00e9", ["x\ny"]):
        text = short(value)
        assert text.isprintable()
        assert "\\\\" not in text, text
    assert short("a\nb") == repr("a\nb")
    assert len(short("x" * 10_000_000)) <= 80
    assert len(short(10**5000)) <= 80
