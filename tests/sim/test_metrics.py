"""Each game's own figures (``metrics.py``): the columns exist and agree with the result."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, cast

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from mobtable import games
from mobtable.games.capo import metrics as capo_metrics
from mobtable.games.capo.crews import CrewTest
from mobtable.games.capo.rules import Phase
from mobtable.games.cosca import metrics as cosca_metrics
from mobtable.games.gangsta.metrics import COMBINATIONS
from mobtable.sim import SimSpec, bot_step, make_bots, play_to_end, replay_with_events
from support.lab import tournament

if TYPE_CHECKING:
    from mobtable.games.capo.state import CapoState
    from mobtable.games.cosca.state import CoscaState


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
    # a seat's crew carries out the job or goes to prison, at most once a round
    assert (frame.m_jobs_done + frame.m_prisons <= frame.length_rounds).all()
    assert (frame.m_crews_held <= frame.m_jobs_done).all()
    assert (frame.m_suspicions_right + frame.m_suspicions_wrong <= frame.length_rounds).all()
    assert frame.m_suspicions_right.sum() > 0


def test_gangsta_trump_figures_are_plays_and_tricks(tmp_path: Path) -> None:
    frame = tournament(tmp_path / "r.parquet", "gangsta", ["greedy", "random"] * 2, 12)
    assert (frame.m_trump_tricks_won <= frame.m_trump_plays).all()
    assert (frame.m_trump_plays <= frame.m_trumps_played).all()
    assert (frame.m_trump_tricks_won <= frame.m_tricks_won).all()
    assert frame.m_trump_tricks_won.sum() > 0


def test_cosca_money_and_weapons_by_day_end_at_the_final_holdings() -> None:
    game = games.get("cosca")
    spec = SimSpec.build(game.config(3), game, ["greedy", "random", "random"], 4)
    state = game.new_state(spec.load_config(), seed=7)
    play_to_end(state, make_bots(spec, 0))
    cosca = cast("CoscaState", state)
    rows = cosca_metrics.figures(replay_with_events(state))
    assert [row["money_day7"] for row in rows] == cosca.money
    assert [row["weapons_day7"] for row in rows] == cosca.weapons
    ends = cosca_metrics.day_ends(state)
    assert len(ends) == 7
    assert any(money > 0 for day in ends for money, _ in day)
    for day, holdings in enumerate(ends, start=1):
        assert [(r[f"money_day{day}"], r[f"weapons_day{day}"]) for r in rows] == holdings


def test_the_mobsters_table_agrees_with_the_seats_figures(tmp_path: Path) -> None:
    frame = tournament(tmp_path / "results.parquet", "cosca", ["greedy", "random", "random"], 8)
    mobsters = pd.read_parquet(tmp_path / "mobsters.parquet")
    schema = pq.read_schema(tmp_path / "mobsters.parquet")
    assert [(f.name, f.type) for f in schema] == [
        ("game", pa.string()),
        ("seed", pa.int64()),
        ("game_index", pa.int64()),
        ("position", pa.int64()),
        ("mobster", pa.string()),
        ("day_revealed", pa.int64()),
        ("fights", pa.int64()),
        ("most_bidders", pa.int64()),
        ("bidders", pa.int64()),
        ("ties", pa.int64()),
        ("owner_changes", pa.int64()),
        ("owner", pa.int64()),
        ("won_in_fight", pa.bool_()),
    ]
    assert set(mobsters.game_index) == set(frame.game_index)
    for index, game in frame.groupby("game_index"):
        row = mobsters[mobsters.game_index == index]
        assert list(row.position) == list(range(len(row)))
        assert set(row.day_revealed) >= set(range(2, 8))  # one new mobster a day
        for seat, seat_row in game.set_index("seat").iterrows():
            owned = row[row.owner == seat]
            assert len(owned) == seat_row.score
            assert int(owned.won_in_fight.sum()) == seat_row.m_mobsters_fought
        assert row.fights.sum() == game.m_fights_won.sum() + row.ties.sum()
    assert (mobsters.most_bidders <= mobsters.bidders).all()
    assert (mobsters[mobsters.fights == 0].most_bidders == 0).all()
    assert mobsters.fights.sum() > 0


def test_capo_bluffs_are_caught_or_uncaught_and_respect_is_a_curve(tmp_path: Path) -> None:
    frame = tournament(tmp_path / "r.parquet", "capo", ["greedy", "random", "random"], 10)
    assert (frame.m_bluffs_caught + frame.m_bluffs_uncaught == frame.m_bluffs_attempted).all()
    assert (frame.m_bluffs_caught <= frame.m_prisons).all()  # a suspected bluff always fails
    assert frame.m_bluffs_uncaught.sum() > 0 and frame.m_bluffs_caught.sum() > 0
    short = frame[frame.length_rounds <= capo_metrics.CURVE_ROUNDS]
    assert not short.empty
    assert (short[f"m_respect_round{capo_metrics.CURVE_ROUNDS}"] == short.score).all()
    curve = frame[[f"m_respect_round{r}" for r in range(1, capo_metrics.CURVE_ROUNDS + 1)]]
    assert (curve.to_numpy() >= 0).all() and curve.to_numpy().max() >= 15


def test_a_bluff_is_a_crew_the_engines_own_crew_test_rejects() -> None:
    game = games.get("capo")
    spec = SimSpec.build(game.config(4), game, ["greedy", "random", "random", "greedy"], 3)
    judged = {True: 0, False: 0}
    for index in range(6):
        state = cast("CapoState", game.new_state(spec.load_config(), seed=index))
        bots = make_bots(spec, index)
        while not state.is_over():
            if state.phase is Phase.SUSPECT and not state.step.choices:
                test = CrewTest(state)
                for crew in state.table:
                    bluff = capo_metrics.is_bluff(state, (state.assignment, state.event), crew)
                    assert bluff is not test(crew)
                    judged[bluff] += 1
            bot_step(state, bots)
    assert judged[True] > 0 and judged[False] > 0
