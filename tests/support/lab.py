"""Tiny tournaments written to a results table, for the lab's tests."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from mobtable import games
from mobtable.sim import SimSpec, run
from mobtable.sim.table import ResultsTable


def tournament(
    path: Path,
    game_name: str,
    bots: Sequence[str],
    count: int,
    *,
    seed: int = 1,
    rotate: bool = False,
    variants: Sequence[str] = (),
) -> pd.DataFrame:
    """Play ``count`` games into ``path`` (a results.parquet) and load the table."""
    game = games.get(game_name)
    config = game.config(len(bots), variants=list(variants))
    spec = SimSpec.build(config, game, list(bots), seed, rotate=rotate)
    with ResultsTable(path, spec) as table:
        run(spec, count, sink=table.add)
    return pd.read_parquet(path)
