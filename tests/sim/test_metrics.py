"""Each game's own figures (``metrics.py``): the columns exist and agree with the result."""

from __future__ import annotations

from pathlib import Path

from mobtable.games.capo import metrics as capo_metrics
from mobtable.games.cosca import metrics as cosca_metrics
from mobtable.games.gangsta.metrics import COMBINATIONS
from support.lab import tournament


def test_gangsta_points_by_combination_sum_to_the_score(tmp_path: Path) -> None:
    frame = tournament(tmp_path / "r.parquet", "gangsta", ["greedy", "random"] * 2, 12)
    points = frame[[f"m_points_{name}" for name in COMBINATIONS]].sum(axis=1)
    assert (points == frame.score).all()
    assert frame.m_points_trio.sum() > 0  # greedy bots make trios: the split is not all pairs
    for _, game in frame.groupby("game_index"):
        assert game.m_tricks_won.sum() == game.length_rounds.iloc[0]
    assert frame.m_raids_triggered.sum() > 0 and frame.m_trumps_played.sum() > 0
    assert (frame.m_pairs_played >= 0).all()


def test_cosca_mobsters_won_sum_to_the_score(tmp_path: Path) -> None:
    frame = tournament(tmp_path / "r.parquet", "cosca", ["greedy", "random", "random"], 8)
    assert set(f"m_{k}" for k in cosca_metrics.KEYS) <= set(frame.columns)
    assert (frame.m_mobsters_fought + frame.m_mobsters_unopposed == frame.score).all()
    assert (frame.m_fights_won <= frame.m_fights_entered).all()
    assert frame.m_fights_entered.sum() > 0


def test_capo_figures_count_rounds_and_suspicions(tmp_path: Path) -> None:
    frame = tournament(tmp_path / "r.parquet", "capo", ["greedy", "random", "random"], 8)
    assert set(f"m_{k}" for k in capo_metrics.KEYS) <= set(frame.columns)
    # a seat's crew carries out the job or is caught, at most once a round
    assert (frame.m_jobs_done + frame.m_bluffs_caught <= frame.length_rounds).all()
    assert (frame.m_crews_held <= frame.m_jobs_done).all()
    assert (frame.m_suspicions_right + frame.m_suspicions_wrong <= frame.length_rounds).all()
    assert frame.m_suspicions_right.sum() > 0
