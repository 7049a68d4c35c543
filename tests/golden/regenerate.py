"""Rewrite the golden playthroughs in this folder: ``PYTHONPATH=. python tests/golden/regenerate.py``.

Each golden file holds one seeded game — its exact save (seed, rules, board, every action with
its scripted chance, the final state) and its full plain-words log.  ``tests/engine/test_golden.py``
replays every file and also plays each game again from scratch, so any change in what the engine
does shows up there as a failure and, after regenerating, as a diff in these files.

A diff in ``tests/golden/*.json`` is a rule change (or a change in the bots or the log wording):
review it line by line against the rulebook before committing it.  Never regenerate just to make
the test pass.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import catan_widget as cw
from catan_widget.engine.board.topology import EDGE_BETWEEN

HERE = Path(__file__).resolve().parent


def beginner_4p_random() -> cw.Game:
    """Four random bots on the beginner board."""
    return cw.Game(["Ada", "Bo", "Cy", "Di"], seed=2024, board="beginner").play("random")


def random_3p_greedy() -> cw.Game:
    """Three greedy bots on a random board."""
    return cw.Game(["Ada", "Bo", "Cy"], seed=77, board="random").play("greedy")


def _road(a: int, b: int) -> cw.BuildRoad:
    return cw.BuildRoad(EDGE_BETWEEN[(a, b)])


def staged_scripted() -> cw.Game:
    """A staged position on the beginner board played with scripted dice, draws and steals:
    knight and Largest Army, production, a city, a domestic trade with a counter-offer, a 3:1
    harbor trade, a 7 with discards and a steal, monopoly, year of plenty, road building into
    Longest Road, and the win.
    """
    game = cw.Game(["Ada", "Bo", "Cy", "Di"], seed=5, board="beginner", first=0)
    game.stage(
        free_placement=True,
        settlements={0: [12, 41, 0], 1: [26, 44], 2: [14, 39], 3: [18, 47]},
        cities={0: [31]},
        roads={
            0: [EDGE_BETWEEN[p] for p in ((12, 17), (17, 22), (22, 28), (0, 3))],
            1: [EDGE_BETWEEN[(26, 20)], EDGE_BETWEEN[(44, 48)]],
            2: [EDGE_BETWEEN[(14, 19)], EDGE_BETWEEN[(39, 34)]],
            3: [EDGE_BETWEEN[(18, 13)], EDGE_BETWEEN[(47, 43)]],
        },
        hands={
            0: {"lumber": 2, "brick": 2, "wool": 3, "grain": 3, "ore": 3},
            1: {"ore": 5, "wool": 4},
            2: {"grain": 2, "lumber": 1},
            3: {"brick": 3, "grain": 1},
        },
        dev_cards={0: {"knight": 1, "road_building": 1}, 2: {"monopoly": 1}, 3: {"year_of_plenty": 1}},
        knights={0: 2},
        turn_player=0,
    )
    script: list[tuple[object, dict[str, object]]] = [
        # Ada: a knight before the roll (her third: Largest Army), robbing Bo's ore
        (cw.PlayKnight(), {}),
        (cw.MoveRobber(11, 1), {"steal": "ore"}),
        (cw.RollDice(), {"dice": (4, 4)}),  # 8: hex 11 is robbed; hex 12 pays Cy lumber
        (cw.BuildCity(12), {}),
        (cw.OfferTrade({"lumber": 1}, {"grain": 1}), {}),
        (cw.DeclineTrade(), {}),  # Bo
        (cw.CounterTrade({"grain": 1}, {"lumber": 1, "brick": 1}), {}),  # Cy
        (cw.DeclineTrade(), {}),  # Di
        (cw.ConfirmTrade(2), {}),
        (cw.MaritimeTrade("wool", "ore"), {}),  # 3:1 at the harbor of her coastal settlement on the 10 ore
        (cw.EndTurn(), {}),
        # Bo: a 7 — Bo (8 cards) discards 4, then robs Ada
        (cw.RollDice(), {"dice": (3, 4)}),
        (cw.Discard({"ore": 2, "wool": 2}), {}),
        (cw.MoveRobber(0, 0), {"steal": "lumber"}),
        (cw.EndTurn(), {}),
        # Cy: a 5, then monopoly on wool
        (cw.RollDice(), {"dice": (2, 3)}),
        (cw.PlayMonopoly("wool"), {}),
        (cw.EndTurn(), {}),
        # Di: a 12, year of plenty, buys a card
        (cw.RollDice(), {"dice": (6, 6)}),
        (cw.PlayYearOfPlenty("wool", "ore"), {}),
        (cw.BuyDevelopmentCard(), {"card": "victory_point"}),
        (cw.EndTurn(), {}),
        # Ada: road building to a 5-road chain: Longest Road and the tenth point
        (cw.RollDice(), {"dice": (5, 5)}),
        (cw.PlayRoadBuilding(), {}),
        (_road(28, 33), {}),
        (_road(33, 38), {}),
    ]
    for action, chance in script:
        game.step(action, **chance)  # type: ignore[arg-type]
    return game


GAMES: dict[str, Callable[[], cw.Game]] = {
    "beginner_4p_random": beginner_4p_random,
    "random_3p_greedy": random_3p_greedy,
    "staged_scripted": staged_scripted,
}


def golden(name: str) -> dict[str, object]:
    """The golden record of one game: how it was made, its save and its log."""
    game = GAMES[name]()
    return {
        "name": name,
        "description": (GAMES[name].__doc__ or "").strip(),
        "save": json.loads(game.to_json()),
        "log": game.log,
    }


def dump(record: dict[str, object]) -> str:
    """The file text: one JSON value per line where it helps a diff."""
    return json.dumps(record, indent=1, sort_keys=True) + "\n"


def main() -> None:
    """Rewrite every golden file."""
    for name in GAMES:
        path = HERE / f"{name}.json"
        path.write_text(dump(golden(name)), encoding="utf-8")
        sys.stdout.write(f"wrote {path}\n")


if __name__ == "__main__":
    main()
