"""The rulebook and the first two notebooks in every language: the same section numbers, so a
refusal's "§5" cites the reader's own rulebook, and the tour shows the sections in order."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("ru", "uk", "pl")
NOTEBOOKS = ("01_play", "02_rules_tour")


def headings(path: Path) -> list[str]:
    """Every numbered section heading of a rulebook, in order (``"4"``, ``"4.1"``, ...)."""
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^##+ (\d+(?:\.\d+)?)\.? ", line)
        if m:
            found.append(m.group(1))
    return found


def tour_sections(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    out = []
    for c in cells:
        m = re.match(r"^## §(\d+(?:\.\d+)?) ", "".join(c["source"])) if c["cell_type"] == "markdown" else None
        if m and (not out or out[-1] != m.group(1)):
            out.append(m.group(1))
    return out


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_rulebook_has_the_same_sections_in_every_language(code: str) -> None:
    english = headings(ROOT / "docs" / "rules.md")
    assert len(english) >= 19
    assert headings(ROOT / "docs" / code / "rules.md") == english


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("name", NOTEBOOKS)
def test_the_notebooks_are_translated_and_set_their_language(code: str, name: str) -> None:
    path = ROOT / "notebooks" / code / f"{name}.ipynb"
    nb = json.loads(path.read_text(encoding="utf-8"))
    english = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
    assert [c["cell_type"] for c in nb["cells"]] == [c["cell_type"] for c in english["cells"]]
    first_code = next("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert f'set_language("{code}")' in first_code
    if name == "02_rules_tour":
        assert tour_sections(path) == tour_sections(ROOT / "notebooks" / f"{name}.ipynb")
        assert f"../../docs/{code}/rules.md" in json.dumps(nb, ensure_ascii=False)
