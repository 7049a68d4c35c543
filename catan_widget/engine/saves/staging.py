"""Staging a position directly: place pieces, hands, cards and the robber without playing.

For teachers ("here is a position, what is legal?") and for tests of single rules.  A staged
game keeps the staged state as its ``origin`` (a :class:`StagedOrigin`, which also records
whether it was staged with ``free_placement``): saves replay from there.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

from ..action_fields import to_cards
from ..board.topology import BASE, Topology
from ..constants import DEV_CARDS, KNIGHT
from ..errors import IllegalActionError
from ..names import seat_of
from ..phases import PHASES
from ..rules.scoring import award_largest_army, award_longest_road, road_length
from ..state import CITY, EMPTY, FIELDS, SETTLEMENT, StagedOrigin, State

Who = Any  # a seat number or a player name


def staged_origin(state: State, free_placement: bool = False) -> StagedOrigin:
    """A :class:`StagedOrigin` holding a copy of ``state``."""
    copy = state.copy()
    origin = cast(StagedOrigin, StagedOrigin.__new__(StagedOrigin))
    for name in FIELDS:
        setattr(origin, name, getattr(copy, name))
    origin.free_placement = free_placement
    return origin


def free_placement(origin: State | None) -> bool:
    """Whether a game's ``origin`` was staged with ``free_placement=True``."""
    return isinstance(origin, StagedOrigin) and origin.free_placement


def too_close(node_owner: list[int], topo: Topology = BASE) -> list[tuple[int, int]]:
    """Pairs ``(a, b)``, ``a < b``, of neighbouring intersections of a board of ``topo`` that
    both hold a building: what the distance rule forbids.
    """
    return [
        (a, b)
        for a in range(topo.node_count)
        if node_owner[a] != EMPTY
        for b in topo.node_neighbors[a]
        if a < b and node_owner[b] != EMPTY
    ]


