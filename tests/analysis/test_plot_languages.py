"""Every plot in the reader's language: in the pseudo-language ``en-XA`` every word a figure
shows is bracketed (a word without brackets escaped the catalogues), English is the default's,
and the figures' data are the same in every language.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import plotly.graph_objects as go
import pytest

from catan_widget import Game, languages, plots, set_language
from catan_widget.tournaments import GameResult, TournamentResult

RUSSIAN_CATALOGUE = True
"""Whether ``catan_widget/locale/ru`` is in: when the catalogues land, flip this one line to
True and :func:`test_the_summary_in_russian` checks the Russian words instead of the error."""

Figure = Callable[[Game, str | None], go.Figure]

FIGURES: dict[str, Figure] = {
    "dice": lambda g, lang: plots.dice(g, language=lang),
    "dice_counts": lambda g, lang: plots.dice(list(g.state.dice_counts), language=lang),
    "production": lambda g, lang: plots.production(g, language=lang),
    "spot_values": lambda g, lang: plots.spot_values(g.board, language=lang),
    "income": lambda g, lang: plots.income(g, language=lang),
    "victory_points": lambda g, lang: plots.victory_points(g, language=lang),
    "victory_points_teacher": lambda g, lang: plots.victory_points(g, teacher=True, language=lang),
    "summary": lambda g, lang: plots.summary(g, language=lang),
    "summary_unfinished": lambda g, lang: plots.summary(Game(seed=2), language=lang),
    "belief": lambda g, lang: plots.belief(g, 0, language=lang),
    "tournament": lambda g, lang: _tournament().figure(language=lang),
}
SHOWN = {"text", "name", "hovertext"}
"""The keys under which a figure holds words: every title (layout, axes, legend, legend groups,
colour bars, subplots' annotations), trace names, trace text and hover text."""


@pytest.fixture(autouse=True)
def default_language() -> Iterator[None]:
    """The process default is the environment's (English in the tests), before and after."""
    set_language(None)
    yield
    set_language(None)


def _tournament() -> TournamentResult:
    """A small tournament's results, made up (no game played)."""
    games = [
        GameResult(i, i // 3, 7, labels, i % 3, (10, 6, 4), 60 + i, 700, i % 3)
        for i, labels in enumerate([("greedy", "random", "search")] * 6)
    ]
    return TournamentResult(games, players=3, seed=0)


def shown(value: Any, key: str = "") -> Iterator[str]:
    """Every string a figure (as ``fig.to_dict()``) shows as words, its template aside."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k != "template":
                yield from shown(v, k)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from shown(v, key)
    elif isinstance(value, str) and key in SHOWN:
        yield value


def hover_templates(value: Any, key: str = "") -> Iterator[str]:
    """Every hover template of a figure."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k != "template":
                yield from hover_templates(v, k)
    elif isinstance(value, str) and key == "hovertemplate":
        yield value


def without_words(value: Any) -> Any:
    """A figure (as ``fig.to_dict()``) with every string it shows as words left out."""
    if isinstance(value, dict):
        return {k: without_words(v) for k, v in value.items() if k not in SHOWN}
    if isinstance(value, (list, tuple)):
        return [without_words(v) for v in value]
    return value


def bracketed(text: str) -> bool:
    """Whether ``text``, after any leading markup (``<b>``), is one pseudo-language message."""
    text = re.sub(r"^(<[^>]*>)+", "", text)
    return text.startswith("[") and text.endswith("]")


@pytest.mark.parametrize("name", FIGURES)
def test_every_word_of_a_figure_comes_from_the_catalogue(name: str, greedy_game: Game) -> None:
    fig = FIGURES[name](greedy_game, "en-XA").to_dict()
    words = [t for t in shown(fig) if any(ch.isalpha() for ch in t)]
    assert words, "the figure shows words"
    names = set(greedy_game.names)  # players' names are not words to translate
    escaped = [t for t in words if t not in names and not bracketed(t)]
    assert not escaped, f"{name}: shown without brackets: {escaped[:5]}"
    for template in hover_templates(fig):
        outside = re.sub(r"%\{[^}]*\}|<[^>]*>", "", template)
        assert not any(ch.isalpha() for ch in outside), f"{name}: words in a hover template: {template}"


@pytest.mark.parametrize("name", FIGURES)
def test_english_is_the_default_and_the_data_are_the_same_in_every_language(
    name: str, greedy_game: Game
) -> None:
    english = FIGURES[name](greedy_game, "en").to_dict()
    assert FIGURES[name](greedy_game, None).to_dict() == english
    pseudo = FIGURES[name](greedy_game, "en-XA").to_dict()
    assert without_words(pseudo) == without_words(english), "only the words change"


def test_numbers_in_words_are_written_the_languages_way(greedy_game: Game) -> None:
    fig = plots.summary(greedy_game, language="en")
    luck = [p["luck"] for p in plots.summary_data(greedy_game)["players"]]
    assert list(fig.data[5].text) == [f"{v:+.1f}" for v in luck]
    assert fig.layout.separators == ".,", "the axes' decimal sign and thousands separator"


def test_an_unknown_language_is_refused_naming_the_languages_there_are(greedy_game: Game) -> None:
    with pytest.raises(ValueError, match="no catalogue") as error:
        plots.dice(greedy_game, language="xx")
    assert all(code in str(error.value) for code in languages())


def test_the_summary_in_russian(greedy_game: Game) -> None:
    if not RUSSIAN_CATALOGUE:  # no Russian catalogue yet: the error names the languages there are
        with pytest.raises(ValueError, match="'ru'") as error:
            plots.summary(greedy_game, language="ru")
        assert all(code in str(error.value) for code in languages())
        return
    english = plots.summary(greedy_game, language="en")
    russian = plots.summary(greedy_game, language="ru")
    assert re.search("[а-яё]", russian.layout.title.text, re.IGNORECASE), russian.layout.title.text
    assert russian.layout.separators[0] == ",", "a decimal comma"
    assert [t.name for t in russian.data if t.type == "bar"] != [
        t.name for t in english.data if t.type == "bar"
    ]
    assert [list(t.y) for t in russian.data] == [list(t.y) for t in english.data]
