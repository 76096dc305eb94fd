"""Fixtures for the server tests: a database of each kind, an app, a client."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from mobtable.server.app import create_app


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database of each kind (PostgreSQL: ``pg_admin``'s server, dropped after)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'mobtable.sqlite'}"
        return
    import psycopg

    admin: str = request.getfixturevalue("pg_admin")
    name = f"mobtable_test_{secrets.token_hex(4)}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base = admin.rsplit("/", 1)[0].replace("postgresql://", "postgresql+psycopg://", 1)
    yield f"{base}/{name}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'mobtable.sqlite'}"


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    app = create_app(sqlite_url, bot_delay=0)
    with TestClient(app) as c:
        yield c
