"""One test (at least) per decision C-01 ... C-15 of docs/rules/cosca.md."""

from __future__ import annotations

import datetime

import pytest

from mobtable.games.cosca import rules as rules_module
from mobtable.games.cosca.supply import share

from .helpers import (
    BLUE,
    GAME,
    GREEN,
    RED,
    decide,
    drink,
    hats_under,
    loyal_to,
    table,
    totals,
)

LAST = {"round": 7}


# C-01 ----------------------------------------------------------------------------
def test_C_01_supply_is_limited_by_default_and_shared_evenly_when_short() -> None:
    assert GAME.config(2).option("supply") == "limited"
    assert share(5, {0: 3, 1: 1, 2: 3}) == {0: 2, 1: 1, 2: 2}
    assert share(1, {0: 1, 1: 1}) == {0: 0, 1: 0}
    assert share(None, {0: 9}) == {0: 9}


@pytest.mark.parametrize("supply", ["limited", "unlimited"])
def test_C_01_street_weapons_when_the_supply_runs_out(supply: str) -> None:
    state = table(
        4,
        {**LAST, "row": ["Jacob Soldini"], "weapons": [10, 10, 10, 4], "money": [0, 0, 0, 0]},
        supply=supply,
    )
    assert state.supply[1] == 1
    decide(state, {0: "SSS", 1: "SSS", 2: "BBB", 3: "CCC"})
    assert state.money[:2] == [1, 1]
    if supply == "limited":  # one weapon cannot be split between two winners: it stays
        assert state.weapons[:2] == [10, 10] and state.supply[1] == 1
    else:
        assert state.weapons[:2] == [11, 11] and state.supply[1] == -1
    assert totals(state) == (50, 35, 29)


def test_C_01_dice_for_loyal_mobsters_are_limited_too() -> None:
    row = ["Marco Ricci", "Lucky", "Sal Moretti", "Nicky Bruno", "Paulie Russo"]
    state = table(
        2,
        {
            "start": "new-day",
            "round": 2,  # Tuesday: Marco Ricci, Nicky Bruno and Paulie Russo work
            "row": row,
            "loyal": {"Marco Ricci": 0, "Nicky Bruno": 0, "Paulie Russo": 1},
            "dice": [15, 14],
        },
    )
    assert state.dice == [5, 4]
    tight = table(
        2,
        {
            "start": "new-day",
            "round": 2,
            "row": row,
            "loyal": {"Marco Ricci": 0, "Nicky Bruno": 0, "Paulie Russo": 1},
            "villa_die": [True, True],
            "villa_used": [1, 1],
            "dice": [15, 12],
        },
    )
    assert tight.dice[0] >= 3 and totals(tight)[2] == 29


# C-02 ----------------------------------------------------------------------------
def test_C_02_a_player_without_a_free_hat_cannot_claim_or_defend() -> None:
    owned = [
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
    ]
    state = table(
        2,
        {
            **LAST,
            "row": [*owned, "Jacob Soldini"],
            "loyal": dict.fromkeys(owned, RED),
            "hats_under": {"Jacob Soldini": [RED, GREEN]},
            "money": [0, 0],
            "weapons": [0, 0],
            "dice": [3, 3],
        },
    )
    assert state.hats_free(RED) == 0
    decide(state, {RED: "RSS", GREEN: "RSS"})
    assert any(e.kind == "no-free-hat" for e in state.events)
    decide(state, {RED: "0m0w", GREEN: "0m0w"})  # the tied fight for Jacob Soldini
    assert loyal_to(state, "Marco Ricci") == GREEN  # red could not defend him


# C-03 ----------------------------------------------------------------------------
def test_C_03_most_street_symbols_needs_at_least_one() -> None:
    state = table(2, {**LAST, "row": ["Jacob Soldini"]})
    decide(state, {0: "BBB", 1: "CCC"})
    assert not any(e.kind.startswith("street") for e in state.events)
    state = table(2, {**LAST, "row": ["Jacob Soldini"], "money": [0, 0], "weapons": [0, 0]})
    decide(state, {0: "BBS", 1: "CCC"})
    assert (state.money[0], state.weapons[0]) == (3, 1)


# C-04 ----------------------------------------------------------------------------
@pytest.mark.parametrize("ties, claims", [("shared", [0, 1]), ("strict", [])])
def test_C_04_little_buck_fewest_money_shared_or_strict(ties: str, claims: list[int]) -> None:
    state = table(
        3,
        {**LAST, "row": ["Little Buck"], "money": [2, 2, 1], "weapons": [0, 0, 0]},
        resource_ties=ties,
    )
    decide(state, {0: "CCC", 1: "CCC", 2: "BBB"})  # after the Bank: 2, 2, 4
    seen = [int(s) for e in state.events if e.kind == "hat-placed" for s in [e.data["seat"]]]
    assert seen == claims


