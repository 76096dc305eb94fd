"""The Ray path: a local Ray instance (2 CPUs) plays the same tournament as a local run."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
from typer.testing import CliRunner

from mobtable.cli import app

ARGS = ["simulate", "gangsta", "-p", "4", "--bots", "random,greedy,random,greedy", "--rotate"]
ARGS += ["--games", "40", "--seed", "5", "--variant", "reveal-two", "--json"]


def _summary(path: Path) -> dict:
    data = json.loads(path.read_text())
    data.pop("timing"), data.pop("jobs")
    return data


def test_a_ray_run_gives_the_local_run_s_table_summary_and_records(tmp_path: Path) -> None:
    runner = CliRunner()
    local = runner.invoke(app, [*ARGS, "--out", str(tmp_path / "local")])
    assert local.exit_code == 0, local.output
    remote = runner.invoke(app, [*ARGS, "--out", str(tmp_path / "ray"), "--ray", "auto", "-j", "2"])
    assert remote.exit_code == 0, remote.output
    assert json.loads(remote.stdout)["timing"]["runner"] == "ray"  # stdout is the summary only
    a, b = (
        pq.read_table(tmp_path / "local/results.parquet"),
        pq.read_table(tmp_path / "ray/results.parquet"),
    )
    assert a.num_rows == 160 and a.equals(b)
    assert _summary(tmp_path / "local/summary.json") == _summary(tmp_path / "ray/summary.json")
    mine = sorted(p.name for p in (tmp_path / "local/records").iterdir())
    assert mine == sorted(p.name for p in (tmp_path / "ray/records").iterdir())
    assert len(mine) == 40
    for name in mine[:3]:
        assert (tmp_path / "local/records" / name).read_text() == (
            tmp_path / "ray/records" / name
        ).read_text()


def test_a_sweep_on_ray_gives_the_local_sweep_s_table(tmp_path: Path) -> None:
    """Every cell joins the one Ray instance the sweep starts; the table equals a local one."""
    runner = CliRunner()
    args = ["sweep", "gangsta", "-p", "3,4", "--bots", "greedy", "-n", "8", "--seed", "2"]
    local = runner.invoke(app, [*args, "--out", str(tmp_path / "local")])
    assert local.exit_code == 0, local.output
    remote = runner.invoke(app, [*args, "--out", str(tmp_path / "ray"), "--ray", "auto", "-j", "2"])
    assert remote.exit_code == 0, remote.output
    a, b = (
        pq.read_table(tmp_path / "local/results.parquet"),
        pq.read_table(tmp_path / "ray/results.parquet"),
    )
    assert a.num_rows == 8 * 3 + 8 * 4 and a.equals(b)
