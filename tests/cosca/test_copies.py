"""A COSCA state's copies name every attribute: compiled, the state is an extension type
(``table.pxd``) whose fields ``sample_copy`` copies one by one, and nothing of a state
may live outside them."""

from __future__ import annotations

import pickle
import random

import pytest

from mobtable import games, native
from mobtable.games.cosca.state import CoscaState

GAME = games.get("cosca")
OPTIONS = ({}, {"supply": "unlimited", "resource_ties": "strict", "henrietta": "symbols"})


def _positions(seed: int) -> list[CoscaState]:
    """Every position of one seeded random game (2 to 5 players, both kinds of options)."""
    config = GAME.config(2 + seed % 4, options=OPTIONS[seed % 2])
    state = GAME.new_state(config, seed=seed)
    rng = random.Random(seed)
    positions = []
    while not state.is_over():
        positions.append(state.clone())
        seat = state.pending()[0]
        state.apply(seat, rng.choice(list(state.legal(seat))))
    return [*positions, state]


@pytest.mark.parametrize("seed", range(6))
def test_a_sample_copy_is_the_position_and_plays_on_alone(seed: int) -> None:
    for state in _positions(seed)[::5]:
        before = state.fingerprint()
        copy = state.sample_copy()
        assert type(copy) is CoscaState
        assert copy.fingerprint() == before
        assert copy.history == [] and copy.events == []
        assert copy.silent == state.silent and copy.origin is state.origin
        rng = random.Random(seed)
        while not copy.is_over():
            seat = copy.pending()[0]
            copy.apply(seat, rng.choice(list(copy.legal(seat))), check=False)
        assert state.fingerprint() == before


@pytest.mark.parametrize("seed", range(3))
def test_a_copy_has_every_attribute_of_the_state(seed: int) -> None:
    for state in _positions(seed)[::9]:
        copy = state.sample_copy()
        if native.module_name(native.PACKAGE_DIR / "games/cosca/table.py") in (
            native.compiled_modules()
        ):  # every attribute is a declared field: none in an instance dict
            assert vars(state) == {} and vars(copy) == {}
        else:  # the copy also says ``silent`` (the class's default in the source)
            assert set(vars(state)) <= set(vars(copy)) <= {*vars(state), "silent"}


def test_a_clone_keeps_the_history_and_events() -> None:
    state = _positions(1)[30]
    copy = state.clone()
    assert copy.fingerprint() == state.fingerprint()
    assert copy.history == state.history and copy.history is not state.history
    assert copy.events == state.events and copy.events is not state.events


def test_a_pickled_state_keeps_its_fields_and_silence() -> None:
    state = _positions(4)[25]
    state.silent = True
    copy = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    assert type(copy) is CoscaState
    assert copy.fingerprint() == state.fingerprint()
    assert copy.silent and copy.history == state.history
