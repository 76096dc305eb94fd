"""Visibility: what each seat sees, and determinizations built from that alone."""

from __future__ import annotations

import json
import random

from .helpers import decide, table


def test_own_dice_before_the_reveal_others_only_committed() -> None:
    state = table(3, seed=5)
    state.apply_text(1, "BBS")
    mine, other, spectator = state.view(1), state.view(0), state.view(None)
    assert mine["mine"]["choice"] == "BBS"
    assert other["mine"]["choice"] is None and spectator["mine"] is None
    for view in (other, spectator):
        assert view["decision"]["committed"] == [1]
        assert "BBS" not in json.dumps(view)
    assert other["revealed"]["dice"] == [None, None, None]


def test_everyone_sees_the_dice_after_the_reveal() -> None:
    state = table(2, {"row": ["Bobby", "Lucky"], "money": [0, 0]})
    decide(state, {0: "VVC", 1: "CCR"})
    for seat in (0, 1, None):
        assert state.view(seat)["revealed"] == {"round": 1, "dice": ["CVV", "RCC"]}


def test_the_deck_order_and_the_seed_are_hidden() -> None:
    a = table(3, {"row": ["Bobby", "Lucky", "Scarlett"]}, seed=1)
    b = table(3, {"row": ["Bobby", "Lucky", "Scarlett"]}, seed=2)
    assert a.deck != b.deck
    for seat in (0, 1, 2, None):
        assert a.view(seat) == b.view(seat)
        text = json.dumps(a.view(seat))
        assert "seed" not in text and a.cards[a.deck[0]].name not in text
    assert a.view(0)["deck_left"] == 17


def test_determinize_reshuffles_the_deck_and_drops_other_commits() -> None:
    state = table(3, seed=8)
    state.apply_text(0, "BBB")
    state.apply_text(2, "SSS")
    sample = state.determinize(0, random.Random(4))
    assert sorted(sample.deck) == sorted(state.deck)
    assert sample.pending() == (1, 2)  # seat 2 owes its decision again
    assert sample.sealed.choices == {0: state.sealed.choices[0]}
    assert sample.view(0) == state.view(0)  # committed seats still show as committed
    assert sample.sealed.known_committed() == (0, 2)  # the core SealedStep keeps them
    assert sample.view(0)["decision"]["committed"] == [0, 2]
    assert sample.origin.seed is None and sample.history == []
    other = table(3, seed=8)
    other.apply_text(0, "BBB")
    other.apply_text(2, "CCC")  # differs only in a sealed choice red cannot see
    assert other.determinize(0, random.Random(4)).fingerprint() == sample.fingerprint()


def test_fight_offers_stay_sealed_until_all_fighters_commit() -> None:
    state = table(2, {"round": 7, "row": ["Carmine Vella"], "money": [3, 3], "weapons": [1, 1]})
    decide(state, {0: "GGC", 1: "GGC"})
    decide(state, {0: "gun0", 1: "gun0"})
    views = set()
    for offer in ("0m0w", "3m1w", "1m0w"):
        trial = state.clone()
        trial.apply_text(0, offer)
        views.add(json.dumps(trial.view(1), sort_keys=True))
    assert len(views) == 1
    decide(state, {0: "3m1w", 1: "0m1w"})
    assert state.view(None)["fights"][0]["offers"] == {"0": "3m1w", "1": "0m1w"}


def test_private_events_go_only_to_their_seat() -> None:
    state = table(2, seed=3)
    state.apply_text(0, "BGS")
    assert all("BGS" not in e.text for e in state.events_for(1))
    assert any("BGS" in e.text for e in state.events_for(0))
