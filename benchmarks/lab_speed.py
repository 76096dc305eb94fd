"""The lab's speed: the harness against a bare engine loop, and the bot levels for large runs.

    python benchmarks/lab_speed.py overhead [--rounds 3]
    python benchmarks/lab_speed.py bots [--games 40] [--rounds 2]

1. ``overhead``: ``mobtable simulate gangsta -p 4 -n N --json`` (random bots), run in this
   process, and its reported games/s, against a bare loop of ``new_state`` / ``legal`` /
   ``apply(check=False)`` with ``silent`` in the same process (a uniform choice per action),
   interleaved round by round, for N = 400 and 4,000. The ratio is harness / bare (the goal:
   at least 0.8), twice: by wall-clock games/s (the harness's own reported figure) and by
   this process's CPU seconds over the same span (``time.process_time`` around the
   ``mobtable.sim.run`` that ``simulate`` calls: much steadier on a loaded machine, since
   other processes' load does not count).
2. ``bots``: games/s of four-player Gangsta with one bot level everywhere (``random``,
   ``greedy``, ``quick``, ``medium``), interleaved round by round; then ``quick`` against
   ``greedy`` on the same seeds: ``quick`` in the first seat and ``greedy`` in the others,
   the line-up rotated each game, so ``quick`` plays every seat as often.

The load average is printed: the machine is shared, so compare figures of one run only.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import time
from typing import Any

import sim_speed  # the bare loop, beside this script

from mobtable import games
from mobtable.sim import SimSpec, Summary, run

GAME, PLAYERS = "gangsta", 4


def bare_loop(count: int) -> tuple[float, float]:
    """(wall, CPU) games/s of ``sim_speed``'s bare engine loop (uniform choices, ``silent``,
    no checks)."""
    play = sim_speed.bare_loop(PLAYERS)
    started, cpu = time.perf_counter(), time.process_time()
    play(count)
    return count / (time.perf_counter() - started), count / (time.process_time() - cpu)


def harness(count: int) -> tuple[float, float]:
    """(reported, CPU) games/s of ``simulate --json``, run in this process.

    The CPU figure counts the span the reported figure counts (``mobtable.sim.run``, which
    ``simulate`` calls): the command's start-up and its closing statistics stay out of both.
    """
    from typer.testing import CliRunner

    from mobtable.cli import app

    command = importlib.import_module("mobtable.cli.simulate")  # the module, not the command

    spans: list[float] = []

    def timed_run(*args: Any, **kwargs: Any) -> Summary:
        started = time.process_time()
        try:
            return run(*args, **kwargs)
        finally:
            spans.append(time.process_time() - started)

    args = ["simulate", GAME, "-p", str(PLAYERS), "-n", str(count), "--json"]
    command.run = timed_run  # type: ignore[assignment]
    try:
        result = CliRunner().invoke(app, args)
    finally:
        command.run = run  # type: ignore[assignment]
    if result.exit_code != 0:
        raise RuntimeError(result.output)
    return float(json.loads(result.output)["timing"]["games_per_second"]), count / spans[0]


def overhead(rounds: int) -> None:
    print(f"load average {os.getloadavg()}")
    print("games  round  bare games/s  harness games/s  ratio  | CPU: bare  harness  ratio")
    for count, times in ((400, 3 * rounds), (4000, rounds)):
        walls, cpus = [], []
        for number in range(1, times + 1):
            (bare, bare_cpu), (sim, sim_cpu) = bare_loop(count), harness(count)
            walls.append(sim / bare)
            cpus.append(sim_cpu / bare_cpu)
            print(
                f"{count:5}  {number:5}  {bare:12.0f}  {sim:15.0f}  {sim / bare:5.2f}  | "
                f"{bare_cpu:9.0f}  {sim_cpu:7.0f}  {sim_cpu / bare_cpu:5.2f}"
            )
        print(
            f"{count:5}  median ratio: wall {statistics.median(walls):.2f}, "
            f"CPU {statistics.median(cpus):.2f}"
        )
    print(f"load average {os.getloadavg()}")


def _spec(bots: list[str], seed: int = 1, *, rotate: bool = False) -> SimSpec:
    game = games.get(GAME)
    return SimSpec.build(game.config(PLAYERS), game, bots, seed, rotate=rotate)


def bots(count: int, rounds: int) -> None:
    print(f"load average {os.getloadavg()}")
    levels = {"random": count * 20, "greedy": count * 4, "quick": count, "medium": 4}
    rates: dict[str, list[float]] = {name: [] for name in levels}
    for number in range(1, rounds + 1):
        for name, games_played in levels.items():
            summary = run(_spec([name] * PLAYERS), games_played)
            rates[name].append(summary.games_per_second)
            rate = summary.games_per_second
            print(f"round {number}: {name:7} {games_played:5} games {rate:9.2f} games/s")
    greedy = statistics.median(rates["greedy"])
    for name, values in rates.items():
        median = statistics.median(values)
        print(f"{name:7} median {median:9.2f} games/s  ({median / greedy:.2f} x greedy)")
    summary = run(_spec(["quick", "greedy", "greedy", "greedy"], 7, rotate=True), count * 4)
    quick = summary.bots["quick"]
    from mobtable.sim.stats import wilson

    low, high = wilson(quick.wins, quick.games)
    print(
        f"quick vs greedy x3 (rotated, {summary.games} games, seed 7): quick wins "
        f"{quick.win_rate:.1%} ({low:.1%} to {high:.1%}) against an equal share of 25.0%; "
        f"greedy seats {summary.bots['greedy'].win_rate:.1%} each"
    )
    print(f"load average {os.getloadavg()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", choices=("overhead", "bots"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    if args.part == "overhead":
        overhead(args.rounds)
    else:
        bots(args.games, args.rounds)


if __name__ == "__main__":
    main()