def test_C_04_roberto_di_salvo_needs_at_least_one_weapon() -> None:
    state = table(2, {**LAST, "row": ["Roberto di Salvo"], "money": [0, 0], "weapons": [0, 0]})
    decide(state, {0: "CCC", 1: "CCC"})
    assert not any(e.kind == "hat-placed" for e in state.events)
    state = table(2, {**LAST, "row": ["Roberto di Salvo"], "money": [0, 0], "weapons": [1, 0]})
    decide(state, {0: "CCC", 1: "CCC"})
    assert loyal_to(state, "Roberto di Salvo") == 0


# C-05 ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "mode, red, green, meets",
    [
        ("multiset", "BBGS", "BBGR", True),
        ("multiset", "BBG", "BGG", False),
        ("multiset", "BBB", "BRR", False),
        ("symbols", "BBB", "BRR", True),
        ("symbols", "BRV", "CCS", False),
    ],
)
def test_C_05_henrietta_compares_dice_with_one_other_player(
    mode: str, red: str, green: str, meets: bool
) -> None:
    dice = [len(red), len(green), 3]
    state = table(
        3,
        {**LAST, "row": ["Henrietta"], "dice": dice, "money": [0, 0, 0], "weapons": [0, 0, 0]},
        henrietta=mode,
    )
    decide(state, {RED: red, GREEN: green, BLUE: "CCC"})
    placed = {e.data["seat"] for e in state.events if e.kind == "hat-placed"}
    assert (RED in placed) is meets


# C-06 ----------------------------------------------------------------------------
def test_C_06_tied_fighters_fight_again_next_day_whatever_their_dice() -> None:
    state = table(2, {"round": 6, "row": ["Jacob Soldini"], "deck": ["Bobby"], "money": [2, 2]})
    decide(state, {0: "GSC", 1: "GSC"})
    decide(state, {0: "gun0", 1: "gun0"})
    decide(state, {0: "1m0w", 1: "1m0w"})  # a tie: nobody's, both hats stay
    assert loyal_to(state, "Jacob Soldini") is None
    assert hats_under(state, "Jacob Soldini") == [0, 1]
    decide(state, {0: "CCC", 1: "CCC"})  # day 7: neither meets G+S any more
    assert state.stage.value == "fight" and state.fighters == (0, 1)
    decide(state, {0: "1m0w", 1: "0m0w"})
    assert loyal_to(state, "Jacob Soldini") == 0


def test_C_06_a_lone_tied_hat_wins_without_a_fight() -> None:
    state = table(2, {**LAST, "row": ["Jacob Soldini"], "hats_under": {"Jacob Soldini": [1]}})
    decide(state, {0: "CCC", 1: "CCC"})
    assert loyal_to(state, "Jacob Soldini") == 1 and state.fights == []


# C-07 ----------------------------------------------------------------------------
def test_C_07_gun_shop_is_optional_per_die() -> None:
    state = table(2, {**LAST, "row": ["Bobby"], "money": [5, 0]})
    decide(state, {0: "GGB", 1: "GGG"})
    assert state.pending() == (0,)  # seat 1 has no money to exchange
    assert [str(a) for a in state.legal(0)] == ["gun0", "gun1", "gun2"]
    decide(state, {0: "gun1"})
    assert (state.money[0], state.weapons[0]) == (5, 2)  # +1 bank, -1 exchanged


def test_C_07_club_invitations_are_optional_per_die() -> None:
    mine = ["Marco Ricci", "Lucky", "Sal Moretti"]
    state = table(2, {**LAST, "row": mine, "loyal": dict.fromkeys(mine, 0), "money": [5, 5]})
    decide(state, {0: "CCV", 1: "VVV"})
    legal = [str(a) for a in state.legal(0)]
    assert legal == ["club-", "club1", "club2", "club3", "club1,2", "club1,3", "club2,3"]
    decide(state, {0: "club2"})
    assert drink(state, "Lucky") and not drink(state, "Marco Ricci")
    assert state.money[0] == 4


