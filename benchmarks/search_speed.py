"""ISMCTS iterations per second, per game, from the opening and from a mid-game position.

    python benchmarks/search_speed.py [--iterations 3000] [--games gangsta ...] [--profile] [--full]

The mid-game position is reached by seeded random play to half of a random
game's length. With ``--profile`` the mid-game search of each game runs under
cProfile and the top functions (by own time) are printed: that tells whether
the search or the game engine is the bottleneck. ``--full`` turns off the
truncated rollouts (every rollout plays to the end of the game), for comparison.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random

from mobtable import games
from mobtable.bots import Decision
from mobtable.bots.search import Budget, ISMCTSBot, SearchResult
from mobtable.core import Game, State

PLAYERS = {"capo": 5}
DEFAULT_PLAYERS = 4


def players_for(game: Game) -> int:
    wanted = PLAYERS.get(game.name, DEFAULT_PLAYERS)
    return max(game.min_players, min(game.max_players, wanted))


def positions(game: Game, seed: int) -> dict[str, State]:
    """The opening and a mid-game position (both with a decision of several actions)."""
    config = game.config(players_for(game))
    rng = random.Random(seed)
    probe = game.new_state(config, seed=seed)
    length = 0
    while not probe.is_over():
        seat = probe.pending()[0]
        legal = probe.legal(seat)
        probe.apply(seat, legal[rng.randrange(len(legal))], check=False)
        length += 1
    found: dict[str, State] = {}
    rng = random.Random(seed)
    state = game.new_state(config, seed=seed)
    step = 0
    while not state.is_over():
        seat = state.pending()[0]
        legal = state.legal(seat)
        if len(legal) > 1 and "opening" not in found:
            found["opening"] = state.clone()
        if len(legal) > 1 and step >= length // 2 and "mid-game" not in found:
            found["mid-game"] = state.clone()
        state.apply(seat, legal[rng.randrange(len(legal))], check=False)
        step += 1
    return found


def measure(state: State, iterations: int, *, full: bool = False) -> SearchResult:
    seat = state.pending()[0]
    bot = ISMCTSBot(seed=1, budget=Budget(iterations=iterations), truncate=not full)
    return bot.search(Decision(state, seat))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=3000)
    parser.add_argument("--games", nargs="*", default=games.names())
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--full", action="store_true", help="rollouts to the end of the game")
    args = parser.parse_args()
    print(f"{'game':<10} {'position':<9} {'legal':>5} {'iterations/s':>12} {'tree nodes':>10}")
    for name in args.games:
        game = games.get(name)
        for label, state in positions(game, args.seed).items():
            seat = state.pending()[0]
            measure(state, max(1, args.iterations // 10), full=args.full)  # warm up
            result = measure(state, args.iterations, full=args.full)
            legal = len(state.legal(seat))
            print(f"{name:<10} {label:<9} {legal:>5} {result.rate:>12,.0f} {result.nodes:>10,}")
            if args.profile and label == "mid-game":
                profiler = cProfile.Profile()
                profiler.runcall(measure, state, args.iterations, full=args.full)
                pstats.Stats(profiler).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
