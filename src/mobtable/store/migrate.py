"""Apply the Alembic migrations shipped inside the package."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, func, select

MIGRATION_LOCK = 0x6D6F6274  # "mobt"
"""The PostgreSQL advisory lock taken while migrating: several server processes started at
once on one database migrate it one after the other (the first does the work)."""


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", "mobtable.store:migrations")
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def migrate(engine: Engine) -> None:
    """Bring the database behind ``engine`` to the newest schema (idempotent).

    On SQLite, foreign keys are off while migrating (Alembic's advice for its batch
    operations): a batch operation copies a table, then drops the old one, and that
    drop deletes every row that refers to it by ``ON DELETE CASCADE`` (a table's seats
    and actions) when foreign keys are on, as ``make_engine`` turns them.
    """
    config = alembic_config(engine.url.render_as_string(hide_password=False))
    sqlite = engine.dialect.name == "sqlite"
    with engine.connect() as connection:
        if sqlite:  # outside a transaction, where SQLite reads this pragma
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()
        try:
            with connection.begin():
                if connection.dialect.name == "postgresql":  # held until this transaction ends
                    connection.execute(select(func.pg_advisory_xact_lock(MIGRATION_LOCK)))
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
        finally:
            if sqlite:
                connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                connection.commit()


def main(argv: list[str] | None = None) -> None:
    """``python -m mobtable.store.migrate URL``: migrate the database at URL, once, before
    the servers start (each server would also migrate on start, one after the other)."""
    import sys

    from sqlalchemy import create_engine

    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        sys.exit("usage: python -m mobtable.store.migrate postgresql+psycopg://user@host/db")
    try:
        engine = create_engine(args[0])
    except Exception as exc:
        sys.exit(f"Error: not a database URL: {exc}")
    try:
        migrate(engine)
    except Exception as exc:
        sys.exit(f"Error: cannot migrate {engine.url!r}: {exc}")
    finally:
        engine.dispose()
    print(f"{engine.url!r}: at the newest schema")


if __name__ == "__main__":
    main()
