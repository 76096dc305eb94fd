"""Fit how Gangsta's opponent model expects a seat to play (``belief.PLAY_WEIGHTS``).

    nice -n 10 python scripts/fit_gangsta_plays.py [--games 60] [--iterations 300] [--seed 1]

1. **Games.** Seeded ``hard`` line-ups (3, 4, 4 and 5 players in turn) with an iteration
   budget per move (reproducible: the same seed plays the same games).
2. **Choices.** At every trick play with more than one legal play, each legal play's
   features (:func:`mobtable.games.gangsta.belief.play_looks`, from the true state: the
   seat's own hand and the trick) and the play ``hard`` chose.
3. **Fit.** A conditional logit: a play has utility ``w . play_looks(play)``, and the choice
   is drawn by the softmax over the legal plays; by L-BFGS (scipy) on the choices of the
   games whose index is not a multiple of 5 (those are held out).
4. **Report.** Held-out log-loss of the fit beside a uniform choice and the search's
   guide-with-noise model (``belief.EPSILON``), how often the fit's likeliest play is
   ``hard``'s, and the weights to paste into ``PLAY_WEIGHTS``.
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
from mobtable.bots.search.belief import EPSILON
from mobtable.games.gangsta.belief import PLAY_LOOKS, play_looks
from mobtable.games.gangsta.table import Phase

HOLD_OUT = 5
TABLE_SIZES = (3, 4, 4, 5)
RIDGE = 1e-3

Choice = tuple[np.ndarray, int]
"""One decision: each legal play's features (rows) and the row ``hard`` chose."""


def play(games_count: int, iterations: int, seed: int) -> list[list[Choice]]:
    """Each game's trick-play decisions with a choice."""
    game = games.get("gangsta")
    out = []
    for index in range(games_count):
        players = TABLE_SIZES[index % len(TABLE_SIZES)]
        state = game.new_state(game.config(players), seed=seed * 100_003 + index)
        state.silent = True
        bots = [
            make("hard", "gangsta", seed=(seed * 100_003 + index) * 10 + s) for s in range(players)
        ]
        for bot in bots:
            assert isinstance(bot, ISMCTSBot)
            bot.budget = Budget(iterations=iterations)
        decisions: list[Choice] = []
        while not state.is_over():
            seat = state.pending()[0]
            action = bots[seat].choose(Decision(state, seat))
            if state.phase is Phase.PLAY:
                legal = list(state.legal(seat))
                if len(legal) > 1:
                    rows = np.array(play_looks(state, seat, legal))
                    decisions.append((rows, legal.index(action)))
            state.apply(seat, action)
        out.append(decisions)
    return out


def log_loss(w: np.ndarray, data: list[Choice]) -> float:
    total = 0.0
    for rows, choice in data:
        u = rows @ w
        top = u.max()
        total -= u[choice] - top - math.log(np.exp(u - top).sum())
    return total / len(data)


def guide_loss(data: list[Choice], epsilon: float = EPSILON) -> float:
    """The search's guide-with-noise model of the choice (the guide's play is column 0)."""
    total = 0.0
    for rows, choice in data:
        total -= math.log(epsilon / len(rows) + (1 - epsilon) * rows[choice, 0])
    return total / len(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
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
        np.zeros(len(PLAY_LOOKS)),
        method="L-BFGS-B",
    )
    weights = fitted.x
    uniform = float(np.mean([math.log(len(rows)) for rows, _ in held]))
    likeliest = np.mean([np.argmax(rows @ weights) == c for rows, c in held])
    print(
        f"gangsta: {args.games} games of hard at {args.iterations} iterations a move, "
        f"{len(train)} + {len(held)} held-out trick plays with a choice; play {spent:.0f} s, "
        f"fit {time.perf_counter() - start:.1f} s"
    )
    print(
        f"  held-out log-loss: fitted {log_loss(weights, held):.4f}, guide with noise "
        f"{guide_loss(held):.4f}, uniform {uniform:.4f}"
    )
    print(f"  the fit's likeliest play is hard's in {likeliest:.1%} of held-out choices")
    print(f"  hard plays the guide's play in {np.mean([r[c, 0] for r, c in train + held]):.1%}")
    print("PLAY_WEIGHTS = (" + ", ".join(f"{w:.4g}" for w in weights) + ")")
    for name, w in zip(PLAY_LOOKS, weights, strict=True):
        print(f"  {name}: {w:+.3f}")


if __name__ == "__main__":
    main()
