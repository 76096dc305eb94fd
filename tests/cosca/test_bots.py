"""The greedy bot: legal, view-only, and far better than random."""

from __future__ import annotations

import random

from mobtable.bots import Decision, available, make

from .helpers import GAME, config, decide, table

GAMES = 40


def play(seed: int, seats: list[str]) -> tuple[int, ...]:
    state = GAME.new_state(config(len(seats)), seed=seed)
    bots = [make(name, "cosca", seed=seed * 10 + s) for s, name in enumerate(seats)]
    while not state.is_over():
        for seat in state.pending():
            action = bots[seat].choose(Decision(state, seat))
            assert action in state.legal(seat)
            state.apply(seat, action)
    return state.result().winners


def test_greedy_is_offered_for_cosca() -> None:
    assert {"greedy", "random"} <= set(available("cosca"))


def test_greedy_beats_three_random_players() -> None:
    wins = sum(0 in play(seed, ["greedy", "random", "random", "random"]) for seed in range(GAMES))
    assert wins >= GAMES * 3 // 4  # a fair share would be a quarter


def test_greedy_bids_above_the_strongest_rival_when_it_can() -> None:
    state = table(2, {"round": 7, "row": ["Carmine Vella"], "money": [6, 2], "weapons": [2, 0]})
    decide(state, {0: "GGC", 1: "GGC"})
    decide(state, {0: "gun0", 1: "gun0"})
    bot = make("greedy", "cosca", seed=1)
    offer = bot.choose(Decision(state, 0))
    assert offer.value == 3  # green can offer 2 at most
    assert str(offer) == "0m1w"  # weapons first: money buys more in the city


def test_greedy_decides_the_same_on_twins() -> None:
    state = table(3, seed=12)
    state.apply_text(1, "BBB")
    twin = state.determinize(0, random.Random(3))
    a = make("greedy", "cosca", seed=4).choose(Decision(state, 0))
    b = make("greedy", "cosca", seed=4).choose(Decision(twin, 0))
    assert a == b
