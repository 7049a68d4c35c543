"""The rulebook (docs/rules.md) and the tour that demonstrates it (notebooks/02_rules_tour).

Every section of the rulebook — each numbered section, and each numbered subsection where a
section has them — has a heading cell in the tour naming it (``## §4.3 ...``), followed by at
least one code cell, in the rulebook's order.  The sections the engine cites exist.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULEBOOK = ROOT / "docs" / "rules.md"
TOUR = ROOT / "notebooks" / "02_rules_tour.ipynb"


def rulebook_sections() -> list[str]:
    """The rulebook's sections to demonstrate, in order: subsections where a section has them."""
    text = RULEBOOK.read_text(encoding="utf-8")
    found: list[str] = []
    for line in text.splitlines():
        top = re.match(r"^## (\d+)\. ", line)
        sub = re.match(r"^### (\d+\.\d+) ", line)
        if top:
            found.append(top.group(1))
        elif sub:
            parent = sub.group(1).split(".")[0]
            if found and found[-1] == parent:
                found.pop()  # demonstrated through its subsections
            found.append(sub.group(1))
    return found


def tour_cells() -> list[dict[str, str]]:
    cells = json.loads(TOUR.read_text(encoding="utf-8"))["cells"]
    return [{"type": c["cell_type"], "source": "".join(c["source"])} for c in cells]


def demonstrated() -> list[str]:
    """The sections the tour's heading cells name, in order, each followed by a code cell."""
    cells = tour_cells()
    shown: list[str] = []
    for i, cell in enumerate(cells):
        heading = re.match(r"^## §(\d+(?:\.\d+)?) ", cell["source"]) if cell["type"] == "markdown" else None
        if heading is None:
            continue
        rest = cells[i + 1 :]
        until_next = []
        for c in rest:
            if c["type"] == "markdown" and re.match(r"^## ", c["source"]):
                break
            until_next.append(c)
        assert any(c["type"] == "code" and c["source"].strip() for c in until_next), (
            f"§{heading.group(1)} has no demonstrating code cell"
        )
        if not shown or shown[-1] != heading.group(1):
            shown.append(heading.group(1))
    return shown


def test_the_rulebook_has_the_eleven_sections() -> None:
    sections = rulebook_sections()
    assert [s.split(".")[0] for s in sections] == sorted((s.split(".")[0] for s in sections), key=int)
    assert {s.split(".")[0] for s in sections} == {str(n) for n in range(1, 12)}
    assert {"4.1", "4.2", "4.3", "4.4", "4.5"} <= set(sections)


def test_every_section_has_a_demonstrating_cell_in_rulebook_order() -> None:
    sections = rulebook_sections()
    shown = demonstrated()
    missing = [s for s in sections if s not in shown]
    assert not missing, f"sections with no demonstrating cell in the tour: {missing}"
    assert [s for s in shown if s in sections] == sections, "the tour follows the rulebook's order"


def test_the_sections_the_engine_cites_exist() -> None:
    headings = set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)[. ]", RULEBOOK.read_text(encoding="utf-8"), re.M))
    cited = set()
    for path in (ROOT / "catan_widget").rglob("*.py"):
        cited |= set(re.findall(r"§(\d+(?:\.\d+)?)", path.read_text(encoding="utf-8")))
    assert cited, "the engine cites the rulebook"
    assert cited <= headings, f"cited but not in docs/rules.md: {sorted(cited - headings)}"


def test_the_tour_links_the_rulebook_in_the_repository() -> None:
    text = TOUR.read_text(encoding="utf-8")
    assert "../docs/rules.md" in text
    assert "RULES.md" not in text
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/rules.md" in readme


def test_the_tour_names_places_in_words_and_ids() -> None:
    code = "\n".join(c["source"] for c in tour_cells() if c["type"] == "code")
    assert "corner_name" in code
    assert "path_name" in code
    assert "hex_name" in code
    assert "show_ids=True" in code


def test_the_tour_shows_its_positions_on_the_compact_board() -> None:
    """Each staged position is a board alone (``compact=True``, about 500 px tall: the browser
    test checks the height), not the whole table with empty space under it."""
    code = "\n".join(c["source"] for c in tour_cells() if c["type"] == "code")
    made = re.findall(r"CatanWidget\(([^()]*)\)", code)
    assert made, "the tour shows widgets"
    assert all("compact=True" in args for args in made), made
