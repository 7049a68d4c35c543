"""Player names are checked where a game is made and where a save is loaded (engine/names.py).

Every class of hostile character is refused by ``Game`` and by ``Game.from_json`` (a valid
save with one name edited), with the same reason, naming the seat, never quoting the raw
character; long names and names that only differ in case, width or spacing are refused; the
spaces around a name are trimmed; names in any script, emoji included, are kept.
"""

from __future__ import annotations

import json

import pytest

from catan_widget import Game, SaveError
from catan_widget.engine.names import MAX_NAME_LENGTH, check_names, name_key

from .helpers import NAMES4

HOSTILE = [
    pytest.param("\x00", "U+0000", id="nul"),
    pytest.param("\x1b[2J", "U+001B", id="escape"),
    pytest.param("\t", "U+0009", id="tab"),
    pytest.param("\n", "U+000A", id="newline"),
    pytest.param("\x85", "U+0085", id="next-line"),
    pytest.param("\u202e", "U+202E", id="right-to-left-override"),
    pytest.param("\u2067", "U+2067", id="right-to-left-isolate"),
    pytest.param("\u200f", "U+200F", id="right-to-left-mark"),
    pytest.param("\u061c", "U+061C", id="arabic-letter-mark"),
    pytest.param("\u200b", "U+200B", id="zero-width-space"),
    pytest.param("\u200d", "U+200D", id="zero-width-joiner"),
    pytest.param("\u2060", "U+2060", id="word-joiner"),
    pytest.param("\ufeff", "U+FEFF", id="byte-order-mark"),
    pytest.param("\u00ad", "U+00AD", id="soft-hyphen"),
    pytest.param("\U000e0041", "U+E0041", id="tag-letter"),
    pytest.param("\ud800", "U+D800", id="lone-high-surrogate"),
    pytest.param("\udfff", "U+DFFF", id="lone-low-surrogate"),
    pytest.param("\ue000", "U+E000", id="private-use"),
    pytest.param("\U000f0000", "U+F0000", id="private-use-plane-15"),
    pytest.param("\u0378", "U+0378", id="unassigned"),
    pytest.param("\uffff", "U+FFFF", id="noncharacter"),
    pytest.param("\u2028", "U+2028", id="line-separator"),
    pytest.param("\u2029", "U+2029", id="paragraph-separator"),
    pytest.param("\u3164", "U+3164", id="hangul-filler"),
    pytest.param("\u034f", "U+034F", id="combining-grapheme-joiner"),
    pytest.param("\u2800", "U+2800", id="blank-braille"),
]

SAME = [
    pytest.param("Ada", "ada", id="case"),
    pytest.param("ADA", "ada", id="all-caps"),
    pytest.param("AB", "\uff21\uff22", id="full-width"),
    pytest.param("A B", "\uff21\u3000\uff22", id="full-width-with-ideographic-space"),
    pytest.param("A B", "A  B", id="two-spaces"),
    pytest.param("A B", "A\u00a0B", id="no-break-space"),
    pytest.param("Jos\u00e9", "Jose\u0301", id="composed-and-decomposed"),
    pytest.param("Stra\u00dfe", "STRASSE", id="sharp-s"),
    pytest.param("\ufb01x", "fix", id="ligature"),
    pytest.param("\u2764\ufe0f", "\u2764", id="variation-selector"),
    pytest.param("Bo\u00b2", "bo2", id="superscript"),
]

LEGAL = [
    "\u0623\u062d\u0645\u062f",  # Arabic: Ahmad
    "\u05d3\u05d5\u05d3",  # Hebrew: David
    "\u5c71\u7530\u592a\u90ce",  # Japanese
    "\u0926\u0947\u0935",  # Devanagari, with a combining vowel sign
    "Jose\u0301",  # a combining accent
    "\U0001f411 Shepherd",  # an emoji
    "\U0001f1eb\U0001f1f7",  # a flag (two regional indicators)
    "\U0001f44d\U0001f3fd",  # a skin-tone modifier
    "\u2764\ufe0f",  # a variation selector (emoji presentation)
    "Mary Ann",
    "O'Brien-Smith (2)",
    "x" * MAX_NAME_LENGTH,
]


def _save_with(name: object, seat: int = 0) -> str:
    """A valid save of a fresh game with one player's name replaced."""
    data = json.loads(Game(NAMES4, seed=3).to_json())
    data["players"][seat] = name
    return json.dumps(data)


def _refused_by_game(names: list[object]) -> str:
    with pytest.raises(ValueError, match=r"^seats? \d") as info:
        Game(names)  # type: ignore[arg-type]
    return str(info.value)


def _refused_by_load(text: str) -> str:
    with pytest.raises(SaveError) as info:
        Game.from_json(text)
    return str(info.value)


def _safe(message: str, raw: str) -> None:
    """The message quotes nothing raw: no refused character, printable, encodable."""
    assert raw not in message
    assert message.isprintable()
    message.encode("utf-8")


@pytest.mark.parametrize(("char", "code"), HOSTILE)
def test_a_hostile_character_is_refused_by_check_names_naming_its_seat(char: str, code: str) -> None:
    with pytest.raises(ValueError, match=r"^seat 1: ") as info:
        check_names(["Ada", f"B{char}o", "Cy"])
    message = str(info.value)
    assert message.startswith("seat 1: the name 'B")
    assert code in message
    _safe(message, char)


@pytest.mark.parametrize(("char", "code"), HOSTILE)
def test_a_hostile_character_is_refused_by_game(char: str, code: str) -> None:
    message = _refused_by_game(["Ada", "Bo", f"C{char}y"])
    assert "seat 2" in message
    assert code in message
    _safe(message, char)


