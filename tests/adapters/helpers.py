"""Live positions of the three games for the adapter tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from mobtable import games
from mobtable.core import State

GAMES = ("gangsta", "cosca", "capo")
TABLES = [
    ("gangsta", 3),
    ("gangsta", 5),
    ("cosca", 2),
    ("cosca", 4),
    ("capo", 3),
    ("capo", 5),
]


def positions(name: str, players: int, seeds: range, every: int = 7) -> Iterator[State]:
    """Positions met in random games: every ``every``-th decision of each game."""
    game = games.get(name)
    config = game.config(players)
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_state(config, seed=seed)
        step = 0
        while not state.is_over():
            if step % every == 0:
                yield state.clone()
            seat = rng.choice(state.pending())
            state.apply(seat, rng.choice(list(state.legal(seat))))
            step += 1
        yield state
