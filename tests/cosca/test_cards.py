"""Mobster card data: the built-in cards agree with the rulebook; a user's file is validated."""

from __future__ import annotations

import copy

import pytest

from mobtable.core import BadCardData
from mobtable.core.cardfile import builtin_card_data
from mobtable.games.cosca.cards import builtin_mobsters, load_mobsters
from mobtable.games.cosca.model import Special, Weekday

from .helpers import GAME, decide

RULEBOOK_NAMES = {
    "John Brown",
    "Scarlett",
    "Henrietta",
    "Little Buck",
    "Roberto di Salvo",
    "Bobby",
    "Mama Pazzo",
    "Jacob Soldini",
    "Marco Ricci",
    "Lucky",
}


def by_name():
    return {m.name: m for m in builtin_mobsters()}


def test_twenty_cards_with_the_six_specials() -> None:
    cards = by_name()
    assert len(cards) == 20
    assert set(cards) >= RULEBOOK_NAMES
    specials = {m.name: m.special for m in cards.values() if m.special is not None}
    assert specials == {
        "John Brown": Special.SAME,
        "Scarlett": Special.DIFFERENT,
        "Henrietta": Special.MATCH3,
        "Little Buck": Special.FEWEST_MONEY,
        "Roberto di Salvo": Special.MOST_WEAPONS,
        "Bobby": Special.EQUAL,
    }
    for mobster in cards.values():
        if mobster.symbols is not None:
            assert 2 <= sum(mobster.symbols) <= 3


def test_the_rulebook_examples_hold_for_the_card_data() -> None:
    cards = by_name()
    assert Weekday.FRI in cards["John Brown"].days
    assert Weekday.FRI in cards["Mama Pazzo"].days
    assert cards["Jacob Soldini"].days == {Weekday.SAT, Weekday.SUN}


def test_reconstructed_parts_are_marked() -> None:
    for mobster in builtin_mobsters():
        if mobster.name not in RULEBOOK_NAMES:
            assert set(mobster.reconstructed) == {"name", "condition", "days"}
        elif mobster.special is None:
            assert "condition" in mobster.reconstructed
    assert "days" not in by_name()["Jacob Soldini"].reconstructed


def _data():
    return copy.deepcopy(builtin_card_data("mobtable.games.cosca"))


@pytest.mark.parametrize(
    "change, message",
    [
        (
            lambda d: d["mobsters"][4].__setitem__("days", ["mon", "fry"]),
            "mobsters[4].days: 'fry' is not a weekday",
        ),
        (lambda d: d["mobsters"][2].__setitem__("days", []), "mobsters[2].days: a mobster works"),
        (
            lambda d: d["mobsters"][3].__setitem__("days", ["mon", "mon"]),
            "mobsters[3].days: 'mon' is listed twice",
        ),
        (
            lambda d: d["mobsters"][7].__setitem__("condition", "BXZ"),
            "mobsters[7].condition: 'BXZ'",
        ),
        (lambda d: d["mobsters"][1].pop("name"), "mobsters[1]: missing field 'name'"),
        (lambda d: d["mobsters"][9].__setitem__("name", "Lucky "), None),
        (
            lambda d: d["mobsters"][9].__setitem__("name", "Bobby"),
            "mobsters[9].name: 'Bobby' is already mobsters[5]",
        ),
        (lambda d: d.__setitem__("mobsters", d["mobsters"][:10]), "10 cards are too few"),
        (
            lambda d: d["mobsters"][0].__setitem__("reconstructed", ["colour"]),
            "mobsters[0].reconstructed",
        ),
        (lambda d: d["mobsters"][0].__setitem__("days", "mon"), "mobsters[0].days: expected list"),
    ],
)
def test_bad_card_data_names_the_field(change, message) -> None:
    data = _data()
    change(data)
    if message is None:
        load_mobsters(data)
        return
    with pytest.raises(BadCardData, match=message.replace("[", r"\[").replace("]", r"\]")):
        GAME.load_cards(data)
    with pytest.raises(BadCardData):
        GAME.config(3, card_data=data)


def test_a_users_own_cards_are_played() -> None:
    data = _data()
    for number, entry in enumerate(data["mobsters"]):
        entry["name"] = f"Boss {number}"
        entry["condition"] = "BB"
        entry["days"] = ["mon"]
    config = GAME.config(2, options={"start_day": "mon"}, card_data=data)
    state = GAME.new_state(config, seed=1)
    assert all(m["name"].startswith("Boss") for m in state.view(0)["row"])
    decide(state, {0: "BBB", 1: "CCC"})
    assert [m["loyal"] for m in state.view(None)["row"]] == [0, 0, None]


def test_a_deck_over_the_mobster_limit_is_refused_naming_the_limit() -> None:
    from mobtable.games.cosca.cards import MAX_MOBSTERS

    data = _data()
    card = data["mobsters"][5]
    data["mobsters"] = [dict(card, name=f"Mobster {i}") for i in range(100_000)]
    with pytest.raises(BadCardData, match=f"at most {MAX_MOBSTERS} cards"):
        GAME.load_cards(data)
    data["mobsters"] = data["mobsters"][:MAX_MOBSTERS]
    assert len(GAME.load_cards(data)) == MAX_MOBSTERS


@pytest.mark.parametrize("version", [2, 0, "1", True, 1.0])
def test_a_card_file_version_other_than_1_is_refused(version: object) -> None:
    data = _data()
    data["version"] = version
    with pytest.raises(
        BadCardData, match="version: this engine reads COSCA card files of version 1"
    ):
        GAME.load_cards(data)
    del data["version"]
    assert GAME.load_cards(data)  # the version may be left out
