"""ISMCTS iterations per second from a mid-game position, beside OpenSpiel's ISMCTS on hearts.

    python benchmarks/search_speed.py [--rounds 5] [--seconds 0.5] [--games gangsta ...]
                                      [--openings] [--profile] [--full] [--against SRC]

In one run, interleaved round by round so that machine drift hits every side
alike, it times:

- mobtable's ``ISMCTSBot`` (the default search: each game's playout policy and
  evaluator) from a mid-game position of each game, reached by seeded random
  play to half of a random game's length;
- OpenSpiel's C++ ISMCTS (``pyspiel.ISMCTSBot``, one random rollout per
  simulation, ``uct_c=2``) from a mid-game position of C++ ``hearts``;
- OpenSpiel's Python ISMCTS (``open_spiel.python.algorithms.ismcts``) over the
  same C++ ``hearts`` position.

Each path runs a fixed number of iterations, calibrated in a warm-up to take
about ``--seconds`` of CPU time; the table gives the median of ``--rounds``
rates (iterations per CPU second of the process: C++ runs in it too) and the
ratio to each peer's median. ``--openings`` adds each game's opening;
``--profile`` prints the top functions (by own time) of each game's mid-game
search under cProfile; ``--full`` plays every rollout to the end of the game.
OpenSpiel is optional (``pip install -e ".[bench]"``): without it only
mobtable's rates are printed. ``--against SRC`` times this tree and another tree's
sources in turn, the same iterations on both (see ``trees.py``), and adds the ratio
this / other.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import trees

from mobtable import games
from mobtable.bots import Decision
from mobtable.bots.search import Budget, ISMCTSBot, SearchResult
from mobtable.core import Game, State

PLAYERS = {"capo": 5}
DEFAULT_PLAYERS = 4
SEED = 7

Runner = Callable[[int], None]
"""Runs a search of the given number of iterations."""


def players_for(game: Game) -> int:
    wanted = PLAYERS.get(game.name, DEFAULT_PLAYERS)
    return max(game.min_players, min(game.max_players, wanted))


def positions(game: Game, seed: int) -> dict[str, State]:
    """The opening and a mid-game position (both with a decision of several actions)."""
    config = game.config(players_for(game))
    rng = random.Random(seed)
    probe = game.new_state(config, seed=seed)
    length = 0
    while not probe.is_over():
        seat = probe.pending()[0]
        legal = probe.legal(seat)
        probe.apply(seat, legal[rng.randrange(len(legal))], check=False)
        length += 1
    found: dict[str, State] = {}
    rng = random.Random(seed)
    state = game.new_state(config, seed=seed)
    step = 0
    while not state.is_over():
        seat = state.pending()[0]
        legal = state.legal(seat)
        if len(legal) > 1 and "opening" not in found:
            found["opening"] = state.clone()
        if len(legal) > 1 and step >= length // 2 and "mid-game" not in found:
            found["mid-game"] = state.clone()
        state.apply(seat, legal[rng.randrange(len(legal))], check=False)
        step += 1
    return found


def measure(state: State, iterations: int, *, full: bool = False) -> SearchResult:
    seat = state.pending()[0]
    bot = ISMCTSBot(seed=1, budget=Budget(iterations=iterations), truncate=not full)
    return bot.search(Decision(state, seat))


def mobtable_runner(state: State, full: bool) -> Runner:
    def run(iterations: int) -> None:
        measure(state, iterations, full=full)

    return run


def hearts_midgame(seed: int) -> Any:
    """A C++ hearts state at half of a seeded random game, with several legal actions."""
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)

    def play(stop: int | None) -> tuple[Any, int]:
        state, decisions = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            if stop is not None and decisions >= stop and len(legal) > 1:
                return state, decisions
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
        return state, decisions

    _, length = play(None)
    rng.seed(seed)
    state, _ = play(length // 2)
    return state


def openspiel_runners(seed: int) -> dict[str, Runner]:
    """OpenSpiel's C++ and Python ISMCTS on a hearts mid-game, or nothing without OpenSpiel."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-not-found]
    except ImportError:
        return {}
    state = hearts_midgame(seed)

    def cpp(iterations: int) -> None:
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        bot = pyspiel.ISMCTSBot(
            seed, evaluator, 2.0, iterations, -1, pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT
        )
        bot.step(state)

    def python(iterations: int) -> None:
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
        bot = ismcts.ISMCTSBot(
            state.get_game(), evaluator, 2.0, iterations, random_state=np.random.RandomState(seed)
        )
        bot.step(state)

    return {"OpenSpiel C++ ISMCTS, hearts": cpp, "OpenSpiel Python ISMCTS, hearts": python}


def rate(run: Runner, iterations: int) -> float:
    """Iterations per CPU second of this process (on a shared machine, wall time
    measures the other work as much as this)."""
    start = time.process_time()
    run(iterations)
    return iterations / (time.process_time() - start)


