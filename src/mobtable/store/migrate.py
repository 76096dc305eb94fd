"""Apply the Alembic migrations shipped inside the package."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine


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
                config.attributes["connection"] = connection
                command.upgrade(config, "head")
        finally:
            if sqlite:
                connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                connection.commit()
