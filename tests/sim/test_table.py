"""The per-game results table: exact columns and types, game order, any ``jobs``."""

from __future__ import annotations

import datetime
import json
import subprocess
import sys
import tomllib
from importlib import resources
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from mobtable import games
from mobtable.core import record as records
from mobtable.games.cosca import rules as cosca_rules
from mobtable.sim import SimSpec, Summary, play_one, replay_with_events, run
from mobtable.sim.table import BASE_SCHEMA, ResultsTable

EXPECTED_BASE = [
    ("game", pa.string()),
    ("seed", pa.int64()),
    ("game_index", pa.int64()),
    ("players", pa.int8()),
    ("variants", pa.string()),
    ("options", pa.string()),
    ("card_file", pa.string()),
    ("card_hash", pa.string()),
    ("seat", pa.int8()),
    ("bot", pa.string()),
    ("score", pa.float64()),
    ("rank", pa.int8()),
    ("win_share", pa.float64()),
    ("tie_break", pa.string()),
    ("length_actions", pa.int32()),
    ("length_rounds", pa.int32()),
    ("decisions", pa.int32()),
    ("branching", pa.float64()),
    ("lead_changes", pa.int32()),
    ("decided_last_round", pa.bool_()),
]


def _gangsta(seed: int = 3, variants: tuple[str, ...] = ()) -> SimSpec:
    game = games.get("gangsta")
    config = game.config(4, variants=list(variants))
    return SimSpec.build(config, game, ["random", "greedy", "random", "greedy"], seed)


def _write(spec: SimSpec, path: Path, games_: int, *, jobs: int = 1) -> Summary:
    with ResultsTable(path, spec) as table:
        return run(spec, games_, jobs=jobs, sink=table.add)


def test_the_table_has_exactly_the_specified_columns_and_types(tmp_path: Path) -> None:
    path = tmp_path / "results.parquet"
    _write(_gangsta(), path, 6)
    schema = pq.read_schema(path)
    assert [(f.name, f.type) for f in schema][: len(EXPECTED_BASE)] == EXPECTED_BASE
    assert list(BASE_SCHEMA.names) == [name for name, _ in EXPECTED_BASE]
    figures = schema.names[len(EXPECTED_BASE) :]  # the gangsta hook
    assert figures[0] == "m_points_pair" and "m_tricks_won" in figures
    assert schema.field("m_tricks_won").type == pa.int64()


def test_rows_are_one_per_game_and_seat_in_game_order(tmp_path: Path) -> None:
    path = tmp_path / "results.parquet"
    spec = _gangsta(variants=("reveal-one",))
    _write(spec, path, 5)
    frame = pd.read_parquet(path)
    assert len(frame) == 20
    assert list(zip(frame.game_index, frame.seat, strict=True)) == [
        (g, s) for g in range(5) for s in range(4)
    ]
    first = frame[frame.game_index == 0]
    outcome = play_one(spec, 0)
    assert list(first.score) == [float(s) for s in outcome.scores]
    assert list(first["rank"]) == list(outcome.ranks)
    assert set(frame.game) == {"gangsta"} and set(frame.seed) == {3}
    assert set(frame.variants) == {"reveal-one"}
    assert json.loads(frame.options[0]) == dict(spec.config["options"])
    assert set(frame.card_file) == {""} and set(frame.card_hash) == {""}
    assert list(first.bot) == ["random", "greedy", "random", "greedy"]
    assert (frame.length_actions == outcome.actions).iloc[:4].all()
    assert (first.length_rounds == outcome.rounds).all() and outcome.rounds > 0
    for _, game in frame.groupby("game_index"):
        assert game.win_share.sum() == pytest.approx(1.0)
        assert game.m_tricks_won.sum() == game.length_rounds.iloc[0]  # every trick has a winner


def test_figures_come_from_the_game_replayed_with_events() -> None:
    spec = _gangsta()
    outcome = play_one(spec, 2, keep_record=True)
    assert outcome.record is not None
    silent = records.replay(outcome.record)
    replayed = replay_with_events(silent)
    assert replayed.events and replayed.result() == silent.result()
    won = [
        sum(1 for e in replayed.events if e.kind == "trick-won" and e.data["seat"] == s)
        for s in range(4)
    ]
    outcome = play_one(spec, 2, figures=True)
    column = outcome.figure_names.index("tricks_won")
    assert tuple(row[column] for row in outcome.figures) == tuple(won)


