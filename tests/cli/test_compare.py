"""``mobtable compare``: paired differences of two runs on the same seeds."""

from __future__ import annotations

import json
from pathlib import Path

from .conftest import Invoke


def _simulate(invoke: Invoke, out: str, bots: str, *extra: str, games: int = 20) -> None:
    args = ["simulate", "gangsta", "-p", "4", "--bots", bots, "--games", str(games)]
    result = invoke([*args, "--seed", "5", "--no-records", "--out", out, *extra])
    assert result.exit_code == 0, result.output


def test_a_configuration_compared_with_itself_shows_no_difference(invoke: Invoke) -> None:
    _simulate(invoke, "a", "greedy,random,random,random")
    _simulate(invoke, "b", "greedy,random,random,random")
    result = invoke(["compare", "a", "b", "--json"])
    assert result.exit_code == 0, result.output
    differences = json.loads(result.stdout)
    assert {d["statistic"] for d in differences} >= {"first seat's win share", "mean score"}
    for d in differences:
        assert d["games"] == 20 and d["difference"] == 0.0 and not d["detected"]
        assert d["verdict"].startswith("no detectable difference")
    words = invoke(["compare", "a", "b"])
    assert words.exit_code == 0 and "no detectable difference" in words.stdout


def test_a_stronger_first_seat_is_detected(invoke: Invoke) -> None:
    _simulate(invoke, "a", "greedy,random,random,random", games=30)
    _simulate(invoke, "b", "random", games=30)
    differences = {
        d["statistic"]: d for d in json.loads(invoke(["compare", "a", "b", "--json"]).stdout)
    }
    first = differences["first seat's win share"]
    assert first["detected"] and first["low"] > 0
    assert invoke(["compare", "a", "b"]).stdout.count("A differs from B by +") >= 1


def test_runs_on_other_seeds_cannot_be_paired(invoke: Invoke) -> None:
    _simulate(invoke, "a", "random")
    args = ["simulate", "gangsta", "-p", "4", "--games", "20", "--seed", "6", "--out", "b"]
    assert invoke([*args, "--no-records"]).exit_code == 0
    result = invoke(["compare", "a", "b"])
    assert result.exit_code == 2
    assert "Error: cannot pair a with b: the tables differ in seed" in result.output


def test_a_directory_without_results_is_a_clean_error(invoke: Invoke, tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    result = invoke(["compare", "empty", "empty"])
    assert result.exit_code == 2
    assert "Error: empty holds no results.parquet" in result.output
    assert "Traceback" not in result.output
