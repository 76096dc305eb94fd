"""``mobtable export``: the server's finished games as per-seat training trajectories."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from mobtable.cli._errors import fail

FORMATS = ("trajectories",)


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


def export(
    db: Annotated[str, typer.Argument(metavar="DB", help="The server's database: a path or URL.")],
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
    """Write the finished games stored by the server as per-seat trajectories."""
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
    from sqlalchemy.exc import SQLAlchemyError

    from mobtable.store import Repository, TableStatus

    try:
        repo = Repository(_database_url(db), run_migrations=False)
        ids = repo.ids(status=TableStatus.OVER)
    except SQLAlchemyError as exc:
        fail(f"cannot read the database {db}: {str(exc).splitlines()[0]}")
    exported: list[str] = []
    try:
        count = write_parquet(_rows(repo, ids, game, reward, exported), out)
    except OSError as exc:
        fail(f"cannot write {out}: {exc.strerror or exc}")
    finally:
        repo.close()
    Console(highlight=False).print(
        f"Wrote {count} decisions from {len(exported)} finished games to {out}.", markup=False
    )


def _rows(
    repo: Any, ids: list[str], game: str | None, reward: str, exported: list[str]
) -> Iterator[dict[str, Any]]:
    from mobtable.adapters.trajectories import trajectories
    from mobtable.core import MobtableError

    encoders: dict[Any, Any] = {}
    for table_id in ids:
        row = repo.load(table_id)
        if row is None or (game is not None and row.game != game) or row.result is None:
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
        players = [s.bot if s.kind == "bot" else s.kind for s in row.seats]
        try:
            rows = list(
                trajectories(
                    record,
                    table_id=table_id,
                    players=players,
                    reward="score" if reward == "score" else "win",
                    encoders=encoders,
                )
            )
        except MobtableError as exc:
            Console(stderr=True, highlight=False).print(
                f"Skipped table {table_id}: {exc}", markup=False
            )
            continue
        exported.append(table_id)
        yield from rows
