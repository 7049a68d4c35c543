"""How a widget watches games: its ``Game.subscribe`` observer, which holds the widget weakly (a game
kept in another cell does not keep its widget alive) and drops itself from the game once the widget
is gone; and the copy of a game or save that ``CatanWidget.replay`` watches again.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TypeVar

from ..engine import Game

_O = TypeVar("_O")


def weak_observer(owner: _O, changed: Callable[[_O, Game], None]) -> Callable[[Game], None]:
    """An observer calling ``changed(owner, game)`` on every change while ``owner`` lives."""
    ref = weakref.ref(owner)

    def observe(game: Game) -> None:
        o = ref()
        if o is None:
            game.unsubscribe(observe)
        else:
            changed(o, game)

    return observe


def copy_to_replay(game_or_save: Game | str) -> Game:
    """A copy of a :class:`Game` or of a save (``game.to_json()`` text): the game given is never changed."""
    game = Game.from_json(game_or_save) if isinstance(game_or_save, str) else game_or_save
    if not isinstance(game, Game):
        raise TypeError(f"replay needs a Game or a save, got {type(game_or_save).__name__}")
    return game.fork()
