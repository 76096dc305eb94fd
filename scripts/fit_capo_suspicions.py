"""Fit the suspicions of Capo's opponent model to ``hard``'s own (``playout.LOOK_WEIGHTS``).

    nice -n 10 python scripts/fit_capo_suspicions.py [--games 80] [--iterations 300] [--seed 1]

1. **Games.** Seeded ``hard`` line-ups (4, 5, 5 and 6 players in turn) with an iteration
   budget per move (reproducible: the same seed plays the same games).
2. **Choices.** At every suspicion decision, each other crew's features as everyone sees it
   (:func:`mobtable.games.capo.playout.looks`) and where the seat laid its card.
3. **Fit.** A conditional logit: suspecting a crew has utility ``w . looks(crew)``, nobody 0,
   and the seat's choice is drawn by the softmax; by L-BFGS (scipy) on the decisions of the
   games whose index is not a multiple of 5 (those are held out).
4. **Report.** Held-out log-loss of the fit beside a uniform choice and the search's own
   playout (a failing crew at random, as if the crews were seen), how often the fit's
   likeliest choice is ``hard``'s, and the weights to paste into ``LOOK_WEIGHTS``.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
from scipy.optimize import minimize

from mobtable import games
from mobtable.bots import Decision, make
from mobtable.bots.search import Budget, ISMCTSBot
from mobtable.games.capo.crews import CrewTest
from mobtable.games.capo.playout import LOOKS, NOISE, looks
from mobtable.games.capo.rules import SUSPECTING

HOLD_OUT = 5
TABLE_SIZES = (4, 5, 5, 6)
RIDGE = 1e-3

Choice = tuple[np.ndarray, int, list[bool]]
"""One decision: each other crew's looks (rows), the choice (0 nobody, else 1 + row) and
whether each crew fails."""


def play(games_count: int, iterations: int, seed: int) -> list[list[Choice]]:
    """Each game's suspicion decisions."""
    game = games.get("capo")
    out = []
    for index in range(games_count):
        players = TABLE_SIZES[index % len(TABLE_SIZES)]
        state = game.new_state(game.config(players), seed=seed * 100_003 + index)
        state.silent = True
        bots = [
            make("hard", "capo", seed=(seed * 100_003 + index) * 10 + s) for s in range(players)
        ]
        for bot in bots:
            assert isinstance(bot, ISMCTSBot)
            bot.budget = Budget(iterations=iterations)
        decisions: list[Choice] = []
        while not state.is_over():
            seat = state.pending()[0]
            action = bots[seat].choose(Decision(state, seat))
            if state.phase is SUSPECTING:
                test = CrewTest(state)
                others = [p for p in range(players) if p != seat]
                rows = np.array([looks(test, state.table[p], state.face_up[p]) for p in others])
                choice = 0 if action.target is None else 1 + others.index(action.target)
                fails = [not test.ok(state.table[p]) for p in others]
                decisions.append((rows, choice, fails))
            state.apply(seat, action)
        out.append(decisions)
    return out


def log_loss(w: np.ndarray, data: list[Choice]) -> float:
    total = 0.0
    for rows, choice, _ in data:
        u = np.concatenate([[0.0], rows @ w])
        top = u.max()
        total -= u[choice] - top - math.log(np.exp(u - top).sum())
    return total / len(data)


def by_truth_loss(data: list[Choice]) -> float:
    """The search's playout as a model of the choice: a failing crew at random (``NOISE``
    of the time any choice at random)."""
    total = 0.0
    for _, choice, fails in data:
        failing = sum(fails)
        if failing:
            aimed = 1.0 / failing if choice and fails[choice - 1] else 0.0
        else:
            aimed = 1.0 if choice == 0 else 0.0
        total -= math.log((1 - NOISE) * aimed + NOISE / (len(fails) + 1))
    return total / len(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=80)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    played = play(args.games, args.iterations, args.seed)
    spent = time.perf_counter() - start
    train = [d for i, g in enumerate(played) if i % HOLD_OUT for d in g]
    held = [d for i, g in enumerate(played) if not i % HOLD_OUT for d in g]
    start = time.perf_counter()
    fitted = minimize(
        lambda w: log_loss(w, train) + RIDGE * float(w @ w),
        np.zeros(len(LOOKS)),
        method="L-BFGS-B",
    )
    weights = fitted.x
    uniform = float(np.mean([math.log(len(f) + 1) for _, _, f in held]))
    likeliest = np.mean([np.argmax(np.concatenate([[0.0], r @ weights])) == c for r, c, _ in held])
    print(
        f"capo: {args.games} games of hard at {args.iterations} iterations a move, "
        f"{len(train)} + {len(held)} held-out suspicion decisions; play {spent:.0f} s, "
        f"fit {time.perf_counter() - start:.1f} s"
    )
    print(
        f"  held-out log-loss: fitted {log_loss(weights, held):.4f}, search's playout "
        f"{by_truth_loss(held):.4f}, uniform {uniform:.4f}"
    )
    print(f"  the fit's likeliest choice is hard's in {likeliest:.1%} of held-out decisions")
    print(
        f"  nobody chosen in {np.mean([c == 0 for _, c, _ in train + held]):.1%}; "
        f"the crew chosen fails in {np.mean([f[c - 1] for _, c, f in train + held if c]):.1%}"
    )
    print("LOOK_WEIGHTS = (" + ", ".join(f"{w:.4g}" for w in weights) + ")")
    for name, w in zip(LOOKS, weights, strict=True):
        print(f"  {name}: {w:+.3f}")


if __name__ == "__main__":
    main()
