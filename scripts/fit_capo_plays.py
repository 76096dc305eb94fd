"""Fit how Capo's opponent model expects a seat to play its crew (``belief.DECLARE_WEIGHTS``
and ``belief.TURN_WEIGHTS``).

    nice -n 10 python scripts/fit_capo_plays.py [--games 60] [--iterations 300] [--seed 1]

1. **Games.** Seeded ``hard`` line-ups (4, 5, 5 and 6 players in turn) with an iteration
   budget per move (``choices.py``: the same seed plays the same games).
2. **Choices.** At every count with a choice, each legal size's features
   (:func:`mobtable.games.capo.belief.declare_looks`) and the size ``hard`` said; at every
   turn-up with a choice, each card's (:func:`~mobtable.games.capo.belief.turn_looks`) and
   the card it turned.
3. **Fit.** A conditional logit for each (``choices.py``) on the choices of the games whose
   index is not a multiple of 5 (those are held out).
4. **Report.** Held-out log-loss of each fit beside a uniform choice and the search's
   guide-with-noise model (the ``greedy`` bot's play, ``belief.EPSILON``), how often the
   fit's likeliest choice is ``hard``'s, and the weights to paste into ``belief.py``.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import numpy as np
from choices import Choice, fit, hard_decisions, likeliest, log_loss, split, uniform_loss

from mobtable.bots.search.belief import EPSILON
from mobtable.core import Action
from mobtable.games.capo.actions import Declare, TurnUp
from mobtable.games.capo.belief import DECLARE_LOOKS, TURN_LOOKS, declare_looks, turn_looks
from mobtable.games.capo.bots import GreedyBot

TABLE_SIZES = (4, 5, 5, 6)
GUIDE = GreedyBot(seed=0)

Play = tuple[str, np.ndarray, int, int]
"""One decision: "declare" or "turn", each option's features, the option chosen and the
option the guide (``greedy``) would choose."""


def crew_choice(state: Any, seat: int, action: Action) -> Play | None:
    """A count or a turn-up with a choice, with the guide's answer."""
    if type(action) not in (Declare, TurnUp):
        return None
    legal = list(state.legal(seat))
    if len(legal) < 2:
        return None
    guide = legal.index(GUIDE.sample_guide(state, seat))
    if type(action) is Declare:
        rows = declare_looks(state, seat, [a.count for a in legal])
        return "declare", np.array(rows), legal.index(action), guide
    rows = turn_looks(state, seat, [a.card for a in legal])
    return "turn", np.array(rows), legal.index(action), guide


def guide_loss(data: list[Play], epsilon: float = EPSILON) -> float:
    """The search's guide-with-noise model of the choice."""
    total = 0.0
    for _, rows, choice, guide in data:
        total -= math.log(epsilon / len(rows) + (1 - epsilon) * (choice == guide))
    return total / len(data)


def report(kind: str, names: tuple[str, ...], train: list[Play], held: list[Play]) -> None:
    train = [d for d in train if d[0] == kind]
    held = [d for d in held if d[0] == kind]
    choices: list[Choice] = [(rows, choice) for _, rows, choice, _ in train]
    held_choices: list[Choice] = [(rows, choice) for _, rows, choice, _ in held]
    weights = fit(choices, len(names))
    print(f"  {kind}: {len(train)} + {len(held)} held-out choices")
    print(
        f"    held-out log-loss: fitted {log_loss(weights, held_choices):.4f}, guide with "
        f"noise {guide_loss(held):.4f}, uniform {uniform_loss(held_choices):.4f}"
    )
    print(
        f"    the fit's likeliest is hard's in {likeliest(weights, held_choices):.1%}; hard "
        f"plays the guide's in {np.mean([c == g for _, _, c, g in train + held]):.1%}"
    )
    print(f"{kind.upper()}_WEIGHTS = (" + ", ".join(f"{w:.4g}" for w in weights) + ")")
    for name, w in zip(names, weights, strict=True):
        print(f"    {name}: {w:+.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    played = hard_decisions(
        "capo", TABLE_SIZES, args.games, args.iterations, args.seed, crew_choice
    )
    spent = time.perf_counter() - start
    train, held = split(played)
    print(
        f"capo: {args.games} games of hard at {args.iterations} iterations a move; "
        f"play {spent:.0f} s"
    )
    report("declare", DECLARE_LOOKS, train, held)
    report("turn", TURN_LOOKS, train, held)


if __name__ == "__main__":
    main()
