"""Capo's own sealed step answers as the core's ``SealedStep`` does, operation by operation."""

from __future__ import annotations

import random
from typing import Any

import pytest

from mobtable.core import SealedStep
from mobtable.games.capo import GAME
from mobtable.games.capo.step import CapoStep


def _answers(step: Any) -> tuple[Any, ...]:
    return (
        step.seats,
        step.choices,
        step.announced,
        step.waiting(),
        step.committed(),
        step.known_committed(),
        step.complete(),
        step.public(),
        step.in_seat_order() if step.complete() else None,
    )


def test_capo_step_equals_sealed_step_over_random_operations() -> None:
    rng = random.Random(16)
    for _ in range(300):
        seats = rng.sample(range(7), rng.randint(0, 7))
        ours: Any = CapoStep.of(seats)
        theirs: Any = SealedStep.of(seats)
        assert _answers(ours) == _answers(theirs)
        for _ in range(rng.randint(0, 12)):
            move = rng.random()
            waiting = theirs.waiting()
            if move < 0.5 and waiting:
                seat, choice = rng.choice(waiting), rng.randint(0, 9)
                assert ours.commit(seat, choice) == theirs.commit(seat, choice)
            elif move < 0.75 and seats:
                seat = rng.choice(seats)
                ours, theirs = ours.forget_others(seat), theirs.forget_others(seat)
            else:
                ours, theirs = ours.copy(), theirs.copy()
            assert type(ours) is CapoStep
            assert _answers(ours) == _answers(theirs)


def test_copies_are_their_own() -> None:
    step = CapoStep.of([0, 1])
    step.commit(0, "a")
    copy = step.copy()
    copy.commit(1, "b")
    assert step.choices == {0: "a"} and copy.choices == {0: "a", 1: "b"}
    assert copy == CapoStep((0, 1), {0: "a", 1: "b"}) and copy != step
    with pytest.raises(TypeError):
        hash(step)


def test_a_capo_table_keeps_a_capo_step_through_a_game() -> None:
    state = GAME.new_state(GAME.config(4), seed=5)
    rng = random.Random(5)
    while not state.is_over():
        assert type(state.step) is CapoStep
        seat = state.pending()[0]
        legal = state.legal(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    assert state.step.seats == ()