def calibrate(run: Runner, seconds: float) -> int:
    """Iterations that take about ``seconds`` (from a short warm-up)."""
    iterations = 50
    while True:
        start = time.process_time()
        run(iterations)
        spent = time.process_time() - start
        if spent >= seconds / 8:
            return max(20, int(iterations * seconds / spent))
        iterations *= 4


def all_runners(args: argparse.Namespace) -> tuple[dict[str, Runner], dict[str, int], list[str]]:
    """Each position's search, then OpenSpiel's; each position's legal actions; the peers."""
    runners: dict[str, Runner] = {}
    legal: dict[str, int] = {}
    for name in args.games:
        game = games.get(name)
        for label, state in positions(game, args.seed).items():
            if label == "opening" and not args.openings:
                continue
            key = f"{name} {players_for(game)}p, {label}"
            runners[key] = mobtable_runner(state, args.full)
            legal[key] = len(state.legal(state.pending()[0]))
            if args.profile and label == "mid-game":
                profiler = cProfile.Profile()
                profiler.runcall(measure, state, calibrate(runners[key], 1.0), full=args.full)
                print(f"--- {key}")
                pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
    peers = openspiel_runners(args.seed)
    runners.update(peers)
    return runners, legal, list(peers)


def table(medians: dict[str, float], legal: dict[str, int], peers: list[str]) -> None:
    header = " | ".join(f"ratio to {n.split(',')[0].removeprefix('OpenSpiel ')}" for n in peers)
    print(f"| path | legal | iterations/s | {header} |".replace(" |  |", " |"))
    print("|---|---:|---:|" + "---:|" * len(peers))
    for key, value in medians.items():
        ratios = " | ".join(f"{value / medians[n]:.3f}" for n in peers)
        print(f"| {key} | {legal.get(key, '-')} | {value:,.0f} | {ratios} |".replace(" |  |", " |"))


def against(args: argparse.Namespace, passed: list[str]) -> None:
    """This tree and ``args.against``, each search in turn on both, the order swapped
    every round; the peers run in this tree's worker only."""
    workers = trees.pair(__file__, args.against, passed)
    this = workers[0]
    keys, peers, legal = this.about["keys"], this.about["peers"], this.about["legal"]
    counts = {key: this.ask({"calibrate": key, "seconds": args.seconds}) for key in keys}
    rates: list[dict[str, list[float]]] = [{key: [] for key in keys} for _ in workers]
    try:
        for round_ in range(args.rounds):
            for key in keys:
                for side in (0, 1) if round_ % 2 == 0 else (1, 0):
                    if key in peers and side == 1:
                        continue
                    rates[side][key].append(workers[side].ask({"key": key, "n": counts[key]}))
    finally:
        for worker in workers:
            worker.close()
    for key in peers:
        rates[1][key] = rates[0][key]
    medians = [{key: statistics.median(v) for key, v in side.items()} for side in rates]
    print(f"medians of {args.rounds} interleaved rounds, {args.seconds:g} CPU s each")
    for worker, side in zip(workers, medians, strict=True):
        print(f"\ntree {worker.about['tree']}\n")
        table(side, legal, peers)
    print("\n| path | this / other |\n|---|---:|")
    for key in keys:
        if key not in peers:
            print(f"| {key} | {medians[0][key] / medians[1][key]:.3f} |")
    print(trees.load())


def serve(args: argparse.Namespace) -> None:
    """``--serve`` (for ``--against``): a calibration or one timed search per request."""
    runners, legal, peers = all_runners(args)

    def answer(request: dict[str, Any]) -> float | int:
        if "calibrate" in request:
            return calibrate(runners[request["calibrate"]], request["seconds"])
        return rate(runners[request["key"]], request["n"])

    trees.serve({"keys": list(runners), "legal": legal, "peers": peers}, answer)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", nargs="*", default=[g for g in games.names() if g != "sealed-bid"]
    )
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=0.5, help="per measurement")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--openings", action="store_true", help="each game's opening too")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--full", action="store_true", help="rollouts to the end of the game")
    parser.add_argument("--against", metavar="SRC", help="another tree's src/, timed in turn")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)  # --against's
    args = parser.parse_args()
    if args.serve:
        serve(args)
        return
    if args.against:
        passed = ["--games", *args.games, "--seed", str(args.seed)]
        passed += [flag for flag in ("--openings", "--full") if getattr(args, flag[2:])]
        against(args, passed)
        return
    runners, legal, peers = all_runners(args)
    counts = {key: calibrate(run, args.seconds) for key, run in runners.items()}
    rates: dict[str, list[float]] = {key: [] for key in runners}
    for _ in range(args.rounds):
        for key, run in runners.items():
            rates[key].append(rate(run, counts[key]))
    medians = {key: statistics.median(values) for key, values in rates.items()}
    print(f"medians of {args.rounds} interleaved rounds, {args.seconds:g} CPU s each")
    print()
    table(medians, legal, peers)
    print(trees.load())


if __name__ == "__main__":
    main()
