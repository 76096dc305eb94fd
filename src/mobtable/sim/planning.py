"""How many games a question needs: sample sizes for a win share, from scipy's normal quantiles.

Two questions, both about one seat's win share ``p`` (a shared win counts ``1/k``):

- *How precisely?* :func:`games_for_width`: the fewest games whose 95% Wilson interval
  (the interval ``simulate`` prints) is at most ``width`` wide when the share is ``p``. The
  width of the Wilson interval of ``n`` games at share ``p`` is
  ``2 z / (1 + z²/n) * sqrt(p(1-p)/n + z²/(4n²))``; the search starts from the Wald
  approximation ``n = 4 z² p(1-p) / width²``.
- *Can it see a difference?* :func:`games_for_difference`: the fewest games for a two-sided
  one-sample binomial test at level ``alpha`` to detect a share of ``p0 + d`` against the equal
  share ``p0`` with probability ``power``: the normal-approximation formula
  ``n = ((z_{1-alpha/2} sqrt(p0(1-p0)) + z_{power} sqrt(p1(1-p1))) / d)²`` (Chow, Shao & Wang,
  *Sample Size Calculations in Clinical Research*, one-sample proportion test). The test the
  plan is run with is :func:`first_seat_test` (``scipy.stats.binomtest``, two-sided).

Running a plan (:class:`Plan`, ``mobtable plan --run``) uses a *fixed sample size*: the number
of games is settled before the effect is looked at and the interval and the test are computed
once, at the end. A pilot may only set the spread the width depends on (``p(1-p)``), and it
does so conservatively (the share inside the pilot's own 95% interval nearest 1/2); it never
stops the run early because an interval already excludes the equal share. Stopping "when the
interval looks good" would make the 95% interval cover less than 95% of the time; a confidence
sequence would allow that, at the price of wider intervals, and is not what this does.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from scipy import stats

from mobtable.sim.stats import CONFIDENCE, SIGNIFICANCE, wilson

MOST_GAMES = 100_000_000


def _z(probability: float) -> float:
    return float(stats.norm.ppf(probability))


def wilson_width(share: float, games: int, confidence: float = CONFIDENCE) -> float:
    """The width of the Wilson interval of ``games`` games at ``share`` (a continuous share)."""
    z = _z(1 - (1 - confidence) / 2)
    n = float(games)
    spread = share * (1 - share) / n + z * z / (4 * n * n)
    return 2 * z / (1 + z * z / n) * math.sqrt(spread)


def games_for_width(width: float, share: float, confidence: float = CONFIDENCE) -> int:
    """The fewest games whose Wilson interval at ``share`` is at most ``width`` wide."""
    if not 0 < width < 1:
        raise ValueError(f"the width must be between 0 and 1, not {width:g}")
    if not 0 <= share <= 1:
        raise ValueError(f"the share must be between 0 and 1, not {share:g}")
    z = _z(1 - (1 - confidence) / 2)
    games = max(1, math.ceil(4 * z * z * share * (1 - share) / (width * width)))
    while games > 1 and wilson_width(share, games - 1, confidence) <= width:
        games -= 1
    while wilson_width(share, games, confidence) > width:
        games += 1
        if games > MOST_GAMES:
            raise ValueError(f"a width of {width:g} needs more than {MOST_GAMES:,} games")
    return games


def games_for_difference(
    difference: float, equal: float, *, alpha: float = SIGNIFICANCE, power: float = 0.8
) -> int:
    """The games a two-sided binomial test needs to see ``equal + difference`` against ``equal``."""
    p1 = equal + difference
    if difference == 0 or not 0 < p1 < 1:
        raise ValueError(
            f"a difference of {difference:+g} from {equal:g} is not a share between 0 and 1 "
            "other than the equal one"
        )
    if not 0 < power < 1 or not 0 < alpha < 1:
        raise ValueError("the power and the level must be between 0 and 1")
    spread = _z(1 - alpha / 2) * math.sqrt(equal * (1 - equal)) + _z(power) * math.sqrt(
        p1 * (1 - p1)
    )
    return math.ceil((spread / difference) ** 2)


def conservative_share(wins: float, games: int) -> float:
    """The share inside the 95% Wilson interval of a pilot nearest 1/2 (the widest spread)."""
    low, high = wilson(wins, games)
    return min(max(0.5, low), high)


@dataclass(frozen=True)
class Verdict:
    """A seat's win share after the planned games: its interval and the test against equal."""

    games: int
    wins: float
    share: float
    low: float
    high: float
    equal: float
    p_value: float

    @property
    def width(self) -> float:
        return self.high - self.low

    @property
    def detected(self) -> bool:
        return self.p_value < SIGNIFICANCE


def first_seat_test(wins: float, games: int, equal: float) -> Verdict:
    """The share's Wilson interval and the two-sided binomial test against ``equal``."""
    k = min(games, max(0, round(wins)))
    low, high = wilson(wins, games)
    p_value = float(stats.binomtest(k, games, equal).pvalue) if games else 1.0
    return Verdict(games, wins, wins / games if games else 0.0, low, high, equal, p_value)
