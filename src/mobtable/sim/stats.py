"""Statistics of a results table (``results.parquet``), all from scipy.

Win rates get 95% Wilson intervals (:func:`scipy.stats.binomtest`); the
seat effect is a chi-square goodness-of-fit test of wins per seat against
equal shares (:func:`scipy.stats.chisquare`); the bot effect a chi-square
test of independence of (wins, losses) by bot
(:func:`scipy.stats.chi2_contingency`); score spreads come from
:func:`scipy.stats.describe` and :func:`scipy.stats.iqr`.

A shared win counts ``1/k`` to each of its ``k`` winners, so win counts may
be fractional; the binomial interval rounds them to the nearest whole win.

Only the lab (``mobtable[lab]``) imports this module: it needs pandas and scipy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

import pandas as pd
from scipy import stats

CONFIDENCE = 0.95
SIGNIFICANCE = 0.05
"""Below this p-value an effect counts as detected."""
Z95 = 1.96
"""Standard errors either side of a mean for its 95% band."""
CORRECTION = "Holm"
"""The multiple-comparison correction :func:`holm` applies, by its name in the output."""


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given.

    The ``i``-th smallest of ``m`` p-values is multiplied by ``m - i`` (``i`` from 0), kept
    at least as large as the one before it, and capped at 1; an adjusted p-value below
    :data:`SIGNIFICANCE` then keeps the chance of any false detection among all ``m`` below it.
    scipy has no Holm (its ``false_discovery_control`` is Benjamini-Hochberg), so it is here.
    """
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    adjusted = [1.0] * len(p_values)
    running = 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (len(p_values) - rank) * p_values[index]))
        adjusted[index] = running
    return adjusted


@dataclass(frozen=True)
class Rate:
    """A win rate with its Wilson interval."""

    name: str
    games: int
    wins: float
    rate: float
    low: float
    high: float

    def to_json(self) -> dict[str, Any]:
        return {k: round(v, 9) if isinstance(v, float) else v for k, v in asdict(self).items()}


@dataclass(frozen=True)
class Test:
    """A chi-square test's outcome; ``detected`` when ``p < SIGNIFICANCE``."""

    statistic: float
    p_value: float
    dof: int

    @property
    def detected(self) -> bool:
        return self.p_value < SIGNIFICANCE

    def to_json(self) -> dict[str, Any]:
        return {
            "statistic": round(self.statistic, 9),
            "p_value": round(self.p_value, 9),
            "dof": self.dof,
            "detected": self.detected,
        }


@dataclass(frozen=True)
class Spread:
    """How one seat's or bot's scores spread."""

    name: str
    count: int
    mean: float
    std: float
    minimum: float
    maximum: float
    iqr: float

    def to_json(self) -> dict[str, Any]:
        return {k: round(v, 9) if isinstance(v, float) else v for k, v in asdict(self).items()}


