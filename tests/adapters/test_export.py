"""``mobtable export DB --format trajectories``: finished games as per-seat Parquet rows."""

from __future__ import annotations

import importlib
import os
import random
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from mobtable import games
from mobtable.adapters.encoders import encoder_for
from mobtable.adapters.trajectories import dense_mask, trajectories
from mobtable.cli import app
from mobtable.core import BadRecord
from mobtable.core import record as records
from mobtable.store.repository import Repository, SeatRow, TableRow

runner = CliRunner()
export_cli = importlib.import_module("mobtable.cli.export")  # the package names its command so


def finished(name: str, seed: int, players: int = 3) -> dict:
    game = games.get(name)
    state = game.new_state(game.config(players), seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = rng.choice(state.pending())
        state.apply(seat, rng.choice(list(state.legal(seat))))
    return records.to_record(state)


def store(path: Path, tables: list[tuple[str, dict, bool]]) -> str:
    url = f"sqlite:///{path}"
    repo = Repository(url)
    for table_id, record, finish in tables:
        players = record["config"]["players"]
        seats = [SeatRow(0, "human", name="Ann")] + [
            SeatRow(s, "bot", "greedy") for s in range(1, players)
        ]
        repo.create_table(
            TableRow(
                table_id,
                record["game"],
                record["rules_version"],
                record["config"],
                record["seed"],
                seats=seats,
            )
        )
        actions = record["actions"] if finish else record["actions"][:5]
        for n, (seat, notation) in enumerate(actions):
            last = finish and n == len(actions) - 1
            repo.append_action(
                table_id, n, seat, notation, result=record["result"] if last else None
            )
    repo.close()
    return url


def test_every_decision_becomes_a_row_of_its_seat() -> None:
    record = finished("capo", 4)
    rows = list(trajectories(record, table_id="t", players=["human", "greedy", "greedy"]))
    assert len(rows) == len(record["actions"])
    assert [(r["seat"], r["notation"]) for r in rows] == [tuple(a) for a in record["actions"]]
    result = record["result"]
    for seat in range(3):
        mine = [r for r in rows if r["seat"] == seat]
        assert [r["step"] for r in mine] == list(range(len(mine)))
        assert [r["done"] for r in mine] == [False] * (len(mine) - 1) + [True]
        share = 1 / len(result["winners"]) if seat in result["winners"] else 0.0
        assert sum(r["reward"] for r in mine) == pytest.approx(share)
    for row in rows:
        assert row["action"] in row["legal"]


def test_a_row_holds_only_what_its_seat_saw() -> None:
    """Each observation equals the seat's own tensor, which a determinization from that
    seat's side (other hands redrawn) leaves unchanged."""
    record = finished("gangsta", 6)
    state = records.start_from_record(record)
    encoder = encoder_for(state.game, state.config)
    for row in trajectories(record):
        seat = row["seat"]
        assert np.array_equal(row["observation"], encoder.observe(state, seat))
        other = state.determinize(seat, random.Random(row["move"]))
        assert np.array_equal(row["observation"], encoder.observe(other, seat))
        state.apply_text(seat, row["notation"])


def test_an_unfinished_record_has_no_trajectory() -> None:
    record = finished("cosca", 1)
    record["result"] = None
    with pytest.raises(BadRecord, match="finished"):
        list(trajectories(record))


def test_export_writes_the_finished_games_as_parquet(tmp_path: Path) -> None:
    done_a, done_b, unfinished = finished("gangsta", 1), finished("capo", 2), finished("cosca", 3)
    url = store(
        tmp_path / "db.sqlite", [("a", done_a, True), ("b", done_b, True), ("c", unfinished, False)]
    )
    out = tmp_path / "t.parquet"
    result = runner.invoke(app, ["export", url, "--format", "trajectories", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "from 2 finished games" in result.output
    table = pq.read_table(out).to_pylist()
    assert {r["table_id"] for r in table} == {"a", "b"}
    assert len(table) == len(done_a["actions"]) + len(done_b["actions"])
    first = next(r for r in table if r["table_id"] == "a")
    assert first["player"] == "human" and first["game"] == "gangsta"
    mask = dense_mask(
        first["legal"], games.get("gangsta").num_actions(games.get("gangsta").config(3))
    )
    assert mask.dtype == np.int8 and mask[first["action"]] == 1
    only = tmp_path / "capo.parquet"
    result = runner.invoke(
        app, ["export", str(tmp_path / "db.sqlite"), "--game", "capo", "--out", str(only)]
    )
    assert result.exit_code == 0, result.output
    assert {r["table_id"] for r in pq.read_table(only).to_pylist()} == {"b"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["missing.sqlite"], "no database file or record"),
        (["sqlite:///nowhere/missing.sqlite"], "no database file"),
        (["empty.db"], "cannot read the database"),
        (["DB", "--format", "csv"], "unknown format"),
        (["DB", "--game", "poker"], "no game"),
        (["DB", "--reward", "money"], "--reward"),
    ],
)
def test_export_refuses_bad_input_with_a_one_line_error(
    tmp_path: Path, args: list[str], message: str
) -> None:
    url = store(tmp_path / "db.sqlite", [])
    (tmp_path / "empty.db").write_bytes(b"")
    args = [
        url
        if a == "DB"
        else str(tmp_path / a)
        if a.endswith((".sqlite", ".db")) and "://" not in a
        else a
        for a in args
    ]
    result = runner.invoke(app, ["export", *args, "--out", str(tmp_path / "x.parquet")])
    assert result.exit_code == 2
    assert "Error:" in result.output and message in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "missing.sqlite").exists()


