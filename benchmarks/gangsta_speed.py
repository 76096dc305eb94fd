"""Random 4-player Gangsta games for a few seconds: games/s and decisions/s.

If OpenSpiel is importable, random Hearts games through pyspiel from the same
kind of Python loop are timed too (chance steps excluded from decisions), and
the ratio ours/theirs printed. Times are CPU seconds of this one process, so
the figures hold on a busy machine too.

    python benchmarks/gangsta_speed.py [--seconds 5] [--players 4]
"""

from __future__ import annotations

import argparse
import random
import time

from engine_speed import hearts_loop  # the same Hearts loop as the engines' benchmark

from mobtable import games


def run_gangsta(seconds: float, players: int, *, silent: bool) -> tuple[float, float]:
    game = games.get("gangsta")
    config = game.config(players)
    random_ = random.Random(0).random
    played = decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_state(config, seed=played)
        state.silent = silent
        while not state.is_over():
            seat = state.pending()[0]
            legal = state.legal(seat)
            state.apply(seat, legal[int(random_() * len(legal))], check=False)
            decisions += 1
        played += 1
    elapsed = time.process_time() - start
    return played / elapsed, decisions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    for silent in (True, False):
        gps, dps = run_gangsta(args.seconds, args.players, silent=silent)
        label = "without event log" if silent else "with event log   "
        print(f"gangsta {args.players}p {label}: {gps:8.0f} games/s {dps:10.0f} decisions/s")
    hearts = hearts_loop()
    if hearts is None:
        print("open_spiel not importable: no Hearts comparison")
        return
    hdps = hearts(args.seconds)
    print(f"open_spiel hearts (pyspiel loop): {hdps:10.0f} decisions/s")
    _, ours = run_gangsta(args.seconds, args.players, silent=True)
    print(f"decisions/s ratio gangsta/hearts: {ours / hdps:.2f}")


if __name__ == "__main__":
    main()
