"""The accounts migration (0008) upgrades a database of the schema before accounts, games and
all, on SQLite and PostgreSQL: the games stay as they were, replay, and can join an account."""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from sqlalchemy import MetaData, create_engine, insert, inspect

from mobtable import games
from mobtable.server.session import TableSession
from mobtable.store import Repository, TableStatus
from mobtable.store.accounts import AccountRow
from mobtable.store.migrate import alembic_config
from mobtable.store.models import SeatAccountModel

BEFORE = "0006"
"""The schema of the database before accounts (main at c7f4010)."""


def _played(seed: int) -> tuple[dict[str, Any], list[tuple[int, str]], dict[str, Any]]:
    """A finished sealed-bid game of two: its config, actions and result."""
    game = games.get("sealed-bid")
    config = game.config(2)
    state = game.new_state(config, seed=seed)
    rng = random.Random(seed)
    actions = []
    while not state.is_over():
        seat = state.pending()[0]
        action = rng.choice(list(state.legal(seat)))
        state.apply(seat, action)
        actions.append((seat, str(action)))
    return config.to_json(), actions, dict(state.result().to_json())


def _fill_old_database(url: str, before: str = BEFORE) -> list[str]:
    """A database at revision ``before`` with three finished games, written through its
    own schema (reflected from the database, not today's models)."""
    config = alembic_config(url)
    engine = create_engine(url)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, before)
    meta = MetaData()
    meta.reflect(engine)
    assert "rated" not in meta.tables["tables"].c and "accounts" not in meta.tables
    ids = []
    with engine.begin() as conn:
        for n in range(3):
            table_id = f"old{n}"
            cfg, actions, result = _played(n)
            conn.execute(
                insert(meta.tables["tables"]).values(
                    **_known(meta, "tables"),
                    id=table_id,
                    game="sealed-bid",
                    rules_version=games.get("sealed-bid").rules_version,
                    config=cfg,
                    seed=n,
                    status="over",
                    clock=None,
                    replace_after=60,
                    result=result,
                    moves=len(actions),
                )
            )
            for seat, kind in enumerate(("human", "bot")):
                conn.execute(
                    insert(meta.tables["seats"]).values(
                        table_id=table_id,
                        seat=seat,
                        kind=kind,
                        bot="random" if kind == "bot" else None,
                        name="Ann" if kind == "human" else None,
                        token_hash=f"{n}" * 64 if kind == "human" else None,
                        **_known(meta, "seats"),
                    )
                )
            conn.execute(
                insert(meta.tables["actions"]),
                [
                    {"table_id": table_id, "n": i, "seat": s, "notation": a}
                    for i, (s, a) in enumerate(actions)
                ],
            )
            ids.append(table_id)
    engine.dispose()
    return ids


LATER_COLUMNS = {
    "tables": {
        "reveal_at_end": False,
        "hints": False,
        "seed_chosen": False,
        "host": 0,
        "joined_at": 1.0e9,
    },
    "seats": {"ready": False},
}
"""Columns added by migrations 0002 to 0006, with the values an old table would have."""


def _known(meta: MetaData, table: str) -> dict[str, Any]:
    """The later columns ``table`` has at the database's revision."""
    return {k: v for k, v in LATER_COLUMNS[table].items() if k in meta.tables[table].c}


def _check_upgraded(url: str, ids: list[str]) -> None:
    repo = Repository(url)  # migrates to the newest schema
    try:
        names = set(inspect(repo.engine).get_table_names())
        assert {"accounts", "sessions", "seat_accounts", "ratings", "rating_changes"} <= names
        for n, table_id in enumerate(ids):
            row = repo.load(table_id)
            assert row is not None
            assert row.status is TableStatus.OVER and row.rated is False and row.accounts == {}
            _, actions, result = _played(n)
            assert row.actions == actions and row.result == result
            session = TableSession.load(row)
            assert session.state.is_over()
            assert dict(session.state.result().to_json()) == result
        repo.accounts.create(_account(), "ann", 2.0e9)
        assert repo.accounts.sit(ids[0], 0, "acc1")
        assert repo.accounts.played("acc1")[0].table_id == ids[0]
        with repo.engine.connect() as conn:
            assert conn.execute(SeatAccountModel.__table__.select()).all() == [(ids[0], 0, "acc1")]
    finally:
        repo.close()


def _account() -> AccountRow:
    return AccountRow("acc1", "Ann", "$argon2id$not-a-real-hash")


def test_a_database_of_the_schema_before_accounts_upgrades_with_its_games(db_url: str) -> None:
    ids = _fill_old_database(db_url)
    _check_upgraded(db_url, ids)


@pytest.mark.parametrize("before", ["0001", "0002", "0003", "0004", "0005"])
def test_a_sqlite_database_of_any_older_schema_keeps_its_seats_and_actions(
    tmp_path: Path, before: str
) -> None:
    """The batch migrations (0002, 0003, 0005, 0006) copy ``tables``; with foreign keys on,
    dropping the old copy deleted every seat and action (found by this test)."""
    url = f"sqlite:///{tmp_path / 'old.sqlite'}"
    _check_upgraded(url, _fill_old_database(url, before))


def test_a_copy_of_an_old_sqlite_file_upgrades_and_the_original_is_untouched(
    tmp_path: Path,
) -> None:
    original = tmp_path / "before.sqlite"
    ids = _fill_old_database(f"sqlite:///{original}")
    copy = tmp_path / "copy.sqlite"
    shutil.copy(original, copy)
    _check_upgraded(f"sqlite:///{copy}", ids)
    old = MetaData()
    engine = create_engine(f"sqlite:///{original}")
    old.reflect(engine)
    engine.dispose()
    assert "accounts" not in old.tables  # only the copy was upgraded
