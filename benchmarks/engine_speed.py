"""Random-play decisions per CPU-second of the three engines beside OpenSpiel's C++ ``hearts``.

    python benchmarks/engine_speed.py [--seconds 1] [--rounds 5] [--both]

Every side runs the same kind of Python loop (``legal``, a uniform choice, apply
without the check; Hearts' chance steps applied but not counted) for
``--seconds`` of CPU time per round; the sides take turns within each round, so
machine drift falls on all of them alike. The figures are the medians of the
rounds, the ratio each game's median over Hearts'. Our games play silent (no
event log), as simulation and search do. The script says whether the engine
modules it measured were compiled or pure Python; ``--both`` measures the compiled
and the pure path (``MOBTABLE_PURE_PYTHON=1``) in turn, one round of each in a
subprocess, and prints their ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from mobtable import games, native

SIDES = (("gangsta", 4), ("cosca", 4), ("capo", 5))
HEARTS = "open_spiel hearts (C++)"


def engine_loop(name: str, players: int) -> Callable[[float], float]:
    """A function timing random games of ``name`` for some CPU seconds: decisions/s."""
    game = games.get(name)
    config = game.config(players)
    seeds = iter(range(10**9))

    def run(seconds: float) -> float:
        random_ = random.Random(0).random
        decisions = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            state = game.new_state(config, seed=next(seeds))
            state.silent = True
            pending, legal, apply, is_over = state.pending, state.legal, state.apply, state.is_over
            while not is_over():
                seat = pending()[0]
                actions = legal(seat)
                apply(seat, actions[int(random_() * len(actions))], check=False)
                decisions += 1
        return decisions / (time.process_time() - start)

    return run


def hearts_loop() -> Callable[[float], float] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")

    def run(seconds: float) -> float:
        random_ = random.Random(0).random
        decisions = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(random_() * len(outcomes))][0])
                    continue
                legal = state.legal_actions()
                state.apply_action(legal[int(random_() * len(legal))])
                decisions += 1
        return decisions / (time.process_time() - start)

    return run


def measure(seconds: float, rounds: int) -> dict[str, list[float]]:
    """Each side's decisions/s in every round, the sides taking turns within a round."""
    loops: dict[str, Callable[[float], float]] = {
        f"{name} {players}p": engine_loop(name, players) for name, players in SIDES
    }
    hearts = hearts_loop()
    if hearts is not None:
        loops[HEARTS] = hearts
    figures: dict[str, list[float]] = {label: [] for label in loops}
    for _ in range(rounds):
        for label, run in loops.items():
            figures[label].append(run(seconds))
    return figures


def report(path: str, figures: dict[str, list[float]], rounds: int, seconds: float) -> None:
    print(f"engine path: {path}; {rounds} rounds of {seconds:g} CPU-s a side")
    peer = statistics.median(figures[HEARTS]) if HEARTS in figures else None
    for label, rates in figures.items():
        median = statistics.median(rates)
        ratio = f"  {median / peer:5.3f}x hearts" if peer and label != HEARTS else ""
        spread = f"({min(rates):,.0f}-{max(rates):,.0f})"
        print(f"{label:26} {median:10,.0f} decisions/s {spread:>20}{ratio}")
    if peer is None:
        print("open_spiel not importable (pip install -e '.[bench]'): no peer figure")


def both_paths(seconds: float, rounds: int) -> None:
    """The compiled and the pure path, one round each in turn, each in a subprocess."""
    figures: dict[bool, dict[str, list[float]]] = {False: {}, True: {}}
    paths: dict[bool, str] = {}
    for round_ in range(rounds):
        for pure in (False, True) if round_ % 2 == 0 else (True, False):
            env = {key: value for key, value in os.environ.items() if key != native.PURE_ENV}
            if pure:
                env[native.PURE_ENV] = "1"
            command = [sys.executable, __file__, "--seconds", str(seconds), "--json"]
            out = json.loads(
                subprocess.run(command, env=env, capture_output=True, check=True).stdout
            )
            paths[pure] = out["path"]
            for label, rates in out["figures"].items():
                figures[pure].setdefault(label, []).extend(rates)
    for pure in (False, True):
        report(paths[pure], figures[pure], rounds, seconds)
        print()
    for label in figures[False]:
        if label != HEARTS:
            gain = statistics.median(figures[False][label]) / statistics.median(
                figures[True][label]
            )
            print(f"{label:26} compiled / pure: {gain:4.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per side per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument(
        "--both", action="store_true", help="the compiled and the pure path, interleaved"
    )
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # --both's rounds
    args = parser.parse_args()
    if args.both:
        both_paths(args.seconds, args.rounds)
    elif args.json:
        figures = measure(args.seconds, 1)
        print(json.dumps({"path": native.engine_path(), "figures": figures}))
    else:
        report(native.engine_path(), measure(args.seconds, args.rounds), args.rounds, args.seconds)


if __name__ == "__main__":
    main()
