"""Refusals carry codes: every refusal the engine makes has a stable code from one table.

The table (``engine.errors.REFUSALS``) gives each code its rulebook section; the source is read
to check that every ``IllegalActionError(...)`` and ``refusal(...)`` in the package names a code
of the table, and that every code of the table is used.  The fuzzed games of
test_conformance.py and test_why_not.py check the codes of the refusals they meet; here a staged
position checks a few codes word for word, and the error survives pickling with its code.
"""

from __future__ import annotations

import ast
import pickle
import re
from pathlib import Path

import pytest

from catan_widget import (
    REFUSALS,
    BuildSettlement,
    EndTurn,
    Game,
    IllegalActionError,
    MoveRobber,
    OfferTrade,
    Refusal,
    RollDice,
)
from catan_widget.engine.errors import refusal
from catan_widget.engine.phases import PHASES, demand_code

from .helpers import NAMES3

PACKAGE = Path(__file__).resolve().parents[2] / "catan_widget"
RULEBOOK = PACKAGE.parent / "docs" / "rules.md"

DYNAMIC = {
    ("engine/phases.py", "not_now"),  # the code of the phase's demand (_DEMAND_CODES, checked below)
    ("engine/phases.py", "card_not_now"),  # the same, for a development card played out of phase
    ("engine/words/reasons.py", "control_refusals"),  # the same, for the demand that replaces refusals
    ("engine/words/reasons.py", "_first_failure"),  # the code its callers pass (checked as literals)
    ("engine/game.py", "hint"),  # the code of whom the game waits for (reasons.waiting)
}
"""(file, function) of the calls whose code is not a literal, each explained."""
NAMES = ("IllegalActionError", "refusal", "_first_failure")
"""The calls that refuse: the error, a refusal record, and the control reasons' fallback."""


class _Finder(ast.NodeVisitor):
    """Every call of :data:`NAMES`, with the function it is in."""

    def __init__(self) -> None:
        self.stack = ["<module>"]
        self.found: list[tuple[str, ast.Call]] = []

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self.stack.append(node.name)
        self.generic_visit(node)
        self.stack.pop()

    def visit_Call(self, node: ast.Call) -> None:
        if isinstance(node.func, ast.Name) and node.func.id in NAMES:
            self.found.append((self.stack[-1], node))
        self.generic_visit(node)


