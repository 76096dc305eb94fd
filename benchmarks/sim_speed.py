"""Simulation throughput: games/s by game and line-up, jobs scaling, sim vs bare loop, Ray.

    python benchmarks/sim_speed.py [--seconds 3] [--rounds 3] [--ray]

1. ``lineups``: games/s of ``mobtable.sim.run`` for random and greedy line-ups
   of each game, with ``--jobs 1`` and ``--jobs 2`` (twice the games): wall
   scaling = jobs-2 rate / twice the jobs-1 rate, and CPU efficiency = CPU
   time per game with one job / with two (pool start-up, pickling and the
   parent's share included) — the scaling a quiet machine would show.
2. ``overhead``: random 4-player Gangsta through ``run`` (the ``simulate``
   path: bots, ``Decision``, seeds, outcome) against a bare engine loop
   (``legal``, a uniform choice, ``apply(check=False)``), interleaved 50
   games at a time so that a change of machine load hits both alike, in
   ``--rounds`` rounds; also the ``--out`` path (results table with the
   game's figures).
3. ``--ray``: the same games through a local Ray instance (2 CPUs) against
   the local process pool with 2 jobs, with and without Ray's start-up.

The in-process comparison (2) counts CPU seconds of this process; the rest
is wall-clock time (the pool's workers are other processes). Run it on a
quiet machine if you can, and say how loaded it was next to any figure.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from mobtable import games
from mobtable.sim import SimSpec, run

LINEUPS = {"gangsta": 4, "cosca": 4, "capo": 5}
CPU = time.process_time
"""In-process comparisons count this process's CPU time: steadier on a loaded machine."""


def spec_for(game_name: str, bot: str, players: int, seed: int = 1) -> SimSpec:
    game = games.get(game_name)
    return SimSpec.build(game.config(players), game, [bot] * players, seed)


def rate(
    play: Callable[[int], None],
    seconds: float,
    first: int = 8,
    clock: Callable[[], float] = time.perf_counter,
) -> float:
    """Games/s: batches doubling in size until one takes ``seconds``/4, then ``seconds`` worth."""
    count = first
    while True:
        started = clock()
        play(count)
        elapsed = clock() - started
        if elapsed >= seconds / 4:
            break
        count *= 2
    total = max(count, int(count * seconds / elapsed))
    started = clock()
    play(total)
    return total / (clock() - started)


def bare_loop(players: int) -> Callable[[int], None]:
    game = games.get("gangsta")
    config = game.config(players)
    random_ = random.Random(0).random

    def play(count: int) -> None:
        for seed in range(count):
            state = game.new_state(config, seed=seed)
            state.silent = True
            while not state.is_over():
                seat = state.pending()[0]
                legal = state.legal(seat)
                state.apply(seat, legal[int(random_() * len(legal))], check=False)

    return play


def sim_path(spec: SimSpec, jobs: int = 1) -> Callable[[int], None]:
    return lambda count: (run(spec, count, jobs=jobs), None)[1]


def table_path(spec: SimSpec) -> Callable[[int], None]:
    from mobtable.sim.table import ResultsTable

    def play(count: int) -> None:
        with (
            tempfile.TemporaryDirectory() as directory,
            ResultsTable(Path(directory) / "results.parquet", spec) as table,
        ):
            run(spec, count, sink=table.add)

    return play


