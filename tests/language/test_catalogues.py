"""The message catalogues: up to date with the code, complete in every language, the same
placeholders as the English, the right number of plural forms, and the glossary's words."""

from __future__ import annotations

import re
import string
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from catan_widget.engine.language import ENGLISH, LOCALE_DIR, PSEUDO, languages

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = ("pl", "ru", "uk")
"""The languages the product promises besides English (a fifth is one more catalogue file)."""
TRANSLATED = tuple(code for code in languages() if code not in (ENGLISH, PSEUDO))


def _catalog(code: str) -> Catalog:
    with (LOCALE_DIR / code / "LC_MESSAGES" / "catan_widget.po").open("rb") as f:
        return read_po(f, locale=code)


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _messages(code: str) -> list[Message]:
    return [m for m in _catalog(code) if m.id]


def test_the_promised_languages_have_catalogues() -> None:
    assert set(EXPECTED) <= set(TRANSLATED)
    assert languages()[0] == ENGLISH
    assert languages()[-1] == PSEUDO


def test_catalogues_are_up_to_date_with_the_code() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "catalogues.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_and_none_is_fuzzy(code: str) -> None:
    messages = _messages(code)
    assert len(messages) > 100
    missing = [m.id for m in messages if not all(m.string if isinstance(m.string, tuple) else (m.string,))]
    fuzzy = [m.id for m in messages if m.fuzzy]
    assert not missing, f"{code}: {len(missing)} untranslated, e.g. {missing[:5]}"
    assert not fuzzy, f"{code}: fuzzy: {fuzzy[:5]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_placeholders_and_plural_forms_match_the_english(code: str) -> None:
    catalog = _catalog(code)
    wrong: list[tuple[object, object]] = []
    for m in _messages(code):
        if isinstance(m.id, tuple):
            english = _fields(m.id[0]) | _fields(m.id[1])
            forms = m.string
            assert isinstance(forms, tuple)
            if len(forms) != catalog.num_plurals:
                wrong.append((m.id, f"{len(forms)} forms, not {catalog.num_plurals}"))
            # a form may leave out {n} only where its count is always one ("одна карта")
            wrong.extend(
                (m.id, form) for form in forms if _fields(form) - english or (english - {"n"}) - _fields(form)
            )
        elif _fields(m.string) != _fields(m.id):
            wrong.append((m.id, m.string))
    assert not wrong, f"{code}: {wrong[:5]}"


GLOSSARY_BANS: dict[str, tuple[str, ...]] = {
    "ru": ("солдат", "глин", "пшениц", "баран", "камен", "грабит", "древесин"),
    "uk": ("очко", "очок", "очка", "солдат", "грабіжник"),
    "pl": ("zasób", "zasob", "słom", "żołnierz"),
}
"""Words the glossary rules out (a stem matches any ending)."""

GLOSSARY_TERMS: dict[str, dict[tuple[str, str], str]] = {
    "ru": {
        ("resource", "lumber"): "дерево",
        ("resource", "brick"): "кирпич",
        ("resource", "wool"): "шерсть",
        ("resource", "grain"): "зерно",
        ("resource", "ore"): "руда",
        ("development card", "Knight"): "рыцарь",
        ("development card", "Monopoly"): "монополия",
        ("development card", "Year of Plenty"): "год изобилия",
        ("development card", "Road Building"): "строительство дорог",
        ("special card", "Longest Road"): "самая длинная дорога",
        ("special card", "Largest Army"): "самая большая армия",
    },
    "uk": {
        ("resource", "lumber"): "деревина",
        ("resource", "brick"): "цегла",
        ("resource", "wool"): "вовна",
        ("resource", "grain"): "зерно",
        ("resource", "ore"): "руда",
        ("development card", "Knight"): "лицар",
        ("development card", "Monopoly"): "монополія",
        ("development card", "Year of Plenty"): "рік достатку",
        ("development card", "Road Building"): "будівництво доріг",
        ("special card", "Longest Road"): "найдовша дорога",
        ("special card", "Largest Army"): "найбільша армія",
    },
    "pl": {
        ("resource", "lumber"): "drewno",
        ("resource", "brick"): "glina",
        ("resource", "wool"): "wełna",
        ("resource", "grain"): "zboże",
        ("resource", "ore"): "ruda",
        ("development card", "Knight"): "rycerz",
        ("development card", "Monopoly"): "monopol",
        ("development card", "Year of Plenty"): "wynalazek",
        ("development card", "Road Building"): "budowa dróg",
        ("special card", "Longest Road"): "droga handlowa",
        ("special card", "Largest Army"): "moc rycerza",
    },
}
"""The glossary's word for each named thing."""


@pytest.mark.parametrize("code", [c for c in EXPECTED if c in TRANSLATED])
def test_catalogues_use_the_glossarys_words(code: str) -> None:
    catalog = _catalog(code)
    for (context, msgid), word in GLOSSARY_TERMS[code].items():
        found = catalog.get(msgid, context=context)
        assert found is not None, (context, msgid)
        assert str(found.string).casefold() == word, (msgid, found.string)
    banned = re.compile("|".join(GLOSSARY_BANS[code]), re.IGNORECASE)
    hits = [
        text
        for m in _messages(code)
        for text in (m.string if isinstance(m.string, tuple) else (m.string,))
        if banned.search(text)
    ]
    assert not hits, f"{code}: words the glossary rules out: {hits[:5]}"
