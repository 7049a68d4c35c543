"""The bundled bots: legal, seeded, and the greedy bot's choices on staged positions."""

from __future__ import annotations

import copy

import pytest

import catan_widget as cw
from catan_widget.bots import GreedyBot, RandomBot, make_bots

NAMES = ["Ada", "Bo", "Cy", "Di"]


def _staged(**kwargs: object) -> cw.Game:
    game = cw.Game(players=NAMES, seed=3, first="Ada")
    game.stage(
        settlements={"Ada": [12, 40], "Bo": [20], "Cy": [47], "Di": [9]},
        roads={"Ada": [17], "Bo": [27], "Cy": [62], "Di": [8]},
        phase="main",
        **kwargs,  # type: ignore[arg-type]
    )
    return game


def test_greedy_builds_a_city_when_it_can() -> None:
    game = _staged(hands={"Ada": {"grain": 2, "ore": 3}})
    action = GreedyBot(seed=1).choose(game.observe("Ada"))
    assert isinstance(action, cw.BuildCity)
    assert action.node in (12, 40)


def test_greedy_offers_one_spare_card_for_the_one_it_lacks_once_per_turn() -> None:
    game = _staged(hands={"Ada": {"grain": 2, "ore": 2, "wool": 3}})
    bot = GreedyBot(seed=1)
    offer = bot.choose(game.observe("Ada"))
    assert offer == cw.OfferTrade({"wool": 1}, {"ore": 1})
    game.step(offer)
    for _ in range(3):  # the other three answer; none holds ore
        assert game.legal_actions() == [cw.DeclineTrade()]
        game.step(cw.DeclineTrade())
    assert game.phase == "main"
    assert bot.choose(game.observe("Ada")) == cw.BuyDevelopmentCard()  # no second offer this turn


def test_greedy_offers_a_trade_even_when_ending_the_turn_is_all_the_list_holds() -> None:
    # one ore short of a city, with a spare lumber: nothing else to do, and offers are not listed
    game = _staged(hands={"Ada": {"lumber": 1, "grain": 2, "ore": 2}})
    assert game.legal_actions() == [cw.EndTurn()]
    assert GreedyBot(seed=1).choose(game.observe("Ada")) == cw.OfferTrade({"lumber": 1}, {"ore": 1})


def _greedy_offer_answered(*answers: cw.Action) -> cw.Game:
    """Ada, one ore short of a city, offers 1 lumber for 1 ore; Bo, Cy, Di answer ``answers``."""
    game = _staged(
        hands={
            "Ada": {"lumber": 1, "wool": 1, "grain": 2, "ore": 2},
            "Bo": {"ore": 1},
            "Cy": {"ore": 1},
        }
    )
    offer = GreedyBot(seed=1).choose(game.observe("Ada"))
    assert offer == cw.OfferTrade({"lumber": 1}, {"ore": 1})
    game.step(offer)
    for answer in answers:
        game.step(answer)
    assert game.phase == "trade_confirm"
    return game


def test_greedy_confirms_only_an_answer_that_still_helps_it() -> None:
    # Bo's counter asks a grain too: the city would be out of reach again
    counter = cw.CounterTrade({"ore": 1}, {"lumber": 1, "grain": 1})
    game = _greedy_offer_answered(counter, cw.DeclineTrade(), cw.DeclineTrade())
    assert cw.ConfirmTrade(1) in game.legal_actions()
    assert GreedyBot(seed=1).choose(game.observe("Ada")) == cw.CancelTrade()
    game = _greedy_offer_answered(counter, cw.AcceptTrade(), cw.DeclineTrade())
    assert game.legal_actions()[:2] == [cw.ConfirmTrade(1), cw.ConfirmTrade(2)]
    assert GreedyBot(seed=1).choose(game.observe("Ada")) == cw.ConfirmTrade(2)  # Cy: the offer's terms


