"""Opponent modelling: determinizations weighted by how likely they make the others' plays.

Plain ISMCTS deals every hidden card with equal chance, whatever the others played. Here a
search first draws a *pool* of determinizations (each from its own seed) and weights each by
the likelihood of the other seats' observed plays (:meth:`Decision.observations`, read from
the public log) under a model of how they play: at the position each play was made in, *as
that sample would have it* (the game's ``rewind``), a player makes the game's guide move (its
``greedy``-like policy) with probability ``1 - epsilon`` and otherwise any legal move
uniformly::

    P(play | sample) = (1 - epsilon) * [play == guide] + epsilon / len(legal)

A play the sample makes illegal (a card it did not hold then) rules the sample out. Each
iteration then draws a pool seed with probability proportional to its weight
(sampling-importance-resampling) and plays the determinization drawn from that seed. So a
seat that kept its high trump when ``greedy`` would have played it is dealt that trump less
often: samples in which it held it explain its play badly.

Why resampling rather than importance weights in the tree: the tree's statistics stay plain
averages over iterations, so UCB, sequential halving and the paired blocks work unchanged,
and the weights are paid once per search (the pool), not at every backup. Why tempering:
dozens of observed plays multiply into weights that would put everything on one or two
samples, and a model of the others is only roughly right; the log-weights are scaled by the
largest ``λ ≤ 1`` that keeps the pool's effective sample size at ``min_ess`` or more
(adaptive tempering, as in sequential Monte Carlo).

Everything here reads the searching seat's samples, its decision's observations (the public
log) and its own random stream: never the true state.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate

from mobtable.bots.base import Decision
from mobtable.core import State
from mobtable.core.belief import BeliefHooks, Observation
from mobtable.core.search import QuickGuide

POOL = 48
"""Determinizations weighted per search."""
EPSILON = 0.6
"""How often the model lets a player stray from the guide (uniformly among its moves).
Fitted to ``hard``: at 0.1 s a move it played Gangsta's guide move in 49 of 98 trick plays
with a choice (3 games), which this model matches at ``epsilon`` ≈ 0.6."""
RECENT = 16
"""Only the most recent observed plays are weighed: older ones were made from bigger hands
(dearer to replay), mostly played out since."""
MIN_ESS = 0.1
"""Tempering keeps the pool's effective sample size at this share of the pool or more..."""
MIN_ESS_COUNT = 4
"""...and at this many samples or more (a small pool under a short time budget)."""
TIME_SHARE = 0.15
"""With a time budget, the pool stops growing once this share of it is spent (weighting one
Gangsta sample against 16 observed plays takes about 0.1 ms of CPU, so at 0.1 s a move its
pool fills well inside this share)..."""
MIN_POOL = 8
"""...but never below this many samples."""
FRESH_SHARE = 0.0
"""The share of iterations dealt afresh, unweighted, beside those drawn from the pool (a
defensive mixture). Under a short time budget the pool holds a dozen deals, and a search
that sees only those may overfit them where plain ISMCTS sees a new deal every iteration."""


@dataclass(frozen=True, slots=True)
class BeliefParams:
    """The opponent model's settings (see the module docstring)."""

    pool: int = POOL
    epsilon: float = EPSILON
    min_ess: float = MIN_ESS
    min_ess_count: int = MIN_ESS_COUNT
    recent: int = RECENT
    time_share: float = TIME_SHARE
    min_pool: int = MIN_POOL
    fresh_share: float = FRESH_SHARE


def log_likelihood(
    sample: State,
    observations: Sequence[Observation],
    hooks: BeliefHooks,
    guide: QuickGuide,
    epsilon: float = EPSILON,
) -> float:
    """``log P(observed plays | sample)`` under the guide-with-noise model; ``-inf`` when
    the sample makes an observed play illegal. Plays the guide does not answer (``None``)
    carry no information and are skipped."""
    total = 0.0
    for observation, past in hooks.rewind(sample, observations):
        seat, action = observation.seat, observation.action
        legal = past.legal(seat)
        if action not in legal:
            return -math.inf
        if hooks.likelihood is not None:
            total += math.log(hooks.likelihood(past, seat, action, legal))
            continue
        choice = guide(past, seat)
        if choice is None:
            continue
        p = epsilon / len(legal) + (1.0 - epsilon) * (choice == action)
        total += math.log(p)
    return total