# C-08 ----------------------------------------------------------------------------
def test_C_08_drink_holder_against_a_single_challenger() -> None:
    state = table(
        2,
        {
            "round": 6,
            "row": ["Jacob Soldini"],
            "deck": ["Bobby"],
            "loyal": {"Jacob Soldini": RED},
            "drinks": ["Jacob Soldini"],
            "money": [3, 3],
            "weapons": [0, 0],
            "dice": [3, 3],
        },
    )
    decide(state, {RED: "CCC", GREEN: "GSB"})
    decide(state, {GREEN: "gun0"})
    assert state.stage.value == "fight" and state.fighters == (RED, GREEN)
    assert not drink(state, "Jacob Soldini")  # the drink was spent to join the fight
    decide(state, {RED: "2m0w", GREEN: "2m0w"})
    assert loyal_to(state, "Jacob Soldini") == RED  # a tie keeps the old loyalty
    assert hats_under(state, "Jacob Soldini") == [RED, GREEN]  # both fight again tomorrow
    assert totals(state) == (50, 35, 29)


# C-09 ----------------------------------------------------------------------------
def test_C_09_an_uncontested_drink_is_kept() -> None:
    state = table(
        2,
        {
            **LAST,
            "row": ["Jacob Soldini"],
            "loyal": {"Jacob Soldini": RED},
            "drinks": ["Jacob Soldini"],
            "dice": [3, 3],
        },
    )
    decide(state, {RED: "CCC", GREEN: "CCC"})
    assert drink(state, "Jacob Soldini") and loyal_to(state, "Jacob Soldini") == RED


def test_C_09_an_owner_meeting_the_condition_keeps_the_drink() -> None:
    state = table(
        2,
        {
            **LAST,
            "row": ["Jacob Soldini"],
            "loyal": {"Jacob Soldini": RED},
            "drinks": ["Jacob Soldini"],
            "money": [0, 0],
            "weapons": [1, 1],
            "dice": [3, 3],
        },
    )
    decide(state, {RED: "GSS", GREEN: "GGS"})
    assert drink(state, "Jacob Soldini")
    decide(state, {RED: "0m1w", GREEN: "0m0w"})
    assert drink(state, "Jacob Soldini") and loyal_to(state, "Jacob Soldini") == RED


