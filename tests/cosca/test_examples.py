"""Every worked example of the rulebook, entered from an explicit setup."""

from __future__ import annotations

from mobtable.games.cosca.model import HATS, VillaToken, villa_token

from .helpers import BLUE, GREEN, RED, decide, hats_under, loyal_to, table, totals


def test_setup_for_three_players() -> None:
    state = table(3, seed=4)
    assert len(state.row) == 3 and len(state.deck) == 17
    assert state.dice == [3, 3, 3]
    assert state.money == [1, 1, 1] and state.weapons == [1, 1, 1]
    assert all(villa_token(n) is VillaToken.BLACK for n in state.villa_got)
    assert [state.hats_free(s) for s in range(3)] == [HATS] * 3
    assert state.supply == [47, 32, 20]
    assert state.pending() == (0, 1, 2) and state.stage.value == "dice"


def test_friday_new_day_dice() -> None:
    """Green's John Brown and red's Mama Pazzo work on Friday; blue's Jacob Soldini does not."""
    state = table(
        3,
        {
            "start": "new-day",
            "round": 5,  # Monday start: day 5 is Friday
            "row": ["Mama Pazzo", "John Brown", "Jacob Soldini", "Bobby"],
            "loyal": {"Mama Pazzo": RED, "John Brown": GREEN, "Jacob Soldini": BLUE},
        },
    )
    assert state.weekday.code == "fri"
    assert state.dice == [4, 4, 3]
    assert len(state.row) == 5  # a new mobster joined at the right
    assert totals(state) == (50, 35, 29)


def test_villa_token_flips_then_goes_to_the_box() -> None:
    state = table(
        2,
        {
            "row": ["Jacob Soldini", "Lucky"],
            "deck": ["Marco Ricci", "Carmine Vella", "Nicky Bruno"],
            "money": [0, 0],
            "weapons": [0, 0],
        },
    )
    seen = []  # at the start of days 2, 3 and 4
    for _ in range(3):
        decide(state, {0: "V" * state.dice[0], 1: "BBB"})
        if state.stage.value == "villa":
            decide(state, {0: "villa"})
        seen.append((state.dice[0], villa_token(state.villa_got[0]).value, state.villa_die[0]))
    assert seen == [(4, "white", False), (4, "box", False), (3, "box", False)]


def test_red_players_four_dice_meet_two_new_mobsters_and_keep_lucky() -> None:
    state = table(
        3,
        {
            "start": "new-day",
            "round": 6,  # Saturday: Lucky works, Jacob Soldini works
            "row": ["Marco Ricci", "Jacob Soldini", "Lucky"],
            "deck": ["Vinnie Costa"],
            "loyal": {"Lucky": RED},
        },
    )
    assert state.dice[RED] == 4
    decide(state, {RED: "BGRS", GREEN: "CCC", BLUE: "VVV"})
    for name in ("Marco Ricci", "Jacob Soldini", "Lucky"):
        assert hats_under(state, name) == [RED]


def test_jacob_soldini_fight_red_wins_with_value_four() -> None:
    state = table(
        3,
        {
            "round": 7,
            "row": ["Jacob Soldini"],
            "money": [1, 3, 0],
            "weapons": [1, 0, 0],
        },
    )
    decide(state, {RED: "GGS", GREEN: "GGS", BLUE: "SSS"})
    decide(state, {RED: "gun0", GREEN: "gun0"})
    assert hats_under(state, "Jacob Soldini") == [RED, GREEN]
    assert state.stage.value == "fight"
    decide(state, {GREEN: "3m0w", RED: "1m1w"})
    assert loyal_to(state, "Jacob Soldini") == RED
    assert hats_under(state, "Jacob Soldini") == []
    assert (state.money[RED], state.weapons[RED], state.money[GREEN]) == (0, 0, 0)
    assert state.fights[-1]["winner"] == RED
    assert totals(state) == (50, 35, 29)


def _final(loyal: dict[str, int], money: list[int], weapons: list[int]):
    row = [
        "John Brown",
        "Scarlett",
        "Henrietta",
        "Little Buck",
        "Roberto di Salvo",
        "Bobby",
        "Mama Pazzo",
        "Jacob Soldini",
        "Marco Ricci",
    ]
    return table(
        3, {"start": "over", "row": row, "loyal": loyal, "money": money, "weapons": weapons}
    ).result()


def test_end_of_game_most_mobsters_wins() -> None:
    result = _final(
        {
            "John Brown": GREEN,
            "Scarlett": GREEN,
            "Henrietta": BLUE,
            "Little Buck": BLUE,
            "Roberto di Salvo": RED,
            "Bobby": RED,
            "Mama Pazzo": RED,
        },
        [0, 5, 5],
        [0, 5, 5],
    )
    assert result.winners == (RED,)
    assert result.scores == (3, 2, 2)
    assert result.tiebreak is None


def test_end_of_game_tie_on_resources_broken_by_leftmost_mobster() -> None:
    result = _final(
        {
            "John Brown": GREEN,
            "Scarlett": RED,
            "Henrietta": BLUE,
            "Little Buck": BLUE,
            "Roberto di Salvo": RED,
            "Bobby": GREEN,
            "Mama Pazzo": RED,
            "Jacob Soldini": BLUE,
        },
        [3, 0, 0],
        [0, 0, 1],
    )
    assert result.scores == (3, 2, 3)
    assert result.winners == (RED,)
    assert result.tiebreak == "leftmost loyal mobster"
    assert result.ranks == (1, 3, 2)


def test_end_of_game_tie_broken_by_resource_value() -> None:
    result = _final(
        {"John Brown": GREEN, "Scarlett": RED, "Henrietta": BLUE},
        [0, 0, 4],
        [1, 0, 0],
    )
    assert result.winners == (BLUE,)
    assert result.tiebreak == "resource value"
