"""Plays seeded games and prints one digest per game: the record-stability test's worker.

    python tests/seeded/play.py GAME FIRST COUNT [--ismcts ITERATIONS]

prints ``SEED DIGEST`` per game, the digest of the game's record (the project's record JSON:
config, seed, every action, the result). Seed ``s`` fixes the whole game: the player count
(cycling over the game's range), the variants and options, the deal and the random choices;
with ``--ismcts`` every seat is an ISMCTS bot with a fixed iteration budget, so the record
also holds the search's choices. ``test_stable.py`` holds the digests today's engine gives.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys

from mobtable import games
from mobtable.bots.base import Decision
from mobtable.bots.search.bot import ISMCTSBot
from mobtable.bots.search.budget import Budget
from mobtable.core import Config, Game, State
from mobtable.core.errors import BadConfig
from mobtable.core.record import to_record

MAX_STEPS = 20_000
DATED = {("cosca", "start_day"): "today"}  # would make a record depend on the date


def config_for(game: Game, seed: int) -> Config:
    """Seed ``seed``'s table: player count, variants and options drawn from the seed."""
    rng = random.Random(f"config {seed}")
    span = game.max_players - game.min_players + 1
    players = game.min_players + seed % span
    variants = [v.name for v in game.variants if rng.random() < 0.3]
    options = {}
    for option in game.options:
        choices = [c for c in option.choices if DATED.get((game.name, option.name)) != c]
        options[option.name] = rng.choice(choices)
    try:
        return game.config(players, variants=variants, options=options)
    except BadConfig:  # e.g. a first player past the table's last seat, or variants that clash
        return game.config(players)


def digest(state: State) -> str:
    """The game's record, hashed."""
    text = json.dumps(to_record(state), sort_keys=True)
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def random_game(game: Game, seed: int) -> State:
    state = game.new_state(config_for(game, seed), seed=seed)
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        if state.is_over():
            return state
        pending = state.pending()
        seat = pending[rng.randrange(len(pending))]
        legal = state.legal(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    raise AssertionError(f"{game.name} seed {seed} did not end within {MAX_STEPS} actions")


def ismcts_game(game: Game, seed: int, iterations: int) -> State:
    state = game.new_state(config_for(game, seed), seed=seed)
    bots = [
        ISMCTSBot(seed=seed * 10 + seat, budget=Budget(iterations=iterations))
        for seat in range(state.players)
    ]
    for _ in range(MAX_STEPS):
        if state.is_over():
            return state
        seat = state.pending()[0]
        state.apply(seat, bots[seat].choose(Decision(state, seat)))
    raise AssertionError(f"{game.name} seed {seed} did not end within {MAX_STEPS} actions")


def play(name: str, seed: int, iterations: int | None = None) -> str:
    """The digest of seed ``seed``'s game of ``name`` (random play, or ISMCTS bots)."""
    game = games.get(name)
    state = ismcts_game(game, seed, iterations) if iterations else random_game(game, seed)
    return digest(state)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("first", type=int)
    parser.add_argument("count", type=int)
    parser.add_argument("--ismcts", type=int, metavar="ITERATIONS")
    args = parser.parse_args()
    lines = [
        f"{seed} {play(args.game, seed, args.ismcts)}"
        for seed in range(args.first, args.first + args.count)
    ]
    sys.stdout.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
