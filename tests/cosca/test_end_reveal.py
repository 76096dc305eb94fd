"""C-16: once a COSCA game is over, the whole game (deal and all) is public."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from mobtable.core import record as records
from mobtable.core.reveal import public_record
from mobtable.games.cosca import GAME


@settings(max_examples=25, deadline=None)
@given(players=st.integers(GAME.min_players, GAME.max_players), seed=st.integers(0, 2**32))
def test_C_16_every_secret_was_shown_so_the_full_record_is_public(players: int, seed: int) -> None:
    state = GAME.new_state(GAME.config(players), seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = rng.choice(state.pending())
        state.apply(seat, rng.choice(list(state.legal(seat))))
    spectator = state.view(None)
    for seat in range(players):
        mine = state.view(seat)
        # no sealed choice is left: a seat knows nothing the spectator does not
        assert {k for k in mine if mine[k] != spectator.get(k)} <= {"seat", "mine"}
        assert mine["mine"] == {"choice": None}
    public = public_record(state)
    assert public == records.to_record(state) and public["seed"] == seed
    assert records.check(public).result() == state.result()
