"""``mobtable sweep``: a grid of configurations on the same seeds, into one table."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from .conftest import Invoke

pytest.importorskip("pyarrow")

CELLS = {
    "3 players, no variant, greedy": ["-p", "3", "--bots", "greedy"],
    "3 players, no variant, random,greedy,random": ["-p", "3", "--bots", "random,greedy,random"],
    "3 players, reveal-two, greedy": ["-p", "3", "--bots", "greedy", "--variant", "reveal-two"],
    "3 players, reveal-two, random,greedy,random": [
        *("-p", "3", "--bots", "random,greedy,random", "--variant", "reveal-two"),
    ],
    "4 players, no variant, greedy": ["-p", "4", "--bots", "greedy"],
    "4 players, reveal-two, greedy": ["-p", "4", "--bots", "greedy", "--variant", "reveal-two"],
}


def test_a_sweeps_cells_are_the_single_runs_on_the_same_seeds(
    invoke: Invoke, tmp_path: Path
) -> None:
    result = invoke(
        [
            *("sweep", "gangsta", "-p", "3,4", "--variants", "none", "--variants", "reveal-two"),
            *("--bots", "greedy", "--bots", "random,greedy,random", "-n", "6", "--seed", "9"),
            *("--out", "sweep"),
        ]
    )
    assert result.exit_code == 0, result.output
    assert "Holm's correction for the 6 cells" in result.output
    assert "Skipped 4 players, no variant, random,greedy,random: the line-up" in result.output
    swept = pd.read_parquet(tmp_path / "sweep" / "results.parquet")
    assert list(dict.fromkeys(swept.cell)) == list(CELLS)
    for number, (cell, args) in enumerate(CELLS.items()):
        out = f"single{number}"
        single = invoke(
            ["simulate", "gangsta", *args, "-n", "6", "--seed", "9", "--no-records", "--out", out]
        )
        assert single.exit_code == 0, single.output
        alone = pd.read_parquet(tmp_path / out / "results.parquet")
        mine = swept[swept.cell == cell].drop(columns="cell").reset_index(drop=True)
        pd.testing.assert_frame_equal(mine, alone, check_exact=True)
    document = json.loads((tmp_path / "sweep" / "sweep.json").read_text())
    assert [c["cell"] for c in document["cells"]] == list(CELLS)
    assert {c["correction"] for c in document["cells"]} == {"Holm"}
    adjusted = [c["adjusted_p_value"] for c in document["cells"]]
    raw = [c["seat_effect"]["p_value"] for c in document["cells"]]
    assert all(a >= r for a, r in zip(adjusted, raw, strict=True))
    assert min(adjusted) == pytest.approx(min(1.0, 6 * min(raw)), abs=1e-8)


def test_a_cosca_sweep_keeps_its_mobsters_table_with_the_cell(
    invoke: Invoke, tmp_path: Path
) -> None:
    result = invoke(["sweep", "cosca", "-p", "3,4", "--bots", "random", "-n", "3", "--out", "s"])
    assert result.exit_code == 0, result.output
    mobsters = pd.read_parquet(tmp_path / "s" / "mobsters.parquet")
    assert list(mobsters.columns[:4]) == ["cell", "game", "seed", "game_index"]
    assert set(mobsters.cell) == {"3 players", "4 players"}
    assert not (tmp_path / "s" / "cells").exists()
    report = invoke(["report", "s"])
    assert report.exit_code == 0, report.output
    page = (tmp_path / "s" / "report.html").read_text()
    assert "2 cells of a sweep" in page and "Holm p" in page
    for name in ("sweep_first_seat", "sweep_lead_changes", "sweep_m_fights_won"):
        assert (tmp_path / "s" / f"{name}.png").is_file()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-p", "3,9"], "--players '3,9': '9' is not a player count from 3 to 6"),
        (["-p", "three"], "'three' is not a player count"),
        (["-p", "²"], "'²' is not a player count"),  # a digit to str.isdigit, not to int()
        (["-j", "99999999999999999999"], "--jobs must be a whole number from 1 to 1,024"),
        (["-j", "0"], "--jobs must be a whole number from 1 to 1,024, not 0"),
        (["--variants", "reveal-nine"], "gangsta has no variant 'reveal-nine'"),
        (["--option", "combinations"], "--option expects key=value[,value...]"),
        (["--option", "colour=red"], "gangsta has no option 'colour'"),
        (["--option", "combinations=line,zigzag"], "--option combinations=zigzag:"),
        (["--cards", "missing.toml"], "missing.toml"),
        (["--bots", "nobody"], "no bot 'nobody' for gangsta"),
        (["-n", "1"], "--games must be at least 2"),
    ],
)
def test_a_bad_grid_is_one_error_line(invoke: Invoke, args: list[str], message: str) -> None:
    result = invoke(["sweep", "gangsta", *args, "--out", "s"])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error:"), result.output
    assert message in lines[0]


def test_a_grid_no_cell_of_which_the_game_accepts_is_an_error(invoke: Invoke) -> None:
    result = invoke(["sweep", "gangsta", "-p", "3", "--bots", "random,random", "--out", "s"])
    assert result.exit_code == 2
    assert result.output.startswith("Error: no cell of the grid")