def test_C_09_an_owner_meeting_the_condition_keeps_the_drink_without_a_free_hat() -> None:
    """The Club: the token goes back only if his dice do not meet the condition. Red's dice
    meet Jacob Soldini's but all 11 hats are on cards (C-02): the drink brings him into the
    fight, and he keeps it."""
    owned = [
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
    state = table(
        2,
        {
            **LAST,
            "row": owned,
            "loyal": dict.fromkeys(owned, RED),
            "drinks": ["Jacob Soldini"],
            "money": [0, 0],
            "weapons": [1, 1],
            "dice": [3, 3],
        },
    )
    before = state.supply[0]
    assert state.hats_free(RED) == 0
    decide(state, {RED: "GSS", GREEN: "GGS"})
    assert any(e.kind == "no-free-hat" and e.data["seat"] == RED for e in state.events)
    assert drink(state, "Jacob Soldini")
    assert state.pending() == (RED, GREEN)  # the drink brought red into the fight
    decide(state, {RED: "0m1w", GREEN: "0m0w"})
    assert loyal_to(state, "Jacob Soldini") == RED and drink(state, "Jacob Soldini")
    assert not any(e.kind == "drink-spent" for e in state.events)
    assert state.supply[0] == before - 1  # only red's Street money left the supply


def test_C_09_the_drink_returns_to_the_supply_when_loyalty_passes() -> None:
    state = table(
        2,
        {
            **LAST,
            "row": ["Jacob Soldini"],
            "loyal": {"Jacob Soldini": RED},
            "drinks": ["Jacob Soldini"],
            "money": [0, 0],
            "weapons": [1, 1],
            "dice": [3, 3],
        },
    )
    before = state.supply[0]
    decide(state, {RED: "GSS", GREEN: "GGS"})
    decide(state, {RED: "0m0w", GREEN: "0m1w"})
    assert loyal_to(state, "Jacob Soldini") == GREEN and not drink(state, "Jacob Soldini")
    assert state.supply[0] == before - 1 + 1  # red's Street money out, the drink back in
    assert totals(state) == (50, 35, 29)


def _tied_owner_with_a_drink() -> dict[str, object]:
    """Red owns Jacob Soldini (Gun Shop + Street), tied with green yesterday (both
    hats still under the card) and has since bought him a new drink."""
    return {
        **LAST,
        "row": ["Jacob Soldini"],
        "loyal": {"Jacob Soldini": RED},
        "drinks": ["Jacob Soldini"],
        "hats_under": {"Jacob Soldini": [RED, GREEN]},
        "money": [2, 2],
        "weapons": [0, 0],
        "dice": [3, 3],
    }


def test_C_09_a_tied_owner_who_fights_without_meeting_the_condition_returns_the_drink() -> None:
    """Rulebook, Club: taking part in a fight without meeting the condition returns
    the money token, whatever brought the owner into the fight."""
    state = table(2, _tied_owner_with_a_drink())
    before = state.supply[0]
    decide(state, {RED: "CCC", GREEN: "BBB"})  # red does not meet the condition today
    assert state.stage.value == "fight" and state.fighters == (RED, GREEN)
    # green's three Bank dice take 3 money from the supply, the drink brings 1 back
    assert not drink(state, "Jacob Soldini") and state.supply[0] == before - 3 + 1
    assert any(e.kind == "drink-spent" for e in state.events)
    decide(state, {RED: "1m0w", GREEN: "1m0w"})
    assert loyal_to(state, "Jacob Soldini") == RED and not drink(state, "Jacob Soldini")
    assert totals(state) == (50, 35, 29)


def test_C_09_a_tied_owner_who_meets_the_condition_keeps_the_drink() -> None:
    state = table(2, _tied_owner_with_a_drink())
    decide(state, {RED: "GSC", GREEN: "BBB"})
    decide(state, {RED: "gun0"})  # no exchange at the Gun Shop
    assert state.stage.value == "fight" and state.fighters == (RED, GREEN)
    assert drink(state, "Jacob Soldini")
    decide(state, {RED: "1m0w", GREEN: "0m0w"})
    assert loyal_to(state, "Jacob Soldini") == RED and drink(state, "Jacob Soldini")
    assert totals(state) == (50, 35, 29)


def test_C_09_a_resource_condition_is_judged_after_the_city_not_after_fights() -> None:
    """Red has the fewest money after the city, so he meets Little Buck's condition;
    green's offer in the earlier fight leaves green poorer, which changes nothing."""
    state = table(
        3,
        {
            **LAST,
            "row": ["Jacob Soldini", "Little Buck"],
            "loyal": {"Little Buck": RED},
            "drinks": ["Little Buck"],
            "hats_under": {"Little Buck": [RED, BLUE]},
            "money": [1, 2, 2],
            "weapons": [0, 0, 0],
            "dice": [3, 3, 3],
        },
    )
    decide(state, {RED: "CCC", GREEN: "GSS", BLUE: "GSS"})
    decide(state, {GREEN: "gun0", BLUE: "gun0"})
    assert state.fighters == (GREEN, BLUE) and state.money == [1, 3, 3]
    decide(state, {GREEN: "3m0w", BLUE: "0m0w"})  # green now has less money than red
    assert state.fighters == (RED, BLUE) and state.money[GREEN] < state.money[RED]
    assert drink(state, "Little Buck")  # red met the condition when the hats were placed
    decide(state, {RED: "0m0w", BLUE: "0m0w"})
    assert loyal_to(state, "Little Buck") == RED and drink(state, "Little Buck")
    assert totals(state) == (50, 35, 29)


# C-10 ----------------------------------------------------------------------------
def test_C_10_city_choices_are_sealed_and_only_real_choices_are_asked() -> None:
    state = table(3, {**LAST, "row": ["Bobby"], "money": [2, 2, 0]})
    decide(state, {RED: "GGG", GREEN: "GBB", BLUE: "GGG"})
    assert state.stage.value == "gun" and state.pending() == (RED, GREEN)
    state.apply_text(GREEN, "gun1")
    assert state.view(RED)["decision"]["committed"] == [GREEN]
    assert state.weapons == [1, 1, 1]  # nothing happens before everyone has decided
    state.apply_text(RED, "gun2")
    assert state.weapons[:2] == [3, 2]


def test_C_10_a_fighter_with_nothing_offers_nothing_unasked() -> None:
    state = table(2, {**LAST, "row": ["Jacob Soldini"], "money": [2, 0], "weapons": [0, 0]})
    decide(state, {0: "GSS", 1: "GSC"})  # red alone wins the Street
    decide(state, {0: "gun0"})
    assert state.stage.value == "fight" and state.pending() == (0,)
    decide(state, {0: "1m0w"})
    assert loyal_to(state, "Jacob Soldini") == 0


# C-11 ----------------------------------------------------------------------------
def test_C_11_start_day_defaults_to_the_seed_never_the_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import mobtable.games.cosca.game as game_module

    config = GAME.config(2)
    assert config.option("start_day") == "seed"
    starts = set()
    for today in ("thu", "sat"):
        monkeypatch.setattr(rules_module, "today_code", lambda today=today: today)
        monkeypatch.setattr(game_module, "today_code", lambda today=today: today)
        starts.add(GAME.new_state(GAME.config(2), seed=9).view(0)["calendar"]["start_day"])
    assert starts == {"wed"}  # 9 % 7 = 2: Wednesday, whatever the day
    days = {GAME.new_state(config, seed=s).view(0)["calendar"]["start_day"] for s in range(7)}
    assert len(days) == 7


def test_C_11_today_is_resolved_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import mobtable.games.cosca.game as game_module

    monkeypatch.setattr(game_module, "today_code", lambda: "thu")
    config = GAME.config(2, options={"start_day": "today"})
    assert config.option("start_day") == "thu"
    monkeypatch.setattr(game_module, "today_code", lambda: "sat")
    again = GAME.config_from_json(config.to_json())
    assert again.option("start_day") == "thu"  # a replay never depends on the day
    assert GAME.config(2, options={"start_day": "today"}).option("start_day") == "sat"


def test_C_11_today_is_the_local_weekday() -> None:
    assert (
        rules_module.today_code()
        == ["mon", "tue", "wed", "thu", "fri", "sat", "sun"][datetime.date.today().weekday()]
    )


def test_C_11_seven_rounds_ending_the_day_before_the_start() -> None:
    state = table(2, seed=3, start_day="wed")
    days = []
    while not state.is_over():
        if state.stage.value == "dice" and (not days or days[-1] != state.weekday.code):
            days.append(state.weekday.code)
        seat = state.pending()[0]
        state.apply(seat, state.legal(seat)[0])
    assert days == ["wed", "thu", "fri", "sat", "sun", "mon", "tue"]
    assert state.view(0)["calendar"]["last_day"] == "tue"


# C-12 ----------------------------------------------------------------------------
def test_C_12_no_villa_on_the_last_day_nor_without_a_die_in_the_supply() -> None:
    state = table(2, {**LAST, "row": ["Bobby"], "money": [0, 0]})
    decide(state, {0: "VVV", 1: "VVV"})
    assert state.is_over()  # nobody was asked about the villa
    state = table(2, {"row": ["Bobby"], "dice": [15, 14]})
    decide(state, {0: "V" * 15, 1: "V" * 14})
    assert state.stage.value != "villa"
    state = table(2, {"row": ["Bobby"], "dice": [15, 14]}, supply="unlimited")
    decide(state, {0: "V" * 15, 1: "V" * 14})
    assert state.stage.value == "villa"


# C-13 ----------------------------------------------------------------------------
def test_C_13_an_owner_meeting_the_condition_defends_with_a_hat() -> None:
    state = table(
        2,
        {
            **LAST,
            "row": ["Jacob Soldini"],
            "loyal": {"Jacob Soldini": RED},
            "money": [0, 0],
            "dice": [3, 3],
        },
    )
    decide(state, {RED: "GSC", GREEN: "GSC"})
    assert hats_under(state, "Jacob Soldini") == [RED, GREEN]
    assert state.hats_free(RED) == 9
    decide(state, {RED: "0m1w", GREEN: "0m0w"})
    assert loyal_to(state, "Jacob Soldini") == RED and state.hats_free(RED) == 10


# C-14 ----------------------------------------------------------------------------
def test_C_14_drink_money_is_not_counted_in_the_resource_tiebreak() -> None:
    state = table(
        2,
        {
            "start": "over",
            "row": ["Lucky", "Bobby"],
            "loyal": {"Lucky": GREEN, "Bobby": RED},
            "drinks": ["Lucky"],
            "money": [2, 1],
            "weapons": [0, 0],
        },
    )
    assert state.result().winners == (RED,)
    assert state.result().tiebreak == "resource value"


# C-15 ----------------------------------------------------------------------------
def test_C_15_holdings_stay_public_in_a_fight_but_offers_are_sealed() -> None:
    state = table(2, {**LAST, "row": ["Carmine Vella"], "money": [3, 3], "weapons": [1, 1]})
    decide(state, {0: "GGC", 1: "GGC"})
    decide(state, {0: "gun0", 1: "gun0"})
    state.apply_text(0, "2m1w")
    seen = state.view(1)
    assert seen["table"][0]["money"] == 3 and seen["table"][0]["weapons"] == 1
    assert "2m1w" not in str(seen) and seen["mine"]["choice"] is None
    assert state.view(0)["mine"]["choice"] == "2m1w"