def wilson(wins: float, games: int, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The Wilson interval of ``wins`` successes in ``games`` trials (``(0, 1)`` for none)."""
    if games == 0:
        return (0.0, 1.0)
    k = min(games, max(0, round(wins)))
    interval = stats.binomtest(k, games).proportion_ci(confidence_level=confidence, method="wilson")
    return (float(interval.low), float(interval.high))


def win_rates(frame: pd.DataFrame, by: str = "seat") -> list[Rate]:
    """Win rate with its interval for each value of ``by`` (``"seat"`` or ``"bot"``)."""
    rates = []
    for name, group in frame.groupby(by, sort=True):
        games = len(group)
        wins = float(group.win_share.sum())
        low, high = wilson(wins, games)
        rates.append(Rate(str(name), games, wins, wins / games, low, high))
    return rates


def seat_effect(frame: pd.DataFrame) -> Test:
    """Chi-square test that every seat wins equally often.

    With a fixed line-up a seat effect and a bot effect are the same thing;
    play with ``--rotate`` (or one bot everywhere) to see the seat alone.
    """
    wins = frame.groupby("seat", sort=True).win_share.sum()
    return equal_shares([float(w) for w in wins])


def equal_shares(wins: Sequence[float]) -> Test:
    """Chi-square goodness-of-fit test of win counts against equal expected counts."""
    if len(wins) < 2 or sum(wins) == 0:
        return Test(0.0, 1.0, max(len(wins) - 1, 0))
    result = stats.chisquare(list(wins))
    return Test(float(result.statistic), float(result.pvalue), len(wins) - 1)


def bot_effect(frame: pd.DataFrame) -> Test:
    """Chi-square test of independence: does winning depend on the bot?"""
    grouped = frame.groupby("bot", sort=True)
    wins = grouped.win_share.sum()
    games = grouped.size()
    table = [[float(w), float(n - w)] for w, n in zip(wins, games, strict=True)]
    if len(table) < 2 or wins.sum() == 0 or all(row[1] == 0 for row in table):
        return Test(0.0, 1.0, max(len(table) - 1, 0))
    result = stats.chi2_contingency(table)
    return Test(float(result.statistic), float(result.pvalue), int(result.dof))


def score_spreads(frame: pd.DataFrame, by: str = "seat") -> list[Spread]:
    """Mean, standard deviation, range and inter-quartile range of scores by ``by``."""
    spreads = []
    for name, group in frame.groupby(by, sort=True):
        scores = group.score.to_numpy(dtype=float)
        if len(scores) == 1:
            value = float(scores[0])
            spreads.append(Spread(str(name), 1, value, 0.0, value, value, 0.0))
            continue
        described = stats.describe(scores)
        spreads.append(
            Spread(
                str(name),
                int(described.nobs),
                float(described.mean),
                float(described.variance) ** 0.5,
                float(described.minmax[0]),
                float(described.minmax[1]),
                float(stats.iqr(scores)),
            )
        )
    return spreads


def tiebreak_share(frame: pd.DataFrame) -> Rate:
    """The share of games whose winner a tie-break made (one winner, ``tie_break`` set)."""
    sole = frame.win_share == 1.0
    per_game = frame.assign(sole=sole).groupby("game_index", sort=True)
    tied = per_game.tie_break.first() != ""
    decided = tied & (per_game.sole.sum() == 1)
    games = len(decided)
    count = float(decided.sum())
    low, high = wilson(count, games)
    return Rate("decided by a tie-break", games, count, count / games if games else 0.0, low, high)


def analyse(frame: pd.DataFrame) -> dict[str, Any]:
    """Everything above as JSON: win rates by seat and bot, both tests, spreads."""
    return {
        "games": int(frame.game_index.nunique()),
        "win_rate_by_seat": [r.to_json() for r in win_rates(frame, "seat")],
        "win_rate_by_bot": [r.to_json() for r in win_rates(frame, "bot")],
        "seat_effect": seat_effect(frame).to_json(),
        "bot_effect": bot_effect(frame).to_json(),
        "score_by_seat": [s.to_json() for s in score_spreads(frame, "seat")],
        "score_by_bot": [s.to_json() for s in score_spreads(frame, "bot")],
        "tiebreak": tiebreak_share(frame).to_json(),
    }


def seat_disagreement(rates: Sequence[Rate], test: Test) -> str:
    """One sentence when the per-seat intervals and the chi-square disagree, else ``""``.

    ``rates`` are the win rates by seat (seat 1 first); the equal share is one over their count.
    """
    if not rates:
        return ""
    equal = 1 / len(rates)
    outside = [i + 1 for i, r in enumerate(rates) if not r.low <= equal <= r.high]
    if outside and not test.detected:
        named = (
            f"Seat {outside[0]}'s interval excludes"
            if len(outside) == 1
            else f"Seats {', '.join(map(str, outside[:-1]))} and {outside[-1]}'s intervals exclude"
        )
        return (
            f"{named} the equal share ({100 * equal:.1f}%) while the "
            f"chi-square does not detect a seat effect: with {len(rates)} intervals of 95% "
            "one may miss by chance, and the chi-square weighs all seats at once."
        )
    if test.detected and not outside:
        return (
            "The chi-square detects a seat effect though every seat's interval holds the equal "
            f"share ({100 * equal:.1f}%): it adds up departures too small for any one interval."
        )
    return ""
