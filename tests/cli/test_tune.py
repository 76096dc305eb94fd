"""``mobtable tune``: the value of one parameter that brings a figure nearest a target."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mobtable.sim.tune import Trial, search

from .conftest import Invoke

pytest.importorskip("scipy")


def test_tune_recovers_the_planted_best_value(
    invoke: Invoke, tmp_path: Path, handicap: str
) -> None:
    """The handicap game's first seat is even at edge 10 (the card file says 3)."""
    (tmp_path / "cards.toml").write_text("edge = 3\n")
    args = ["tune", handicap, "-p", "2", "--card-file", "cards.toml", "--param", "edge"]
    result = invoke([*args, "--range", "0:20", "-n", "300", "--seed", "4", "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert document["best"] == 10
    assert document["target"] == 0.5
    tried = [t["value"] for t in document["trials"]]
    assert tried[:5] == [0, 5, 10, 15, 20] and {9, 11} <= set(tried) and len(tried) <= 12
    shares = {t["value"]: t["figure"] for t in document["trials"]}
    assert [shares[v] for v in sorted(shares)] == sorted(shares.values())  # rises with edge
    words = invoke([*args, "--range", "0:20", "-n", "300", "--seed", "4"])
    assert "Best: edge = 10, the first seat's win share" in words.output


def test_the_search_brackets_a_monotone_figure_to_its_best_value() -> None:
    def evaluate(value: int) -> Trial:
        share = value / 100
        return Trial(value, 100, share, share - 0.01, share + 0.01, 0.37)

    trials = search(evaluate, 0, 100, tries=20)
    assert min(trials, key=lambda t: t.distance).value == 37
    assert len(trials) <= 16  # five, then two a halving of the bracket


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--param", "edge", "--range", "5"], "--range expects two whole numbers A:B"),
        (["--param", "edge", "--range", "9:3"], "A must be below B"),
        (["--param", "edge", "--range", "0:30"], "edge = 30 is rejected: cards.edge"),
        (["--param", "edges", "--range", "0:3"], "--param edges: the card data has no 'edges'"),
        (["--param", "edge", "--range", "0:3", "--figure", "seat-7"], "--figure 'seat-7'"),
        (["--param", "option.speed", "--range", "0:3"], "has no option 'speed'"),
    ],
)
def test_a_bad_tuning_is_one_error_line(
    invoke: Invoke, tmp_path: Path, handicap: str, args: list[str], message: str
) -> None:
    (tmp_path / "cards.toml").write_text("edge = 3\n")
    result = invoke(["tune", handicap, "-p", "2", "--card-file", "cards.toml", *args])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error:") and message in lines[0], lines


def test_a_card_field_needs_its_card_file(invoke: Invoke) -> None:
    result = invoke(["tune", "gangsta", "--param", "mafia.0.strong.7", "--range", "5:12"])
    assert result.exit_code == 2
    assert "give the card file with --card-file" in result.output
