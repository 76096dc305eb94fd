"""Cost of one leaf evaluation: the learned evaluator beside the hand-written one, interleaved.

    python benchmarks/evaluator_speed.py [--positions 200] [--rounds 5]

For each game, determinized samples are drawn at each step of progress of seeded ``greedy``
games; every round times ``win_chances`` over all samples for the hand evaluator, then the
learned one (then swaps the order), and the best round per evaluator is kept. Prints
microseconds per call and the ratio learned / hand; then the cost of a whole search iteration
with each (200-iteration searches from positions after 30 seeded random actions, in both
orders), which also counts the different rollouts the two evaluations lead the search into.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from mobtable import games
from mobtable.bots import Decision
from mobtable.bots.search import Budget, ISMCTSBot
from mobtable.bots.search.learned import learned_evaluator
from mobtable.core import State
from mobtable.core.search import LeafEvaluator

PLAYERS = {"gangsta": 4, "cosca": 4, "capo": 5}


def samples(name: str, count: int, seed: int) -> list[State]:
    """Determinized samples at each step of progress of seeded ``greedy`` games."""
    game = games.get(name)
    hand = game.search_hooks.evaluator
    assert hand is not None
    greedy = game.bots["greedy"]
    rng = random.Random(seed)
    out: list[State] = []
    index = 0
    while len(out) < count:
        players = PLAYERS[name]
        state = game.new_state(game.config(players), seed=seed * 1000 + index)
        state.silent = True
        seats = [greedy(seed=index * 31 + s) for s in range(players)]
        last = hand.progress(state)
        while not state.is_over() and len(out) < count:
            seat = state.pending()[0]
            state.apply(seat, seats[seat].choose(Decision(state, seat)))
            if not state.is_over() and hand.progress(state) != last:
                last = hand.progress(state)
                out.append(state.determinize(rng.randrange(players), rng))
        index += 1
    return out


def timed(evaluator: LeafEvaluator, states: Sequence[State]) -> float:
    start = time.perf_counter()
    for state in states:
        evaluator.win_chances(state)
    return (time.perf_counter() - start) / len(states)


def search_positions(name: str, count: int) -> list[State]:
    """Positions after 30 seeded random actions with a choice to make."""
    game = games.get(name)
    out: list[State] = []
    for seed in range(count):
        state = game.new_state(game.config(PLAYERS[name]), seed=seed)
        rng = random.Random(seed)
        for _ in range(30):
            if state.is_over():
                break
            seat = state.pending()[0]
            legal = state.legal(seat)
            state.apply(seat, legal[rng.randrange(len(legal))], check=False)
        if not state.is_over() and len(state.legal(state.pending()[0])) > 1:
            out.append(state)
    return out


def per_iteration(name: str, count: int = 8, iterations: int = 200) -> tuple[float, float]:
    """Seconds per search iteration (hand, learned), the two interleaved."""
    states = search_positions(name, count)
    seconds = {False: 0.0, True: 0.0}
    done = {False: 0, True: 0}
    for order in ((False, True), (True, False)):
        for learned in order:
            for state in states:
                bot = ISMCTSBot(seed=1, budget=Budget(iterations=iterations), learned=learned)
                result = bot.search(Decision(state, state.pending()[0]))
                seconds[learned] += result.seconds
                done[learned] += result.iterations
    return seconds[False] / done[False], seconds[True] / done[True]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=list(PLAYERS))
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("| game | positions | hand µs/call | learned µs/call | learned / hand |")
    print("|---|---|---|---|---|")
    for name in args.games:
        hand = games.get(name).search_hooks.evaluator
        learned = learned_evaluator(name)
        if hand is None or learned is None:
            print(f"| {name} | - | - | - | no evaluator |")
            continue
        states = samples(name, args.positions, args.seed)
        best_hand = best_learned = float("inf")
        for round_ in range(args.rounds):
            pair: list[tuple[str, LeafEvaluator]] = [("hand", hand), ("learned", learned)]
            for label, evaluator in pair if round_ % 2 == 0 else pair[::-1]:
                cost = timed(evaluator, states)
                if label == "hand":
                    best_hand = min(best_hand, cost)
                else:
                    best_learned = min(best_learned, cost)
        print(
            f"| {name} | {len(states)} | {best_hand * 1e6:.1f} | {best_learned * 1e6:.1f} | "
            f"{best_learned / best_hand:.2f} |",
            flush=True,
        )
    print()
    print("| game | hand µs/iteration | learned µs/iteration | learned / hand |")
    print("|---|---|---|---|")
    for name in args.games:
        hand_cost, learned_cost = per_iteration(name)
        print(
            f"| {name} | {hand_cost * 1e6:.0f} | {learned_cost * 1e6:.0f} | "
            f"{learned_cost / hand_cost:.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
