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
    """Bring the database behind ``engine`` to the newest schema (idempotent)."""
    config = alembic_config(engine.url.render_as_string(hide_password=False))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":  # held until this transaction ends
            connection.execute(select(func.pg_advisory_xact_lock(MIGRATION_LOCK)))
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


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
