"""Gangsta's marginal deals beside the weighted pool's own: what each reads, what a draw
costs, and how many iterations ``expert`` runs a move with each.

    python benchmarks/marginal_deals.py [--games 6] [--prior 1.0] [--positions 30]

Reading: at every sixth trick play of seeded ``greedy`` games (4 players), once a card has been
played, the chance that a sample deals a card another seat holds to that seat, for plain deals
(the pool's seeds, unweighted), the weighted pool and 100 marginal draws
(``BeliefParams.marginal_prior``). Cost: microseconds a draw, marginal against plain.
Iterations: ``expert`` with and without marginal deals, one 0.1 s move from each of
``--positions`` positions of seeded random play (as ``expert_iterations.py``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import replace
from typing import Any

from belief_reading import _gangsta_at, _gangsta_hits  # benchmarks/ is on the path
from expert_iterations import positions

from mobtable import games
from mobtable.bots import Decision, make
from mobtable.bots.search import Budget, ISMCTSBot
from mobtable.bots.search.belief import Belief, BeliefParams

GANGSTA = games.get("gangsta")


def _hit(truth: Any, sample: Any, seat: int) -> float:
    """The share of the cards the others hold that ``sample`` deals to their holders."""
    hits = _gangsta_hits(truth, sample, seat)
    assert hits is not None  # _gangsta_at chose a position where others hold cards
    return hits[0]


def reading(count: int, params: BeliefParams) -> None:
    hooks, guide = GANGSTA.search_hooks.belief, GANGSTA.search_hooks.guide
    assert hooks is not None and guide is not None
    totals = {"plain": 0.0, "pool": 0.0, "marginal": 0.0}
    spent = {"plain": 0.0, "marginal": 0.0}
    found = 0
    for index in range(count):
        state: Any = GANGSTA.new_state(GANGSTA.config(4), seed=100 + index)
        state.silent = True
        bots = [make("greedy", "gangsta", seed=index * 10 + s) for s in range(4)]
        step = 0
        while not state.is_over():
            seat = state.pending()[0]
            if _gangsta_at(state, seat, step):
                decision = Decision(state, seat)
                pool = Belief(decision, hooks, guide, random.Random(step), params)
                hits = [
                    _hit(state, decision.determinize(random.Random(s)), seat) for s in pool.seeds
                ]
                totals["plain"] += sum(hits) / len(hits)
                totals["pool"] += sum(w * h for w, h in zip(pool.weights, hits, strict=True))
                rng = random.Random(1)
                start = time.perf_counter()
                drawn = [pool.draw(rng) for _ in range(100)]
                middle = time.perf_counter()
                for _ in range(100):
                    decision.determinize(rng)
                spent["marginal"] += middle - start
                spent["plain"] += time.perf_counter() - middle
                totals["marginal"] += sum(_hit(state, s, seat) for s in drawn) / 100
                found += 1
            state.apply(seat, bots[seat].choose(Decision(state, seat)))
            step += 1
    shares = ", ".join(f"{k} {v / found:.1%}" for k, v in totals.items())
    cost = ", ".join(f"{k} {v / found / 100 * 1e6:.0f} µs" for k, v in spent.items())
    print(f"{found} positions of {count} greedy games: a held card dealt to its holder: {shares}")
    print(f"a draw: {cost}")


def iterations(count: int, params: BeliefParams, seconds: float) -> None:
    counts: dict[str, list[int]] = {"expert": [], "expert, marginal deals": []}
    for state, seat in positions("gangsta", 4, count):
        for name in counts:
            bot = make("expert", "gangsta", seed=1)
            assert isinstance(bot, ISMCTSBot) and bot.belief is not None
            bot.budget = Budget(seconds=seconds)
            if name != "expert":
                bot.belief = params
            counts[name].append(bot.search(Decision(state, seat)).iterations)
    for name, runs in counts.items():
        print(f"{name}: median {statistics.median(runs):.0f}, mean {statistics.mean(runs):.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--prior", type=float, default=1.0)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=0.1)
    args = parser.parse_args()
    params = replace(BeliefParams(), marginal_prior=args.prior)
    reading(args.games, params)
    iterations(args.positions, params, args.seconds)


if __name__ == "__main__":
    main()
