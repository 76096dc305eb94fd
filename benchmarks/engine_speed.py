"""Random-play decisions per CPU-second of the three engines beside OpenSpiel's C++ ``hearts``.

    python benchmarks/engine_speed.py [--seconds 1] [--rounds 5] [--against SRC]

Every side runs the same kind of Python loop (``legal``, a uniform choice, apply
without the check; Hearts' chance steps applied but not counted) for
``--seconds`` of CPU time per round; the sides take turns within each round, so
machine drift falls on all of them alike. The figures are the medians of the
rounds, the ratio each game's median over Hearts'. Our games play silent (no
event log), as simulation and search do. ``--against SRC`` times this tree and
another tree's sources in turn (see ``trees.py``) and prints each game's ratio
this / other.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import trees

from mobtable import games

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


def all_loops() -> dict[str, Callable[[float], float]]:
    """Each side's timing function, OpenSpiel's last (when it is importable)."""
    loops: dict[str, Callable[[float], float]] = {
        f"{name} {players}p": engine_loop(name, players) for name, players in SIDES
    }
    hearts = hearts_loop()
    if hearts is not None:
        loops[HEARTS] = hearts
    return loops


def measure(seconds: float, rounds: int) -> dict[str, list[float]]:
    """Each side's decisions/s in every round, the sides taking turns within a round."""
    loops = all_loops()
    figures: dict[str, list[float]] = {label: [] for label in loops}
    for _ in range(rounds):
        for label, run in loops.items():
            figures[label].append(run(seconds))
    return figures


def report(tree: str, figures: dict[str, list[float]], rounds: int, seconds: float) -> None:
    print(f"{tree}: {rounds} rounds of {seconds:g} CPU-s a side")
    peer = statistics.median(figures[HEARTS]) if HEARTS in figures else None
    for label, rates in figures.items():
        median = statistics.median(rates)
        ratio = f"  {median / peer:5.3f}x hearts" if peer and label != HEARTS else ""
        spread = f"({min(rates):,.0f}-{max(rates):,.0f})"
        print(f"{label:26} {median:10,.0f} decisions/s {spread:>20}{ratio}")
    if peer is None:
        print("open_spiel not importable (pip install -e '.[bench]'): no peer figure")


def against(other: str, seconds: float, rounds: int) -> None:
    """This tree and ``other``'s sources, one measurement of each in turn, the order
    swapped every round; OpenSpiel's figure from this tree's worker."""
    workers = trees.pair(__file__, other, [])
    labels = workers[0].about["labels"]
    figures: list[dict[str, list[float]]] = [{label: [] for label in labels} for _ in workers]
    try:
        for round_ in range(rounds):
            for label in labels:
                order = (0, 1) if round_ % 2 == 0 else (1, 0)
                for side in order:
                    if label == HEARTS and side == 1:
                        continue
                    rate = workers[side].ask({"label": label, "seconds": seconds})
                    figures[side][label].append(rate)
    finally:
        for worker in workers:
            worker.close()
    if HEARTS in labels:  # the same peer beside both trees
        figures[1][HEARTS] = figures[0][HEARTS]
    for worker, measured in zip(workers, figures, strict=True):
        report(f"tree {worker.about['tree']}", measured, rounds, seconds)
        print()
    for label in labels:
        if label != HEARTS:
            ratio = statistics.median(figures[0][label]) / statistics.median(figures[1][label])
            print(f"{label:26} this / other: {ratio:5.3f}")
    print(trees.load())


def serve() -> None:
    """``--serve`` (for ``--against``): one measurement per request."""
    loops = all_loops()
    trees.serve(
        {"labels": list(loops)},
        lambda request: loops[request["label"]](request["seconds"]),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per side per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--against", metavar="SRC", help="another tree's src/, timed in turn")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)  # --against's
    args = parser.parse_args()
    if args.serve:
        serve()
    elif args.against:
        against(args.against, args.seconds, args.rounds)
    else:
        report("this tree", measure(args.seconds, args.rounds), args.rounds, args.seconds)
        print(trees.load())


if __name__ == "__main__":
    main()
