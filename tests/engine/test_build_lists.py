"""Which engine modules mypyc compiles is an explicit decision (``hatch_build.py``): every engine
module is listed once, in ``COMPILED`` or in ``INTERPRETED``, so a new module is compiled only
when someone lists it (a module that checks user input must stay interpreted: see the lists'
docstrings).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _hatch_build() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hatch_build_under_test", ROOT / "hatch_build.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_engine_module_is_listed_compiled_or_interpreted_once() -> None:
    hb = _hatch_build()
    compiled, interpreted = set(hb.COMPILED), set(hb.INTERPRETED)
    assert len(compiled) == len(hb.COMPILED)
    assert len(interpreted) == len(hb.INTERPRETED)
    assert not compiled & interpreted, "a module is either compiled or interpreted"
    engine = ROOT / "catan_widget" / "engine"
    on_disk = {p.relative_to(engine).with_suffix("").as_posix() for p in engine.rglob("*.py")}
    unlisted = on_disk - compiled - interpreted
    assert not unlisted, f"list each new engine module in hatch_build.COMPILED or INTERPRETED: {unlisted}"
    assert compiled | interpreted <= on_disk, "a listed module no longer exists"


def test_compiled_sources_are_the_compiled_list_and_the_bots() -> None:
    hb = _hatch_build()
    sources = [p.as_posix() for p in hb.compiled_sources(ROOT)]
    engine = [f"catan_widget/engine/{m}.py" for m in sorted(hb.COMPILED)]
    bots = [f"catan_widget/bots/{b}.py" for b in hb.BOTS]
    assert sources == engine + bots + [f"catan_widget/rl/{m}.py" for m in hb.RL]
    assert "catan_widget/engine/game.py" not in sources  # the front stays interpreted


def test_a_new_module_is_not_compiled_unasked(tmp_path: Path) -> None:
    hb = _hatch_build()
    engine = tmp_path / "catan_widget" / "engine"
    engine.mkdir(parents=True)
    (tmp_path / "catan_widget" / "bots").mkdir()
    for m in (*hb.COMPILED, *hb.INTERPRETED, "brand_new", "rules/brand_new"):
        (engine / f"{m}.py").parent.mkdir(parents=True, exist_ok=True)
        (engine / f"{m}.py").write_text("")
    for b in hb.BOTS:
        (tmp_path / "catan_widget" / "bots" / f"{b}.py").write_text("")
    (tmp_path / "catan_widget" / "rl").mkdir()
    for m in hb.RL:
        (tmp_path / "catan_widget" / "rl" / f"{m}.py").write_text("")
    listed = {p.as_posix() for p in hb.compiled_sources(tmp_path)}
    assert "catan_widget/engine/brand_new.py" not in listed
    assert "catan_widget/engine/rules/brand_new.py" not in listed
    assert "catan_widget/engine/rules/apply.py" in listed
    (engine / "state.py").unlink()
    with pytest.raises(FileNotFoundError, match=r"state\.py"):
        hb.compiled_sources(tmp_path)
