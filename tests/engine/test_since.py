"""'Since your last turn' (engine/words/since.py): the others' moves in one sentence each, worded from
the events as the reader sees them."""

from __future__ import annotations

from catan_widget import Game
from catan_widget.engine.words.log import HIDDEN_CARD, describe, seen_by
from catan_widget.engine.words.since import since_index, since_last_turn, since_title

NAMES = ("Ada", "Bo", "Cy")
NOTHING = (0, 0, 0, 0, 0)


def test_each_other_player_in_one_sentence_since_the_reader_last_moved() -> None:
    events = [
        ("roll", 0, (3, 4), (), ()),
        ("end_turn", 0),
        ("roll", 1, (4, 4), ((0, 2, 1),), ()),
        ("road", 1, 17, True),
        ("road", 1, 18, True),
        ("settlement", 1, 12, True),
        ("robber", 1, 4, 0, HIDDEN_CARD),
        ("trade", 1, 2, (0, 0, 1, 0, 0), (0, 0, 0, 0, 1)),
        ("end_turn", 1),
        ("roll", 2, (1, 1), (), ()),
        ("maritime", 2, 0, 4, 1),
        ("play", 2, 0, ()),
        ("largest_army", 2, 3),
        ("end_turn", 2),
    ]
    assert since_index(events, 0) == 2
    assert since_last_turn(events, NAMES, 0) == (
        "Bo rolled 8, built 2 roads and a settlement, stole a card from you and traded 1 wool for "
        "1 ore with Cy",
        "Cy rolled 2, traded with the bank, played a knight and took Largest Army",
    )
    assert since_last_turn(events, NAMES, 2) == ()
    assert since_last_turn(events[:1], NAMES, 0) == ()
    assert since_last_turn(events[:9], NAMES, None)[0] == (
        "Bo rolled 8, built 2 roads and a settlement, stole a card from Ada and traded 1 wool for "
        "1 ore with Cy"
    )
    you = ("You", "Bo", "Cy")  # a player named "You" is just a name: an onlooker reads it
    assert since_last_turn(events[:9], you, None)[0].endswith(
        "stole a card from You and traded 1 wool for 1 ore with Cy"
    )
    pseudo = since_last_turn(events, NAMES, 0, language="en-XA")
    assert all(line.startswith("[") for line in pseudo)
    assert since_title(0) == "Since your last turn"
    assert since_title(None, language="en-XA").startswith("[")


def test_a_steal_is_named_only_for_who_may_see_the_card() -> None:
    steal = ("robber", 1, 4, 0, 2)
    for viewer, words in ((0, "stole 1 wool from you"), (2, "stole a card from Ada")):
        seen = seen_by(steal, viewer)
        assert (seen[4] == HIDDEN_CARD) == (viewer == 2)
        assert since_last_turn([seen], NAMES, viewer) == (f"Bo {words}",)
    assert seen_by(("robber", 1, 4, 0, -1), 2)[4] == -1, "nothing taken stays -1"
    assert since_last_turn([("robber", 1, 4, 0, -1)], NAMES, 2) == ("Bo moved the robber",)
    assert (
        describe(seen_by(steal, 2), NAMES, None, 2)
        == "Bo moved the robber to a hex and stole a card from Ada"
    )
    assert (
        describe(seen_by(steal, 0), NAMES, None, 0)
        == "Bo moved the robber to a hex and stole 1 wool from you"
    )


def test_an_onlooker_reads_since_the_previous_turn_began() -> None:
    game = Game(players=list(NAMES), seed=5)
    game.play(bots="greedy", until=lambda g: g.turn >= 9 and g.phase == "roll")
    events = game.events
    words = since_last_turn(events, NAMES, None)
    last_two = [e[1] for e in events[since_index(events, None) :] if e[0] == "roll"]
    assert [w.split(" ")[0] for w in words] == [NAMES[p] for p in dict.fromkeys(last_two)]


def test_an_automatic_decline_does_not_restart_since_your_last_turn() -> None:
    # the widget declines for a human who cannot pay (reason "cannot_pay"): not a move of their
    # own choosing, so the robbery and the road before it are still "since your last turn"
    events = [
        ("roll", 0, (3, 4), (), ()),
        ("end_turn", 0),
        ("roll", 1, (3, 4), (), ()),
        ("robber", 1, 4, 0, HIDDEN_CARD),
        ("road", 1, 17, True),
        ("offer", 1, (0, 0, 1, 0, 0), (0, 0, 0, 0, 1), None),
        ("answer", 0, 1, (0, 0, 0, 0, 1), (0, 0, 1, 0, 0), "cannot_pay"),
        ("end_turn", 1),
    ]
    assert since_index(events, 0) == 2
    (bo,) = since_last_turn(events, NAMES, 0)
    assert "stole a card from you" in bo
    assert "built a road" in bo
    # an answer of the player's own choosing (no reason, or another reason) counts as their move
    chosen = [*events[:6], ("answer", 0, 1, (0, 0, 0, 0, 1), (0, 0, 1, 0, 0)), events[7]]
    assert since_index(chosen, 0) == 7
