"""the rulebook §7: Longest Road — chain length, forks, cycles, broken chains and who holds the card."""

from __future__ import annotations

from catan_widget import BuildRoad, BuildSettlement, Game, PlayRoadBuilding

from .helpers import path, staged

SETTLE = {"lumber": 1, "brick": 1, "wool": 1, "grain": 1}
ROAD = {"lumber": 2, "brick": 2}
# the left coast, top to bottom; seat 1 may settle on 16 from its road 16-22
LEFT = (0, 3, 7, 11, 16, 21, 27, 33, 38, 43, 47, 51)
RIGHT = (2, 6, 10, 15, 20, 26, 32, 37, 42, 46, 50, 53)
BOTTOM5 = path(39, 44, 48, 52, 49, 45)
BREAKER = {1: path(16, 22)}


def _lengths(game: Game) -> list[int]:
    return [p.road_length for p in game.players]


def _holder(game: Game) -> int | None:
    holders = [p.seat for p in game.players if p.has_longest_road]
    assert len(holders) <= 1
    return holders[0] if holders else None


def _break_at_16(**kw: object) -> Game:
    """Seat 1 (to play, rich enough) settles on 16, cutting the left coast road there."""
    roads = dict(kw.pop("roads", {}))  # type: ignore[call-overload]
    roads.update(BREAKER)
    game = staged(phase="main", turn_player=1, hands={1: SETTLE}, roads=roads, **kw)
    game.step(BuildSettlement(16))
    return game


def test_first_to_five_takes_longest_road() -> None:
    game = staged(phase="main", settlements={0: [0]}, roads={0: path(*LEFT[:5])}, hands={0: ROAD})
    assert _lengths(game)[0] == 4
    assert _holder(game) is None
    game.step(BuildRoad(path(*LEFT[4:6])[0]))
    assert _lengths(game)[0] == 5
    assert _holder(game) == 0
    assert game.players[0].victory_points == 3
    assert game.log[-1] == "Ada takes Longest Road (5 roads)"


def test_road_building_roads_count_for_longest_road() -> None:
    game = staged(
        phase="main", settlements={0: [0]}, roads={0: path(*LEFT[:4])}, dev_cards={0: {"road_building": 1}}
    )
    game.step(PlayRoadBuilding())
    game.step(BuildRoad(path(*LEFT[3:5])[0]))
    game.step(BuildRoad(path(*LEFT[4:6])[0]))
    assert _holder(game) == 0


def test_a_tie_does_not_take_longest_road() -> None:
    game = staged(
        phase="main",
        turn_player=1,
        roads={0: path(*LEFT[:6]), 1: path(*RIGHT[:5])},
        settlements={0: [0], 1: [2]},
        hands={1: ROAD},
    )
    assert _holder(game) == 0
    game.step(BuildRoad(path(*RIGHT[4:6])[0]))
    assert _lengths(game)[:2] == [5, 5]
    assert _holder(game) == 0
    game.step(BuildRoad(path(*RIGHT[5:7])[0]))
    assert _lengths(game)[:2] == [5, 6]
    assert _holder(game) == 1
    assert game.players[0].victory_points == 1
    assert game.players[1].victory_points == 3


def test_forks_are_not_counted() -> None:
    # 12-17-22-28-33 with branches 28-34 and 17-23: the longest single chain is 4
    roads = [*path(12, 17, 22, 28, 33), *path(28, 34), *path(17, 23)]
    game = staged(roads={0: roads}, settlements={0: [12]})
    assert len(roads) == 6
    assert _lengths(game)[0] == 4
    assert _holder(game) is None


def test_a_closed_ring_counts_every_segment_once() -> None:
    ring = path(18, 24, 30, 35, 29, 23, 18)
    game = staged(roads={0: ring})
    assert _lengths(game)[0] == 6
    assert _holder(game) == 0


def test_a_ring_with_a_tail() -> None:
    ring = path(18, 24, 30, 35, 29, 23, 18)
    game = staged(roads={0: [*ring, *path(13, 18)]})
    assert _lengths(game)[0] == 7


