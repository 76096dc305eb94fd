"""Each game's state copies (``sample_copy``, ``clone``) name every field, and nothing of a
state may live outside them.

``sample_copy`` (the search's copy of a position) copies the fields one by one, so a field
it forgot would be shared or lost: these tests hold each copy to its position.
"""

from __future__ import annotations

import pickle
import random
from dataclasses import dataclass
from typing import Any

import pytest

from mobtable import games
from mobtable.core import Config, State


@dataclass(frozen=True)
class Shape:
    """How one game's tests vary: its configs, what a copy keeps."""

    game: str
    players: tuple[int, int]  # the fewest and the most
    options: tuple[dict[str, Any], ...] = ({},)
    variants: tuple[tuple[str, ...], ...] = ((),)
    kept: tuple[str, ...] = ()  # fields a sample copy keeps as they are
    shares_rng: bool = True  # the copy shares the rng (a determinization gives its own)

    def config(self, seed: int) -> Config:
        fewest, most = self.players
        return games.get(self.game).config(
            fewest + seed % (most - fewest + 1),
            options=self.options[seed % len(self.options)],
            variants=self.variants[seed % len(self.variants)],
        )


SHAPES = {
    shape.game: shape
    for shape in (
        Shape(
            "gangsta",
            (3, 6),
            variants=((), ("reveal-one",), ("reveal-two",)),
            kept=("last_raid", "last_trick"),
        ),
        Shape(
            "capo",
            (3, 7),
            options=({}, {"crew_sizes": "open"}, {"respect_supply": "limited"}),
            kept=("last_round",),
        ),
        Shape(
            "cosca",
            (2, 5),
            options=(
                {},
                {"supply": "unlimited", "resource_ties": "strict", "henrietta": "symbols"},
            ),
            kept=("origin",),
            shares_rng=False,
        ),
    )
}


def _positions(shape: Shape, seed: int) -> list[Any]:
    """Every position of one seeded random game, the end included (each game's own state
    class: ``sample_copy`` and ``rng`` are theirs, not the core contract's)."""
    state = games.get(shape.game).new_state(shape.config(seed), seed=seed)
    rng = random.Random(seed)
    found = []
    while not state.is_over():
        found.append(state.clone())
        seat = rng.choice(state.pending())
        state.apply(seat, rng.choice(list(state.legal(seat))))
    return [*found, state]


def _middle(shape: Shape, seed: int) -> Any:
    found = _positions(shape, seed)
    return found[len(found) // 2]


def _play_on(state: State, rng: random.Random) -> None:
    while not state.is_over():
        seat = state.pending()[0]
        state.apply(seat, rng.choice(list(state.legal(seat))), check=False)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("name", SHAPES)
def test_a_sample_copy_is_the_position_and_plays_on_alone(name: str, seed: int) -> None:
    shape = SHAPES[name]
    for state in _positions(shape, seed)[::7]:
        before = state.fingerprint()
        copy = state.sample_copy()
        assert type(copy) is type(state)
        assert copy.fingerprint() == before
        assert copy.history == [] and copy.events == []
        assert copy.silent == state.silent
        for field in shape.kept:
            assert getattr(copy, field) == getattr(state, field), field
        if shape.shares_rng:
            assert copy.rng is state.rng
            copy.rng = random.Random(seed)
        _play_on(copy, random.Random(seed))
        assert state.fingerprint() == before


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("name", SHAPES)
def test_a_copy_has_every_attribute_of_the_state(name: str, seed: int) -> None:
    shape = SHAPES[name]
    for state in _positions(shape, seed)[::11]:
        copy = state.sample_copy()
        # the copy also says ``silent`` (the class's default)
        assert set(vars(state)) <= set(vars(copy)) <= {*vars(state), "silent"}


@pytest.mark.parametrize("name", SHAPES)
def test_a_clone_keeps_the_history_and_events(name: str) -> None:
    state = _middle(SHAPES[name], 1)
    copy = state.clone()
    assert copy.fingerprint() == state.fingerprint()
    assert copy.history == state.history and copy.history is not state.history
    assert copy.events == state.events and copy.events is not state.events


@pytest.mark.parametrize("name", SHAPES)
def test_a_pickled_state_keeps_its_fields_and_plays_on_the_same(name: str) -> None:
    shape = SHAPES[name]
    state = _middle(shape, 4)
    state.silent = True
    copy = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    assert type(copy) is type(state)
    assert copy.fingerprint() == state.fingerprint()
    assert copy.silent and copy.history == state.history
    for field in shape.kept:
        assert getattr(copy, field) == getattr(state, field), field
    assert copy.view(1) == state.view(1)
    rng = random.Random(5)
    while not state.is_over():
        seat = state.pending()[0]
        action = rng.choice(list(state.legal(seat)))
        state.apply(seat, action)
        copy.apply(seat, action)
    assert copy.fingerprint() == state.fingerprint()
