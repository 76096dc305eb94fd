"""``mobtable plan``: the games a question needs, and a planted imbalance found by running them."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from .conftest import Invoke

pytest.importorskip("scipy")


def test_plan_finds_a_card_files_planted_first_seat_edge(
    invoke: Invoke, tmp_path: Path, handicap: str
) -> None:
    (tmp_path / "edge.toml").write_text("edge = 11\n")
    args = ["plan", handicap, "-p", "2", "--cards", "edge.toml", "--difference", "0.08"]
    said = invoke(args)
    assert said.exit_code == 0, said.output
    assert "needs 305 games" in said.output and "Chow, Shao & Wang" in said.output
    result = invoke([*args, "--run", "--seed", "3", "--json", "--out", "run"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert document["games"] == 305
    assert document["first_seat"]["detected"] is True
    assert "fixed before" in document["stopping_rule"]
    table = pd.read_parquet(tmp_path / "run" / "results.parquet")
    assert table.game_index.nunique() == 305


def test_a_width_run_plans_from_a_conservative_pilot(invoke: Invoke, handicap: str) -> None:
    result = invoke(["plan", handicap, "-p", "2", "--width", "0.1", "--run", "--pilot", "40"])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]  # no progress bar
    assert lines[0].startswith("A 95% interval of the first seat's win share at most 10.0")
    assert "at a share of 50.0% needs 381 games" in lines[0]  # the pilot's interval holds 1/2
    assert "Played 381 games" in lines[1]
    width = float(lines[1].split(", ")[1].split(" points")[0])
    assert width <= 10.0
    assert "a pilot of 40 games set only the spread" in lines[2]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "give either --width"),
        (["--width", "0.1", "--difference", "0.1"], "give either --width"),
        (["--width", "1.5"], "the width must be between 0 and 1, not 1.5"),
        (["--difference", "0.9"], "is not a share between 0 and 1"),
        (["--difference", "0.1", "--share", "0.3"], "--share goes with --width"),
        (["--width", "0.1", "--out", "x"], "--out goes with --run"),
        (["--width", "0.1", "--run", "--pilot", "0"], "--pilot must be a whole number"),
        (["--width", "0.1", "--cards", "nowhere.toml"], "nowhere.toml"),
    ],
)
def test_a_bad_plan_is_one_error_line(invoke: Invoke, args: list[str], message: str) -> None:
    result = invoke(["plan", "gangsta", *args])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error:") and message in lines[0], lines
