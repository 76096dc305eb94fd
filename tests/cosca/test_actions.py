"""Action notation and the stable integer index."""

from __future__ import annotations

from math import comb

import pytest

from mobtable.core import InvalidNotation
from mobtable.games.cosca import actions
from mobtable.games.cosca.actions import Club, Gun, Offer, SetDice, Villa, dice_settings

from .helpers import GAME, config


@pytest.mark.parametrize(
    "text, action, canonical",
    [
        ("BBGS", SetDice((2, 1, 0, 0, 0, 1)), "BBGS"),
        ("sgbb", SetDice((2, 1, 0, 0, 0, 1)), "BBGS"),
        ("VVV", SetDice((0, 0, 0, 0, 3, 0)), "VVV"),
        ("gun2", Gun(2), "gun2"),
        ("GUN0", Gun(0), "gun0"),
        ("club2,5", Club((1, 4)), "club2,5"),
        ("club5,2", Club((1, 4)), "club2,5"),
        ("club-", Club(()), "club-"),
        ("club", Club(()), "club-"),
        ("villa", Villa(True), "villa"),
        ("novilla", Villa(False), "novilla"),
        ("2m1w", Offer(2, 1), "2m1w"),
        ("3m", Offer(3, 0), "3m0w"),
        ("1w", Offer(0, 1), "0m1w"),
        ("0m0w", Offer(0, 0), "0m0w"),
    ],
)
def test_notation_reads_and_writes(text: str, action, canonical: str) -> None:
    assert GAME.parse_action(text, config()) == action
    assert str(action) == canonical


@pytest.mark.parametrize(
    "text",
    ["", "BXG", "gun99", "club0", "club3,3", "club12", "51m0w", "0m36w", "B" * 16, "fold"],
)
def test_nonsense_is_refused(text: str) -> None:
    with pytest.raises(InvalidNotation):
        GAME.parse_action(text, config())


def test_every_index_round_trips() -> None:
    cfg = config()
    size = GAME.num_actions(cfg)
    assert size == actions.NUM_ACTIONS
    seen = set()
    for index in range(size):
        action = GAME.action_from_index(index, cfg)
        assert GAME.action_index(action, cfg) == index
        assert GAME.parse_action(str(action), cfg) == action
        seen.add(action)
    assert len(seen) == size
    with pytest.raises(InvalidNotation):
        GAME.action_from_index(size, cfg)


def test_dice_settings_are_multisets() -> None:
    for n in (3, 4, 5):
        settings = dice_settings(n)
        assert len(settings) == comb(n + 5, 5) == len(set(settings))
        assert all(s.size == n for s in settings)
    assert [str(s) for s in dice_settings(1)] == ["B", "G", "R", "C", "V", "S"]
    assert str(dice_settings(3)[0]) == "BBB"


def test_actions_are_frozen_values() -> None:
    with pytest.raises(AttributeError):
        Gun(1).exchanges = 2  # type: ignore[misc]
    assert hash(Offer(1, 2)) == hash(Offer(1, 2))
