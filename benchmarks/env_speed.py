"""Random legal steps per second of the PettingZoo AEC environments beside RLCard's Bridge
environment, interleaved in one run on one core (a benchmark, not a test).

    pip install -e '.[research,bench]'
    python benchmarks/env_speed.py --rounds 5 --seconds 2 [--against SRC]

A step is one decision: the acting seat's observation tensor and action mask (PettingZoo's
``env.last()``), one uniformly random legal action, ``env.step``. RLCard's step likewise
returns the next player's encoded observation (573 floats for Bridge) and its legal actions;
its random agent draws from ``state["legal_actions"]``, ours from the mask (its nonzero
entries, read as booleans: see docs/research.md), each the idiom of its framework. Each
round runs every environment for ``--seconds`` in turn, so a load change on the shared
machine hits all of them; the figure is the median over the rounds
of the steps per CPU second of this process (``time.process_time``: what the process
itself spent, whatever else the machine runs), with the wall-clock rate beside it.
``--against SRC`` times another tree's environments too (see ``trees.py``), each
environment of both trees in turn within every round, the order swapped every round,
RLCard in this tree's worker, and adds each environment's ratio this / other.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

import trees  # benchmarks/ is on the path: this script's folder
from adapters_speed import aec

TABLES = (("gangsta", 4), ("cosca", 3), ("capo", 4))
TARGETS = {"gangsta": 30_000, "cosca": 15_000, "capo": 15_000}
"""The steps per second each environment should reach (issue 29)."""
PEER = "RLCard bridge 4p"


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


def environments() -> dict[str, Callable[[int], int]]:
    """Each environment's whole-game loop, RLCard's last."""
    paths = {f"mobtable {name} {players}p AEC": aec(name, players) for name, players in TABLES}
    paths[PEER] = rlcard_bridge()
    return paths


def quartiles(values: list[float]) -> tuple[float, float, float]:
    """The lower quartile, the median and the upper quartile (one value: itself thrice)."""
    if len(values) == 1:
        return values[0], values[0], values[0]
    low, middle, high = statistics.quantiles(values, n=4)
    return low, middle, high


def table(cpu: dict[str, list[float]], wall: dict[str, list[float]], rounds: int) -> None:
    """The medians of the rounds, each beside its goal and its ratio to RLCard's Bridge:
    the ratio of the medians, and the median and quartiles of the rounds' own ratios (each
    round's environments run within seconds of each other, so a machine whose speed drifts
    moves both sides of a round's ratio alike)."""
    peer = statistics.median(cpu[PEER])
    print(f"load average {os.getloadavg()}; median of {rounds} rounds")
    print(
        "| environment | steps/s (CPU) | steps/s (wall) | target | x RLCard Bridge "
        "| x RLCard, per round: median (quartiles) |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for label in cpu:
        rate = statistics.median(cpu[label])
        game = label.split()[1]
        target = f"{TARGETS[game]:,}" if game in TARGETS else "-"
        per_round = [ours / theirs for ours, theirs in zip(cpu[label], cpu[PEER], strict=True)]
        low, middle, high = quartiles(per_round)
        print(
            f"| {label} | {rate:,.0f} | {statistics.median(wall[label]):,.0f} "
            f"| {target} | {rate / peer:.2f} | {middle:.2f} ({low:.2f}-{high:.2f}) |"
        )


def alone(rounds: int, seconds: float) -> None:
    """This tree's environments and RLCard's, in turn within every round (in reverse order
    every other round, so that a drift of the machine's speed within a round favours no
    environment)."""
    paths = environments()
    cpu: dict[str, list[float]] = {label: [] for label in paths}
    wall: dict[str, list[float]] = {label: [] for label in paths}
    for r in range(rounds):
        print(f"round {r + 1}: load average {os.getloadavg()}", flush=True)
        order = list(paths.items())
        for label, play in order if r % 2 == 0 else order[::-1]:
            c, w = timed(play, seconds, 1000 * r)
            cpu[label].append(c)
            wall[label].append(w)
            print(f"  {label}: {c:,.0f} steps/cpu-s ({w:,.0f} steps/wall-s)", flush=True)
    print()
    table(cpu, wall, rounds)


def against(other: str, rounds: int, seconds: float) -> None:
    """This tree's and ``other``'s environments, one at a time, and RLCard's (this tree's
    worker), every environment of both trees in turn within a round."""
    workers = trees.pair(__file__, other, [])
    labels: list[str] = workers[0].about["labels"]
    names = ("this", "other")
    cpu = [{label: [] for label in labels} for _ in workers]
    wall = [{label: [] for label in labels} for _ in workers]
    try:
        for r in range(rounds):
            print(f"round {r + 1}: load average {os.getloadavg()}", flush=True)
            for label in labels:
                for side in (0, 1) if r % 2 == 0 else (1, 0):
                    if label == PEER and side == 1:
                        continue
                    c, w = workers[side].ask({"label": label, "seconds": seconds, "seed": 1000 * r})
                    cpu[side][label].append(c)
                    wall[side][label].append(w)
                    print(
                        f"  {names[side]:5} {label}: {c:,.0f} steps/cpu-s ({w:,.0f} wall)",
                        flush=True,
                    )
    finally:
        for worker in workers:
            worker.close()
    cpu[1][PEER], wall[1][PEER] = cpu[0][PEER], wall[0][PEER]  # the same peer beside both
    for side, worker in enumerate(workers):
        print(f"\n{names[side]} tree: {worker.about['tree']}")
        table(cpu[side], wall[side], rounds)
    print()
    for label in labels:
        if label != PEER:
            ratio = statistics.median(cpu[0][label]) / statistics.median(cpu[1][label])
            per_round = [a / b for a, b in zip(cpu[0][label], cpu[1][label], strict=True)]
            low, middle, high = quartiles(per_round)
            print(
                f"{label}: this / other {ratio:.2f}; per round {middle:.2f} ({low:.2f}-{high:.2f})"
            )


def serve() -> None:
    """``--serve`` (for ``--against``): one measurement per request."""
    paths = environments()
    trees.serve(
        {"labels": list(paths)},
        lambda request: timed(paths[request["label"]], request["seconds"], request["seed"]),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--against", metavar="SRC", help="another tree's src/, timed in turn")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)  # --against's
    args = parser.parse_args()
    if args.serve:
        serve()
    elif args.against:
        against(args.against, args.rounds, args.seconds)
    else:
        alone(args.rounds, args.seconds)


if __name__ == "__main__":
    main()
