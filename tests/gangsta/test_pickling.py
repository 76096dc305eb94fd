"""A pickled Gangsta state carries its action table as a reference, and plays on the same."""

from __future__ import annotations

import pickle
import random

from mobtable import games
from mobtable.core.record import to_record
from mobtable.games.gangsta.actions import action_table


def _mid_game(moves: int = 30):
    game = games.get("gangsta")
    state = game.new_state(game.config(4), seed=7)
    rng = random.Random(7)
    for _ in range(moves):
        seat = state.pending()[0]
        state.apply(seat, rng.choice(list(state.legal(seat))))
    return state


def test_the_action_table_pickles_as_a_lookup_of_its_card_set() -> None:
    state = _mid_game()
    assert state.table.__reduce__() == (action_table, (state.cards,))
    # the thousands of interned actions stay out: well under the 45 KB a copy took
    assert len(pickle.dumps(state, pickle.HIGHEST_PROTOCOL)) < 20_000


def test_an_unpickled_state_plays_the_rest_of_the_game_as_the_original() -> None:
    state = _mid_game()
    copy = pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))
    assert copy.view(0) == state.view(0)
    rng = random.Random(3)
    while not state.is_over():
        seat = state.pending()[0]
        legal = [str(a) for a in state.legal(seat)]
        assert [str(a) for a in copy.legal(seat)] == legal
        notation = rng.choice(legal)
        state.apply(seat, state.game.parse_action(notation, state.config))
        copy.apply(seat, copy.game.parse_action(notation, copy.config))
    assert to_record(copy) == to_record(state)
    assert copy.result().to_json() == state.result().to_json()
