"""Gangsta's greedy bot: legal, view-only, and clearly better than random."""

from __future__ import annotations

import random

from mobtable import bots
from mobtable.bots.base import Decision

from .helpers import GAME


def _play_game(seed: int, greedy_seat: int) -> tuple[int, ...]:
    state = GAME.new_state(GAME.config(4), seed=seed)
    players = [
        bots.make("greedy" if s == greedy_seat else "random", "gangsta", seed=seed * 10 + s)
        for s in range(4)
    ]
    while not state.is_over():
        seat = state.turn
        action = players[seat].choose(Decision(state, seat))
        assert action in state.legal(seat)
        state.apply(seat, action)
    return state.result().winners


def test_greedy_beats_three_random_players_far_above_its_fair_share() -> None:
    games = 40
    wins = 0.0
    for seed in range(games):
        winners = _play_game(seed, greedy_seat=seed % 4)
        if seed % 4 in winners:
            wins += 1 / len(winners)
    assert wins / games > 0.5  # fair share is 0.25


def test_greedy_decides_from_the_view_alone() -> None:
    """Same view, same choice: hidden cards elsewhere never change its move."""
    rng = random.Random(5)
    state = GAME.new_state(GAME.config(4), seed=5)
    checked = 0
    while not state.is_over():
        seat = state.turn
        twin = state.determinize(seat, random.Random(checked))
        a = bots.make("greedy", "gangsta", seed=1).choose(Decision(state, seat))
        b = bots.make("greedy", "gangsta", seed=1).choose(Decision(twin, seat))
        assert a == b
        checked += 1
        legal = state.legal(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    assert checked > 40
