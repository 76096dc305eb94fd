"""SealedStep: commitments stay sealed, and determinized copies keep what is public."""

from __future__ import annotations

import random

from mobtable import games
from mobtable.core import SealedStep


def test_commit_until_complete_in_seat_order() -> None:
    step: SealedStep[str] = SealedStep.of([2, 0, 1])
    assert step.waiting() == (0, 1, 2)
    assert not step.commit(1, "b")
    assert not step.commit(0, "a")
    assert step.commit(2, "c")
    assert step.in_seat_order() == [(0, "a"), (1, "b"), (2, "c")]


def test_forgetting_others_keeps_them_announced() -> None:
    step: SealedStep[str] = SealedStep.of([0, 1, 2])
    step.commit(0, "mine")
    step.commit(2, "theirs")
    sample = step.forget_others(0)
    assert sample.choices == {0: "mine"}
    assert sample.waiting() == (1, 2)  # seat 2 must decide again in the sample
    assert sample.public() == step.public() == {"seats": [0, 1, 2], "committed": [0, 2]}
    sample.commit(2, "resampled")
    assert sample.public() == {"seats": [0, 1, 2], "committed": [0, 2]}


def test_a_determinized_table_mid_step_shows_the_same_committed_seats() -> None:
    game = games.get("sealed-bid")
    state = game.new_state(game.config(3), seed=1)
    state.apply(1, state.legal(1)[3])
    for seat in (0, 2):
        sample = state.determinize(seat, random.Random(0))
        assert sample.view(seat) == state.view(seat)
        assert sample.view(seat)["bidding"]["committed"] == [1]
        assert 1 in sample.pending()
