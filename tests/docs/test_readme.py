"""The README's quickstart runs as written."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"
GUIDE = README.parent / "docs" / "guide.md"
"""The API in depth: the README's longer examples, run here too."""


def _python_blocks(path: Path = README) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), flags=re.S)


def test_readme_quickstart_runs() -> None:
    blocks = _python_blocks()
    assert blocks, "the README has a python quickstart"
    namespace: dict[str, object] = {}
    code = blocks[0].replace(
        "game.step(BuildRoad(edge=17))",
        "from catan_widget import IllegalActionError\n"
        "try:\n    game.step(BuildRoad(edge=17))\nexcept IllegalActionError as exc:\n    error = str(exc)",
    )
    exec(compile(code, str(README), "exec"), namespace)
    assert "road must touch" in str(namespace["error"])
    game = namespace["game"]
    assert game.players[0].resources == {"lumber": 0, "brick": 0, "wool": 0, "grain": 2, "ore": 3}  # type: ignore[attr-defined]


def test_every_other_python_block_of_the_readme_runs() -> None:
    for block in _python_blocks()[1:]:
        exec(compile(block, str(README), "exec"), {})


def test_every_python_block_of_the_guide_runs() -> None:
    blocks = _python_blocks(GUIDE)
    assert len(blocks) >= 3
    for block in blocks:
        exec(compile(block, str(GUIDE), "exec"), {})


def test_the_readme_is_short_and_links_the_rest() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 220, "a newcomer reads the README in two minutes"
    for page in (
        "docs/guide.md",
        "docs/benchmarks.md",
        "docs/rules.md",
        "docs/languages.md",
        "docs/table.md",
    ):
        assert f"]({page}" in text, page
    assert "**Keys.**" in text


def test_readme_names_the_two_commands_and_the_disclaimer() -> None:
    text = README.read_text(encoding="utf-8")
    assert "./dev play" in text
    assert "./dev test" in text
    assert "not affiliated" in text
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert "./dev test" in ci
