"""Card data: the built-in file, its reconstruction marks, and validation errors."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from mobtable.core import BadCardData
from mobtable.core.cardfile import builtin_card_data, parse_card_text
from mobtable.games.capo import GAME
from mobtable.games.capo.cards import Effect, Special, load_cards

from .helpers import CARDS


def _data() -> dict:
    return copy.deepcopy(builtin_card_data("mobtable.games.capo"))


def test_component_counts() -> None:
    assert len(CARDS.mafiosi) == 70
    assert len(CARDS.assignments) == 16
    assert len(CARDS.events) == 10
    specials = Counter(c.special for c in CARDS.mafiosi if c.special is not None)
    assert specials == {
        Special.GIULIA_NAPOLI: 1,
        Special.LITTLE_TONY: 3,
        Special.MARIO_BERETTA: 1,
        Special.VINCENZO_FORZA: 1,
        Special.JOHN_MALONE: 1,
        Special.CAPTAIN_PENNY: 1,
    }
    assert [c.id for c in CARDS.mafiosi] == list(range(70))


def test_K_01_five_symbols_each_on_many_cards() -> None:
    assert CARDS.symbols == ("pistol", "knife", "cash", "car", "dynamite")
    per_symbol = Counter(s for c in CARDS.mafiosi for s in c.symbols)
    assert set(per_symbol) == set(CARDS.symbols)
    assert all(count >= 12 for count in per_symbol.values())
    assert all(0 <= c.stars <= 5 and len(c.symbols) <= 3 for c in CARDS.mafiosi)


def test_rulebook_special_assignments() -> None:
    by_name = {a.name: a for a in CARDS.assignments}
    bucks = by_name["A few bucks on the side"]
    assert (bucks.symbols, bucks.choice, bucks.stars) == ((), 1, 0)
    specialist = by_name["Specialist mission"]
    assert (specialist.symbols, specialist.choice, specialist.stars) == ((), 2, 2)
    promotion = by_name["Promotion contract"]
    assert (promotion.symbols, promotion.choice, promotion.stars) == ((), 3, 5)
    assert any(a.envelope for a in CARDS.assignments)
    assert not all(a.envelope for a in CARDS.assignments)


def test_events_are_all_implemented_and_distinct() -> None:
    assert {e.effect for e in CARDS.events} == set(Effect)
    assert all(e.text.strip() for e in CARDS.events)


def test_reconstructed_entries_are_marked() -> None:
    data = _data()
    described = {"A few bucks on the side", "Specialist mission", "Promotion contract"}
    for entry in data["assignments"]:
        assert entry.get("reconstructed", False) is (entry["name"] not in described)
    for entry in data["events"]:
        assert entry.get("reconstructed", False) is (entry["effect"] != "sit-down")
    # every Mafioso card's symbols and stars are ours: the rulebook prints none
    assert all(entry.get("reconstructed") for entry in data["mafiosi"])


def test_custom_card_data_is_used() -> None:
    data = _data()
    data["mafiosi"][0]["name"] = "Giulia la Bella"
    config = GAME.config(3, card_data=data)
    state = GAME.new_state(config, seed=1)
    assert state.cards.mafiosi[0].name == "Giulia la Bella"
    assert GAME.load_cards(None) is load_cards(None)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["mafiosi"][12].update(stars=9), r"mafiosi\[12\]\.stars: expected a whole"),
        (lambda d: d["mafiosi"][12].update(stars="2"), r"mafiosi\[12\]\.stars"),
        (lambda d: d["mafiosi"][3].update(symbols=["gun"]), r"mafiosi\[3\]\.symbols\[0\]"),
        (lambda d: d["mafiosi"][3].update(special="godfather"), r"mafiosi\[3\]\.special"),
        (lambda d: d["mafiosi"].pop(), r"mafiosi: expected 70 cards"),
        (lambda d: d["mafiosi"][2].update(copies=0), r"mafiosi\[2\]\.copies"),
        (lambda d: d["assignments"][4].pop("stars"), r"assignments\[4\]\.stars"),
        (lambda d: d["assignments"][4].update(choice=4), r"assignments\[4\]\.choice"),
        (lambda d: d["assignments"][4].update(envelope="yes"), r"assignments\[4\]\.envelope"),
        (lambda d: d["assignments"].pop(), r"assignments: expected 16"),
        (lambda d: d["events"][1].update(effect="earthquake"), r"events\[1\]\.effect"),
        (lambda d: d["events"][0].update(effect="omerta"), r"sit-down"),
        (lambda d: d["events"][2].update(text=""), r"events\[2\]\.text"),
        (lambda d: d.pop("symbols"), r"^symbols"),
        (lambda d: d["symbols"].append(dict(d["symbols"][0])), r"symbols\[5\]\.key"),
    ],
)
def test_bad_card_data_names_the_field(change, message) -> None:
    data = _data()
    change(data)
    with pytest.raises(BadCardData, match=message):
        GAME.load_cards(data)
    with pytest.raises(BadCardData, match=message):
        GAME.config(3, card_data=data)


def test_card_file_text_round_trip() -> None:
    with pytest.raises(BadCardData, match="not valid TOML"):
        parse_card_text("mafiosi = [", source="mine.toml")
    with pytest.raises(BadCardData):
        GAME.load_cards({"symbols": [{"key": "pistol", "name": "P"}], "mafiosi": ["x"]})


def test_lists_longer_than_a_deck_are_refused_before_each_entry_is_read() -> None:
    from mobtable.games.capo.cards import MAX_SYMBOLS

    data = _data()
    data["mafiosi"] = [dict(data["mafiosi"][0], copies=1)] * 100_000
    with pytest.raises(BadCardData, match="mafiosi: at most 70 entries"):
        GAME.load_cards(data)
    data = _data()
    data["symbols"] = [{"key": f"s{i}", "name": f"S{i}"} for i in range(100_000)]
    with pytest.raises(BadCardData, match=f"symbols: at most {MAX_SYMBOLS} entries"):
        GAME.load_cards(data)
