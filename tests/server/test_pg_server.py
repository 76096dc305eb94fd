"""The throw-away PostgreSQL of the test run: which binaries it picks, and that it works."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest

from support import postgres


def _install(root: Path, version: str) -> Path:
    bindir = root / version / "bin"
    bindir.mkdir(parents=True)
    for program in ("initdb", "pg_ctl"):
        (bindir / program).write_text("#!/bin/sh\n")
    return bindir


def test_the_newest_of_several_installed_versions_is_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for version in ("9.6", "15", "10"):
        _install(tmp_path, version)
    newest = _install(tmp_path, "16")
    monkeypatch.setattr(postgres, "DEBIAN_ROOT", tmp_path)
    monkeypatch.delenv("MOBTABLE_PG_BINDIR", raising=False)
    assert postgres.find_bindir() == newest


def test_an_override_naming_no_binaries_means_postgresql_is_absent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _install(tmp_path, "15")
    monkeypatch.setattr(postgres, "DEBIAN_ROOT", tmp_path)
    monkeypatch.setenv("MOBTABLE_PG_BINDIR", str(tmp_path / "empty"))
    assert postgres.find_bindir() is None


def test_the_run_has_a_server_that_creates_databases(pg_admin: str) -> None:
    with psycopg.connect(pg_admin, autocommit=True) as conn:
        assert conn.execute("SELECT 1").fetchone() == (1,)
        can_create = conn.execute(
            "SELECT rolcreatedb OR rolsuper FROM pg_roles WHERE rolname = current_user"
        ).fetchone()
    assert can_create == (True,)
