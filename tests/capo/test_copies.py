"""A state's copies name every attribute: compiled, the state is an extension type
(``table.pxd``) whose fields ``sample_copy`` copies one by one, and nothing of a state
may live outside them."""

from __future__ import annotations

import pickle
import random

import pytest

from mobtable import games, native
from mobtable.games.capo.state import CapoState

GAME = games.get("capo")
OPTIONS = ({}, {"crew_sizes": "open"}, {"respect_supply": "limited"})


def _positions(seed: int) -> list[CapoState]:
    """Every position of one seeded random game (3 to 7 players, a few options)."""
    players = 3 + seed % 5
    config = GAME.config(players, options=OPTIONS[seed % 3])
    state = GAME.new_state(config, seed=seed)
    rng = random.Random(seed)
    positions = []
    while not state.is_over():
        positions.append(state.clone())
        seat = rng.choice(state.pending())
        state.apply(seat, rng.choice(list(state.legal(seat))))
    return [*positions, state]


@pytest.mark.parametrize("seed", range(6))
def test_a_sample_copy_is_the_position_and_plays_on_alone(seed: int) -> None:
    for state in _positions(seed)[::9]:
        before = state.fingerprint()
        copy = state.sample_copy()
        assert type(copy) is CapoState
        assert copy.fingerprint() == before
        assert copy.history == [] and copy.events == []
        assert copy.silent == state.silent and copy.last_round == state.last_round
        assert copy.rng is state.rng  # shared by design: a determinization gives its own
        rng = copy.rng = random.Random(seed)
        while not copy.is_over():
            seat = copy.pending()[0]
            copy.apply(seat, rng.choice(list(copy.legal(seat))), check=False)
        assert state.fingerprint() == before


@pytest.mark.parametrize("seed", range(3))
def test_a_copy_has_every_attribute_of_the_state(seed: int) -> None:
    for state in _positions(seed)[::13]:
        copy = state.sample_copy()
        if native.module_name(native.PACKAGE_DIR / "games/capo/state.py") in (
            native.compiled_modules()
        ):  # every attribute is a declared field: none in an instance dict
            assert vars(state) == {} and vars(copy) == {}
        else:  # the copy also says ``silent`` (the class's default in the source)
            assert set(vars(state)) <= set(vars(copy)) <= {*vars(state), "silent"}


def test_a_pickled_state_keeps_its_fields_and_plays_on_the_same() -> None:
    state = _positions(4)[30]
    state.silent = True
    copy = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    assert copy.fingerprint() == state.fingerprint()
    assert copy.silent and copy.history == state.history
    assert copy.last_round == state.last_round and copy.view(1) == state.view(1)
    rng = random.Random(5)
    while not state.is_over():
        seat = state.pending()[0]
        action = rng.choice(list(state.legal(seat)))
        state.apply(seat, action)
        copy.apply(seat, action)
    assert copy.fingerprint() == state.fingerprint()