def timed(play: Callable[[int], None], count: int) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process and its finished children) for ``count``."""
    before, started = os.times(), time.perf_counter()
    play(count)
    wall, after = time.perf_counter() - started, os.times()
    cpu = sum(after[:4]) - sum(before[:4])  # user + system, self + reaped children
    return wall, cpu


def lineups(seconds: float) -> None:
    print(
        "game     line-up   games  jobs=1 games/s  jobs=2 games/s  wall scaling"
        "  CPU ms/game j1 / j2  CPU efficiency"
    )
    for name, players in LINEUPS.items():
        for bot in ("random", "greedy"):
            spec = spec_for(name, bot, players)
            per_second = rate(sim_path(spec, 1), seconds / 3, clock=CPU)
            count = max(16, int(per_second * seconds))
            wall1, cpu1 = timed(sim_path(spec, 1), count)
            wall2, cpu2 = timed(sim_path(spec, 2), 2 * count)
            one, two = count / wall1, 2 * count / wall2
            print(
                f"{name:8} {bot:7} {count:7} {one:15.0f} {two:15.0f} {two / (2 * one):13.0%}"
                f"  {1000 * cpu1 / count:9.2f} / {1000 * cpu2 / (2 * count):6.2f}"
                f"  {(cpu1 / count) / (cpu2 / (2 * count)):14.0%}"
            )
    spec = spec_for("gangsta", "random", 4)
    wall, _ = timed(sim_path(spec, 2), 2)
    print(f"(a 2-job pool's start-up: {wall:.2f} s, included in the jobs=2 figures)")


def overhead(seconds: float, rounds: int, chunk: int = 50) -> None:
    """Alternate chunks of ``chunk`` games of each path, summing each path's CPU time,
    so that both see the same load; ``rounds`` such runs of ``seconds`` each."""
    spec = spec_for("gangsta", "random", 4)
    paths: dict[str, Callable[[int], None]] = {
        "bare": bare_loop(4),
        "sim": sim_path(spec),
    }
    with contextlib.suppress(ImportError):  # an older mobtable has no results table
        paths["table"] = table_path(spec)
    results: dict[str, list[float]] = {name: [] for name in paths}
    for _ in range(rounds):
        spent = dict.fromkeys(paths, 0.0)
        played = 0
        while spent["bare"] < seconds / len(paths):
            for name, play in paths.items():
                started = CPU()
                play(chunk)
                spent[name] += CPU() - started
            played += chunk
        for name in paths:
            results[name].append(played / spent[name])
    bare = statistics.median(results["bare"])
    print(f"bare engine loop, random gangsta 4p: {bare:8.0f} games per CPU-second")
    print(f"simulate path (jobs 1, no --out):    {statistics.median(results['sim']):8.0f}")
    ratios = [s / b for s, b in zip(results["sim"], results["bare"], strict=True)]
    print(
        f"simulate / bare: median {statistics.median(ratios):.2f}x "
        f"(rounds: {', '.join(f'{r:.2f}' for r in ratios)})"
    )
    if "table" in results:
        ratios = [t / b for t, b in zip(results["table"], results["bare"], strict=True)]
        print(f"simulate --out (table + figures) / bare: median {statistics.median(ratios):.2f}x")


def ray_overhead(games_: int) -> None:
    from mobtable.sim import ray_runner

    spec = spec_for("gangsta", "random", 4)
    started = time.perf_counter()
    run(spec, games_, jobs=2)
    local = time.perf_counter() - started
    started = time.perf_counter()
    ray, _ = ray_runner.connect(ray_runner.LOCAL, num_cpus=2)
    up = time.perf_counter() - started
    try:
        started = time.perf_counter()
        run(spec, games_, batches=ray_runner.iter_outcomes(spec, games_))
        remote = time.perf_counter() - started
    finally:
        ray.shutdown()
    print(f"{games_} random gangsta games: local pool (2 jobs) {local:.2f} s, ", end="")
    print(f"Ray (2 CPUs) {remote:.2f} s + {up:.2f} s start-up: {remote / local:.2f}x the pool")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per measurement")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved overhead rounds")
    parser.add_argument("--only", choices=["lineups", "overhead", "ray"], default=None)
    parser.add_argument("--ray", action="store_true", help="also time the Ray path")
    parser.add_argument("--ray-games", type=int, default=4000)
    args = parser.parse_args()
    if args.only in (None, "overhead"):
        overhead(args.seconds, args.rounds)
    if args.only in (None, "lineups"):
        lineups(args.seconds)
    if args.only == "ray" or args.ray:
        ray_overhead(args.ray_games)


if __name__ == "__main__":
    main()
