"""One door (issue 19): every byte the widget sends a viewer comes from what that viewer may know.

For every kind of viewer (each seat, the onlooker, all-seeing) and seeded positions of played
games (a pending offer, an offer to confirm, a discard, a development card bought this turn, a
robber to move, plain turns), a second game is made identical in everything public but with
everything hidden from that viewer changed: the cards it cannot be sure of dealt again among
the players who hold them (every hand keeps its size), the hidden development cards exchanged
with the deck, the deck reordered, the random state changed, and the hidden part of every event
(a card bought or stolen out of the viewer's sight) replaced.  For the all-seeing viewer only
the deck order and the random state are hidden.  The widget is built on both games from outside,
as a user builds it, and the JSON of its ``state`` and ``legal`` traits must be byte for byte
the same.  A counter-test changes something the viewer does see, and the bytes change.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator

import pytest
from engine.helpers import TradingBot, redeal_hidden  # tests/engine/helpers.py (tests/ is on the path)

from catan_widget import CatanWidget, Game
from catan_widget.engine.viewer import ALL_SEEING, ONLOOKER

NAMES = ["Ada", "Bo", "Cy", "Di"]
KINDS: dict[str, Callable[[Game], bool]] = {
    "trade_response": lambda g: g.phase == "trade_response",
    "trade_confirm": lambda g: g.phase == "trade_confirm",
    "discard": lambda g: g.phase == "discard",
    "bought this turn": lambda g: g.phase == "main" and sum(g.state.dev_new[g.state.turn_player]) > 0,
    "move_robber": lambda g: g.phase == "move_robber",
    "roll": lambda g: g.phase == "roll" and g.turn > 20,
    "main": lambda g: g.phase == "main" and g.turn > 40,
    "cards stolen unseen": lambda g: g.phase == "main" and _unseen_holders(g, ONLOOKER) >= 3,
    **{
        f"cards seat {k} cannot name": lambda g, k=k: g.phase == "main" and _unseen_holders(g, k) >= 2
        for k in range(4)
    },
}


def _unseen_holders(game: Game, viewer: int) -> int:
    """How many players hold cards ``viewer`` cannot name (stolen out of its sight)."""
    return sum(p.unknown > 0 for p in game.observe(viewer, legal=False).players)


def _positions() -> Iterator[tuple[str, Game]]:
    """Forks of seeded games (random players with offers) at the first position of each kind."""
    for seed in (31, 32):
        game = Game(NAMES, seed=seed, board="random")
        bot = TradingBot(seed, 0.3)
        missing = dict(KINDS)
        while missing and not game.is_over:
            for name, found in list(missing.items()):
                if found(game):
                    del missing[name]
                    yield f"{name} ({seed})", game.fork()
            game.step(bot.choose(game))
        assert not missing, f"game {seed} never reached {sorted(missing)}"


POSITIONS = list(_positions())


def _widget(game: Game, viewer: int) -> CatanWidget:
    """The widget a user builds to show ``game`` to ``viewer``: the one human at a seat; the
    teacher's view (the acting seat human); hot-seat humans while a bot acts (nobody's hand).
    """
    acting = game.current_seat
    if viewer == ALL_SEEING:
        humans, teacher = {acting}, True
    elif viewer == ONLOOKER:
        humans, teacher = {q for q in range(4) if q != acting}, False
    else:
        humans, teacher = {viewer}, False
    seats = {name: "human" if q in humans else "bot" for q, name in enumerate(game.names)}
    w = CatanWidget(game, seats, teacher=teacher, bot_delay=0)
    w.show_counting = True
    wire = w.state["viewer"]
    assert wire == (None if viewer == ONLOOKER else viewer), "the widget shows the viewer meant"
    return w


def _sent(game: Game, viewer: int) -> str:
    """The exact JSON of the traits the widget sends ``viewer`` (the static board too)."""
    w = _widget(game, viewer)
    return json.dumps({"board": w.board, "state": w.state, "legal": w.legal}, sort_keys=True)


def _sees(viewer: int, *seats: int | None) -> bool:
    return viewer == ALL_SEEING or viewer in seats


def _hidden_swapped(game: Game, viewer: int, rng: random.Random) -> Game:
    """A fork identical in all that ``viewer`` may know, with all else changed (see the module)."""
    if viewer == ALL_SEEING:
        alt = game.fork()
        rng.shuffle(alt.state.deck)
        alt.state.rng.state ^= rng.getrandbits(64) | 1
        return alt
    alt, _ = redeal_hidden(game, viewer, rng)
    for i, e in enumerate(alt.events):  # what the viewer did not see of an event: another card
        bought = e[0] == "buy" and not _sees(viewer, e[1])
        stolen = e[0] == "robber" and e[3] is not None and e[4] >= 0 and not _sees(viewer, e[1], e[3])
        if bought or stolen:
            alt.events[i] = (*e[:-1], (e[-1] + 1 + rng.randrange(4)) % 5)
    return alt


VIEWERS = [*range(4), ONLOOKER, ALL_SEEING]


def _name(viewer: int) -> str:
    return {ONLOOKER: "onlooker", ALL_SEEING: "all-seeing"}.get(viewer, f"seat {viewer}")


@pytest.mark.parametrize("viewer", VIEWERS, ids=_name)
def test_every_byte_the_widget_sends_a_viewer_ignores_what_it_cannot_know(viewer: int) -> None:
    rng = random.Random(viewer)
    hands = decks = 0
    for where, game in POSITIONS:
        alt = _hidden_swapped(game, viewer, rng)
        hands += alt.state.hands != game.state.hands
        decks += alt.state.deck != game.state.deck
        assert game.observe(viewer, shown=True) == alt.observe(viewer, shown=True), where
        assert _sent(game, viewer) == _sent(alt, viewer), f"{_name(viewer)} at {where}"
    assert decks >= len(POSITIONS) - 2, "the deck order must change"
    if viewer != ALL_SEEING:  # cards the viewer cannot name were dealt again in most positions
        assert hands >= 2, "the swapped games must differ in hidden hands"


def _visible_change(game: Game, viewer: int) -> Game:
    """A fork that differs in something ``viewer`` sees: a card of its own hand (a seat), a
    card moved between two hands (all-seeing), a card of the bank in a hand (the onlooker).
    """
    alt = game.fork()
    s = alt.state
    if viewer == ALL_SEEING:
        giver = next(q for q in range(4) if sum(s.hands[q]))
        r = next(r for r in range(5) if s.hands[giver][r])
        taker = (giver + 1) % 4
        s.hands[giver][r] -= 1
        s.hands[taker][(r + 1) % 5] += 1
        s.bank[r] += 1
        s.bank[(r + 1) % 5] -= 1
        return alt
    seat = 0 if viewer == ONLOOKER else viewer
    r = next(r for r in range(5) if s.bank[r])
    s.hands[seat][r] += 1
    s.bank[r] -= 1
    return alt


@pytest.mark.parametrize("viewer", VIEWERS, ids=_name)
def test_a_change_the_viewer_can_see_changes_the_bytes(viewer: int) -> None:
    for where, game in POSITIONS[:3]:
        changed = _visible_change(game, viewer)
        assert _sent(game, viewer) != _sent(changed, viewer), f"{_name(viewer)} at {where}"


def test_an_onlooker_observation_shows_no_hand_and_no_control() -> None:
    for _, game in POSITIONS:
        obs = game.observe(ONLOOKER, shown=True)
        assert (obs.seat, obs.hand, obs.hands, obs.dev_cards, obs.devs, obs.rates) == (None,) * 6
        assert (obs.legal, obs.open) == ((), ())
        assert obs.shown is not None
        assert (obs.shown.refusals, obs.shown.rates) == ((), None)
        assert list(obs.shown.log) == game.log


def test_the_old_none_viewer_keeps_its_meaning_with_a_warning() -> None:
    game = POSITIONS[0][1]
    with pytest.warns(DeprecationWarning, match="ALL_SEEING"):
        assert game.observe(None) == game.observe(ALL_SEEING)
    with pytest.warns(DeprecationWarning, match="ONLOOKER"):
        assert game.log_for(None) == game.log_for(ONLOOKER) == game.log
    with pytest.warns(DeprecationWarning, match="ONLOOKER"):
        assert game.card_counter(None).known == game.card_counter(ONLOOKER).known
    assert game.log_for(-1) == game.log_for(ALL_SEEING)
    with pytest.raises(ValueError, match="ONLOOKER or ALL_SEEING"):
        game.observe(-3)