def test_a_ring_with_two_tails_cannot_use_every_segment() -> None:
    # degrees 1, 3, 3, 1: no single chain uses all 8 segments; the best is 7
    ring = path(18, 24, 30, 35, 29, 23, 18)
    game = staged(roads={0: [*ring, *path(13, 18), *path(30, 36)]})
    assert _lengths(game)[0] == 7


def test_two_separate_roads_do_not_add_up() -> None:
    game = staged(roads={0: [*path(*LEFT[:4]), *path(*RIGHT[:4])]})
    assert _lengths(game)[0] == 3


def test_own_settlement_does_not_break_a_chain() -> None:
    game = staged(roads={0: path(*LEFT[:8])}, settlements={0: [16, 0]})
    assert _lengths(game)[0] == 7


def test_opponent_building_at_the_end_of_a_chain_does_not_shorten_it() -> None:
    game = staged(roads={0: path(*LEFT[:6])}, settlements={0: [0], 1: [21]})
    assert _lengths(game)[0] == 5
    assert _holder(game) == 0


def test_opponent_road_crossing_does_not_break_a_chain() -> None:
    game = staged(roads={0: path(*LEFT[:8]), 1: path(16, 22)})
    assert _lengths(game)[0] == 7


def test_chain_broken_by_an_opponents_settlement() -> None:
    game = _break_at_16(roads={0: path(*LEFT[:8]), 2: path(*RIGHT[:7])}, settlements={0: [0]})
    assert _lengths(game)[0] == 4  # 0-3-7-11-16 | 16-21-27-33
    assert _holder(game) == 2  # seat 2's 6 were not enough while seat 0 had 7


def test_chain_broken_below_five_sets_the_card_aside() -> None:
    game = _break_at_16(roads={0: path(*LEFT[:8])}, settlements={0: [0]})
    assert _lengths(game)[0] == 4
    assert _holder(game) is None
    assert game.players[0].victory_points == 1
    assert game.log[-1] == "Longest Road is set aside (was Ada's)"


def test_tie_after_a_break_sets_the_card_aside() -> None:
    roads = {0: path(*LEFT[:8]), 2: path(*RIGHT[:6]), 3: BOTTOM5}
    game = _break_at_16(roads=roads)
    assert _lengths(game) == [4, 1, 5, 5]
    assert _holder(game) is None


def test_break_gives_the_card_to_the_single_longest_five() -> None:
    roads = {0: path(*LEFT[:8]), 2: path(*RIGHT[:6]), 3: BOTTOM5[:4]}
    game = _break_at_16(roads=roads)
    assert _lengths(game) == [4, 1, 5, 4]
    assert _holder(game) == 2


def test_holder_keeps_the_card_on_a_tie_after_a_break() -> None:
    roads = {0: path(*LEFT[:10]), 2: path(*RIGHT[:6])}
    before = staged(roads={**roads, **BREAKER})
    assert _holder(before) == 0
    game = _break_at_16(roads=roads)
    assert _lengths(game)[0] == 5  # 16-21-27-33-38-43
    assert _lengths(game)[2] == 5
    assert _holder(game) == 0


def test_holder_keeps_the_card_while_still_longest_after_a_break() -> None:
    roads = {0: path(*LEFT[:11]), 2: path(*RIGHT[:6])}
    game = _break_at_16(roads=roads)
    assert _lengths(game)[0] == 6
    assert _holder(game) == 0


def test_set_aside_card_goes_to_the_next_strictly_longer_chain() -> None:
    roads = {0: path(*LEFT[:8]), 2: path(*RIGHT[:6]), 3: BOTTOM5, **BREAKER}
    game = staged(phase="main", turn_player=2, roads=roads, settlements={1: [16]}, hands={2: ROAD})
    assert _lengths(game) == [4, 1, 5, 5]
    assert _holder(game) is None
    game.step(BuildRoad(path(*RIGHT[5:7])[0]))
    assert _holder(game) == 2


def test_staged_holder_can_be_named() -> None:
    game = staged(roads={0: path(*LEFT[:6]), 1: path(*RIGHT[:6])}, longest_road=1)
    assert _holder(game) == 1
    unnamed = staged(roads={0: path(*LEFT[:6]), 1: path(*RIGHT[:6])})
    assert _holder(unnamed) is None