@pytest.mark.parametrize(
    ("bo", "want", "code", "words"),
    [
        # two grain and two ore, one ore short of a city: the grain asked for is kept for it
        (
            {"grain": 2, "ore": 2, "wool": 1},
            {"grain": 1},
            "keeps_grain_for_city",
            "they need their grain for a city",
        ),
        ({"grain": 2, "wool": 1}, {"ore": 1}, "cannot_pay", "they do not hold the cards asked for"),
        # five wool: giving one takes nothing a build in reach needs
        ({"wool": 5}, {"wool": 1}, "no_gain", "the trade does not help them"),
    ],
)
def test_greedy_says_why_it_declines_and_the_log_words_it(
    bo: dict[str, int], want: dict[str, int], code: str, words: str
) -> None:
    game = _staged(hands={"Ada": {"wool": 2, "ore": 2, "lumber": 1}, "Bo": bo})
    game.step(cw.OfferTrade({"lumber": 1}, want, to=1))
    answer = GreedyBot(seed=1).choose(game.observe("Bo"))
    assert isinstance(answer, cw.DeclineTrade)
    assert answer.reason == code
    game.step(answer)
    assert f"Bo declines: {words}" in game.log


def test_greedy_and_the_search_bot_give_one_reason_for_the_same_hand_and_terms() -> None:
    from catan_widget.bots.trading import decline_reason

    game = _staged(hands={"Ada": {"wool": 2}, "Bo": {"grain": 2, "ore": 2, "wool": 1}})
    game.step(cw.OfferTrade({"wool": 1}, {"grain": 1}, to=1))
    answer = GreedyBot(seed=1).choose(game.observe("Bo"))
    assert isinstance(answer, cw.DeclineTrade)
    assert answer.reason == decline_reason(game.state, 1, (0, 0, 0, 1, 0)) == "keeps_grain_for_city"


def test_greedy_accepts_an_offer_that_completes_a_build() -> None:
    game = _staged(hands={"Ada": {"wool": 2}, "Bo": {"grain": 2, "ore": 2, "wool": 1}})
    game.step(cw.OfferTrade({"wool": 1}, {"grain": 1}, to=1))
    assert GreedyBot(seed=1).choose(game.observe("Bo")) == cw.DeclineTrade()  # giving grain: no city
    game = _staged(hands={"Ada": {"ore": 2}, "Bo": {"grain": 2, "ore": 2, "wool": 1}})
    game.step(cw.OfferTrade({"ore": 1}, {"wool": 1}, to=1))
    assert GreedyBot(seed=1).choose(game.observe("Bo")) == cw.AcceptTrade()


@pytest.mark.parametrize("kind", ["random", "greedy"])
def test_bot_games_are_reproducible_from_the_seed(kind: str) -> None:
    first = cw.Game(seed=21, board="random").play(kind)
    second = cw.Game(seed=21, board="random").play(kind)
    assert first.is_over
    assert first.to_json() == second.to_json()


def test_random_bot_only_picks_listed_actions() -> None:
    game = cw.Game(seed=5)
    bot = RandomBot(seed=5, seat=0)
    for _ in range(300):
        if game.is_over:
            break
        action = bot.choose(game.observe(game.current_seat))
        assert action in game.legal_actions()
        game.step(action)


def test_a_deep_copy_of_the_random_bot_draws_alike_from_a_generator_of_its_own() -> None:
    bot = RandomBot(seed=5, seat=1)
    options = list(range(1000))
    bot.choose_among(options)
    twin = copy.deepcopy(bot)
    theirs = [twin.choose_among(options) for _ in range(50)]  # the copy first: bot must not feel it
    assert [bot.choose_among(options) for _ in range(50)] == theirs


