"""Paired differences and the verdict, on known cases."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from mobtable.sim.compare import (
    Difference,
    corrected,
    correction_note,
    overall,
    paired_difference,
)
from mobtable.sim.stats import SIGNIFICANCE, holm


def test_a_known_shift_is_found_and_no_shift_is_not() -> None:
    rng = np.random.default_rng(1)
    base = pd.Series(rng.normal(10.0, 3.0, 400))
    noise = pd.Series(rng.normal(0.0, 0.5, 400))
    shifted = paired_difference("score", base + 1.0 + noise, base)
    assert shifted.detected and shifted.low < 1.0 < shifted.high
    same = paired_difference("length", base + noise, base)
    assert not same.detected and same.low < 0.0 < same.high
    verdict = overall([shifted, same])
    assert verdict.startswith("Verdict: A differs from B in score (+0.9")
    assert verdict.endswith("; no detectable difference in length (400 games).")
    assert overall([same]) == (
        "Verdict: no detectable difference between A and B at this sample size (400 games)."
    )


def test_holm_adjusts_sorted_p_values_step_down_and_keeps_their_order() -> None:
    adjusted = holm([0.01, 0.04, 0.03, 0.5])
    # sorted: 0.01 x 4 = 0.04, 0.03 x 3 = 0.09, 0.04 x 2 = 0.08 -> kept at 0.09, 0.5 x 1
    assert adjusted == pytest.approx([0.04, 0.09, 0.09, 0.5])
    assert holm([0.6, 0.9]) == [1.0, 1.0]  # 0.6 x 2 capped at 1, and never below it
    assert holm([]) == []


def _shift(name: str, shift: float) -> Difference:
    """A paired difference of ``shift`` on a fixed +-1 spread over 100 games."""
    base = pd.Series(np.zeros(100))
    return paired_difference(name, base + shift + np.tile([-1.0, 1.0], 50), base)


def test_a_difference_that_passes_alone_fails_among_six() -> None:
    planted = _shift("planted", 0.23)
    assert planted.p_value < SIGNIFICANCE and planted.detected  # alone it passes
    others = [_shift(f"quiet {k}", 0.02 * k) for k in range(5)]
    first, *_ = corrected([planted, *others])
    assert first.p_value == planted.p_value
    assert first.adjusted_p >= SIGNIFICANCE and not first.detected and first.corrected_away
    assert first.low > 0.0  # its own interval still excludes 0: the note says why
    assert first.verdict.startswith("no detectable difference after Holm's correction (p = 0.0")
    assert first.to_json()["correction"] == "Holm"
    assert first.to_json()["adjusted_p_value"] == pytest.approx(first.adjusted_p)
    note = correction_note([first, *others])
    assert note.startswith("Verdicts use Holm's correction for the 6 statistics")
    assert "planted would pass alone" in note
    strong = corrected([_shift("strong", 0.5), *others])[0]
    assert strong.detected and strong.verdict.startswith("A differs from B by +0.5")
    assert "would pass alone" not in correction_note([strong, *others])
