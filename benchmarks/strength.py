"""Strength ladder: win rates with 95% Wilson intervals, one candidate against a field.

    python benchmarks/strength.py [--games gangsta cosca capo] [--n 200] [--jobs 2]

For each game (4 players; Capo 5) it plays, with the candidate's seat rotated
over every seat:

- ``greedy`` against ``random`` opponents,
- ``ismcts`` at the budgets of :data:`LADDER` (iteration budgets equivalent to
  0.1 s and 0.5 s of thinking on this machine, so runs are reproducible)
  against ``greedy`` opponents.

A shared win counts ``1/k``. Every game's table seed and bot seeds derive from
``--seed`` and the game's index, so a run is reproducible for any ``--jobs``.
Extra matchups: ``--matchup gangsta ismcts:300 greedy``.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from mobtable import games
from mobtable.bots.search.arena import make_bot, play

PLAYERS = {"capo": 5}
DEFAULT_PLAYERS = 4

# Iteration budgets matching 0.1 s and 0.5 s per move (benchmarks/search_speed.py
# rates averaged over a game, on this machine, rounded).
LADDER: dict[str, tuple[str, ...]] = {
    "gangsta": ("ismcts:80", "ismcts:400"),
    "cosca": ("ismcts:20", "ismcts:100"),
    "capo": ("ismcts:30", "ismcts:150"),
    "sealed-bid": ("ismcts:100", "ismcts:500"),
}


@dataclass(frozen=True, slots=True)
class Matchup:
    game: str
    candidate: str
    field: str

    def __str__(self) -> str:
        return f"{self.candidate} vs {self.field}"


def players_for(name: str) -> int:
    game = games.get(name)
    return max(game.min_players, min(game.max_players, PLAYERS.get(name, DEFAULT_PLAYERS)))


def matchups(names: list[str]) -> Iterator[Matchup]:
    for name in names:
        yield Matchup(name, "greedy", "random")
        for candidate in LADDER.get(name, ("ismcts:80", "ismcts:400")):
            yield Matchup(name, candidate, "greedy")


def play_one(task: tuple[Matchup, int, int]) -> tuple[Matchup, float, float]:
    """Game ``index`` of a matchup: (matchup, candidate's win share, seconds)."""
    matchup, index, base_seed = task
    start = time.perf_counter()
    players = players_for(matchup.game)
    seat = index % players
    seed = base_seed * 1_000_003 + index
    lineup = [matchup.field] * players
    lineup[seat] = matchup.candidate
    seats = [make_bot(spec, matchup.game, seed=seed * 31 + s) for s, spec in enumerate(lineup)]
    game = games.get(matchup.game)
    outcome = play(game, game.config(players), seats, seed=seed)
    return matchup, outcome.share(seat), time.perf_counter() - start


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games",
        nargs="*",
        default=[g for g in games.names() if g in LADDER and g != "sealed-bid"],
    )
    parser.add_argument("--n-greedy", type=int, default=None, help="games for greedy vs random")
    parser.add_argument("--n", type=int, default=200, help="games per matchup")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--matchup", nargs=3, action="append", metavar=("GAME", "CANDIDATE", "FIELD")
    )
    args = parser.parse_args()
    todo = [Matchup(*m) for m in args.matchup] if args.matchup else list(matchups(args.games))
    counts = {
        m: args.n_greedy if args.n_greedy and m.candidate == "greedy" else args.n for m in todo
    }
    tasks = [(m, i, args.seed) for m in todo for i in range(counts[m])]
    shares: dict[Matchup, float] = dict.fromkeys(todo, 0.0)
    seconds: dict[Matchup, float] = dict.fromkeys(todo, 0.0)
    left = dict(counts)
    start = time.perf_counter()
    print(f"seats rotated, seed {args.seed}, {args.jobs} jobs")
    print()
    print("| game | players | candidate vs field | n | win rate | 95% CI | fair | ratio | s/game |")
    print("|---|---|---|---|---|---|---|---|---|", flush=True)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for m, share, spent in pool.map(play_one, tasks, chunksize=1):
            shares[m] += share
            seconds[m] += spent
            left[m] -= 1
            if left[m] == 0:  # a row as soon as its matchup is complete
                print(row(m, shares[m], counts[m], seconds[m]), flush=True)
    print(f"\n{time.perf_counter() - start:.0f} s in all")


def row(m: Matchup, wins: float, n: int, seconds: float) -> str:
    players = players_for(m.game)
    rate = wins / n
    low, high = wilson(wins, n)
    fair = 1 / players
    return (
        f"| {m.game} | {players} | {m} | {n} | {rate:.1%} | {low:.1%}-{high:.1%} | "
        f"{fair:.1%} | {rate / fair:.2f} | {seconds / n:.1f} |"
    )


if __name__ == "__main__":
    main()
