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
    words = invoke(["compare", "a", "b"]).stdout
    assert "Verdict: A differs from B in first seat's win share (+" in words


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


def _compare(invoke: Invoke, *args: str) -> dict[str, dict[str, object]]:
    result = invoke(["compare", *args, "--json"])
    assert result.exit_code == 0, result.output
    return {d["statistic"]: d for d in json.loads(result.stdout)}


def test_compare_plays_a_configuration_against_itself_and_finds_no_difference(
    invoke: Invoke,
) -> None:
    args = ["gangsta", "-n", "15", "-p", "3", "--bots", "greedy,random,random", "--seed", "4"]
    differences = _compare(invoke, *args, "--a-option", "first_player=0")
    assert len(differences) >= 6
    for d in differences.values():
        assert d["games"] == 15 and d["difference"] == 0.0 and not d["detected"]
    words = invoke(["compare", *args])
    assert words.exit_code == 0, words.output
    assert "Verdict: no detectable difference between A and B" in words.stdout


def test_compare_detects_a_seeded_stronger_first_seat(invoke: Invoke, tmp_path: Path) -> None:
    args = ["gangsta", "-n", "30", "-p", "4", "--seed", "5", "--out", "pair"]
    differences = _compare(invoke, *args, "--a-bots", "greedy,random,random,random")
    first = differences["first seat's win share"]
    assert first["detected"] and first["low"] > 0  # type: ignore[operator]
    assert (tmp_path / "pair" / "a" / "results.parquet").is_file()
    assert (tmp_path / "pair" / "b" / "results.parquet").is_file()
    again = _compare(invoke, "pair/a", "pair/b")
    assert again == differences  # the kept runs compare as the run did


def test_compare_detects_a_variant_that_shortens_the_game(invoke: Invoke) -> None:
    args = ["capo", "-n", "12", "-p", "3", "--bots", "random", "--seed", "2"]
    words = invoke(["compare", *args, "--b-variant", "first-game"])
    assert words.exit_code == 0, words.output
    assert "B: capo, bots random, random, random; variants: first-game" in words.stdout
    assert "Verdict: A differs from B in" in words.stdout
    assert "game length (rounds) (+" in words.stdout


def test_compare_rejects_bad_configurations_and_mixed_forms(invoke: Invoke) -> None:
    bad = invoke(["compare", "gangsta", "-n", "3", "--b-variant", "no-such-variant"])
    assert bad.exit_code == 2 and "Error:" in bad.output and "Traceback" not in bad.output
    unknown = invoke(["compare", "no-such-game", "-n", "3"])
    assert unknown.exit_code == 2 and "Error:" in unknown.output
    _simulate(invoke, "a", "random")
    mixed = invoke(["compare", "a", "a", "--b-variant", "reveal-two"])
    assert mixed.exit_code == 2
    assert "Error: --b-variant: options for playing go with 'compare GAME'" in mixed.output