def _calls() -> list[tuple[str, str, ast.Call]]:
    """Every call of :data:`NAMES` in the package, with its file and enclosing function."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        finder = _Finder()
        finder.visit(ast.parse(path.read_text(encoding="utf-8")))
        found += [(rel, func, call) for func, call in finder.found]
    return found


def _code_argument(call: ast.Call) -> ast.expr:
    return (
        call.args[1] if isinstance(call.func, ast.Name) and call.func.id == "_first_failure" else call.args[0]
    )


def test_every_refusal_in_the_package_names_a_code_of_the_table() -> None:
    literal, dynamic = set(), set()
    for rel, func, call in _calls():
        if rel == "engine/errors.py":
            continue  # the class and the helper themselves
        assert len(call.args) >= 2, f"{rel}:{call.lineno} refuses without a code"
        code = _code_argument(call)
        if isinstance(code, ast.Constant) and isinstance(code.value, str):
            assert code.value in REFUSALS, f"{rel}:{call.lineno}: {code.value!r} is not in REFUSALS"
            literal.add(code.value)
        else:
            dynamic.add((rel, func))
    assert dynamic <= DYNAMIC, dynamic - DYNAMIC
    demands = {demand_code(phase) for phase in range(len(PHASES))}
    assert demands <= set(REFUSALS)
    unused = set(REFUSALS) - literal - demands
    assert not unused, f"codes of the table that nothing raises: {sorted(unused)}"


def test_every_code_is_snake_case_with_a_section_of_the_rulebook() -> None:
    text = RULEBOOK.read_text(encoding="utf-8")
    sections = set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)[. ]", text, flags=re.M))
    for code, (rule, meaning) in REFUSALS.items():
        assert re.fullmatch(r"[a-z]+(_[a-z]+)*", code), code
        assert meaning, code
        if rule:  # "" only for input that is not a move at all
            assert rule.startswith("§"), (code, rule)
            assert rule[1:] in sections, (code, rule)
    assert {code for code, (rule, _) in REFUSALS.items() if not rule} == {
        "malformed",
        "bad_chance",
        "not_possible",
    }


def test_the_error_carries_code_rule_and_sentence_and_pickles_whole() -> None:
    error = IllegalActionError("distance_rule", "The distance rule: ...")
    assert str(error) == error.text == "The distance rule: ..."
    assert (error.code, error.rule) == ("distance_rule", "§5")
    assert error.refusal == Refusal("distance_rule", "§5", "The distance rule: ...")
    assert error.refusal.to_dict() == {
        "code": "distance_rule",
        "rule": "§5",
        "text": "The distance rule: ...",
    }
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is IllegalActionError
    assert (again.code, again.rule, str(again)) == (error.code, error.rule, str(error))
    assert isinstance(error, ValueError)
    assert refusal("unknown_code", "x").rule == ""
    record = refusal("no_gifts", "No gifts: ...")
    assert pickle.loads(pickle.dumps(record)) == record  # plain classes in both builds


class _MyError(IllegalActionError):
    """User code may subclass the error (it is a plain class, compiled engine or not)."""


def test_the_error_is_a_plain_class_to_subclass() -> None:
    error = _MyError("bad_victim", "You can only rob ...")
    assert (error.code, error.rule, str(error)) == ("bad_victim", "§4.3", "You can only rob ...")
    assert type(pickle.loads(pickle.dumps(error))) is _MyError


def test_the_form_before_codes_still_works_with_a_deprecation_warning() -> None:
    with pytest.warns(DeprecationWarning, match="give a code first"):
        error = IllegalActionError("My bot refuses.")
    assert (error.code, error.rule, str(error)) == ("not_possible", "", "My bot refuses.")


def _ada(phase: str, **placements: object) -> Game:
    placements.setdefault("settlements", {"Ada": [23], "Bo": [0], "Cy": [2]})
    game = Game(NAMES3, seed=1, first=0)
    return game.stage(turn_player="Ada", phase=phase, **placements)  # type: ignore[arg-type]


def _code(game: Game, action: object, **chance: object) -> str:
    with pytest.raises(IllegalActionError) as info:
        game.step(action, **chance)  # type: ignore[arg-type]
    found = game.refusal(action) if not chance else None  # type: ignore[arg-type]
    if found is not None:
        assert found == info.value.refusal  # why_not's refusal is step's, code and all
    return info.value.code


def test_codes_of_a_few_refusals_word_for_word() -> None:
    game = _ada("main", hands={"Ada": {"lumber": 1, "brick": 1, "wool": 1, "grain": 1}})
    assert _code(game, BuildSettlement(29)) == "distance_rule"  # next to her settlement on 23
    assert _code(game, BuildSettlement(40)) == "settlement_not_connected"
    assert _code(game, BuildSettlement(23)) == "intersection_taken"
    assert _code(game, RollDice()) == "already_rolled"
    assert _code(game, "roll") == "malformed"
    assert _code(game, EndTurn(), dice=(3, 4)) == "bad_chance"
    assert _code(game, OfferTrade((0, 0, 0, 0, 1), (0, 1, 0, 0, 0))) == "cards_not_held"
    waiting = game.refusal(EndTurn(), seat="Bo")
    assert waiting is not None
    assert (waiting.code, waiting.rule, waiting.words("en")) == ("not_your_turn", "§4", "Waiting for Ada.")
    assert set(game.refusals("Bo").values()) == {waiting}
    empty = _ada("main")
    assert "offer_trade" not in empty.open_kinds(0)
    found = empty.refusals()["offer_trade"]
    assert (found.code, found.rule, found.words("en")) == (
        "no_cards_to_offer",
        "§4.4",
        "You have no cards to offer.",
    )
    assert _code(_ada("roll"), EndTurn()) == "roll_first"


def test_a_phase_that_asks_for_one_thing_gives_its_code_to_every_control_it_blocks() -> None:
    game = _ada("roll", hands={"Ada": {"lumber": 4, "brick": 1}})
    game.step(RollDice(), dice=(3, 4))
    refusals = game.refusals()
    first = refusals["build_road"]
    assert (first.code, first.rule, first.words("en")) == (
        "robber_first",
        "§4.3",
        "Move the robber first (and choose whom to rob).",
    )
    assert refusals["end_turn"] == refusals["maritime_trade"] == first
    assert refusals["accept_trade"].code == "no_offer"
    assert _code(game, EndTurn()) == "robber_first"
    assert _code(game, MoveRobber(9)) == "robber_must_move"  # the robber stands on the desert


def test_a_refusal_reads_in_any_language_and_keeps_its_code() -> None:
    game = _ada("main", hands={"Ada": {"lumber": 1, "brick": 1, "wool": 1, "grain": 1}})
    english = game.why_not(BuildSettlement(29), language="en")
    pseudo = game.why_not(BuildSettlement(29), language="en-XA")
    assert english is not None
    assert english.startswith("The distance rule: ")
    assert pseudo is not None
    assert pseudo.startswith("[")
    assert pseudo.endswith("]")
    assert "29" in pseudo
    found = game.refusal(BuildSettlement(29))
    assert found is not None
    assert found.code == "distance_rule"
    assert found.words("en-XA") == pseudo
    assert found.to_dict("en-XA")["text"] == pseudo
    reasons = game.reasons(language="en-XA")
    assert reasons
    assert all(text.startswith("[") for text in reasons.values())
    with pytest.raises(IllegalActionError) as info:
        game.step(BuildSettlement(29))
    assert str(info.value) == english  # a programmer's error stays in English
    assert game.waiting_text(language="en-XA").startswith("[")
