"""The cards a redrawer put back, in its imagined deals (G-29): where it knows they can be.

The property over every game is in ``tests/conformance/test_determinize_facts.py``.
"""

from __future__ import annotations

import random

from mobtable import games
from mobtable.core import State
from mobtable.games.gangsta.grid import CENTER
from mobtable.games.gangsta.table import Phase


def _redraw_phase(players: int, later_redraws: bool) -> tuple[State, int | None]:
    """A seeded Gangsta table after its redraws, where seat 0 redrew first and every other
    seat kept, or (``later_redraws``) the first other seat that could redraw did."""
    game = games.get("gangsta")
    for seed in range(2000):
        state = game.new_state(game.config(players), seed=seed)
        if state.pending() != (0,) or len(state.legal(0)) == 1:
            continue
        state.apply(0, state.legal(0)[1])
        later = None
        while state.phase is Phase.REDRAW:  # type: ignore[attr-defined]
            seat = state.pending()[0]
            choices = state.legal(seat)
            if later_redraws and later is None and len(choices) > 1:
                later = seat
                state.apply(seat, choices[1])
            else:
                state.apply(seat, choices[0])  # keep
        if later is not None or not later_redraws:
            return state, later
    raise AssertionError("no such deal")


def test_G_29_cards_put_back_stay_in_the_deck_when_the_others_keep() -> None:
    """The audit's case: seat 0 redraws, the others keep; its three cards can only be in the
    deck (or on the centre card, which came off the deck). On the old code 49 samples in 50
    put some of them into other hands."""
    state, _ = _redraw_phase(4, later_redraws=False)
    mine = set(state.redrew[0]) - {state.grid[CENTER]}  # type: ignore[attr-defined]
    rng = random.Random(3)
    for _ in range(50):
        sample = state.determinize(0, rng)
        assert mine <= set(sample.deck)  # type: ignore[attr-defined]


def test_G_29_six_players_the_next_redrawer_holds_the_cards_put_back() -> None:
    """G-29: six players leave three cards in the deck, so the next seat to redraw draws
    exactly the three the earlier one put back; every sample says so."""
    state, later = _redraw_phase(6, later_redraws=True)
    assert later is not None
    mine = set(state.redrew[0])  # type: ignore[attr-defined]
    assert mine <= set(state.hands[later])  # type: ignore[attr-defined]
    rng = random.Random(4)
    for _ in range(30):
        sample = state.determinize(0, rng)
        assert mine <= set(sample.hands[later])  # type: ignore[attr-defined]
