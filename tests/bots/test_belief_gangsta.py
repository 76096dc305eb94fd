"""Gangsta's model of how a seat plays (``games/gangsta/belief.py``: ``play_looks`` and
``likelihood``), which weights the opponent model's samples."""

from __future__ import annotations

import math
from typing import Any

import pytest

from mobtable import games
from mobtable.bots import Decision, make
from mobtable.bots.search.belief import log_likelihood
from mobtable.core import State
from mobtable.core.belief import BeliefHooks
from mobtable.games.gangsta.belief import (
    BELIEF,
    PLAY_LOOKS,
    likelihood,
    observations,
    play_looks,
)
from mobtable.games.gangsta.playout import guide, trick_play
from mobtable.games.gangsta.table import Phase
from mobtable.games.gangsta.tricks import strength, trick_winner

GANGSTA = games.get("gangsta")


def trick_positions(players: int, seed: int) -> list[tuple[State, int]]:
    """Every trick play with a choice in a ``greedy`` game, as (a copy of the state, seat)."""
    state: Any = GANGSTA.new_state(GANGSTA.config(players), seed=seed)
    bot = make("greedy", "gangsta", seed=seed)
    found = []
    while not state.is_over():
        seat = state.pending()[0]
        if state.phase is Phase.PLAY and len(state.legal(seat)) > 1:
            found.append((state.clone(), seat))
        state.apply(seat, bot.choose(Decision(state, seat)))
    return found


@pytest.mark.parametrize("players", [3, 4, 6])
def test_play_looks_follow_their_definitions(players: int) -> None:
    positions = trick_positions(players, seed=players)
    assert len(positions) > 20
    leads = follows = 0
    for state, seat in positions:
        table: Any = state
        legal = list(state.legal(seat))
        rows = play_looks(state, seat, legal)
        assert len(rows) == len(legal)
        looks = [dict(zip(PLAY_LOOKS, row, strict=True)) for row in rows]
        powers = [strength(table.cards, play.ids) for play in legal]
        for play, look, power in zip(legal, looks, powers, strict=True):
            assert look["guide"] == (play == trick_play(state, seat))
            assert look["strength"] == power / 10
            assert look["pair"] == (len(play.ids) == 2)
            assert look["trump"] == (table.cards.mafia[play.ids[0]] == table.trump_mafia)
            assert look["lowest"] == (power == min(powers))
            assert look["highest"] == (power == max(powers))
            if table.trick:
                trick = [*table.trick, (seat, play.ids)]
                takes = trick[trick_winner(table.cards, trick, table.trump_mafia)][0] == seat
                assert look["takes the trick"] == takes
                assert look["takes it, strength"] == takes * power / 10
                assert look["lead strength"] == look["lead trump"] == 0
            else:
                assert look["takes the trick"] == 0
                assert look["lead strength"] == power / 10
        leads += not table.trick
        follows += bool(table.trick)
        assert sum(look["guide"] for look in looks) == 1
    assert leads and follows


def test_the_likelihood_is_a_distribution_over_the_legal_plays() -> None:
    for state, seat in trick_positions(4, seed=11):
        legal = list(state.legal(seat))
        chances = [likelihood(state, seat, play, legal) for play in legal]
        assert all(p > 0 for p in chances)
        assert math.isclose(sum(chances), 1.0)


def test_the_fitted_model_finds_a_cheap_win_likelier_than_a_dear_one() -> None:
    """Between two plays that both take the trick, the weaker is the likelier (the fitted
    weights pay for strength only where it wins): what ``hard`` does with a spare winner."""
    compared = 0
    for seed in range(6):
        for state, seat in trick_positions(4, seed):
            legal = list(state.legal(seat))
            looks = [
                dict(zip(PLAY_LOOKS, row, strict=True)) for row in play_looks(state, seat, legal)
            ]
            winners = [
                (look["strength"], play)
                for play, look in zip(legal, looks, strict=True)
                if look["takes the trick"] and not look["pair"] and not look["trump"]
            ]
            if len(winners) < 2:
                continue
            (low, cheap), *_, (high, dear) = sorted(winners, key=lambda w: w[0])
            if low < high:
                assert likelihood(state, seat, cheap, legal) > likelihood(state, seat, dear, legal)
                compared += 1
    assert compared >= 5


def test_log_likelihood_uses_a_game_s_own_model_where_it_has_one() -> None:
    state: Any = trick_positions(4, seed=2)[-1][0]
    seen = observations(state, 0)
    halves = BeliefHooks(BELIEF.observations, BELIEF.rewind, likelihood=lambda *_: 0.5)
    assert log_likelihood(state, seen, halves, guide) == pytest.approx(len(seen) * math.log(0.5))
    plain = BeliefHooks(BELIEF.observations, BELIEF.rewind)
    assert log_likelihood(state, seen, BELIEF, guide) != log_likelihood(state, seen, plain, guide)
    assert BELIEF.likelihood is likelihood
