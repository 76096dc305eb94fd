"""Random legal steps per second of the PettingZoo AEC environments beside RLCard's Bridge
environment, interleaved in one run on one core (a benchmark, not a test).

    pip install -e '.[research,bench]'
    python benchmarks/env_speed.py --rounds 5 --seconds 2

A step is one decision: the acting seat's observation tensor and action mask (PettingZoo's
``env.last()``), one uniformly random legal action, ``env.step``. RLCard's step likewise
returns the next player's encoded observation (573 floats for Bridge) and its legal actions;
its random agent draws from ``state["legal_actions"]``, ours from the mask, each the idiom of
its framework. Each round runs every environment for ``--seconds`` in turn, so a load
change on the shared machine hits all of them; the figure is the median over the rounds
of the steps per CPU second of this process (``time.process_time``: what the process
itself spent, whatever else the machine runs), with the wall-clock rate beside it.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

from adapters_speed import aec  # benchmarks/ is on the path: this script's folder

TABLES = (("gangsta", 4), ("cosca", 3), ("capo", 4))
TARGETS = {"gangsta": 30_000, "cosca": 15_000, "capo": 15_000}
"""The steps per second each environment should reach (issue 29)."""


def rlcard_bridge() -> Callable[[int], int]:
    """Whole random deals of RLCard's 4-player Bridge environment; returns the steps."""
    import rlcard

    env = rlcard.make("bridge", config={"seed": 0})

    def one(seed: int) -> int:
        rng = random.Random(seed)
        env.seed(seed)
        state, _ = env.reset()
        steps = 0
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[rng.randrange(len(legal))])
            steps += 1
        return steps

    return one


def timed(play: Callable[[int], int], seconds: float, first_seed: int) -> tuple[float, float]:
    """(steps per CPU second, steps per wall second) over whole games for ``seconds``."""
    steps, seed = 0, first_seed
    wall, cpu = time.perf_counter(), time.process_time()
    while time.process_time() - cpu < seconds:
        steps += play(seed)
        seed += 1
    return steps / (time.process_time() - cpu), steps / (time.perf_counter() - wall)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    paths = {f"mobtable {name} {players}p AEC": aec(name, players) for name, players in TABLES}
    paths["RLCard bridge 4p"] = rlcard_bridge()
    cpu: dict[str, list[float]] = {label: [] for label in paths}
    wall: dict[str, list[float]] = {label: [] for label in paths}
    for r in range(args.rounds):
        print(f"round {r + 1}: load average {os.getloadavg()}", flush=True)
        for label, play in paths.items():
            c, w = timed(play, args.seconds, 1000 * r)
            cpu[label].append(c)
            wall[label].append(w)
            print(f"  {label}: {c:,.0f} steps/cpu-s ({w:,.0f} steps/wall-s)", flush=True)
    peer = statistics.median(cpu["RLCard bridge 4p"])
    print(f"\nload average at the end {os.getloadavg()}; median of {args.rounds} rounds")
    print("| environment | steps/s (CPU) | steps/s (wall) | target | x RLCard Bridge |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for label in paths:
        rate = statistics.median(cpu[label])
        game = label.split()[1]
        target = f"{TARGETS[game]:,}" if game in TARGETS else "-"
        print(
            f"| {label} | {rate:,.0f} | {statistics.median(wall[label]):,.0f} "
            f"| {target} | {rate / peer:.2f} |"
        )


if __name__ == "__main__":
    main()
