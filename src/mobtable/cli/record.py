"""``mobtable record``: a table's full record, read from the server's database.

For the server's operator only: the full record holds the seed, from which
every hidden card can be rebuilt, including those a game keeps secret after
the end (Capo's unsuspected crews). The web server never serves it unless the
table chose to reveal everything; whoever can read the database has it anyway.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated

import typer
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from mobtable.cli import setup
from mobtable.cli._errors import fail, stderr_console
from mobtable.core import record as records
from mobtable.server import database_reason
from mobtable.store import Repository, TableRow

TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


def record(
    table_id: Annotated[str, typer.Argument(metavar="TABLE_ID", help="The table's id.")],
    db: Annotated[
        str | None,
        typer.Option(
            help="Database URL, as for serve: sqlite:///path (default: ./mobtable.sqlite) "
            "or postgresql+psycopg://user@host/db."
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", metavar="FILE", help="Write the record here instead of stdout."),
    ] = None,
) -> None:
    """Operator only: a table's full record (seed and all), which `replay --check` verifies."""
    from mobtable.server import DEFAULT_DB

    if out is not None:
        setup.writable_file(out, "--out")  # before the database is read
    row = load_table(db or DEFAULT_DB, table_id)
    full = row.record()
    if out is None:
        typer.echo(records.dumps(full), nl=False)
    else:
        try:
            records.save(full, out)
        except OSError as exc:
            fail(f"cannot write {out}: {exc.strerror or exc}")
        stderr_console().print(f"wrote {out}", markup=False)
    if full["result"] is None:
        stderr_console().print(
            f"note: table {table_id} is not over yet ({len(full['actions'])} actions)",
            markup=False,
        )


def load_table(url: str, table_id: str) -> TableRow:
    """The stored table, or a one-line ``Error:`` naming what is wrong."""
    if not TABLE_ID.match(table_id):
        fail(f"{table_id!r} is not a table id (letters, digits, '-' and '_', at most 32)")
    parsed = _parse(url)
    shown = parsed.render_as_string(hide_password=True)
    if parsed.get_backend_name() == "sqlite":
        path = parsed.database or ""
        if path in ("", ":memory:") or not Path(path).expanduser().is_file():
            fail(f"no database file at {path or '(none)'} (from {shown})")
    try:
        repo = Repository(url, run_migrations=False)
    except (SQLAlchemyError, ImportError) as exc:
        fail(f"cannot open the database {shown}: {database_reason(exc)}")
    try:
        try:
            repo.engine.connect().close()
        except SQLAlchemyError as exc:
            fail(f"cannot connect to the database {shown}: {database_reason(exc)}")
        try:
            row = repo.load(table_id)
        except SQLAlchemyError as exc:
            reason = database_reason(exc)
            fail(f"cannot read tables from {shown} (made by `mobtable serve`?): {reason}")
    finally:
        repo.close()
    if row is None:
        fail(f"no table {table_id!r} in {shown}")
    return row


def _parse(url: str) -> URL:
    try:
        return make_url(url)
    except ArgumentError:
        fail(f"{url!r} is not a database URL (sqlite:///path or postgresql+psycopg://...)")
