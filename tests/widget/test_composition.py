"""The widget by composition: ``CatanWidget`` is one class over ``AnyWidget`` that wires plain
parts, none of which declares stubs of another; every change of the game, the widget's own moves
included, reaches it through the game's observer (no flag that makes it ignore its own steps).
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import anywidget

from catan_widget import BuildRoad, CatanWidget, Game
from catan_widget.widget import widget as widget_module

from .helpers import NAMES, SOLO, record_sent, send, sent_values, spots, staged_game

PACKAGE = Path(widget_module.__file__).resolve().parent


def test_the_widget_has_no_mixin_bases_and_is_small() -> None:
    assert CatanWidget.__bases__ == (anywidget.AnyWidget,)
    lines = len(inspect.getsource(CatanWidget).splitlines())
    assert lines < 450, f"CatanWidget is {lines} lines: move the work into its parts"


def test_no_module_of_the_widget_declares_stubs_for_type_checking() -> None:
    for path in sorted(PACKAGE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                defined = [n for n in ast.walk(node) if isinstance(n, (ast.FunctionDef, ast.AnnAssign))]
                assert not defined, f"{path.name}: stubs under TYPE_CHECKING (line {node.lineno})"


def test_the_widget_has_no_flag_to_ignore_its_own_steps() -> None:
    w = CatanWidget(Game(players=NAMES, seed=1, first=0), SOLO)
    assert not any("busy" in name for name in vars(w)), sorted(vars(w))


def test_a_click_is_drawn_once_by_the_games_observer() -> None:
    """The click steps the game; the game tells the widget; one new version, with the move."""
    w = CatanWidget(staged_game(hands={"Ada": {"lumber": 1, "brick": 1}}), SOLO)
    sent = record_sent(w)
    drawn: list[int] = []
    w.game.subscribe(lambda g: drawn.append(w.state["version"]))  # runs after the widget's observer
    before = w.state["version"]
    assert send(w, {"kind": "build_road", "edge": 12})
    assert w.game.history[-1][0] == BuildRoad(12)
    assert drawn == [before + 1], "drawn by the observer, during the step"
    assert [s["version"] for s in sent_values(sent, "state")] == [before + 1], "and only once"
    assert w.legal["undo"], "the observer recorded the click for taking back"


def test_a_take_back_is_drawn_once_and_keeps_the_earlier_snapshots() -> None:
    w = CatanWidget(staged_game(hands={"Ada": {"lumber": 2, "brick": 2}}), SOLO)
    assert send(w, {"kind": "build_road", "edge": 12})
    assert send(w, {"kind": "build_road", "edge": spots(w, "build_road")[-1]})
    sent = record_sent(w)
    before = w.state["version"]
    assert send(w, {"kind": "undo"})
    assert [s["version"] for s in sent_values(sent, "state")] == [before + 1]
    assert w.legal["undo"], "the first road can still be taken back"
    assert send(w, {"kind": "undo"})
    assert not w.legal["undo"]
    assert len(w.game.history) == 0


def test_a_refused_click_expects_nothing() -> None:
    """A click the engine refuses records nothing: the next change (a cell's) clears the undo."""
    w = CatanWidget(staged_game(hands={"Ada": {"lumber": 2, "brick": 2}}), SOLO)
    assert send(w, {"kind": "build_road", "edge": 12})
    assert not send(w, {"kind": "build_settlement", "node": 13}), "too close to Ada's settlement"
    assert w.legal["undo"], "the road can still be taken back"
    w.game.step(BuildRoad(spots(w, "build_road")[-1]))  # a cell builds Ada's second road
    assert not w.legal["undo"]
