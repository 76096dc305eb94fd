"""Bad files and numbers on the command line: one ``Error:`` line and exit code 2, no traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import Result

from mobtable import games
from mobtable.core import record as records
from mobtable.core.limits import MAX_CARD_FILE_BYTES, MAX_RECORD_BYTES

from .conftest import Invoke


def _usage_error(result: Result, message: str) -> None:
    assert result.exit_code == 2, result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    assert message in lines[0]


def _gangsta_record(tmp_path: Path) -> tuple[Path, dict]:
    game = games.get("gangsta")
    record = json.loads(json.dumps(records.to_record(game.new_state(game.config(4), seed=3))))
    return tmp_path / "gangsta.json", record


def test_a_record_that_is_not_utf8(invoke: Invoke, tmp_path: Path) -> None:
    (tmp_path / "latin1.json").write_bytes(b'{"game": "caf\xe9"}')
    for args in ([], ["--check"]):
        _usage_error(invoke(["replay", "latin1.json", *args]), "latin1.json is not UTF-8 text")


def test_a_card_file_that_is_not_utf8(invoke: Invoke, tmp_path: Path) -> None:
    (tmp_path / "latin1.toml").write_bytes(b'name = "caf\xe9"\n')
    result = invoke(["play", "sealed-bid", "--cards", "latin1.toml"])
    _usage_error(result, "latin1.toml is not UTF-8 text")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"seed": ' + "7" * 5000 + "}", "number too large"),
    ],
)
def test_a_record_nested_too_deeply_or_with_a_huge_number(
    invoke: Invoke, tmp_path: Path, text: str, message: str
) -> None:
    (tmp_path / "odd.json").write_text(text)
    _usage_error(invoke(["replay", "odd.json", "--check"]), message)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("x = " + "[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ("x = " + "7" * 5000, "number too large"),
    ],
)
def test_a_card_file_nested_too_deeply_or_with_a_huge_number(
    invoke: Invoke, tmp_path: Path, text: str, message: str
) -> None:
    (tmp_path / "odd.toml").write_text(text)
    _usage_error(invoke(["simulate", "sealed-bid", "--cards", "odd.toml"]), message)


def test_files_over_the_size_limits_are_refused_naming_the_limit(
    invoke: Invoke, tmp_path: Path
) -> None:
    (tmp_path / "big.json").write_text(" " * (MAX_RECORD_BYTES + 1) + "{}")
    _usage_error(invoke(["replay", "big.json"]), f"limit of {MAX_RECORD_BYTES} bytes")
    (tmp_path / "big.toml").write_text(" " * (MAX_CARD_FILE_BYTES + 1))
    result = invoke(["play", "sealed-bid", "--cards", "big.toml"])
    _usage_error(result, f"limit of {MAX_CARD_FILE_BYTES} bytes")


def test_check_on_a_record_with_an_option_of_the_wrong_type(invoke: Invoke, tmp_path: Path) -> None:
    path, record = _gangsta_record(tmp_path)
    record["config"]["options"]["first_player"] = 1.0
    path.write_text(json.dumps(record))
    for args in (["--check"], []):
        result = invoke(["replay", str(path), *args])
        _usage_error(result, "option 'first_player' must be one of 0, 1, 2, 3, 4, 5, not 1.0")


@pytest.mark.parametrize("seed", [10**400, -1, 2**64, 2**63], ids=["10^400", "-1", "2^64", "2^63"])
def test_record_seeds_outside_the_range_are_refused(
    invoke: Invoke, tmp_path: Path, seed: int
) -> None:
    path, record = _gangsta_record(tmp_path)
    record["seed"] = seed
    path.write_text(json.dumps(record))
    _usage_error(invoke(["replay", str(path), "--check"]), "seed must be a whole number from 0")


@pytest.mark.parametrize("command", ["play", "simulate"])
@pytest.mark.parametrize(
    "seed",
    [str(10**400), "-1", str(2**64), str(2**63), "7" * 5000],
    ids=["10^400", "-1", "2^64", "2^63", "5000-digits"],
)
def test_seeds_outside_the_range_are_usage_errors(invoke: Invoke, command: str, seed: str) -> None:
    result = invoke([command, "sealed-bid", "--seed", seed, "--bots", "random", "--players", "2"])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert "seed" in result.stderr
    assert len(result.stderr) < 1000  # a 5000-digit seed is not echoed back whole


def test_seat_true_in_a_record_is_not_read_as_seat_one(invoke: Invoke, tmp_path: Path) -> None:
    game = games.get("sealed-bid")
    record = records.to_record(game.new_state(game.config(2), seed=1))
    record["actions"] = [[True, "b1"]]
    (tmp_path / "r.json").write_text(json.dumps(record))
    result = invoke(["replay", "r.json"])
    assert result.exit_code == 1, result.output
    assert 'action #0: expected [seat, "notation"]' in " ".join(result.stderr.split())


@pytest.mark.parametrize(
    "line",
    ["7" * 5000, "#" + "7" * 5000, "b" + "7" * 5000, "#²", "b²"],
    ids=["5000-digits", "#5000-digits", "b5000-digits", "#²", "b²"],
)
def test_a_huge_or_unicode_number_at_the_prompt_is_refused_and_asked_again(
    invoke: Invoke, line: str
) -> None:
    result = invoke(["play", "sealed-bid", "--bots", "random", "--seed", "1"], input=f"{line}\nq\n")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    assert "Game abandoned" in result.stdout


@pytest.mark.parametrize(("game", "notation"), [("cosca", "gun" + "1" * 5000), ("capo", "d²")])
def test_a_record_action_with_a_huge_or_unicode_number_does_not_replay(
    invoke: Invoke, tmp_path: Path, game: str, notation: str
) -> None:
    rules = games.get(game)
    record = records.to_record(rules.new_state(rules.config(3), seed=1))
    record["actions"] = [[0, notation]]
    (tmp_path / "r.json").write_text(json.dumps(record))
    for args in (["--check"], []):
        result = invoke(["replay", "r.json", *args])
        assert result.exit_code == 1, result.output
        assert not isinstance(result.exception, Exception) or isinstance(
            result.exception, SystemExit
        )
        message = " ".join(result.stderr.split())
        assert message.startswith("Error: ") and "action #0" in message
        assert len(message) < 600


@pytest.mark.parametrize("seat", [10**30, 7, -1])
def test_a_seat_out_of_range_steps_to_an_error_not_a_traceback(
    invoke: Invoke, tmp_path: Path, seat: int
) -> None:
    """Found by the service fuzz: ``replay --step`` labelled the move before the seat was
    checked, and a huge seat was an IndexError."""
    game = games.get("capo")
    state = game.new_state(game.config(3), seed=1)
    record = records.to_record(state)
    record["actions"] = [[seat, str(state.legal(state.pending()[0])[0])]]
    (tmp_path / "r.json").write_text(json.dumps(record))
    result = invoke(["replay", "r.json", "--step"], input="q\n")
    assert result.exit_code == 1, result.exception
    assert result.stderr.startswith("Error: action #0")


def test_a_record_that_cannot_be_saved_is_one_error_line(invoke: Invoke) -> None:
    """Found by the service fuzz: ``play --save /proc/x`` ended in a FileNotFoundError."""
    result = invoke(["play", "capo", "--save", "/proc/x"], input="quit\n")
    assert result.exit_code == 2, result.exception
    assert result.stderr.strip().splitlines()[-1] == (
        "Error: --save /proc/x: cannot write there (No such file or directory)"
    )
