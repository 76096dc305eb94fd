"""How well the opponent model reads hands (Gangsta, 4 players).

    python benchmarks/belief_reading.py [--greedy-games 6] [--hard-games 2] [--think 0.05]

For each card another seat holds, the chance that a sample deals it to that seat: the
weighted pool (200 deals, no time limit) against the same deals unweighted. Positions: every
sixth decision of seeded games, at trick plays once a trick card has been played; line-ups of
four ``greedy`` bots, then of four ``hard`` bots at ``--think`` seconds a move. The truth is read
here only to score the samples: the pool never sees it.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from mobtable import games
from mobtable.bots import Decision, make
from mobtable.bots.search import Budget, ISMCTSBot
from mobtable.bots.search.belief import Belief, BeliefParams
from mobtable.games.gangsta.actions import Play
from mobtable.games.gangsta.belief import BELIEF
from mobtable.games.gangsta.playout import guide
from mobtable.games.gangsta.table import Phase

GANGSTA = games.get("gangsta")
POOL = BeliefParams(pool=200)


def holders(state: Any, seat: int) -> dict[int, int]:
    """Each card in another seat's hand -> that seat."""
    return {c: s for s, hand in enumerate(state.hands) if s != seat for c in hand}


def reading(state: Any, seat: int, seed: int) -> tuple[float, float]:
    """(uniform, weighted) chance that a sample deals a held card to its holder."""
    decision = Decision(state, seat)
    pool = Belief(decision, BELIEF, guide, random.Random(seed), POOL)
    truth = holders(state, seat)
    uniform = weighted = 0.0
    for pool_seed, weight in zip(pool.seeds, pool.weights, strict=True):
        dealt = holders(decision.determinize(random.Random(pool_seed)), seat)
        hit = sum(dealt.get(card) == holder for card, holder in truth.items()) / len(truth)
        uniform += hit / len(pool.seeds)
        weighted += hit * weight
    return uniform, weighted


def run(bot: str, count: int, think: float | None) -> None:
    uniform = weighted = 0.0
    positions = 0
    for index in range(count):
        state: Any = GANGSTA.new_state(GANGSTA.config(4), seed=100 + index)
        state.silent = True
        bots = [make(bot, "gangsta", seed=index * 10 + s) for s in range(4)]
        for player in bots:
            if think is not None and isinstance(player, ISMCTSBot):
                player.budget = Budget(seconds=think)
        step = 0
        while not state.is_over():
            seat = state.pending()[0]
            played = any(type(a) is Play for _, a in state.history)
            if state.phase is Phase.PLAY and step % 6 == 0 and played and holders(state, seat):
                u, w = reading(state, seat, step)
                uniform, weighted, positions = uniform + u, weighted + w, positions + 1
            state.apply(seat, bots[seat].choose(Decision(state, seat)))
            step += 1
    print(
        f"{bot} ({count} games): {positions} positions, a held card dealt to its holder: "
        f"uniform {uniform / positions:.1%}, weighted {weighted / positions:.1%}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--greedy-games", type=int, default=6)
    parser.add_argument("--hard-games", type=int, default=2)
    parser.add_argument("--think", type=float, default=0.05)
    args = parser.parse_args()
    run("greedy", args.greedy_games, None)
    run("hard", args.hard_games, args.think)


if __name__ == "__main__":
    main()
