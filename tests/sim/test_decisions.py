"""Decision metrics per game (``mobtable.sim.decisions``), checked against independent data."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from support.lab import tournament

pytest.importorskip("pyarrow")


def _leaders(values: list[float]) -> set[int]:
    top = max(values)
    return {seat for seat, value in enumerate(values) if value == top}


def test_capo_lead_changes_and_last_round_agree_with_its_respect_curve(tmp_path: Path) -> None:
    """Capo's respect curve (from its scoring events) gives the leaders round by round."""
    frame = tournament(tmp_path / "results.parquet", "capo", ["greedy"] * 3, 30, seed=5)
    checked = decided = changed = 0
    for _, game in frame.groupby("game_index"):
        rounds = int(game.length_rounds.iloc[0])
        if rounds > 12:
            continue  # the curve keeps twelve rounds
        curve = [list(game[f"m_respect_round{r}"].astype(float)) for r in range(1, rounds + 1)]
        sole, changes = None, 0
        for standing in curve:
            leaders = _leaders(standing)
            if len(leaders) == 1:
                (seat,) = leaders
                changes += sole is not None and seat != sole
                sole = seat
        before_last = _leaders(curve[-2]) if rounds > 1 else {0, 1, 2}
        winners = set(game.seat[game.win_share > 0])
        assert int(game.lead_changes.iloc[0]) == changes
        assert bool(game.decided_last_round.iloc[0]) == (not winners & before_last)
        checked += 1
        decided += not winners & before_last
        changed += changes > 0
    assert checked >= 25 and decided > 0 and changed > 0  # both cases occur


def test_decisions_count_real_choices_and_branching_is_their_mean_width(tmp_path: Path) -> None:
    frame = tournament(tmp_path / "results.parquet", "gangsta", ["random"] * 4, 10, seed=2)
    games = frame.groupby("game_index").first()
    assert (games.decisions <= games.length_actions).all()
    assert (games.decisions > 0).all()
    assert (games.branching >= 2).all()


def test_a_game_without_a_standing_has_no_lead_changes(tmp_path: Path) -> None:
    frame = tournament(tmp_path / "results.parquet", "sealed-bid", ["random"] * 2, 5)
    assert set(frame.lead_changes) == {-1}
    assert not frame.decided_last_round.any()
    # every bid with coins left is a choice of at least two: decisions are the bids made
    assert pd.Series(frame.decisions).between(1, 6).all()
