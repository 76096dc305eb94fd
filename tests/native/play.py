"""Plays seeded games and prints one digest per game: the differential test's worker.

    python tests/native/play.py GAME FIRST COUNT [--ismcts ITERATIONS]

The first line is ``mobtable.native.engine_path()``, so the caller knows which path played;
then ``SEED DIGEST`` per game. A game's digest covers its record (the project's record
JSON), its event log and its final fingerprint. Seed ``s`` fixes the whole game: the
player count (cycling over the game's range), the variants and options, the deal and the
random choices; with ``--ismcts`` every seat is an ISMCTS bot with a fixed iteration
budget, so the search is exercised too.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys

from mobtable import games, native
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
    """The game's record, events and final position (with its random generator), hashed."""
    fingerprint = state.fingerprint()
    if isinstance(fingerprint, dict):
        # hash(rng.getstate()) is not stable across processes (hash(None) is an address on
        # Python 3.11): the generator's state itself goes in below instead
        fingerprint.pop("rng", None)
    rng = getattr(state, "rng", None)
    played = {
        "record": to_record(state),
        "events": [event.to_json() for event in state.events],
        "fingerprint": fingerprint,
        "rng": None if rng is None else rng.getstate(),
    }
    text = json.dumps(played, sort_keys=True, default=repr)
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("first", type=int)
    parser.add_argument("count", type=int)
    parser.add_argument("--ismcts", type=int, metavar="ITERATIONS")
    args = parser.parse_args()
    game = games.get(args.game)
    lines = [native.engine_path()]
    for seed in range(args.first, args.first + args.count):
        state = ismcts_game(game, seed, args.ismcts) if args.ismcts else random_game(game, seed)
        lines.append(f"{seed} {digest(state)}")
    sys.stdout.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
