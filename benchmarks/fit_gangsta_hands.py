"""Refit Gangsta's hand value (``mobtable.games.gangsta.estimate``) on greedy self-play.

    python benchmarks/fit_gangsta_hands.py [--n 300] [--seed 777000]

Plays ``--n`` seeded 4-player games between ``greedy`` bots; at the start of
every trick it records each seat's hand features and the points that seat
went on to score. It prints the least-squares weights (intercept first), the
share of variance they explain, and the softmax temperature ``T = base +
per_left * cards left`` that best predicts the final winners from points plus
estimated future points (maximum likelihood over a grid), beside the
likelihood of points alone.
"""

from __future__ import annotations

import argparse
import math

from mobtable import games
from mobtable.bots import Decision
from mobtable.bots.search.arena import make_bot
from mobtable.bots.search.evaluate import winners_log_likelihood
from mobtable.games.gangsta import estimate

Sample = tuple[list[int], list[list[float]], float, list[int], tuple[int, ...]]
"""Scores then, each seat's features, cards left, final scores, winners."""


def collect(n: int, seed: int) -> list[Sample]:
    game = games.get("gangsta")
    samples: list[Sample] = []
    for index in range(n):
        state = game.new_state(game.config(4), seed=seed + index)
        state.silent = True
        bots = [make_bot("greedy", "gangsta", seed=index * 31 + s) for s in range(4)]
        seen, last = [], None
        while not state.is_over():
            if state.phase.value == "play" and not state.trick and state.tricks != last:
                last = state.tricks
                features = [estimate.hand_features(state, s) for s in range(4)]
                seen.append((list(state.scores), features, estimate.cards_left(state)))
            seat = state.pending()[0]
            state.apply(seat, bots[seat].choose(Decision(state, seat)))
        final, winners = list(state.scores), state.result().winners
        samples.extend((scores, f, left, final, winners) for scores, f, left in seen)
    return samples


def least_squares(rows: list[list[float]], targets: list[float]) -> list[float]:
    """Solve the normal equations by Gaussian elimination (a handful of unknowns)."""
    k = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) for j in range(k)] for i in range(k)]
    b = [sum(r[i] * t for r, t in zip(rows, targets, strict=True)) for i in range(k)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[pivot], b[col], b[pivot] = a[pivot], a[col], b[pivot], b[col]
        for r in range(col + 1, k):
            factor = a[r][col] / a[col][col]
            a[r] = [x - factor * y for x, y in zip(a[r], a[col], strict=True)]
            b[r] -= factor * b[col]
    solution = [0.0] * k
    for r in reversed(range(k)):
        rest = sum(a[r][c] * solution[c] for c in range(r + 1, k))
        solution[r] = (b[r] - rest) / a[r][r]
    return solution


def log_likelihood(
    samples: list[Sample], base: float, per_left: float, weights: list[float] | None
) -> float:
    total = 0.0
    for scores, features, left, _, winners in samples:
        values = list(map(float, scores))
        if weights is not None:
            for seat, f in enumerate(features):
                if f[0]:
                    linear = weights[0] + sum(w * x for w, x in zip(weights[1:], f, strict=True))
                    values[seat] += max(0.0, linear)
        total += winners_log_likelihood(values, base + per_left * left, winners)
    return total / len(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=300)
    parser.add_argument("--seed", type=int, default=777_000)
    args = parser.parse_args()
    samples = collect(args.n, args.seed)
    rows, targets = [], []
    for scores, features, _, final, _ in samples:
        for seat, f in enumerate(features):
            if f[0]:  # an empty hand scores nothing more: not part of the fit
                rows.append([1.0, *f])
                targets.append(float(final[seat] - scores[seat]))
    weights = least_squares(rows, targets)
    mean = sum(targets) / len(targets)
    predicted = [sum(w * x for w, x in zip(weights, r, strict=True)) for r in rows]
    residual = sum((t - p) ** 2 for t, p in zip(targets, predicted, strict=True))
    spread = sum((t - mean) ** 2 for t in targets)
    print(f"{len(rows)} hands from {args.n} greedy games")
    print("weights: intercept, " + ", ".join(estimate.FEATURES))
    print("  (" + ", ".join(f"{w:.3f}" for w in weights) + ")")
    print(f"variance explained: {1 - residual / spread:.2f}")
    grid = [(b, p) for b in (2.0, 3.0, 4.0, 5.0, 6.0, 8.0) for p in (0.0, 0.1, 0.15, 0.2, 0.3, 0.5)]
    fits = sorted(((log_likelihood(samples, b, p, weights), b, p) for b, p in grid), reverse=True)
    alone = max(log_likelihood(samples, b, p, None) for b, p in grid)
    print(f"uniform guess: mean log-likelihood {-math.log(4):.3f}; points alone: {alone:.3f}")
    for value, base, per_left in fits[:3]:
        print(f"points + hand value, base {base} per_left {per_left}: {value:.3f}")


if __name__ == "__main__":
    main()
