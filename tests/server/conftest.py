"""Fixtures for the server tests: a database of each kind, an app, a client."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from mobtable.server.app import create_app

PG_ADMIN = os.environ.get("MOBTABLE_TEST_PG", "postgresql://postgres@127.0.0.1:5432/postgres")


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """A throwaway PostgreSQL database for this test run, dropped at the end."""
    import psycopg

    name = f"mobtable_test_{secrets.token_hex(4)}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base = PG_ADMIN.rsplit("/", 1)[0].replace("postgresql://", "postgresql+psycopg://", 1)
    yield f"{base}/{name}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'mobtable.sqlite'}"
    base = request.getfixturevalue("pg_url")
    # one schema per test would need search_path games; a fresh database is simpler
    import psycopg

    name = f"{base.rsplit('/', 1)[1]}_{secrets.token_hex(3)}"
    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    request.addfinalizer(lambda: _drop(name))
    return f"{base.rsplit('/', 1)[0]}/{name}"


def _drop(name: str) -> None:
    import psycopg

    with psycopg.connect(PG_ADMIN, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'mobtable.sqlite'}"


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    app = create_app(sqlite_url, bot_delay=0)
    with TestClient(app) as c:
        yield c
