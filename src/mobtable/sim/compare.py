"""Paired comparison of two results tables played on the same seeds.

Game ``i`` of batch A and game ``i`` of batch B share the master seed and
the index, so they start from the same deal: a per-game statistic's
difference ``A - B`` removes most of the luck of the deal. The interval is
the t-interval of the paired differences
(:func:`scipy.stats.ttest_1samp`, ``confidence_interval``).

Six statistics are tested at once, so a verdict comes from Holm's adjusted
p-value (:func:`mobtable.sim.stats.holm`), not from the raw one: the chance
of any false "A differs" among the six stays below 5%. The interval shown
is each statistic's own (unadjusted) 95% interval.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import pandas as pd
from scipy import stats

from mobtable.sim.stats import CONFIDENCE, CORRECTION, SIGNIFICANCE, holm

PerGame = Callable[[pd.DataFrame], "pd.Series[float]"]


def _seat_column(column: str, seat: int) -> PerGame:
    def statistic(frame: pd.DataFrame) -> pd.Series[float]:
        rows = frame[frame.seat == seat].set_index("game_index")
        return rows[column].astype(float)

    return statistic


def _per_game(column: str, how: str) -> PerGame:
    def statistic(frame: pd.DataFrame) -> pd.Series[float]:
        return frame.groupby("game_index")[column].agg(how).astype(float)

    return statistic


def _decided_by_tiebreak(frame: pd.DataFrame) -> pd.Series[float]:
    per_game = frame.groupby("game_index")
    sole = per_game.win_share.max() == 1.0
    return ((per_game.tie_break.first() != "") & sole).astype(float)


STATISTICS: dict[str, PerGame] = {
    "first seat's win share": _seat_column("win_share", 0),
    "first seat's score": _seat_column("score", 0),
    "mean score": _per_game("score", "mean"),
    "game length (actions)": _per_game("length_actions", "first"),
    "game length (rounds)": _per_game("length_rounds", "first"),
    "decided by a tie-break": _decided_by_tiebreak,
}
"""Per-game statistics compared, by their name in words."""


class NotPaired(ValueError):
    """The two tables cannot be paired game by game."""


@dataclass(frozen=True)
class Difference:
    """Mean of ``A - B`` over paired games, with its interval and p-values.

    ``p_value`` is the paired t-test's; ``adjusted_p`` the same after the correction for
    the other statistics compared alongside (equal to ``p_value`` for one alone).
    """

    statistic: str
    games: int
    mean_a: float
    mean_b: float
    difference: float
    low: float
    high: float
    p_value: float
    adjusted_p: float

    @property
    def detected(self) -> bool:
        return self.adjusted_p < SIGNIFICANCE

    @property
    def corrected_away(self) -> bool:
        """The raw p-value passes but the adjusted one does not."""
        return self.p_value < SIGNIFICANCE <= self.adjusted_p

    @property
    def verdict(self) -> str:
        if self.corrected_away:
            return (
                f"no detectable difference after {CORRECTION}'s correction "
                f"(p = {self.p_value:.2g} alone, {self.adjusted_p:.2g} adjusted)"
            )
        if not self.detected:
            return f"no detectable difference at this sample size ({self.games} games)"
        half = (self.high - self.low) / 2
        return f"A differs from B by {self.difference:+.3g} ± {half:.2g}"

    def to_json(self) -> dict[str, Any]:
        return {
            "statistic": self.statistic,
            "games": self.games,
            "mean_a": round(self.mean_a, 9),
            "mean_b": round(self.mean_b, 9),
            "difference": round(self.difference, 9),
            "low": round(self.low, 9),
            "high": round(self.high, 9),
            "p_value": round(self.p_value, 9),
            "adjusted_p_value": round(self.adjusted_p, 9),
            "correction": CORRECTION,
            "detected": self.detected,
            "verdict": self.verdict,
        }


def check_paired(a: pd.DataFrame, b: pd.DataFrame) -> None:
    """Raise :class:`NotPaired` unless both tables hold the same game, seed, seats and games."""
    for column in ("game", "seed", "players"):
        left, right = sorted(set(a[column])), sorted(set(b[column]))
        if left != right:
            raise NotPaired(f"the tables differ in {column}: {left} against {right}")
    if set(a.game_index) != set(b.game_index):
        raise NotPaired(
            f"the tables hold different games ({a.game_index.nunique()} against "
            f"{b.game_index.nunique()}): simulate both with the same --games and --seed"
        )
    if a.empty:
        raise NotPaired("the tables hold no games")


def paired_difference(name: str, a: pd.Series[float], b: pd.Series[float]) -> Difference:
    """The mean paired difference ``a - b`` (aligned on game index) and its t-interval."""
    joined = pd.concat({"a": a, "b": b}, axis=1, join="inner")
    diffs = (joined.a - joined.b).to_numpy(dtype=float)
    mean = float(diffs.mean())
    if len(diffs) < 2 or float(np.ptp(diffs)) == 0.0:
        low = high = mean  # every pair differs by the same amount: no spread to estimate
        p_value = 1.0 if mean == 0.0 else 0.0
    else:
        test = stats.ttest_1samp(diffs, 0.0)
        interval = test.confidence_interval(CONFIDENCE)
        low, high, p_value = float(interval.low), float(interval.high), float(test.pvalue)
    return Difference(
        name,
        len(diffs),
        float(joined.a.mean()),
        float(joined.b.mean()),
        mean,
        low,
        high,
        p_value,
        p_value,
    )


def corrected(differences: list[Difference]) -> list[Difference]:
    """The same differences with Holm-adjusted p-values across all of them."""
    adjusted = holm([d.p_value for d in differences])
    return [replace(d, adjusted_p=p) for d, p in zip(differences, adjusted, strict=True)]


def compare(a: pd.DataFrame, b: pd.DataFrame) -> list[Difference]:
    """Every statistic of :data:`STATISTICS`, paired game by game, corrected together."""
    check_paired(a, b)
    return corrected([paired_difference(name, of(a), of(b)) for name, of in STATISTICS.items()])


def overall(differences: list[Difference]) -> str:
    """The verdict in a sentence or two: what differs detectably, and what does not."""
    found = [d for d in differences if d.detected]
    quiet = [d.statistic for d in differences if not d.detected]
    games = differences[0].games if differences else 0
    if not found:
        return (
            "Verdict: no detectable difference between A and B "
            f"at this sample size ({games} games)."
        )
    parts = ", ".join(
        f"{d.statistic} ({d.difference:+.3g} ± {(d.high - d.low) / 2:.2g})" for d in found
    )
    text = f"Verdict: A differs from B in {parts}"
    if quiet:
        text += f"; no detectable difference in {', '.join(quiet)} ({games} games)"
    return text + "."


def correction_note(differences: list[Difference]) -> str:
    """How the verdicts were corrected, and which interval it overrules, in a sentence."""
    text = (
        f"Verdicts use {CORRECTION}'s correction for the {len(differences)} statistics "
        "compared at once (the chance of any false difference stays below 5%)"
    )
    away = [d.statistic for d in differences if d.corrected_away]
    if away:
        text += (
            f"; {', '.join(away)} would pass alone (its interval excludes 0) "
            "but not among all of them"
        )
    return text + "."


def describe(frame: pd.DataFrame) -> str:
    """A configuration in words: bots, variants, options, card file."""
    first = frame.iloc[0]
    bots = ", ".join(frame[frame.game_index == first.game_index].bot)
    parts = [f"{first.game}, bots {bots}", f"variants: {first.variants or 'none'}"]
    if first.card_file:
        parts.append(f"cards: {first.card_file}")
    parts.append(f"options {first.options}")
    return "; ".join(parts)
