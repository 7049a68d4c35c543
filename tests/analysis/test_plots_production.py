import pytest

from catan_widget import RESOURCES, Game, plots
from catan_widget.engine.rules.production import produce

from .helpers import node_between


def staged_game() -> Game:
    """Ada: a settlement at forest8/mountains3/hills5 and a city at fields4/fields6/pasture11;
    Bo: a city at fields9/forest11/forest8; Cy: a settlement at forest3/mountains8/pasture5.
    The robber sits on mountains 8 (hex 11).
    """
    game = Game(seed=5)
    return game.stage(
        settlements={"Ada": [node_between(12, 13, 16)], "Cy": [node_between(10, 11, 15)]},
        cities={"Ada": [node_between(14, 17, 18)], "Bo": [node_between(7, 8, 12)]},
        robber=11,
    )


def brute_force(game: Game) -> list[list[float]]:
    """Average cards over the 36 equally likely dice outcomes, by running the engine's production."""
    n = len(game.names)
    total = [[0.0] * 5 for _ in range(n)]
    for a in range(1, 7):
        for b in range(1, 7):
            state = game.state.copy()
            for seat, resource, count in produce(state, game.board, a + b):
                total[seat][resource] += count / 36
    return total


def test_expected_production_equals_brute_force_over_36_dice_outcomes() -> None:
    game = staged_game()
    expected = plots.expected_production(game.state, game.board)
    assert expected == [pytest.approx(row) for row in brute_force(game)]


def test_expected_production_by_hand_with_robber_and_city() -> None:
    game = staged_game()
    table = {
        name: dict(zip(RESOURCES, row))
        for name, row in zip(game.names, plots.expected_production(game.state, game.board))
    }
    # Ada: settlement forest 8 (5/36 lumber), mountains 3 (2/36 ore), hills 5 (4/36 brick);
    # city on fields 4 + fields 6 (2 x 8/36 grain) and pasture 11 (2 x 2/36 wool).
    assert table["Ada"] == pytest.approx(
        {"lumber": 5 / 36, "brick": 4 / 36, "wool": 4 / 36, "grain": 16 / 36, "ore": 2 / 36}
    )
    # Bo's city: fields 9 (2 x 4/36 grain), forest 11 + forest 8 (2 x 7/36 lumber).
    assert table["Bo"] == pytest.approx({"lumber": 14 / 36, "brick": 0, "wool": 0, "grain": 8 / 36, "ore": 0})
    # Cy: forest 3 (2/36), pasture 5 (4/36); mountains 8 is under the robber and pays nothing.
    assert table["Cy"] == pytest.approx({"lumber": 2 / 36, "brick": 0, "wool": 4 / 36, "grain": 0, "ore": 0})
    assert table["Di"] == pytest.approx(dict.fromkeys(RESOURCES, 0.0))


def test_production_figure_stacks_the_expected_cards_per_player_and_resource() -> None:
    game = staged_game()
    fig = plots.production(game)
    bars = {t.name: t for t in fig.data if t.type == "bar"}
    assert list(bars) == list(RESOURCES)
    truth = brute_force(game)
    for r, resource in enumerate(RESOURCES):
        assert list(bars[resource].x) == game.names
        assert list(bars[resource].y) == pytest.approx([truth[p][r] for p in range(4)])
    assert fig.layout.barmode == "stack"
    assert "(robber on mountains 8)" in fig.layout.title.text, (
        "the hex named as everywhere (places.hex_place)"
    )


def test_moving_the_robber_off_a_hex_restores_its_production() -> None:
    game = staged_game()
    free = Game(seed=5).stage(
        settlements={"Ada": [node_between(12, 13, 16)], "Cy": [node_between(10, 11, 15)]},
        cities={"Ada": [node_between(14, 17, 18)], "Bo": [node_between(7, 8, 12)]},
    )
    ore = RESOURCES.index("ore")
    cy = 2
    assert plots.expected_production(game.state, game.board)[cy][ore] == 0
    assert plots.expected_production(free.state, free.board)[cy][ore] == pytest.approx(5 / 36)
