"""openskill ratings of bots across line-ups."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from mobtable.sim.ratings import rate
from support.lab import tournament


def test_greedy_rates_above_random(tmp_path: Path) -> None:
    frame = tournament(tmp_path / "r.parquet", "gangsta", ["greedy", "random"] * 2, 20, rotate=True)
    best, worst = rate(frame)
    assert (best.bot, worst.bot) == ("greedy", "random")
    assert best.mu - 2 * best.sigma > worst.mu + 2 * worst.sigma
    assert best.games == worst.games == 20
    assert best.sigma < 25 / 3  # games made it surer than the prior


def test_a_bot_alone_keeps_its_rating_mean() -> None:
    frame = pd.DataFrame(
        {"game_index": [0, 0, 1, 1], "seat": [0, 1, 0, 1], "bot": ["x"] * 4, "rank": [1, 2, 2, 1]}
    )
    (only,) = rate(frame)
    assert abs(only.mu - 25.0) < 1e-9