def stage(
    state: State,
    names: Sequence[str],
    *,
    settlements: Mapping[Who, Iterable[int]] | None = None,
    cities: Mapping[Who, Iterable[int]] | None = None,
    roads: Mapping[Who, Iterable[int]] | None = None,
    hands: Mapping[Who, Any] | None = None,
    dev_cards: Mapping[Who, Mapping[str, int]] | None = None,
    knights: Mapping[Who, int] | None = None,
    robber: int | None = None,
    turn_player: Who | None = None,
    phase: str = "roll",
    longest_road: Who | None = None,
    largest_army: Who | None = None,
    free_placement: bool = False,
) -> tuple[State, StagedOrigin]:
    """A position put on the board of a game at ``state`` (players ``names``), to replace it
    and continue from: the new state and its :class:`StagedOrigin` (``Game.stage``).

    Buildings must keep the distance rule: two buildings on neighbouring intersections raise
    ValueError naming them, unless ``free_placement=True`` (a teacher staging an impossible
    position on purpose; the flag is kept with the staged origin and in the save, and a save
    whose origin breaks the rule without it is refused).  Otherwise pieces go anywhere (roads
    and buildings need not connect), but never two on one spot and never more than the supply.
    Hands are taken from the bank; staged development cards and played knights come out of the
    deck.  Longest Road and Largest Army go to ``longest_road`` / ``largest_army`` if named, else
    by the rules.  ``phase`` is ``"roll"`` (the turn player is about to roll) or ``"main"`` (has
    rolled).
    """
    s = state.copy()

    def seat(who: Who) -> int:
        return seat_of(names, who)

    if phase not in ("roll", "main"):
        raise ValueError("phase must be 'roll' or 'main'")
    topo = s.topo
    node_count, edge_count = topo.node_count, topo.edge_count
    s.node_owner = [EMPTY] * node_count
    s.node_level = [0] * node_count
    s.edge_owner = [EMPTY] * edge_count
    s.roads = [[] for _ in range(s.n)]
    for level, placed in ((SETTLEMENT, settlements), (CITY, cities)):
        for who, nodes in (placed or {}).items():
            for node in nodes:
                if type(node) is not int or not 0 <= node < node_count or s.node_owner[node] != EMPTY:
                    raise ValueError(f"cannot stage a building on intersection {node!r}")
                s.node_owner[node], s.node_level[node] = seat(who), level
    if type(free_placement) is not bool:
        raise ValueError(f"free_placement must be True or False, got {free_placement!r}")
    conflicts = too_close(s.node_owner, topo)
    if conflicts and not free_placement:
        pairs = ", ".join(f"{a} and {b}" for a, b in conflicts)
        raise ValueError(
            f"buildings on neighbouring intersections break the distance rule: {pairs} "
            "(pass free_placement=True to stage such a position anyway)"
        )
    for who, edges in (roads or {}).items():
        p = seat(who)
        for edge in edges:
            if type(edge) is not int or not 0 <= edge < edge_count or s.edge_owner[edge] != EMPTY:
                raise ValueError(f"cannot stage a road on path {edge!r}")
            s.edge_owner[edge] = p
            s.roads[p].append(edge)
    for p in range(s.n):
        built = [s.node_level[n] for n in range(node_count) if s.node_owner[n] == p]
        s.pieces[p] = [15 - len(s.roads[p]), 5 - built.count(SETTLEMENT), 4 - built.count(CITY)]
        if min(s.pieces[p]) < 0:
            raise ValueError(f"{names[p]} would have more pieces than the supply (15/5/4)")
    s.hands = [[0] * 5 for _ in range(s.n)]
    for who, cards in (hands or {}).items():
        try:
            s.hands[seat(who)] = list(to_cards(cards, "hand"))
        except IllegalActionError as exc:
            raise ValueError(str(exc)) from None
    s.bank = [topo.cards_per_resource - sum(h[r] for h in s.hands) for r in range(5)]
    if min(s.bank) < 0:
        raise ValueError(f"hands hold more than the {topo.cards_per_resource} cards of a resource")
    _stage_dev_cards(names, s, dev_cards or {}, knights or {})
    if robber is not None:
        if type(robber) is not int or not 0 <= robber < topo.hex_count:
            raise ValueError(f"robber must be a hex id 0..{topo.hex_count - 1}, got {robber!r}")
        s.robber = robber
    tp = s.first if turn_player is None else seat(turn_player)
    s.turn_player = s.current = tp
    s.phase = PHASES.index(phase)
    s.turn = max(s.turn, 1)
    s.setup_step = 2 * s.n
    s.last_settlement = -1
    s.rolled = phase == "main"
    s.dev_played = s.built = False
    s.discards = [0] * s.n
    s.trade, s.answers, s.free_roads, s.winner = None, [], 0, -1
    s.road_len = [road_length(s, p) for p in range(s.n)]
    s.longest = -1 if longest_road is None else seat(longest_road)
    if longest_road is None:
        award_longest_road(s)
    s.army = -1 if largest_army is None else seat(largest_army)
    if largest_army is None:
        for p in range(s.n):
            award_largest_army(s, p)
    return s, staged_origin(s, free_placement)


def _stage_dev_cards(
    names: Sequence[str], s: Any, dev_cards: Mapping[Who, Mapping[str, int]], knights: Mapping[Who, int]
) -> None:
    deck = list(s.deck)
    s.dev = [[0] * 5 for _ in range(s.n)]
    s.dev_new = [[0] * 5 for _ in range(s.n)]
    s.knights = [0] * s.n

    def take(card: int, count: int) -> None:
        for _ in range(count):
            if card not in deck:
                raise ValueError(f"not enough {DEV_CARDS[card]} cards left in the deck")
            deck.remove(card)

    for who, cards in dev_cards.items():
        p = seat_of(names, who)
        for name, count in cards.items():
            if name not in DEV_CARDS or type(count) is not int or count < 0:
                raise ValueError(f"unknown development card or bad count: {name!r}={count!r}")
            take(DEV_CARDS.index(name), count)
            s.dev[p][DEV_CARDS.index(name)] += count
    for who, count in knights.items():
        p = seat_of(names, who)
        take(KNIGHT, count)
        s.knights[p] = count
    s.deck = deck
