"""the rulebook §7: Largest Army — the first to 3 played knights, then only strictly more."""

from __future__ import annotations

from catan_widget import EndTurn, Game, MoveRobber, PlayKnight, RollDice

from .helpers import staged


def _army(game: Game) -> int | None:
    holders = [p.seat for p in game.players if p.has_largest_army]
    assert len(holders) <= 1
    return holders[0] if holders else None


def _knight(game: Game, hex_id: int) -> None:
    game.step(PlayKnight())
    game.step(MoveRobber(hex_id))


def test_third_knight_takes_largest_army() -> None:
    game = staged(knights={0: 2}, dev_cards={0: {"knight": 1}}, settlements={0: [53]})
    assert _army(game) is None
    _knight(game, 0)
    assert game.players[0].knights_played == 3
    assert _army(game) == 0
    assert game.players[0].victory_points == 3
    assert "Ada takes Largest Army (3 knights)" in game.log


def test_two_knights_are_not_an_army() -> None:
    game = staged(knights={0: 1}, dev_cards={0: {"knight": 1}})
    _knight(game, 0)
    assert game.players[0].knights_played == 2
    assert _army(game) is None


def test_equal_knights_do_not_take_largest_army() -> None:
    game = staged(knights={0: 3, 1: 2}, dev_cards={1: {"knight": 2}}, turn_player=1)
    assert _army(game) == 0
    _knight(game, 0)
    assert game.players[1].knights_played == 3
    assert _army(game) == 0


def test_strictly_more_knights_take_largest_army() -> None:
    game = staged(knights={0: 3, 1: 3}, dev_cards={1: {"knight": 1}}, turn_player=1, largest_army=0)
    _knight(game, 0)
    assert _army(game) == 1
    assert game.players[0].victory_points == 0
    assert game.players[1].victory_points == 2


def test_largest_army_over_several_turns() -> None:
    game = staged(knights={1: 3}, dev_cards={0: {"knight": 4}})
    assert _army(game) == 1
    for turn in range(4):
        _knight(game, turn % 2)
        game.step(RollDice(), dice=(1, 1))
        game.step(EndTurn())
        for _ in range(3):
            game.step(RollDice(), dice=(1, 1))
            game.step(EndTurn())
        expected = 1 if turn < 3 else 0  # seat 0 needs 4 knights to beat 3
        assert _army(game) == expected


def test_knights_played_are_public() -> None:
    game = staged(dev_cards={0: {"knight": 1}})
    _knight(game, 0)
    assert game.players[0].knights_played == 1
    assert game.players[0].development_card_count == 0
