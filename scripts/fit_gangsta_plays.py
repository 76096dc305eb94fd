"""Fit how Gangsta's opponent model expects a seat to play (``belief.PLAY_WEIGHTS``).

    nice -n 10 python scripts/fit_gangsta_plays.py [--games 150] [--iterations 300] [--seed 1]

1. **Games.** Seeded ``hard`` line-ups (3, 4, 4 and 5 players in turn) with an iteration
   budget per move (reproducible: the same seed plays the same games).
2. **Choices.** At every trick play with more than one legal play, each legal play's
   features (:func:`mobtable.games.gangsta.belief.play_looks`, from the true state: the
   seat's own hand and the trick) and the play ``hard`` chose.
3. **Fit.** A conditional logit (``choices.py``): a play has utility ``w . play_looks(play)``,
   and the choice is drawn by the softmax over the legal plays; on the choices of the games
   whose index is not a multiple of 5 (those are held out).
4. **Report.** Held-out log-loss of the fit beside a uniform choice and the search's
   guide-with-noise model (``belief.EPSILON``), how often the fit's likeliest play is
   ``hard``'s, and the weights to paste into ``PLAY_WEIGHTS``.
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
from mobtable.games.gangsta.belief import PLAY_LOOKS, play_looks
from mobtable.games.gangsta.table import Phase

TABLE_SIZES = (3, 4, 4, 5)


def trick_choice(state: Any, seat: int, action: Action) -> Choice | None:
    """A trick play with a choice: each legal play's features and the one played."""
    if state.phase is not Phase.PLAY:
        return None
    legal = list(state.legal(seat))
    if len(legal) < 2:
        return None
    return np.array(play_looks(state, seat, legal)), legal.index(action)


def guide_loss(data: list[Choice], epsilon: float = EPSILON) -> float:
    """The search's guide-with-noise model of the choice (the guide's play is column 0)."""
    total = 0.0
    for rows, choice in data:
        total -= math.log(epsilon / len(rows) + (1 - epsilon) * rows[choice, 0])
    return total / len(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    played = hard_decisions(
        "gangsta", TABLE_SIZES, args.games, args.iterations, args.seed, trick_choice
    )
    spent = time.perf_counter() - start
    train, held = split(played)
    start = time.perf_counter()
    weights = fit(train, len(PLAY_LOOKS))
    print(
        f"gangsta: {args.games} games of hard at {args.iterations} iterations a move, "
        f"{len(train)} + {len(held)} held-out trick plays with a choice; play {spent:.0f} s, "
        f"fit {time.perf_counter() - start:.1f} s"
    )
    print(
        f"  held-out log-loss: fitted {log_loss(weights, held):.4f}, guide with noise "
        f"{guide_loss(held):.4f}, uniform {uniform_loss(held):.4f}"
    )
    print(f"  the fit's likeliest play is hard's in {likeliest(weights, held):.1%} of held-out")
    print(f"  hard plays the guide's play in {np.mean([r[c, 0] for r, c in train + held]):.1%}")
    print("PLAY_WEIGHTS = (" + ", ".join(f"{w:.4g}" for w in weights) + ")")
    for name, w in zip(PLAY_LOOKS, weights, strict=True):
        print(f"  {name}: {w:+.3f}")


if __name__ == "__main__":
    main()
