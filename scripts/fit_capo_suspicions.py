"""Fit the suspicions of Capo's opponent model to ``hard``'s own (``playout.LOOK_WEIGHTS``).

    nice -n 10 python scripts/fit_capo_suspicions.py [--games 80] [--iterations 300] [--seed 1]

1. **Games.** Seeded ``hard`` line-ups (4, 5, 5 and 6 players in turn) with an iteration
   budget per move (reproducible: the same seed plays the same games).
2. **Choices.** At every suspicion decision, each other crew's features as everyone sees it
   (:func:`mobtable.games.capo.playout.looks`) and where the seat laid its card.
3. **Fit.** A conditional logit (``choices.py``): suspecting a crew has utility
   ``w . looks(crew)``, nobody 0, and the seat's choice is drawn by the softmax; on the
   decisions of the games whose index is not a multiple of 5 (those are held out).
4. **Report.** Held-out log-loss of the fit beside a uniform choice and the search's own
   playout (a failing crew at random, as if the crews were seen), how often the fit's
   likeliest choice is ``hard``'s, and the weights to paste into ``LOOK_WEIGHTS``.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import numpy as np
from choices import fit, hard_decisions, likeliest, log_loss, split, uniform_loss

from mobtable.core import Action
from mobtable.games.capo.crews import CrewTest
from mobtable.games.capo.playout import LOOKS, NOISE, looks
from mobtable.games.capo.rules import SUSPECTING

TABLE_SIZES = (4, 5, 5, 6)

Suspicion = tuple[np.ndarray, int, list[bool]]
"""One decision: a row of zeros (nobody) then each other crew's looks, the row chosen, and
whether each other crew fails."""


def suspicion(state: Any, seat: int, action: Action) -> Suspicion | None:
    """A suspicion decision: the options' looks, the choice and which crews fail."""
    if state.phase is not SUSPECTING:
        return None
    test = CrewTest(state)
    others = [p for p in range(state.players) if p != seat]
    rows = [[0.0] * len(LOOKS)]
    rows += [list(looks(test, state.table[p], state.face_up[p])) for p in others]
    target = action.target  # type: ignore[attr-defined]
    choice = 0 if target is None else 1 + others.index(target)
    return np.array(rows), choice, [not test.ok(state.table[p]) for p in others]


def by_truth_loss(data: list[Suspicion]) -> float:
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
    played = hard_decisions("capo", TABLE_SIZES, args.games, args.iterations, args.seed, suspicion)
    spent = time.perf_counter() - start
    train, held = split(played)
    start = time.perf_counter()
    weights = fit([(r, c) for r, c, _ in train], len(LOOKS))
    held_choices = [(r, c) for r, c, _ in held]
    print(
        f"capo: {args.games} games of hard at {args.iterations} iterations a move, "
        f"{len(train)} + {len(held)} held-out suspicion decisions; play {spent:.0f} s, "
        f"fit {time.perf_counter() - start:.1f} s"
    )
    print(
        f"  held-out log-loss: fitted {log_loss(weights, held_choices):.4f}, search's playout "
        f"{by_truth_loss(held):.4f}, uniform {uniform_loss(held_choices):.4f}"
    )
    print(
        f"  the fit's likeliest choice is hard's in {likeliest(weights, held_choices):.1%} "
        "of held-out decisions"
    )
    print(
        f"  nobody chosen in {np.mean([c == 0 for _, c, _ in train + held]):.1%}; "
        f"the crew chosen fails in {np.mean([f[c - 1] for _, c, f in train + held if c]):.1%}"
    )
    print("LOOK_WEIGHTS = (" + ", ".join(f"{w:.4g}" for w in weights) + ")")
    for name, w in zip(LOOKS, weights, strict=True):
        print(f"  {name}: {w:+.3f}")


if __name__ == "__main__":
    main()
