"""How long a hint takes at each search level, per game: the figures behind ``HINT_LEVEL``.

    python benchmarks/hint_time.py [--games gangsta capo cosca] [--positions 4] [--seed 1]

Positions come from games the ``easy`` bot plays against itself (seeded); at every
``stride``-th decision with a choice, the seat to move asks for a hint at each search level
(``medium``, ``hard``, ``expert``) the way the server's worker answers one
(``server.hints.advise``: the record replayed, then the level's search with its own budget),
timed wall-clock. Printed per game and level: the median and the largest time, and the
median number of games the search played out. The first hint of a process (imports, the
learned evaluator's weights) is timed apart: a worker pays it once.

Timings depend on the machine's load; run it ``nice -n 10`` on a quiet machine if you can.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from mobtable import games
from mobtable.bots import make
from mobtable.bots.base import Decision
from mobtable.bots.hints import HINT_LEVEL, HINT_SECONDS, hint_seed
from mobtable.bots.levels import LEVELS
from mobtable.bots.search import ISMCTSBot
from mobtable.core import State
from mobtable.core.record import to_record
from mobtable.server.hints import HintJob, advise

sys.path.insert(0, str(Path(__file__).resolve().parent))
from strength import players_for

SEARCH_LEVELS = [cls for cls in LEVELS.values() if issubclass(cls, ISMCTSBot)]


def positions(name: str, count: int, seed: int) -> list[tuple[State, int]]:
    """``count`` positions of ``easy`` games, spread over each game (a copy of each)."""
    game = games.get(name)
    found: list[tuple[State, int]] = []
    deal = seed
    while len(found) < count:
        state = game.new_state(game.config(players_for(name)), seed=deal)
        bot = make("easy", name, seed=deal)
        rng = random.Random(deal)
        while not state.is_over() and len(found) < count:
            seat = state.pending()[0]
            legal = state.legal(seat)
            if len(legal) > 1 and rng.random() < 0.15:
                found.append((state.clone(), seat))
            state.apply(seat, bot.choose(Decision(state, seat)))
        deal += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=["gangsta", "capo", "cosca"])
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"hint time by level (budget {HINT_SECONDS:g} s; hints use {HINT_LEVEL.name})")
    print("| game | players | level | positions | median s | max s | first s | median games |")
    print("|---|---:|---|---:|---:|---:|---:|---:|", flush=True)
    for name in args.games:
        package = games.package_of(name)
        spots = positions(name, args.positions, args.seed)
        for level in SEARCH_LEVELS:
            times: list[float] = []
            visits: list[int] = []
            for state, seat in spots:
                job = HintJob(to_record(state), seat, hint_seed(state, seat), package, level)
                start = time.perf_counter()
                advice = advise(job)
                times.append(time.perf_counter() - start)
                visits.append(advice.visits)
            first, rest = times[0], times[1:] or times
            print(
                f"| {name} | {players_for(name)} | {level.name} | {len(times)} "
                f"| {statistics.median(rest):.2f} | {max(rest):.2f} | {first:.2f} "
                f"| {statistics.median(visits):,.0f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
