"""Shared helpers for the conformance suite: configurations and random play."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

from mobtable import games
from mobtable.core import Config, Game, State

MAX_STEPS = 20_000


def all_game_names() -> list[str]:
    return games.names()


def configs(game: Game) -> Iterator[Config]:
    """Every player count with default rules, then each variant alone."""
    for players in range(game.min_players, game.max_players + 1):
        yield game.config(players)
    for variant in game.variants:
        yield game.config(game.min_players, variants=[variant.name])


def random_step(state: State, rng: random.Random) -> None:
    """One random legal action by one pending seat (chosen at random too)."""
    pending = state.pending()
    seat = pending[rng.randrange(len(pending))]
    legal = state.legal(seat)
    state.apply(seat, legal[rng.randrange(len(legal))])


def play_out(state: State, rng: random.Random, *, max_steps: int = MAX_STEPS) -> int:
    steps = 0
    while not state.is_over():
        if steps >= max_steps:
            raise AssertionError(f"{state.game.name} did not end within {max_steps} actions")
        random_step(state, rng)
        steps += 1
    return steps


def positions(game: Game, config: Config, seed: int, *, every: int = 7) -> Iterator[State]:
    """States met along one random game (a clone every ``every`` actions)."""
    state = game.new_state(config, seed=seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_over():
        if step % every == 0:
            yield state.clone()
        random_step(state, rng)
        step += 1
    yield state


def as_json(value: object) -> str:
    return json.dumps(value, sort_keys=True)