def test_export_reads_record_files_and_folders_of_records(tmp_path: Path) -> None:
    """Records written by ``play``/``simulate`` export like a server's tables; a folder's
    unfinished or broken records are skipped with a line each."""
    folder = tmp_path / "records"
    done = finished("gangsta", 5)
    done["meta"] = {"seats": ["you", "greedy", "random"]}
    records.save(done, folder / "a.json")
    records.save(finished("capo", 6), folder / "sub" / "b.json")
    unfinished = finished("cosca", 7)
    unfinished["result"] = None
    records.save(unfinished, folder / "c.json")
    (folder / "d.json").write_text("{not json", encoding="utf-8")
    out = tmp_path / "t.parquet"
    result = runner.invoke(app, ["export", str(folder), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "from 2 finished games" in result.output
    assert "c.json: the game is not over" in result.output
    assert "d.json" in result.output and "Traceback" not in result.output
    table = pq.read_table(out).to_pylist()
    assert len(table) == len(done["actions"]) + len(finished("capo", 6)["actions"])
    first = next(r for r in table if r["table_id"].endswith("a.json"))
    assert first["player"] == "human"
    assert {r["player"] for r in table if r["table_id"].endswith("a.json")} == {
        "human",
        "greedy",
        "random",
    }
    one = tmp_path / "one.parquet"
    result = runner.invoke(app, ["export", str(folder / "a.json"), "--out", str(one)])
    assert result.exit_code == 0, result.output
    assert len(pq.read_table(one)) == len(done["actions"])


def test_export_mixes_a_database_and_records(tmp_path: Path) -> None:
    url = store(tmp_path / "db.sqlite", [("a", finished("gangsta", 1), True)])
    records.save(finished("capo", 2), tmp_path / "b.json")
    out = tmp_path / "t.parquet"
    result = runner.invoke(app, ["export", url, str(tmp_path / "b.json"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert {r["game"] for r in pq.read_table(out).to_pylist()} == {"gangsta", "capo"}


def _unfinished_record() -> bytes:
    record = finished("capo", 8)
    record["actions"], record["result"] = record["actions"][:5], None
    return records.dumps(record).encode()


NO_RECORD = "neither a SQLite database nor a finished game's record"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"name,score\nann,3\n", "not valid JSON"),  # not a SQLite file, not JSON
        (b"[1, 2]", "must hold a JSON object"),
        (b"\xff\xfe\x00", NO_RECORD),
        (b'{"tables": [1, 2]}', "record format"),  # JSON, but no record
        (b'{"format": 1, "game": "poker", "actions": []}', "no game"),
        (_unfinished_record(), "the game is not over"),
    ],
)
def test_export_refuses_a_named_file_that_is_no_record(
    tmp_path: Path, content: bytes, message: str
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    out = tmp_path / "x.parquet"
    result = runner.invoke(app, ["export", str(bad), "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert "Error:" in result.output and NO_RECORD in result.output and message in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert "Traceback" not in result.output and "sqlite3" not in result.output
    assert not out.exists()


def test_export_refuses_an_empty_folder(tmp_path: Path) -> None:
    (tmp_path / "none").mkdir()
    result = runner.invoke(app, ["export", str(tmp_path / "none")])
    assert result.exit_code == 2 and "Error: no records" in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_export_refuses_a_damaged_database_in_one_line(tmp_path: Path) -> None:
    """A file that starts as SQLite but is not a readable database: one line, no sqlite3."""
    broken = tmp_path / "broken.sqlite"
    broken.write_bytes(b"SQLite format 3\x00" + b"\x00garbage" * 100)
    result = runner.invoke(app, ["export", str(broken), "--out", str(tmp_path / "x.parquet")])
    assert result.exit_code == 2, result.output
    assert result.output.startswith("Error: cannot read the database")
    assert len(result.output.strip().splitlines()) == 1
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    "damage",
    [
        lambda r: r.pop("actions"),
        lambda r: r["actions"].__setitem__(0, 5),
        lambda r: r["actions"].__setitem__(0, [True, r["actions"][0][1]]),
        lambda r: r["actions"].__setitem__(0, [-1, r["actions"][0][1]]),
        lambda r: r["actions"].__setitem__(0, []),
        lambda r: r["actions"].pop(),
        lambda r: r.__setitem__("actions", 7),
    ],
    ids=[
        "no-actions",
        "entry-int",
        "seat-bool",
        "seat-negative",
        "entry-empty",
        "short",
        "not-list",
    ],
)
def test_a_damaged_record_is_refused_not_a_crash(damage: object) -> None:
    """Found by the service fuzz (``benchmarks/fuzz.py``): a record's actions were read
    unchecked, so a damaged one raised TypeError or IndexError instead of BadRecord."""
    record = finished("cosca", 3, players=2)
    damage(record)  # type: ignore[operator]
    with pytest.raises(BadRecord):
        list(trajectories(record))


def test_export_skips_a_damaged_record_in_a_folder(tmp_path: Path) -> None:
    record = finished("cosca", 3, players=2)
    record["actions"][0] = [True, record["actions"][0][1]]
    (tmp_path / "damaged.json").write_text(records.dumps(record))
    result = runner.invoke(app, ["export", str(tmp_path), "--out", str(tmp_path / "t.parquet")])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Skipped" in result.stderr and "damaged.json" in result.stderr


def _folder_of_records(tmp_path: Path) -> Path:
    """Two finished games' records, one in a subfolder."""
    folder = tmp_path / "records"
    records.save(finished("gangsta", 5), folder / "a.json")
    records.save(finished("capo", 6), folder / "sub" / "b.json")
    return folder


def _export(folder: Path) -> Any:
    out = folder.parent / "t.parquet"
    result = runner.invoke(app, ["export", str(folder), "--out", str(out)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def test_export_skips_a_folder_that_went_away_while_it_was_walked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by the service fuzz: ``mobtable export /`` met a folder that went away under
    it (another process's temporary files); the rest is exported."""
    folder = _folder_of_records(tmp_path)
    real = os.scandir

    def vanishing(path: Any = ".") -> Any:
        if not isinstance(path, int) and Path(path).name == "sub":  # rmtree lists by fd
            shutil.rmtree(path)  # listed by its parent, gone before it is read
        return real(path)

    monkeypatch.setattr(os, "scandir", vanishing)
    result = _export(folder)
    assert result.exit_code == 0, result.output
    assert "from 1 finished games" in result.output
    skipped = f"Skipped the folder {folder / 'sub'}: No such file or directory"
    assert result.stderr.strip() == skipped


def test_export_skips_a_folder_it_may_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _folder_of_records(tmp_path)
    real = os.scandir

    def forbidden(path: Any = ".") -> Any:
        if not isinstance(path, int) and Path(path).name == "sub":
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", forbidden)
    result = _export(folder)
    assert result.exit_code == 0, result.output
    assert result.stderr.strip() == f"Skipped the folder {folder / 'sub'}: Permission denied"


def test_export_names_its_folder_when_it_went_away_before_it_was_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _folder_of_records(tmp_path)
    real = os.scandir

    def vanishing(path: Any = ".") -> Any:
        if not isinstance(path, int) and Path(path) == folder:
            shutil.rmtree(path)
        return real(path)

    monkeypatch.setattr(os, "scandir", vanishing)
    result = _export(folder)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"Skipped the folder {folder}: No such file or directory",
        f"Error: no records (*.json) in the folder {folder}",
    ]


@pytest.mark.parametrize("when", ["before its kind is known", "before it is read"])
def test_export_skips_a_file_that_went_away(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, when: str
) -> None:
    """A record listed, then deleted (before the walk looks at it, or before it is read)."""
    folder = _folder_of_records(tmp_path)
    gone = folder / "sub" / "b.json"
    if when == "before its kind is known":
        real_walk = os.walk

        def walk(top: Any, **kwargs: Any) -> Any:
            for found in real_walk(top, **kwargs):
                if gone.name in found[2]:
                    gone.unlink()  # listed, then gone before the walk looks at it
                yield found

        monkeypatch.setattr(os, "walk", walk)
    else:
        real_files = export_cli._record_files

        def record_files(path: Path) -> list[Path]:
            files = real_files(path)
            gone.unlink()
            return files

        monkeypatch.setattr(export_cli, "_record_files", record_files)
    result = _export(folder)
    assert result.exit_code == 0, result.output
    assert "from 1 finished games" in result.output
    assert result.stderr.startswith(f"Skipped {gone}: ")
    assert "No such file or directory" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_export_skips_a_fifo_and_a_file_it_may_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A FIFO named ``*.json`` is never opened (reading it would wait for a writer for
    ever); a file without read permission (tests run as root: its opening fails here)."""
    folder = _folder_of_records(tmp_path)
    os.mkfifo(folder / "pipe.json")
    secret = folder / "sub" / "b.json"
    real_open = Path.open

    def open_(self: Path, *args: Any, **kwargs: Any) -> Any:
        if self == secret:
            raise PermissionError(13, "Permission denied", str(self))
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", open_)
    result = _export(folder)
    assert result.exit_code == 0, result.output
    assert "from 1 finished games" in result.output
    lines = result.stderr.strip().splitlines()
    assert lines[0] == f"Skipped {folder / 'pipe.json'}: not a regular file"
    assert lines[1].startswith(f"Skipped {secret}: ") and lines[1].endswith("Permission denied")
    assert len(lines) == 2