def test_a_bot_choosing_among_legal_actions_plays_the_game_choose_would() -> None:
    """``Game.play`` hands RandomBot its legal actions (``choose_among``) instead of building an
    observation: the very game it plays when asked through ``choose(observation)``.
    """
    played = cw.Game(seed=8, board="random").play("random")
    by_hand = cw.Game(seed=8, board="random")
    bots = [RandomBot(seed=8, seat=i) for i in range(4)]
    while not by_hand.is_over:
        seat = by_hand.current_seat
        by_hand.step(bots[seat].choose(by_hand.observe(seat)))
    assert played.to_json() == by_hand.to_json()


def test_a_bot_with_choose_among_is_never_shown_an_observation() -> None:
    class Lister:
        def __init__(self) -> None:
            self.seen: list[int] = []

        def choose(self, observation: object) -> cw.Action:
            raise AssertionError("choose_among is the one to ask")

        def choose_among(self, actions: list[cw.Action]) -> cw.Action:
            self.seen.append(len(actions))
            return actions[-1]

    lister = Lister()
    game = cw.Game(seed=3).play(lister, until=lambda g: g.turn >= 3)
    assert game.turn >= 3
    assert len(lister.seen) == len(game.history)


def test_a_choose_among_bot_is_checked_like_any_other() -> None:
    """The compiled loop trusts only the listed objects: an equal new object is checked and
    applied, a changed list does not widen what is trusted, an illegal pick is refused.
    """

    class Copier:
        def choose(self, observation: object) -> cw.Action:
            raise AssertionError("unused")

        def choose_among(self, actions: list[cw.Action]) -> cw.Action:
            return copy.copy(actions[0])  # equal, not the listed object

    class Liar(Copier):
        def choose_among(self, actions: list[cw.Action]) -> cw.Action:
            bogus = cw.BuildCity(node=0)
            actions.append(bogus)  # its own list: what was listed stays trusted, nothing else
            return bogus

    copied = cw.Game(seed=4).play(Copier(), until=lambda g: g.turn >= 4)
    firsts = cw.Game(seed=4)
    while firsts.turn < 4:
        firsts.step(firsts.legal_actions()[0])
    assert copied.to_json() == firsts.to_json()
    game = cw.Game(seed=4)
    with pytest.raises(cw.IllegalActionError, match="setup"):
        game.play(Liar())
    assert game.history == []
    assert game.to_json() == cw.Game(seed=4).to_json()


def test_make_bots_takes_one_spec_a_list_or_a_dict() -> None:
    game = cw.Game(seed=1)
    assert all(isinstance(b, GreedyBot) for b in make_bots(game, "greedy"))
    mixed = make_bots(game, ["random", "greedy", "random", "greedy"])
    assert [type(b) for b in mixed] == [RandomBot, GreedyBot, RandomBot, GreedyBot]
    by_name = make_bots(game, dict.fromkeys(NAMES, "random"))
    assert len(by_name) == 4
    with pytest.raises(ValueError, match="unknown bot"):
        make_bots(game, "genius")
    with pytest.raises(ValueError, match="one bot per seat"):
        make_bots(game, ["random"])
    assert cw.RollDice() in cw.Game(seed=1).stage(settlements={0: [0]}).legal_actions()


@pytest.mark.parametrize("bot", [GreedyBot(seed=4, seat=1), RandomBot(seed=4, seat=1)])
def test_a_bot_given_a_game_reads_the_acting_seats_observation(bot: GreedyBot | RandomBot) -> None:
    game = _staged(hands={"Ada": {"grain": 2, "ore": 2, "wool": 3}, "Bo": {"grain": 1}})
    game.step(cw.OfferTrade({"wool": 1}, {"grain": 1}))  # Bo answers first: accept or decline
    assert len(game.legal_actions()) == 2
    twin = type(bot)(seed=4, seat=1)
    with pytest.warns(DeprecationWarning, match="takes an observation"):  # the old form still works
        assert bot.choose(game) == twin.choose(game.observe("Bo"))


def test_a_bot_gets_no_game_state_from_its_observation() -> None:
    observation = cw.Game(seed=1).observe(0)
    with pytest.raises(AttributeError, match="observation has no 'state'"):
        observation.state  # noqa: B018
