"""G-27: once a Gangsta game is over, the whole game (deal and all) is public."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from mobtable.core import record as records
from mobtable.core.reveal import public_record
from mobtable.games.gangsta import GAME


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(3, 6),
    variant=st.sampled_from([(), ("reveal-one",), ("reveal-two",)]),
    seed=st.integers(0, 2**32),
)
def test_G_27_nothing_hidden_matters_at_the_end_so_the_full_record_is_public(
    players: int, variant: tuple[str, ...], seed: int
) -> None:
    state = GAME.new_state(GAME.config(players, variants=variant), seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = rng.choice(state.pending())
        state.apply(seat, rng.choice(list(state.legal(seat))))
    spectator = state.view(None)
    for seat in range(players):
        mine = state.view(seat)
        # every hand is played out; a seat knows more only of its own redraw (G-04)
        assert mine["hand"] == []
        assert {k for k in mine if mine[k] != spectator[k]} <= {"seat", "hand", "redraw"}
        assert {**mine["redraw"], "mine": None} == spectator["redraw"]
    public = public_record(state)
    assert public == records.to_record(state) and public["seed"] == seed
    assert records.check(public).result() == state.result()
