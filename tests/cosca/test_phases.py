"""Phase 1 (new day) and phase 3 (the city), place by place."""

from __future__ import annotations

import pytest

from .helpers import decide, drink, table, totals

LAST = {"round": 7}


def test_new_day_caps_money_and_weapons_at_ten() -> None:
    state = table(
        2,
        {
            "start": "new-day",
            "round": 3,
            "row": ["Bobby", "Lucky"],
            "money": [14, 3],
            "weapons": [12, 10],
        },
    )
    assert state.money == [10, 3] and state.weapons == [10, 10]
    assert totals(state) == (50, 35, 29)


def test_resources_may_pass_ten_during_the_day() -> None:
    state = table(2, {"round": 2, "row": ["Lucky"], "money": [10, 0], "weapons": [0, 0]})
    decide(state, {0: "RRR", 1: "CCC"})  # Tuesday: racetrack pays
    assert state.money[0] == 10  # capped again at the start of day 3


def test_new_mobster_joins_at_the_right() -> None:
    state = table(
        2, {"row": ["Bobby", "Lucky"], "deck": ["Scarlett"], "money": [0, 0], "weapons": [1, 0]}
    )
    decide(state, {0: "CCC", 1: "CCC"})
    assert [state.cards[c].name for c in state.row] == ["Bobby", "Lucky", "Scarlett"]


def test_bank_pays_one_per_die() -> None:
    state = table(2, {**LAST, "row": ["Jacob Soldini"], "money": [0, 0], "weapons": [0, 0]})
    decide(state, {0: "BBC", 1: "BCC"})
    assert state.money == [2, 1]


@pytest.mark.parametrize(
    "start, pays",
    [
        ("mon", True),
        ("tue", False),
        ("wed", True),
        ("thu", False),
        ("fri", True),
        ("sat", False),
        ("sun", True),
    ],
)
def test_racetrack_pays_on_tuesday_thursday_saturday_sunday(start: str, pays: bool) -> None:
    # day 7 of a week starting on ``start`` is the day before it
    state = table(
        2,
        {**LAST, "row": ["Jacob Soldini"], "money": [0, 0], "weapons": [0, 0], "dice": [3, 3]},
        start_day=start,
    )
    decide(state, {0: "RRC", 1: "CCC"})
    assert state.money[0] == (4 if pays else 0)


def test_gun_shop_exchanges_money_for_weapons() -> None:
    state = table(2, {**LAST, "row": ["Jacob Soldini"], "money": [1, 0], "weapons": [0, 0]})
    decide(state, {0: "BGG", 1: "CCC"})
    assert [str(a) for a in state.legal(0)] == ["gun0", "gun1", "gun2"]  # 1 + 1 from the bank
    decide(state, {0: "gun2"})
    assert (state.money[0], state.weapons[0]) == (0, 2)


def test_club_invites_only_own_mobsters_without_a_drink() -> None:
    state = table(
        2,
        {
            **LAST,
            "row": ["Lucky", "Bobby", "Scarlett"],
            "loyal": {"Lucky": 0, "Bobby": 0, "Scarlett": 1},
            "drinks": ["Bobby"],
            "money": [3, 3],
            "weapons": [3, 3],
            "dice": [3, 3],
        },
    )
    decide(state, {0: "CCC", 1: "CCC"})
    assert state.pending() == (0, 1)
    assert [str(a) for a in state.legal(0)] == ["club-", "club1"]
    assert [str(a) for a in state.legal(1)] == ["club-", "club3"]
    decide(state, {0: "club1", 1: "club-"})
    assert drink(state, "Lucky") and state.money == [2, 3]
    assert totals(state) == (50, 35, 29)


def test_villa_asks_are_limited_to_two_per_game() -> None:
    state = table(2, {"row": ["Lucky"], "villa_used": [1, 0], "villa_die": [True, False]})
    decide(state, {0: "VVV", 1: "VVV"})
    assert state.stage.value == "villa" and state.pending() == (1,)


def test_street_ties_pay_everyone_in_full() -> None:
    state = table(3, {**LAST, "row": ["Jacob Soldini"], "money": [0, 0, 0], "weapons": [0, 0, 0]})
    decide(state, {0: "SSC", 1: "SSC", 2: "SCC"})
    assert state.money == [1, 1, 0] and state.weapons == [1, 1, 0]
