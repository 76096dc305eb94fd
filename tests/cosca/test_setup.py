"""Configurations and explicit positions."""

from __future__ import annotations

import pytest

from mobtable.core import BadConfig, BadSetup

from .helpers import GAME, table, totals


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_player_count_deals_a_row_as_long_as_the_table(players: int) -> None:
    state = table(players, seed=players)
    assert len(state.row) == players and len(state.deck) == 20 - players
    assert totals(state) == (50, 35, 29)


@pytest.mark.parametrize("players", [1, 6])
def test_player_counts_outside_two_to_five_are_refused(players: int) -> None:
    with pytest.raises(BadConfig):
        GAME.config(players)


def test_options_are_checked() -> None:
    with pytest.raises(BadConfig, match="start_day"):
        GAME.config(3, options={"start_day": "fry"})
    with pytest.raises(BadConfig, match="no option"):
        GAME.config(3, options={"colour": "red"})


def test_an_explicit_position_is_entered_exactly() -> None:
    setup = {
        "round": 4,
        "row": ["Bobby", "Lucky", "Scarlett", "John Brown", "Henrietta", "Mama Pazzo"],
        "deck": ["Sal Moretti", "Joey Falco"],
        "loyal": {"Lucky": 1, "John Brown": 0},
        "drinks": ["Lucky"],
        "hats_under": {"Bobby": [0, 2]},
        "money": [4, 0, 7],
        "weapons": [2, 5, 0],
        "villa_used": [1, 0, 2],
        "villa_die": [True, False, False],
    }
    state = table(3, setup, seed=9)
    assert state.weekday.code == "thu"
    assert [state.cards[c].name for c in state.deck[:2]] == ["Sal Moretti", "Joey Falco"]
    assert len(state.deck) == 20 - 6
    assert state.loyal == [-1, 1, -1, 0, -1, -1]
    assert state.drink == [False, True, False, False, False, False]
    assert state.under[0] == 0b101
    assert state.dice == [3, 3, 3]  # Lucky (wed, sat) and John Brown (mon, wed, fri) rest
    assert state.hats_free(0) == 9 and state.hats_free(1) == 10
    assert totals(state) == (50, 35, 29)
    again = table(3, setup, seed=9)
    assert again.fingerprint() == state.fingerprint()


@pytest.mark.parametrize(
    "setup, message",
    [
        ({"colour": 1}, "unknown keys"),
        ({"round": 0}, "'round'"),
        ({"start": "later"}, "'start'"),
        ({"start": "new-day", "round": 1}, "day 1 has no phase 1"),
        ({"start": "over", "round": 3}, "end of day 7"),
        ({"row": ["Nobody"]}, "no mobster card is called 'Nobody'"),
        ({"row": ["Bobby"], "deck": ["Bobby"]}, "must not repeat"),
        ({"row": ["Bobby"], "loyal": {"Lucky": 0}}, "'Lucky' is not in the row"),
        ({"row": ["Bobby"], "loyal": {"Bobby": 5}}, "not a seat"),
        ({"row": ["Bobby"], "drinks": ["Bobby"]}, "loyal to nobody"),
        ({"money": [1, 2]}, "one value per player"),
        ({"money": [51, 0, 0]}, "0..50"),
        ({"money": [20, 20, 20]}, "more money than the box holds"),
        ({"dice": [2, 3, 3]}, "'dice'"),
        ({"villa_used": [2, 0, 0], "villa_die": [True, False, False]}, "more than 2 times"),
        (
            {"row": ["Bobby", "Lucky", "Scarlett", "Henrietta", "John Brown", "Mama Pazzo"]},
            "pass 11",
        ),
    ],
)
def test_bad_setups_name_the_problem(setup: dict, message: str) -> None:
    with pytest.raises(BadSetup, match=message):
        table(3, setup)


def test_too_many_hats_are_refused() -> None:
    names = [
        "Marco Ricci",
        "Mama Pazzo",
        "Lucky",
        "Sal Moretti",
        "Nicky Bruno",
        "Enzo Galante",
        "Paulie Russo",
        "Frankie Lupo",
        "Carmine Vella",
        "Dino Santoro",
        "Jacob Soldini",
    ]
    setup = {
        "round": 7,
        "row": names,
        "loyal": dict.fromkeys(names, 0),
        "hats_under": {"Lucky": [0]},
    }
    with pytest.raises(BadSetup, match="more than 11 hats"):
        table(2, setup)


def test_a_seedless_table_gets_a_seed_for_its_record() -> None:
    state = GAME.new_state(GAME.config(2))
    assert isinstance(state.origin.seed, int)
