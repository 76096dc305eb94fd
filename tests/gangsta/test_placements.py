"""The lazy legal placements answer as the list of placements they stand for."""

from __future__ import annotations

import random

import pytest

from mobtable.games.gangsta.actions import Placements

from .helpers import GAME


@pytest.mark.parametrize("seed", range(4))
def test_placements_index_and_membership_are_the_lists(seed: int) -> None:
    state = GAME.new_state(GAME.config(4), seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not state.is_over():
        seat = state.pending()[0]
        legal = state.legal(seat)
        if isinstance(legal, Placements):
            listed = list(legal)
            assert len(listed) == len(legal) and [legal[i] for i in range(len(legal))] == listed
            assert [legal.index(action) for action in listed] == list(range(len(listed)))
            others = [a for a in state.table.place if a not in listed]
            assert others and not any(a in legal for a in others)
            for action in [*others[:5], state.table.single[0], "R5W@A1"]:
                with pytest.raises(ValueError):
                    legal.index(action)
            if len(listed) > 1:  # with a start: the Sequence way
                assert legal.index(listed[-1], 1) == len(listed) - 1
            checked += 1
        state.apply(seat, legal[rng.randrange(len(legal))], check=False)
    assert checked > 10
