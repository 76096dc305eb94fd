"""How many iterations `hard` and `expert`'s parts run in one timed move.

`hard`, `hard` with the learned evaluator, `expert`, and `expert` with its rollouts stopped
at another horizon (`ISMCTSBot(horizon=h)`).

    python benchmarks/expert_iterations.py [--game gangsta] [--players 4] [--positions 30]
                                           [--seconds 0.1] [--load N]

At equal time a level's extras (the opponent model's weighted pool, the learned evaluator's
features) are paid for in iterations. From the same positions (seeded random play to a random
point of a game, a seat with a choice), each search runs one ``--seconds`` move; the table
gives the median and mean iterations of each. ``--load N`` runs N busy processes meanwhile
(each spinning on one core), to see how the counts fall when the machine is shared, as when
two timed matches run side by side.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import time

from mobtable import games
from mobtable.bots import Decision
from mobtable.bots.search import Budget, ISMCTSBot
from mobtable.bots.search.belief import BeliefParams
from mobtable.core import State

EXPERT: dict[str, object] = {"learned": True, "belief": BeliefParams()}
"""``expert``'s settings beside ``hard``'s."""

SEARCHES: dict[str, dict[str, object]] = {
    "hard": {},
    "hard + learned evaluator": {"learned": True},
    "expert (+ opponent model)": EXPERT,
    "expert, rollouts two steps of progress on (horizon 2)": {**EXPERT, "horizon": 2},
    "expert, the leaf itself scored (horizon 0)": {**EXPERT, "horizon": 0},
}


def positions(name: str, players: int, count: int) -> list[tuple[State, int]]:
    """Seeded random positions with a choice for the seat to move."""
    game = games.get(name)
    found: list[tuple[State, int]] = []
    seed = 0
    while len(found) < count:
        state = game.new_state(game.config(players), seed=seed)
        rng = random.Random(seed)
        seed += 1
        for _ in range(rng.randrange(10, 60)):
            if state.is_over():
                break
            seat = state.pending()[0]
            legal = state.legal(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
        if not state.is_over() and len(state.legal(state.pending()[0])) >= 2:
            found.append((state, state.pending()[0]))
    return found


def spin(until: float) -> None:
    while time.time() < until:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="gangsta")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=0.1)
    parser.add_argument("--load", type=int, default=0, help="busy processes meanwhile")
    args = parser.parse_args()
    found = positions(args.game, args.players, args.positions)
    budget = Budget(seconds=args.seconds)
    deadline = time.time() + 2 + len(found) * len(SEARCHES) * args.seconds * 1.5
    spinners = [
        multiprocessing.Process(target=spin, args=(deadline,), daemon=True)
        for _ in range(args.load)
    ]
    for p in spinners:
        p.start()
    counts: dict[str, list[int]] = {name: [] for name in SEARCHES}
    for state, seat in found:
        for name, settings in SEARCHES.items():
            bot = ISMCTSBot(seed=1, budget=budget, **settings)  # type: ignore[arg-type]
            counts[name].append(bot.search(Decision(state, seat)).iterations)
    for p in spinners:
        p.terminate()
    print(
        f"{args.game}, {args.players} players, {len(found)} positions, {args.seconds} s a move, "
        f"{args.load} busy process(es) meanwhile"
    )
    print("| search | median iterations | mean |")
    print("|---|---:|---:|")
    for name, values in counts.items():
        print(f"| {name} | {statistics.median(values):,.0f} | {statistics.mean(values):,.0f} |")


if __name__ == "__main__":
    main()
