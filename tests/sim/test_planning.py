"""Sample-size planning (``mobtable.sim.planning``): the formulas, and a planted imbalance found."""

from __future__ import annotations

import pytest

from mobtable import games
from mobtable.sim import SimSpec, planning, run
from mobtable.sim.stats import wilson


def test_the_planned_width_is_the_wilson_intervals_width() -> None:
    games_needed = planning.games_for_width(0.05, 0.25)
    low, high = wilson(0.25 * games_needed, games_needed)
    assert high - low <= 0.0502  # rounding the wins to a whole number moves it a hair
    assert planning.wilson_width(0.25, games_needed) <= 0.05
    assert planning.wilson_width(0.25, games_needed - 1) > 0.05


def test_the_difference_formula_matches_a_hand_computation() -> None:
    # z(0.975) = 1.959964, z(0.8) = 0.841621; p0 = 0.5, p1 = 0.58
    expected = ((1.959964 * 0.5 + 0.841621 * (0.58 * 0.42) ** 0.5) / 0.08) ** 2
    assert planning.games_for_difference(0.08, 0.5) == int(expected) + 1


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: planning.games_for_width(0, 0.5), "width must be between 0 and 1"),
        (lambda: planning.games_for_difference(0.6, 0.5), "is not a share between 0 and 1"),
        (lambda: planning.games_for_difference(0.1, 0.5, power=1.2), "power"),
    ],
)
def test_impossible_plans_are_refused(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


def _detections(edge: int, seeds: range) -> tuple[int, int]:
    """(planned games, runs among ``seeds`` whose binomial test detects a first-seat effect)."""
    game = games.get("handicap")
    planned = planning.games_for_difference(0.08, 0.5)
    found = 0
    for seed in seeds:
        spec = SimSpec.build(game.config(2, card_data={"edge": edge}), game, ["random"] * 2, seed)
        first = run(spec, planned).seats[0]
        found += planning.first_seat_test(first.wins, first.games, 0.5).detected
    return planned, found


def test_a_planted_imbalance_is_found_with_the_planned_games(handicap: str) -> None:
    """A card file giving the first seat +1 a roll (a share of about 58%) against the plan for
    an 8-point advantage at 80% power: found in at least 80% of 40 runs; an even card file
    (edge 10) is "found" about as often as the 5% level allows."""
    planned, found = _detections(11, range(40))
    assert planned == 305
    assert found >= 32
    _, false_alarms = _detections(10, range(40))
    assert false_alarms <= 4
