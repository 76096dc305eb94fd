"""Properties over random play (hypothesis): conservation, secrecy, order, length."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from mobtable.games.cosca.model import HATS, ROUNDS

from .helpers import GAME, totals

OPTIONS = st.fixed_dictionaries(
    {
        "start_day": st.sampled_from(["mon", "tue", "wed", "thu", "fri", "sat", "sun"]),
        "supply": st.sampled_from(["limited", "unlimited"]),
        "resource_ties": st.sampled_from(["shared", "strict"]),
        "henrietta": st.sampled_from(["multiset", "symbols"]),
    }
)
GAMES = st.tuples(st.integers(2, 5), st.integers(0, 2**32), OPTIONS)


def _new(players: int, seed: int, options: dict):
    return GAME.new_state(GAME.config(players, options=options), seed=seed)


def _step(state, rng: random.Random) -> None:
    pending = state.pending()
    seat = pending[rng.randrange(len(pending))]
    legal = state.legal(seat)
    state.apply(seat, legal[rng.randrange(len(legal))])


@settings(max_examples=25, deadline=None)
@given(GAMES)
def test_pieces_are_conserved_and_the_game_lasts_seven_days(game) -> None:
    players, seed, options = game
    state = _new(players, seed, options)
    rng = random.Random(seed)
    days = {state.round}
    while not state.is_over():
        _step(state, rng)
        days.add(state.round)
        assert totals(state) == (50, 35, 29)
        assert min(state.money) >= 0 and min(state.weapons) >= 0 and min(state.dice) >= 3
        if options["supply"] == "limited":
            assert min(state.supply) >= 0
        assert all(0 <= state.hats_free(s) <= HATS for s in range(players))
        assert len(state.row) == players + state.round
    assert days == set(range(ROUNDS))
    assert len(state.result().scores) == players


@settings(max_examples=20, deadline=None)
@given(GAMES, st.integers(0, 2**16))
def test_a_sealed_choice_never_shows_to_another_seat(game, pick: int) -> None:
    players, seed, options = game
    state = _new(players, seed, options)
    rng = random.Random(pick)
    checked = 0
    while not state.is_over() and checked < 12:
        pending = state.pending()
        if len(pending) >= 2:
            first, watcher = pending[0], pending[1]
            seen = set()
            for action in list(state.legal(first))[:5]:
                trial = state.clone()
                trial.apply(first, action)
                seen.add(json.dumps([trial.view(watcher), trial.view(None)], sort_keys=True))
            assert len(seen) == 1
            checked += 1
        _step(state, rng)


@settings(max_examples=20, deadline=None)
@given(GAMES, st.randoms(use_true_random=False))
def test_commit_order_never_changes_the_outcome(game, order_rng) -> None:
    players, seed, options = game
    state = _new(players, seed, options)
    rng = random.Random(seed)
    while not state.is_over():
        pending = list(state.pending())
        choices = {s: state.legal(s)[rng.randrange(len(state.legal(s)))] for s in pending}
        shuffled = pending[:]
        order_rng.shuffle(shuffled)
        other = state.clone()
        for s in pending:
            state.apply(s, choices[s])
        for s in shuffled:
            other.apply(s, choices[s])
        assert json.dumps(state.fingerprint(), sort_keys=True) == json.dumps(
            other.fingerprint(), sort_keys=True
        )