@pytest.mark.parametrize(("char", "code"), HOSTILE)
def test_a_hostile_character_is_refused_by_from_json_with_the_same_reason(char: str, code: str) -> None:
    name = f"B{char}o"
    message = _refused_by_load(_save_with(name, seat=1))
    with pytest.raises(ValueError, match=r"^seat 1: ") as info:
        check_names(["Ada", name, "Cy", "Di"])
    assert message == f"players: {info.value}"
    assert code in message
    _safe(message, char)


@pytest.mark.parametrize(("char", "code"), HOSTILE)
def test_a_hostile_character_is_refused_at_either_end_too(char: str, code: str) -> None:
    for name in (char + "Ada", "Ada" + char):
        assert code in _refused_by_load(_save_with(name))
        with pytest.raises(ValueError, match=code.replace("+", r"\+")):
            check_names([name, "Bo", "Cy"])


def test_the_lone_surrogate_of_the_issue_is_refused_before_the_widget_could_choke_on_it() -> None:
    message = _refused_by_game(["\ud800", "Bo", "Cy"])
    assert "lone surrogate" in message
    assert "\\ud800" in message
    assert "lone surrogate" in _refused_by_load(_save_with("\ud800"))


def test_a_name_of_nothing_visible_is_refused() -> None:
    for name in ("\u0301", "\u0301\u0308", "\ufe0f"):
        assert "shows nothing" in _refused_by_game([name, "Bo", "Cy"])


def test_empty_and_blank_names_are_refused() -> None:
    assert "seat 0: the name '' is empty" in _refused_by_game(["", "Bo", "Cy"])
    for blank in (" ", "   ", "\u3000", "\u00a0 \u2003"):
        assert "only spaces" in _refused_by_game(["Ada", blank, "Cy"])
        assert "only spaces" in _refused_by_load(_save_with(blank, seat=1))


def test_a_name_that_is_not_a_string_is_refused() -> None:
    for value in (7, None, b"Ada", ["Ada"]):
        assert "seat 1: a player's name must be a str" in _refused_by_game(["Ada", value, "Cy"])
    for value in (7, None, True, ["Ada"], {"name": "Ada"}):
        assert "players: seat 1: a player's name must be a str" in _refused_by_load(_save_with(value, seat=1))


def test_the_longest_name_is_accepted_and_one_more_character_is_refused() -> None:
    longest = "W" * MAX_NAME_LENGTH
    game = Game([longest, "Bo", "Cy"], seed=1)
    assert game.names[0] == longest
    assert Game.from_json(game.to_json()).names == game.names
    message = _refused_by_game(["W" * (MAX_NAME_LENGTH + 1), "Bo", "Cy"])
    assert f"is {MAX_NAME_LENGTH + 1} characters long; at most {MAX_NAME_LENGTH}" in message


def test_a_huge_name_gives_a_short_message() -> None:
    huge = "x" * 10_000
    for message in (_refused_by_game([huge, "Bo", "Cy"]), _refused_by_load(_save_with(huge))):
        assert "10,000 characters long" in message
        assert len(message) < 200


def test_the_length_is_counted_after_trimming() -> None:
    padded = "   " + "y" * MAX_NAME_LENGTH + "\u3000\u00a0"
    assert check_names([padded, "Bo", "Cy"])[0] == "y" * MAX_NAME_LENGTH


@pytest.mark.parametrize(("a", "b"), SAME)
def test_names_that_only_differ_in_case_width_or_spacing_are_the_same(a: str, b: str) -> None:
    assert name_key(a) == name_key(b)
    message = _refused_by_game([a, "Zed", b])
    assert message.startswith("seats 0 and 2: ")
    assert "distinct" in message
    data = json.loads(Game(["Zed", a, "Cy"], seed=3).to_json())
    data["players"][2] = b
    assert _refused_by_load(json.dumps(data)).startswith("players: seats 1 and 2: ")


def test_names_that_differ_are_kept_apart() -> None:
    assert len({name_key(n) for n in ("Ada", "Adam", "Bo", "Bö", "A B", "AB", "Bo 1", "Bo 2")}) == 8


def test_the_spaces_around_a_name_are_trimmed_and_the_trimmed_name_is_stored() -> None:
    game = Game([" Ada ", "\u3000Bo", "Cy\u00a0", "D i"], seed=2)
    assert game.names == ["Ada", "Bo", "Cy", "D i"]
    assert json.loads(game.to_json())["players"] == ["Ada", "Bo", "Cy", "D i"]
    assert game.player("Ada").name == "Ada"


def test_a_save_with_untrimmed_names_loads_with_the_names_trimmed() -> None:
    loaded = Game.from_json(_save_with("  Ada\u2003", seat=0))
    assert loaded.names == ["Ada", "Bo", "Cy", "Di"]


def test_trimming_two_names_into_one_is_a_duplicate() -> None:
    assert "distinct" in _refused_by_game(["Ada", " Ada", "Cy"])


@pytest.mark.parametrize("name", LEGAL)
def test_names_in_any_script_and_emoji_are_kept_and_round_trip(name: str) -> None:
    game = Game(["Ada", name, "Cy"], seed=4)
    assert game.names[1] == name
    loaded = Game.from_json(game.to_json())
    assert loaded.names == game.names
    assert loaded.to_json() == game.to_json()


def test_the_count_is_still_checked_first() -> None:
    with pytest.raises(ValueError, match="3 to 6"):
        Game(["Ada", "Bo"])
    with pytest.raises(ValueError, match="3 to 6"):
        Game(["Ada", "ada", "x\u202e", "Di", "Ed", "Fy", "Gu"])


def test_check_names_returns_the_trimmed_names_by_seat_and_leaves_the_count_alone() -> None:
    assert check_names([" a ", "b"]) == ["a", "b"]
    assert check_names([]) == []
