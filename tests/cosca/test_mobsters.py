"""The six special mobsters, each checked at its own moment, and ordinary conditions."""

from __future__ import annotations

import pytest

from .helpers import decide, hats_under, loyal_to, table

LAST = {"round": 7, "dice": [3, 3]}
POOR = {"money": [0, 0], "weapons": [0, 0]}


def claimants(state, name: str) -> list[int]:
    return sorted(
        {
            e.data["seat"]
            for e in state.events
            if e.kind == "hat-placed" and e.data["mobster"] == name
        }
    )


@pytest.mark.parametrize(
    "name, red, meets",
    [
        ("John Brown", "BBB", True),
        ("John Brown", "BBG", False),
        ("Scarlett", "BGR", True),
        ("Scarlett", "BBG", False),
        ("Marco Ricci", "RSS", True),
        ("Marco Ricci", "RRC", False),
        ("Sal Moretti", "BBG", True),
        ("Sal Moretti", "BGG", False),
    ],
)
def test_dice_conditions_at_the_reveal(name: str, red: str, meets: bool) -> None:
    state = table(2, {**LAST, **POOR, "row": [name]})
    state.apply_text(0, red)
    state.apply_text(1, "CVV")
    assert (0 in claimants(state, name)) is meets


def test_john_brown_with_more_dice_and_scarlett_impossible_with_seven() -> None:
    state = table(2, {**LAST, **POOR, "row": ["John Brown", "Scarlett"], "dice": [7, 3]})
    decide(state, {0: "SSSSSSS", 1: "BGR"})
    assert claimants(state, "John Brown") == [0]
    assert claimants(state, "Scarlett") == [1]


def test_little_buck_is_checked_after_the_city() -> None:
    state = table(2, {**LAST, "row": ["Little Buck"], "money": [0, 1], "weapons": [0, 0]})
    decide(state, {0: "BBB", 1: "CCC"})  # before the Bank red had the fewest; after, green
    assert loyal_to(state, "Little Buck") == 1


def test_roberto_di_salvo_counts_weapons_bought_at_the_gun_shop() -> None:
    state = table(2, {**LAST, "row": ["Roberto di Salvo"], "money": [3, 0], "weapons": [0, 1]})
    decide(state, {0: "GGG", 1: "CCC"})
    decide(state, {0: "gun3"})
    assert loyal_to(state, "Roberto di Salvo") == 0


def test_bobby_counts_zero_and_zero_as_equal() -> None:
    state = table(2, {**LAST, "row": ["Bobby"], "money": [0, 1], "weapons": [0, 0]})
    decide(state, {0: "CCC", 1: "BCC"})
    assert loyal_to(state, "Bobby") == 0


def test_resource_hats_come_after_the_city_actions() -> None:
    state = table(2, {**LAST, **POOR, "row": ["Bobby", "Jacob Soldini"]})
    decide(state, {0: "GSV", 1: "CCC"})
    kinds = [e.kind for e in state.events]
    jacob = next(
        i
        for i, e in enumerate(state.events)
        if e.kind == "hat-placed" and e.data["mobster"] == "Jacob Soldini"
    )
    street = kinds.index("street-money")
    bobby = next(
        i
        for i, e in enumerate(state.events)
        if e.kind == "hat-placed" and e.data["mobster"] == "Bobby"
    )
    assert jacob < street < bobby


def test_a_lone_claimant_takes_the_mobster_and_the_old_hat_goes_home() -> None:
    state = table(2, {**LAST, **POOR, "row": ["Jacob Soldini"], "loyal": {"Jacob Soldini": 1}})
    assert state.hats_free(1) == 10
    decide(state, {0: "GSC", 1: "CCC"})
    assert loyal_to(state, "Jacob Soldini") == 0
    assert state.hats_free(1) == 11 and state.hats_free(0) == 10


def test_three_way_fight_tie_at_the_top() -> None:
    state = table(
        3, {"round": 7, "row": ["Jacob Soldini"], "money": [2, 2, 2], "weapons": [1, 1, 1]}
    )
    decide(state, {0: "GSC", 1: "GSC", 2: "GSC"})
    decide(state, {0: "gun0", 1: "gun0", 2: "gun0"})
    decide(state, {0: "0m1w", 1: "2m0w", 2: "1m0w"})  # values 3, 2, 1
    assert loyal_to(state, "Jacob Soldini") == 0
    assert state.money == [3, 1, 2] and state.weapons == [1, 2, 2]


def test_tied_hats_stay_and_losers_go_home() -> None:
    state = table(
        3,
        {
            "round": 6,
            "row": ["Jacob Soldini"],
            "deck": ["Bobby"],
            "money": [2, 2, 2],
            "weapons": [0, 0, 0],
            "dice": [3, 3, 3],
        },
    )
    decide(state, {0: "GSC", 1: "GSC", 2: "GSC"})
    decide(state, {0: "gun0", 1: "gun0", 2: "gun0"})
    decide(state, {0: "2m0w", 1: "2m0w", 2: "1m0w"})
    assert loyal_to(state, "Jacob Soldini") is None
    assert hats_under(state, "Jacob Soldini") == [0, 1]
    assert state.fights[-1]["tied"] == [0, 1]
