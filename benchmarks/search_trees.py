"""ISMCTS iterations per CPU second of two source trees, old and new alternating in one run.

    python benchmarks/search_trees.py OLD_SRC NEW_SRC [--rounds 7] [--games gangsta ...]

Each tree gets one worker process (``PYTHONPATH=<tree>/src``, the tree's own
``benchmarks/search_speed.py`` for the positions and the search); round by round, in an
order that swaps every round, both workers search the same mid-game position of each game
for the same number of iterations (calibrated once on the old tree to about ``--seconds``).
The table gives each tree's median rate and the ratio new / old. Set
``MOBTABLE_PURE_PYTHON=1`` to compare the pure-Python paths.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

WORKER = """
import importlib.util, json, sys, time
spec = importlib.util.spec_from_file_location("search_speed", sys.argv[1])
speed = importlib.util.module_from_spec(spec)
spec.loader.exec_module(speed)
from mobtable import games, native
states = {}
print(json.dumps(native.engine_path()), flush=True)
for line in sys.stdin:
    name, iterations = json.loads(line)
    if name not in states:
        game = games.get(name)
        states[name] = speed.positions(game, speed.SEED)["mid-game"]
    run = speed.mobtable_runner(states[name], False)
    if iterations == 0:
        iterations = speed.calibrate(run, 0.5)
        print(json.dumps(iterations), flush=True)
        continue
    start = time.process_time()
    run(iterations)
    print(json.dumps(iterations / (time.process_time() - start)), flush=True)
"""


class Worker:
    """One tree's worker process: asked for a rate, it answers with one."""

    def __init__(self, tree: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(tree / "src")}
        self.process = subprocess.Popen(
            [sys.executable, "-c", WORKER, str(tree / "benchmarks" / "search_speed.py")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        self.path = self._read()

    def _read(self) -> object:
        assert self.process.stdout is not None
        return json.loads(self.process.stdout.readline())

    def ask(self, game: str, iterations: int) -> float:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps([game, iterations]) + "\n")
        self.process.stdin.flush()
        return float(self._read())  # type: ignore[arg-type]

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--games", nargs="+", default=["gangsta", "cosca", "capo"])
    args = parser.parse_args()
    old, new = Worker(args.old), Worker(args.new)
    print(f"old: {args.old} ({old.path}); new: {args.new} ({new.path})")
    iterations = {game: int(old.ask(game, 0)) for game in args.games}
    rates: dict[tuple[str, str], list[float]] = {}
    for number in range(args.rounds):
        for game in args.games:
            order = [("old", old), ("new", new)]
            if number % 2:
                order.reverse()
            for side, worker in order:
                rates.setdefault((game, side), []).append(worker.ask(game, iterations[game]))
    old.close()
    new.close()
    print("\n| game (mid-game) | iterations | old it/s | new it/s | new / old |")
    print("|---|---|---|---|---|")
    for game in args.games:
        a = statistics.median(rates[(game, "old")])
        b = statistics.median(rates[(game, "new")])
        print(f"| {game} | {iterations[game]} | {a:,.0f} | {b:,.0f} | {b / a:.3f} |")


if __name__ == "__main__":
    main()