def temper(
    log_weights: Sequence[float], min_ess: float, min_count: int = 0
) -> tuple[list[float], float]:
    """Normalised weights ``∝ exp(λ·w)`` for the largest ``λ`` in ``[0, 1]`` whose effective
    sample size is ``min_ess`` (a share of the pool) and ``min_count`` samples or more;
    returns ``(weights, λ)``.

    Samples at ``-inf`` stay at weight 0 whatever ``λ``; if every sample is at ``-inf`` all
    get equal weight (the model failed: fall back to the plain deal)."""
    finite = [w for w in log_weights if w != -math.inf]
    n = len(log_weights)
    if not finite:
        return [1.0 / n] * n, 0.0
    top = max(finite)

    def weights(lam: float) -> list[float]:
        raw = [0.0 if w == -math.inf else math.exp(lam * (w - top)) for w in log_weights]
        total = sum(raw)
        return [r / total for r in raw]

    def ess(ws: list[float]) -> float:
        return 1.0 / sum(w * w for w in ws) / n

    target = min(max(min_ess, min_count / n), len(finite) / n)
    full = weights(1.0)
    if ess(full) >= target:
        return full, 1.0
    low, high = 0.0, 1.0
    for _ in range(20):  # bisection on λ: the ESS falls as λ grows
        mid = (low + high) / 2
        if ess(weights(mid)) >= target:
            low = mid
        else:
            high = mid
    return weights(low), low


class Belief:
    """A weighted pool of determinization seeds for one search.

    Built from ``rng`` (which it advances), the decision's observations and the game's
    belief hooks; :meth:`draw` then deals one sample per call from a seed drawn by weight.
    Seeds are weighted until ``params.pool`` of them are, or ``deadline`` (a
    ``time.perf_counter()`` value) passes with ``params.min_pool`` done.
    """

    __slots__ = (
        "_cumulative",
        "_decision",
        "ess",
        "fresh_share",
        "lam",
        "observations",
        "seeds",
        "weights",
    )

    def __init__(
        self,
        decision: Decision,
        hooks: BeliefHooks,
        guide: QuickGuide,
        rng: random.Random,
        params: BeliefParams | None = None,
        deadline: float = math.inf,
    ) -> None:
        params = params or BeliefParams()
        self._decision = decision
        self.fresh_share = params.fresh_share
        self.observations = observed = list(decision.observations())[-params.recent :]
        self.seeds = [rng.getrandbits(64) for _ in range(params.pool)]
        logs: list[float] = []
        if observed:
            for seed in self.seeds:
                if len(logs) >= params.min_pool and time.perf_counter() > deadline:
                    break
                sample = decision.determinize(random.Random(seed))
                logs.append(log_likelihood(sample, observed, hooks, guide, params.epsilon))
            del self.seeds[len(logs) :]
        else:
            logs = [0.0] * len(self.seeds)
        self.weights, self.lam = temper(logs, params.min_ess, params.min_ess_count)
        self.ess = 1.0 / sum(w * w for w in self.weights)
        self._cumulative = list(accumulate(self.weights))

    def seed(self, rng: random.Random) -> int:
        """A pool seed drawn with probability proportional to its weight."""
        return rng.choices(self.seeds, cum_weights=self._cumulative)[0]

    def draw(self, rng: random.Random) -> State:
        """A determinization by weight, dealt into ``rng`` itself: ``rng`` is seeded with the
        chosen pool seed for the deal, then with fresh bits of its own stream drawn before,
        so the sample's chance events and the iteration differ each time a seed comes back.
        With ``fresh_share``, that share of draws is a plain deal from ``rng`` instead."""
        if self.fresh_share and rng.random() < self.fresh_share:
            return self._decision.determinize(rng)
        chosen, fresh = self.seed(rng), rng.getrandbits(64)
        rng.seed(chosen)
        sample = self._decision.determinize(rng)
        rng.seed(fresh)
        return sample


@dataclass(frozen=True, slots=True)
class OpponentModel:
    """What a search needs to build its :class:`Belief`: the game's belief hooks, the
    policy the others are modelled by (the game's quick guide) and the settings."""

    hooks: BeliefHooks
    guide: QuickGuide
    params: BeliefParams = BeliefParams()

    def pool(self, decision: Decision, rng: random.Random, seconds: float | None = None) -> Belief:
        """The weighted pool for ``decision`` (advances ``rng``), built in about
        ``params.time_share`` of ``seconds`` if given."""
        deadline = math.inf
        if seconds is not None:
            deadline = time.perf_counter() + self.params.time_share * seconds
        return Belief(decision, self.hooks, self.guide, rng, self.params, deadline)
