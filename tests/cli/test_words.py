"""The terminal speaks in words: numbers, forced moves, paced boards, rules, bots, names."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console

from mobtable import bots as bot_registry
from mobtable import games
from mobtable.bots import RandomBot
from mobtable.cli.parsing import NOT_LISTED
from mobtable.cli.session import Ending, Session
from mobtable.core import record as records

from .conftest import Invoke

TWO = ["play", "sealed-bid", "--players", "2", "--bots", "random"]
COSCA = ["play", "cosca", "-p", "3", "--bots", "random", "--seed", "2", "--save", "c.json"]


def _human_actions(path: str, seat: int = 0) -> list[str]:
    record = json.loads(Path(path).read_text())
    return [text for acting, text in record["actions"] if acting == seat]


def test_a_bare_number_picks_nothing_when_the_moves_are_not_on_screen(invoke: Invoke) -> None:
    """COSCA's dice settings are too many to list: ``1`` must not play the first of them."""
    result = invoke(COSCA, input="1\nquit\n")
    assert "56 possible moves: type 'help' to list them" in result.stdout
    assert NOT_LISTED in result.stdout
    assert _human_actions("c.json") == []


def test_after_help_lists_the_moves_a_number_picks_from_that_list(invoke: Invoke) -> None:
    result = invoke(COSCA, input="help\n1\nquit\n")
    assert NOT_LISTED not in result.stdout
    played = _human_actions("c.json")
    assert len(played) == 1
    listed = result.stdout[result.stdout.index("  1. ") :]
    assert played[0] in listed[: listed.index("  2. ")]  # the first move listed, short form


def test_a_forced_move_is_announced_and_played(invoke: Invoke) -> None:
    """Bidding every coin leaves only "bid nothing" for the two rounds left: no questions."""
    result = invoke([*TWO, "--seed", "1", "--save", "g.json"], input="b10\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.count("Only one move: Bid nothing — played for you.") == 2
    assert _human_actions("g.json") == ["b10", "b0", "b0"]
    assert "Game over after 6 actions." in result.stdout


def test_watching_draws_the_board_after_every_move(invoke: Invoke) -> None:
    args = ["play", "sealed-bid", "--watch", "--bots", "random,random", "--seed", "3"]
    result = invoke([*args, "--delay", "0"])
    assert result.exit_code == 0, result.output
    assert result.stdout.count("Sealed Bid (test game): spectator") == 6  # 5 between, 1 final


def test_watching_is_paced_by_the_delay() -> None:
    game = games.get("sealed-bid")
    state = game.new_state(game.config(2), seed=3)
    waits: list[float] = []
    session = Session(
        state,
        {0: RandomBot(seed=1), 1: RandomBot(seed=2)},
        human=None,
        names=["random", "random"],
        console=Console(file=io.StringIO(), width=100),
        read_line=lambda prompt: "",
        delay=0.25,
        sleep=waits.append,
    )
    assert session.run() is Ending.FINISHED
    assert waits == [0.25] * (len(state.history) - 1)  # none after the last move


def test_the_game_over_leaves_no_question_behind(invoke: Invoke) -> None:
    result = invoke([*TWO, "--seed", "5", "--save", "g.json"], input="b0\nb0\nb0\n")
    assert result.exit_code == 0, result.output
    tail = result.stdout[result.stdout.rindex("The bids are shown") :]
    assert "Your turn" not in tail and "> " not in tail
    assert re.search(r"(Vito|Carla) wins\.|share the win|You win\.", tail)


@pytest.mark.parametrize("name", games.names())
def test_the_rules_command_prints_the_rules_page(invoke: Invoke, name: str) -> None:
    game = games.get(name)
    result = invoke(["rules", name])
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert game.title in text
    for variant in game.variants:
        assert variant.name in text
    for option in game.options:
        assert (option.label or option.name) in text


def test_the_rules_of_an_unknown_game_is_a_usage_error(invoke: Invoke) -> None:
    result = invoke(["rules", "poker"])
    assert result.exit_code == 2
    assert "no game 'poker'" in result.stderr and "Traceback" not in result.output


def test_games_lists_the_bots_weakest_first_each_with_a_line(invoke: Invoke) -> None:
    result = invoke(["games", "sealed-bid"])
    assert result.exit_code == 0, result.output
    text = result.stdout
    positions = [text.index(f" {name} ") for name in ("easy", "medium", "hard")]
    assert positions == sorted(positions)
    for name in bot_registry.available("sealed-bid"):
        description = bot_registry.describe(name, "sealed-bid")
        assert description and description.split()[0] in text
    assert "Bid coins in secret" in text  # the blurb


def test_replay_names_the_seats_as_play_did(invoke: Invoke, tmp_path: Path) -> None:
    played = invoke([*TWO, "--seed", "5", "--save", "g.json"], input="b0\nb0\nb0\n")
    assert played.exit_code == 0, played.output
    replayed = invoke(["replay", "g.json"])
    assert replayed.exit_code == 0, replayed.output
    for out in (played.stdout, replayed.stdout):
        assert "Carla (bot, random)" in out
        assert not re.search(r"seat \d", out, re.IGNORECASE)
    assert records.check(json.loads((tmp_path / "g.json").read_text())).is_over()


def test_your_name_is_used_in_the_log_the_board_and_the_result(invoke: Invoke) -> None:
    result = invoke([*TWO, "--seed", "5", "--name", "Marco", "--save", "g.json"], input="b0\n" * 3)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "you are Marco" in out and "Sealed Bid (test game): Marco" in out
    assert "Marco (you)" in out and "Vito" not in out