def test_one_and_two_jobs_write_identical_tables(tmp_path: Path) -> None:
    one, two = tmp_path / "one.parquet", tmp_path / "two.parquet"
    spec = _gangsta(seed=8)
    first = _write(spec, one, 24, jobs=1)
    second = _write(spec, two, 24, jobs=2)
    assert pq.read_table(one).equals(pq.read_table(two))
    a, b = first.to_json(), second.to_json()
    for data in (a, b):
        data.pop("timing"), data.pop("jobs")
    assert a == b


def test_an_empty_batch_still_writes_the_base_columns(tmp_path: Path) -> None:
    path = tmp_path / "empty.parquet"
    _write(_gangsta(), path, 0)
    table = pq.read_table(path)
    assert table.num_rows == 0 and table.schema.names == list(BASE_SCHEMA.names)


def test_a_game_without_a_metrics_module_has_no_m_columns(tmp_path: Path) -> None:
    game = games.get("sealed-bid")
    spec = SimSpec.build(game.config(3), game, ["random"] * 3, 1)
    path = tmp_path / "bids.parquet"
    _write(spec, path, 4)
    frame = pd.read_parquet(path)
    assert list(frame.columns) == list(BASE_SCHEMA.names)
    assert set(frame.length_rounds) == {0}


class _Clock(datetime.date):
    """A ``datetime.date`` whose ``today`` the test sets."""

    fixed = datetime.date(2026, 12, 1)

    @classmethod
    def today(cls) -> _Clock:
        return cls(cls.fixed.year, cls.fixed.month, cls.fixed.day)


def test_a_cosca_table_does_not_depend_on_the_clock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = type(sys)("datetime")
    fake.date = _Clock  # type: ignore[attr-defined]
    monkeypatch.setattr(cosca_rules, "datetime", fake)
    game = games.get("cosca")
    tables = []
    for day in (datetime.date(2026, 12, 1), datetime.date(2026, 12, 5)):  # Tuesday, Saturday
        _Clock.fixed = day
        spec = SimSpec.build(game.config(3), game, ["greedy", "random", "greedy"], 4)
        path = tmp_path / f"{day}.parquet"
        _write(spec, path, 6)
        tables.append(pq.read_table(path))
    assert tables[0].equals(tables[1])
    assert cosca_rules.today_code() == "sat"  # the fake clock was really read


def test_a_custom_card_file_is_named_and_hashed(tmp_path: Path) -> None:
    game = games.get("gangsta")
    text = resources.files("mobtable.games.gangsta").joinpath("cards.toml").read_text()
    data = tomllib.loads(text)
    config = game.config(4, card_data=data)
    spec = SimSpec.build(config, game, ["random"] * 4, 1, card_file="house.toml")
    assert len(spec.card_hash) == 64
    copy = SimSpec.build(
        game.config(4, card_data=dict(reversed(data.items()))),
        game,
        ["random"] * 4,
        1,
        card_file="other.toml",
    )
    assert copy.card_hash == spec.card_hash  # the data, not its key order, is hashed
    summary = Summary.of(spec, [])
    assert summary.to_json()["config"]["card_file"] == "house.toml"
    assert summary.to_json()["config"]["card_hash"] == spec.card_hash
    assert "custom_cards" not in summary.to_json()["config"]
    path = tmp_path / "cards.parquet"
    _write(spec, path, 2)
    frame = pd.read_parquet(path)
    assert set(frame.card_file) == {"house.toml"} and set(frame.card_hash) == {spec.card_hash}


def test_the_core_and_the_cli_import_neither_pyarrow_nor_ray() -> None:
    code = (
        "import sys, mobtable.cli, mobtable.sim, mobtable.server.app; "
        "print(sorted(m for m in ('pyarrow', 'ray', 'pandas') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_further_tables_are_the_same_for_any_jobs(tmp_path: Path) -> None:
    game = games.get("cosca")
    spec = SimSpec.build(game.config(3), game, ["greedy", "random", "random"], 9)
    for jobs in (1, 2):
        _write(spec, tmp_path / f"j{jobs}" / "results.parquet", 6, jobs=jobs)
    for name in ("results.parquet", "mobsters.parquet"):
        one, two = (pq.read_table(tmp_path / f"j{jobs}" / name) for jobs in (1, 2))
        assert one.num_rows > 0 and one.equals(two)
    mobsters = pd.read_parquet(tmp_path / "j1" / "mobsters.parquet")
    assert list(mobsters.game_index.unique()) == list(range(6))  # in game order
