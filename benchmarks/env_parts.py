"""Where a step of the PettingZoo AEC environment spends its time, part by part (a
diagnostic beside ``env_speed.py``, not a test).

    python benchmarks/env_parts.py --games 300

Random legal play as in ``env_speed.py``; every part of every step is timed on its own
with ``time.perf_counter``: the acting seat's view (the engine), its encoding, the action
mask, the agent's scan of the mask and its draw, and ``env.step``. The parts are called
directly rather than through ``env.last()``, so PettingZoo's iterator and ``last()`` (a
few microseconds a step) are left out; the sum is a little below the whole loop's time.
"""

from __future__ import annotations

import argparse
import random
import time

from env_speed import TABLES  # benchmarks/ is on the path: this script's folder

from mobtable.adapters import pettingzoo as pz

PARTS = ("view", "encoding", "mask", "agent", "step")


def parts(name: str, players: int, games: int) -> tuple[list[float], int]:
    """Microseconds a step of each part over ``games`` random games, and the steps."""
    env = pz.env(name, players)
    raw = env.unwrapped
    table = raw.table
    clock = time.perf_counter
    spent = [0.0] * len(PARTS)
    steps = 0
    for seed in range(games):
        rng = random.Random(seed)
        env.reset(seed=seed)
        for agent in env.agent_iter():
            if raw.terminations[agent] or raw.truncations[agent]:
                env.step(None)
                continue
            seat = raw.possible_agents.index(agent)
            t0 = clock()
            view = table.state.view(seat)
            t1 = clock()
            table.encoder.encode(view)
            t2 = clock()
            mask = table.mask(seat)
            t3 = clock()
            legal = mask.view(bool).nonzero()[0]
            action = int(legal[rng.randrange(len(legal))])
            t4 = clock()
            env.step(action)
            t5 = clock()
            for i, (a, b) in enumerate(((t0, t1), (t1, t2), (t2, t3), (t3, t4), (t4, t5))):
                spent[i] += b - a
            steps += 1
    return [s / steps * 1e6 for s in spent], steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300, help="random games per table")
    args = parser.parse_args()
    print(f"| | {' | '.join(PARTS)} | sum | steps |")
    print(f"| --- |{' ---: |' * (len(PARTS) + 2)}")
    for name, players in TABLES:
        micros, steps = parts(name, players, args.games)
        cells = " | ".join(f"{m:.1f}" for m in micros)
        print(f"| {name}, {players} players | {cells} | {sum(micros):.1f} | {steps:,} |")


if __name__ == "__main__":
    main()
