"""A path a command will write to is checked before the work, not after it: ``play
--save`` before the game (before, a person played a whole game and then learned the path
was unwritable), ``record``/``export``/``compare``/``report --out`` before reading or
playing anything. One ``Error:`` line naming the path, exit 2, nothing done.

The tests run as any user, root too: the bad paths are bad for root as well (a folder, a
file where a folder must be, ``/proc``, where no file can be made).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import Result

from .conftest import Invoke


def _refused(result: Result, line: str) -> None:
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert result.stderr.strip().splitlines() == [line]


@pytest.fixture
def a_file(tmp_path: Path) -> Path:
    path = tmp_path / "notes.txt"
    path.write_text("mine\n")
    return path


def test_play_refuses_a_folder_before_the_game(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke(["play", "capo", "--save", str(tmp_path)], input="1\n" * 50)
    _refused(result, f"Error: --save {tmp_path} is a folder, not a file")
    assert result.stdout == ""  # not a card dealt, not a prompt


def test_play_refuses_a_file_where_a_folder_must_be(invoke: Invoke, a_file: Path) -> None:
    target = a_file / "game.json"
    result = invoke(["play", "capo", "--save", str(target)], input="quit\n")
    _refused(result, f"Error: --save {target}: {a_file} is a file, not a folder")
    assert result.stdout == ""
    assert a_file.read_text() == "mine\n"


def test_play_refuses_a_place_no_file_can_be_made(invoke: Invoke) -> None:
    result = invoke(["play", "capo", "--save", "/proc/x"], input="quit\n")
    _refused(result, "Error: --save /proc/x: cannot write there (No such file or directory)")
    assert result.stdout == ""


def test_play_saves_where_it_was_told_its_folders_made(invoke: Invoke, tmp_path: Path) -> None:
    target = tmp_path / "new" / "folder" / "game.json"
    result = invoke(["play", "capo", "--save", str(target)], input="quit\n")
    assert result.exit_code == 0, result.output
    assert target.is_file() and f"saved to {target}" in result.stdout


def test_play_keeps_an_existing_record_until_the_new_one_is_written(
    invoke: Invoke, a_file: Path
) -> None:
    """The check opens an existing file to append, writing nothing: the game's end
    replaces it (as before)."""
    result = invoke(["play", "capo", "--save", str(a_file)], input="quit\n")
    assert result.exit_code == 0, result.output
    assert a_file.read_text().startswith("{")


def test_record_checks_its_out_before_reading_the_database(invoke: Invoke, tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'none.sqlite'}"
    result = invoke(["record", "nosuchtable", "--db", db, "--out", str(tmp_path)])
    _refused(result, f"Error: --out {tmp_path} is a folder, not a file")
    assert not (tmp_path / "none.sqlite").exists()


def test_compare_checks_its_out_before_playing(invoke: Invoke, a_file: Path) -> None:
    result = invoke(["compare", "capo", "--games", "2", "--out", str(a_file)])
    _refused(result, f"Error: --out {a_file / 'a'}: {a_file} is a file, not a folder")
    assert "A" not in result.stdout


def test_export_checks_its_out_before_reading_anything(
    invoke: Invoke, tmp_path: Path, a_file: Path
) -> None:
    pytest.importorskip("pyarrow")
    result = invoke(["export", str(tmp_path), "--out", str(a_file / "t.parquet")])
    _refused(result, f"Error: --out {a_file / 't.parquet'}: {a_file} is a file, not a folder")
