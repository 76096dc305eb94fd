"""Illegal actions are refused with the rule named, and change nothing."""

from __future__ import annotations

import json

import pytest

from mobtable.core import IllegalAction, NotYourTurn

from .helpers import decide, table


def _refused(state, seat: int, text: str, rule: str) -> None:
    before = json.dumps(state.fingerprint(), sort_keys=True)
    with pytest.raises(IllegalAction) as caught:
        state.apply_text(seat, text)
    assert caught.value.rule == rule
    assert json.dumps(state.fingerprint(), sort_keys=True) == before


def test_dice_must_all_be_set_and_only_once() -> None:
    state = table(2, seed=1)
    _refused(state, 0, "BB", "dice-count")
    _refused(state, 0, "gun1", "stage")
    state.apply_text(0, "BBB")
    with pytest.raises(NotYourTurn):
        state.apply_text(0, "CCC")


def test_city_and_fight_limits_name_their_rule() -> None:
    state = table(
        2,
        {
            "round": 7,
            "row": ["Lucky", "Jacob Soldini"],
            "loyal": {"Lucky": 1},
            "money": [1, 2],
            "weapons": [0, 1],
            "dice": [3, 3],
        },
    )
    decide(state, {0: "GSC", 1: "GSC"})
    _refused(state, 0, "gun2", "gun-shop")
    decide(state, {0: "gun0", 1: "gun0"})
    _refused(state, 1, "club2", "club")
    decide(state, {1: "club1"})
    _refused(state, 0, "5m0w", "fight-offer")
    _refused(state, 0, "villa", "stage")
