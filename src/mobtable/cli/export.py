"""``mobtable export``: finished games as per-seat training trajectories.

The games come from a server's database (a SQLite file or a database URL) or from
records written by ``mobtable play``, ``simulate --records`` or ``mobtable record``
(JSON files, or folders of them).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from mobtable.cli import setup
from mobtable.cli._errors import fail

FORMATS = ("trajectories",)
SQLITE_HEADER = b"SQLite format 3\x00"


@dataclass(frozen=True)
class Finished:
    """One finished game to export: its record and who sat where."""

    table_id: str
    record: dict[str, Any]
    players: list[str | None]


def _database_url(db: str) -> str:
    """A database URL for ``db`` (a path or a URL); a SQLite file must exist (reading
    one that does not would create it)."""
    url = db if "://" in db else f"sqlite:///{db}"
    if url.startswith("sqlite:///"):
        path = url.removeprefix("sqlite:///")
        if path != ":memory:" and not Path(path).is_file():
            fail(
                f"no database file {path} (give a path or a URL such as sqlite:///mobtable.sqlite)"
            )
    return url


def _is_database(path: Path) -> bool:
    """A SQLite file (by its header; an empty file is an empty SQLite database)."""
    try:
        with path.open("rb") as file:
            head = file.read(len(SQLITE_HEADER))
    except OSError as exc:
        fail(f"cannot read {path}: {exc.strerror or exc}")
    return head in (b"", SQLITE_HEADER)


def export(
    sources: Annotated[
        list[str],
        typer.Argument(
            metavar="SOURCE...",
            help="A server's database (a path or URL), record files, or folders of records.",
        ),
    ],
    format: Annotated[
        str, typer.Option("--format", help="What to write: trajectories (Parquet).")
    ] = "trajectories",
    out: Annotated[Path, typer.Option("--out", help="The Parquet file to write.")] = Path(
        "trajectories.parquet"
    ),
    game: Annotated[str | None, typer.Option("--game", help="Only this game's tables.")] = None,
    reward: Annotated[
        str, typer.Option("--reward", help="win (the winners share 1) or score.")
    ] = "win",
) -> None:
    """Write finished games (from a database or records) as per-seat trajectories."""
    if format not in FORMATS:
        fail(f"unknown format {format!r} (formats: {', '.join(FORMATS)})")
    if reward not in ("win", "score"):
        fail(f"--reward must be win or score, not {reward!r}")
    try:
        from mobtable.adapters.trajectories import write_parquet
    except ImportError as exc:
        fail(f"export needs the research extra (pip install 'mobtable[research]'): {exc}")
    from mobtable import games

    if game is not None and game not in games.names():
        fail(f"no game {game!r} (games: {', '.join(games.names())})")
    setup.writable_file(out, "--out")  # before any source is read
    # every source is opened (and a bad one refused) before anything is written
    batches = [_open(source) for source in sources]
    exported: list[str] = []
    try:
        count = write_parquet(_rows(batches, game, reward, exported), out)
    except OSError as exc:
        fail(f"cannot write {out}: {exc.strerror or exc}")
    finally:
        for batch in batches:
            batch.close()
    Console(highlight=False).print(
        f"Wrote {count} decisions from {len(exported)} finished games to {out}.",
        markup=False,
        soft_wrap=True,
    )


class _Source:
    """Where finished games come from."""

    def games(self) -> Iterator[Finished]:
        raise NotImplementedError

    def close(self) -> None:
        """Release what the source holds (a database connection)."""


class _Database(_Source):
    def __init__(self, db: str) -> None:
        from sqlalchemy.exc import SQLAlchemyError

        from mobtable.store import Repository, TableStatus

        try:
            self.repo = Repository(_database_url(db), run_migrations=False)
            self.ids = self.repo.ids(status=TableStatus.OVER)
        except SQLAlchemyError as exc:
            fail(f"cannot read the database {db}: {str(exc).splitlines()[0]}")

    def games(self) -> Iterator[Finished]:
        for table_id in self.ids:
            row = self.repo.load(table_id)
            if row is None or row.result is None:
                continue
            record = {
                "format": 1,
                "game": row.game,
                "rules_version": row.rules_version,
                "config": row.config,
                "seed": row.seed,
                "setup": None,
                "actions": [[s, n] for s, n in row.actions],
                "result": row.result,
            }
            players: list[str | None] = [s.bot if s.kind == "bot" else s.kind for s in row.seats]
            yield Finished(table_id, record, players)

    def close(self) -> None:
        self.repo.close()


class _Records(_Source):
    """Record files, read one at a time; one that is not a record is skipped with a line."""

    def __init__(self, files: list[Path]) -> None:
        self.files = files

    def games(self) -> Iterator[Finished]:
        from mobtable.core import BadRecord

        for path in self.files:
            try:
                record = _finished_record(path)
            except BadRecord as exc:
                _skipped(str(path), str(exc))
                continue
            yield Finished(str(path), record, _seated(record))


def _finished_record(path: Path) -> dict[str, Any]:
    """The record in ``path`` if it is one of a finished game; ``BadRecord`` saying why not
    (not JSON, a JSON that is no record, a game not over)."""
    from mobtable.core import BadRecord
    from mobtable.core import record as records

    record = records.load(path)
    records.start_from_record(record)  # the header: format, game, rules, config, seed
    if record.get("result") is None:
        raise BadRecord("the game is not over (only finished games are exported)")
    return record


def _seated(record: dict[str, Any]) -> list[str | None]:
    """Who sat where, from the ``meta`` a terminal or simulation record carries: a bot's
    name, ``human`` for the player (the terminal names them ``you``)."""
    meta = record.get("meta")
    seats = meta.get("seats") if isinstance(meta, dict) else None
    if not isinstance(seats, list):
        return []
    return ["human" if s == "you" else str(s) for s in seats]


def _named_record(path: Path) -> _Records:
    """A record named on the command line: refused at once unless it is a record."""
    from mobtable.core import BadRecord

    try:
        _finished_record(path)
    except BadRecord as exc:
        fail(f"{path} is neither a SQLite database nor a finished game's record: {exc}")
    return _Records([path])


def _open(source: str) -> _Source:
    if "://" in source:
        return _Database(source)
    path = Path(source)
    if path.is_dir():
        files = _record_files(path)
        if not files:
            fail(f"no records (*.json) in the folder {path}")
        return _Records(files)
    if not path.exists():
        fail(
            f"no database file or record {path} (give a SQLite file, a database URL, "
            "record files or folders of records)"
        )
    if _is_database(path):
        return _Database(source)
    return _named_record(path)


def _record_files(folder: Path) -> list[Path]:
    """The regular ``*.json`` files under ``folder``, in order. A folder that changes while
    it is walked (``/``, ``/tmp``: another process's temporary files) may lose a part: a
    folder or file that cannot be read (gone, no permission) is skipped with a line, as is
    a ``*.json`` that is no regular file (a FIFO would block its reading for ever)."""

    def unreadable(exc: OSError) -> None:
        _skipped(f"the folder {exc.filename or folder}", exc.strerror or str(exc))

    files: list[Path] = []
    for root, _folders, names in os.walk(folder, onerror=unreadable):
        for name in names:
            if not name.endswith(".json"):
                continue
            file = Path(root, name)
            try:
                regular = stat.S_ISREG(file.stat().st_mode)
            except OSError as exc:
                _skipped(str(file), exc.strerror or str(exc))
                continue
            if regular:
                files.append(file)
            else:
                _skipped(str(file), "not a regular file")
    return sorted(files)


def _skipped(what: str, why: str) -> None:
    Console(stderr=True, highlight=False).print(
        f"Skipped {what}: {why}", markup=False, soft_wrap=True
    )


def _rows(
    sources: list[_Source], game: str | None, reward: str, exported: list[str]
) -> Iterator[dict[str, Any]]:
    from mobtable.adapters.trajectories import trajectories
    from mobtable.core import MobtableError

    encoders: dict[Any, Any] = {}
    for source in sources:
        for finished in source.games():
            if game is not None and finished.record.get("game") != game:
                continue
            try:
                rows = list(
                    trajectories(
                        finished.record,
                        table_id=finished.table_id,
                        players=finished.players,
                        reward="score" if reward == "score" else "win",
                        encoders=encoders,
                    )
                )
            except MobtableError as exc:
                _skipped(finished.table_id, str(exc))
                continue
            exported.append(finished.table_id)
            yield from rows
