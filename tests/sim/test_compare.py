"""Paired differences and the verdict, on known cases."""

from __future__ import annotations

import numpy as np
import pandas as pd

from mobtable.sim.compare import overall, paired_difference


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
