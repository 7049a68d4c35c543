"""Which language words are made in: the call's, else set_language's, else the environment's
(CATAN_WIDGET_LANGUAGE, then the locale), else English; and how words are made."""

from __future__ import annotations

import pytest

from catan_widget.engine import language as lang
from catan_widget.engine.language import joined, number, pseudo, tr, trn, words


@pytest.fixture(autouse=True)
def _clean(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("CATAN_WIDGET_LANGUAGE", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    lang.set_language(None)
    yield
    lang.set_language(None)


def test_english_without_any_choice() -> None:
    assert lang.get_language() == "en"


def test_the_environment_then_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert lang.get_language() == "en"
    monkeypatch.setenv("LANG", "en-XA")
    assert lang.get_language() == "en-XA"
    monkeypatch.setenv("CATAN_WIDGET_LANGUAGE", "en")
    assert lang.get_language() == "en"


def test_set_language_wins_and_none_goes_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CATAN_WIDGET_LANGUAGE", "en")
    assert lang.set_language("EN_xa") == "en-XA"
    assert words(tr("Waiting for {name}.", name="Bo")).startswith("[")
    assert lang.set_language(None) == "en"


def test_an_unknown_language_is_refused_naming_those_there_are() -> None:
    with pytest.raises(ValueError, match=r"no catalogue for language 'xx'.*en"):
        lang.set_language("xx")
    assert lang.get_language() == "en"


def test_pseudo_language_brackets_accents_and_lengthens_keeping_placeholders() -> None:
    template = "Waiting for {name}."
    fake = pseudo(template)
    assert fake.startswith("[")
    assert fake.endswith("]")
    assert "{name}" in fake
    assert len(fake) >= 1.4 * len(template)
    assert words(tr(template, name="Bo"), "en-XA").count("Bo") == 1


def test_plural_forms_and_lists_in_english() -> None:
    assert words(trn("{n} road", "{n} roads", 1)) == "1 road"
    assert words(trn("{n} road", "{n} roads", 21)) == "21 roads"
    assert words(joined(["a", "b", "c"])) == "a, b and c"
    assert words(joined(["a", "b"], "or")) == "a or b"
    assert words(joined([], empty="none")) == "none"


def test_numbers_in_english() -> None:
    assert number(12345, "en") == "12,345"
    assert number(0.5, "en", 1) == "0.5"


def test_a_message_in_english_by_str_and_its_values_nested() -> None:
    inner = tr("the {what}", what="desert")
    assert str(tr("Move to {where}.", where=inner)) == "Move to the desert."


def test_a_refusal_in_the_readers_language_with_the_same_code() -> None:
    from catan_widget import Game
    from catan_widget.engine.actions import BuildCity

    game = Game(["Ada", "Bo", "Cy"], seed=1)
    english = game.refusal(BuildCity(node=3))
    pseudo_refusal = game.refusal(BuildCity(node=3), language="en-XA")
    assert english is not None
    assert pseudo_refusal is not None
    assert pseudo_refusal.code == english.code
    assert pseudo_refusal.rule == english.rule
    assert pseudo_refusal.text.startswith("[")
    assert pseudo_refusal.to_dict()["text"] == pseudo_refusal.text
    assert english.text == str(english.message)
    assert pseudo_refusal == english  # the same refusal, read in another language


def test_numbers_in_russian() -> None:
    assert number(12345.5, "ru", 1) == "12\u00a0345,5"
    assert number(1234, "ru") == "1234"
    assert number(0.25, "pl", 2) == "0,25"
