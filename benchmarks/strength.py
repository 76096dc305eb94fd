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

``--calibrate gangsta`` instead fits the temperature of the game's evaluator
(:mod:`mobtable.bots.search.evaluate`) on ``--n`` seeded ``greedy`` self-play
games: the ``base`` and ``per_left`` that best predict the final winners
(maximum likelihood over a grid), from the position at each step of progress.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from mobtable import games, native
from mobtable.bots import Decision
from mobtable.bots.search.arena import make_bot, play
from mobtable.bots.search.evaluate import winners_log_likelihood

PLAYERS = {"capo": 5}
DEFAULT_PLAYERS = 4

# Iteration budgets matching 0.1 s and 0.5 s per move (benchmarks/search_speed.py
# rates on this machine, 2026-11-30, rounded down for a loaded machine: Gangsta
# ~3,500/s with the playout and hand-value evaluator, Capo ~1,400-1,800/s, COSCA
# ~540-650/s), scaled on 2026-12-01 by the measured speed-ups of the search
# (Gangsta 1.5x, COSCA 1.9x, Capo unchanged; docs/performance.md), and again that
# afternoon (pure Python: COSCA 1.46x, Capo 1.22x, Gangsta unchanged within noise).
LADDER: dict[str, tuple[str, ...]] = {
    "gangsta": ("ismcts:450", "ismcts:2250"),
    "cosca": ("ismcts:140", "ismcts:700"),
    "capo": ("ismcts:170", "ismcts:850"),
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
    parser.add_argument("--calibrate", metavar="GAME", help="fit GAME's evaluator instead")
    args = parser.parse_args()
    if args.calibrate:
        calibrate(args.calibrate, args.n, args.seed)
        return
    todo = [Matchup(*m) for m in args.matchup] if args.matchup else list(matchups(args.games))
    counts = {
        m: args.n_greedy if args.n_greedy and m.candidate == "greedy" else args.n for m in todo
    }
    tasks = [(m, i, args.seed) for m in todo for i in range(counts[m])]
    shares: dict[Matchup, float] = dict.fromkeys(todo, 0.0)
    seconds: dict[Matchup, float] = dict.fromkeys(todo, 0.0)
    left = dict(counts)
    start = time.perf_counter()
    print(f"engine path: {native.engine_path()}")
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


BASES = (0.3, 0.6, 1.0, 2.0, 3.0, 4.0, 6.0, 8.0)
PER_LEFT = (0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1.2)


def calibrate(name: str, n: int, seed: int) -> None:
    """Fit the evaluator's temperature on ``n`` greedy self-play games."""
    game = games.get(name)
    evaluator = game.search_hooks.evaluator
    if evaluator is None:
        raise SystemExit(f"{name} declares no evaluator to calibrate")
    players = players_for(name)
    samples: list[tuple[list[float], float, tuple[int, ...]]] = []
    for index in range(n):
        state = game.new_state(game.config(players), seed=seed * 1_000_003 + index)
        state.silent = True
        bots = [make_bot("greedy", name, seed=index * 31 + s) for s in range(players)]
        seen: list[tuple[list[float], float]] = []
        last = None
        while not state.is_over():
            if evaluator.progress(state) != last:
                last = evaluator.progress(state)
                seen.append((list(evaluator.scores(state)), max(0.0, evaluator.left(state))))
            seat = state.pending()[0]
            state.apply(seat, bots[seat].choose(Decision(state, seat)))
        winners = state.result().winners
        samples.extend((scores, left, winners) for scores, left in seen)

    def likelihood(base: float, per_left: float) -> float:
        total = 0.0
        for scores, left, winners in samples:
            total += winners_log_likelihood(scores, base + per_left * left, winners)
        return total / len(samples)

    fits = sorted(((likelihood(b, p), b, p) for b in BASES for p in PER_LEFT), reverse=True)
    print(f"{name}: {len(samples)} positions from {n} greedy games")
    print(f"uniform guess: mean log-likelihood {-math.log(players):.3f}")
    print(f"current (base {evaluator.base}, per_left {evaluator.per_left}): ", end="")
    print(f"{likelihood(evaluator.base, evaluator.per_left):.3f}")
    for value, base, per_left in fits[:5]:
        print(f"base {base:<4} per_left {per_left:<5} mean log-likelihood {value:.3f}")


if __name__ == "__main__":
    main()
