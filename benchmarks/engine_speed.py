"""Random-play decisions per CPU-second of the three engines beside OpenSpiel's C++ ``hearts``.

    python benchmarks/engine_speed.py [--seconds 1] [--rounds 5]

Every side runs the same kind of Python loop (``legal``, a uniform choice, apply
without the check; Hearts' chance steps applied but not counted) for
``--seconds`` of CPU time per round; the sides take turns within each round, so
machine drift falls on all of them alike. The figures are the medians of the
rounds, the ratio each game's median over Hearts'. Our games play silent (no
event log), as simulation and search do. The script says whether the engine
modules it measured were compiled or pure Python.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from mobtable import games

SIDES = (("gangsta", 4), ("cosca", 4), ("capo", 5))


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


def engine_path() -> str:
    """``compiled`` when the engines' modules are extension modules, else ``pure Python``."""
    from mobtable.games.capo import state as capo_state
    from mobtable.games.cosca import state as cosca_state
    from mobtable.games.gangsta import state as gangsta_state

    modules = (gangsta_state, cosca_state, capo_state)
    compiled = [m.__name__ for m in modules if not (m.__file__ or "").endswith(".py")]
    return f"compiled ({', '.join(compiled)})" if compiled else "pure Python"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per side per round")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    loops: dict[str, Callable[[float], float]] = {
        f"{name} {players}p": engine_loop(name, players) for name, players in SIDES
    }
    hearts = hearts_loop()
    if hearts is not None:
        loops["open_spiel hearts (C++)"] = hearts
    figures: dict[str, list[float]] = {label: [] for label in loops}
    for _ in range(args.rounds):
        for label, run in loops.items():
            figures[label].append(run(args.seconds))
    print(f"engine path: {engine_path()}; {args.rounds} rounds of {args.seconds:g} CPU-s a side")
    peer = statistics.median(figures["open_spiel hearts (C++)"]) if hearts else None
    for label, rates in figures.items():
        median = statistics.median(rates)
        ratio = f"  {median / peer:5.3f}x hearts" if peer and "hearts" not in label else ""
        spread = f"({min(rates):,.0f}-{max(rates):,.0f})"
        print(f"{label:26} {median:10,.0f} decisions/s {spread:>20}{ratio}")
    if hearts is None:
        print("open_spiel not importable (pip install -e '.[bench]'): no peer figure")


if __name__ == "__main__":
    main()
