"""Every registered game through the CLI: simulate, replay --check, and a full game at the prompt.

Nothing here names a game: what works for the toy game must work for all.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mobtable import games
from mobtable.cli.parsing import NOT_LISTED
from mobtable.core import Game
from mobtable.core import record as records

from .conftest import Invoke


@pytest.fixture(params=games.names())
def game(request: pytest.FixtureRequest) -> Game:
    return games.get(request.param)


def test_simulate_writes_records_that_check(invoke: Invoke, game: Game, tmp_path: Path) -> None:
    args = ["simulate", game.name, "--players", str(game.min_players), "--bots", "random"]
    result = invoke([*args, "--games", "2", "--seed", "3", "--out", "recs", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"] == 2
    paths = sorted((tmp_path / "recs" / "records").glob("*.json"))
    assert len(paths) == 2
    assert (tmp_path / "recs" / "results.parquet").exists()
    checked = invoke(["replay", str(paths[0]), "--check"])
    assert checked.exit_code == 0, checked.output


def test_a_whole_game_at_the_prompt_choosing_move_one(
    invoke: Invoke, game: Game, tmp_path: Path
) -> None:
    """``help`` puts the numbered list on screen, so ``1`` always picks its first move."""
    args = ["play", game.name, "-p", str(game.min_players), "--bots", "random", "--seed", "2"]
    result = invoke([*args, "--save", "g.json"], input="help\n1\n" * 5000)
    assert result.exit_code == 0, result.output[-2000:]
    assert "Result" in result.stdout
    assert "You play: " in result.stdout
    assert NOT_LISTED not in result.stdout
    state = records.check(json.loads((tmp_path / "g.json").read_text()))
    assert state.is_over()
    assert json.loads((tmp_path / "g.json").read_text())["meta"]["seats"][0] == "you"
