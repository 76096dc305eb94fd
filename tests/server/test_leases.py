"""Table leases in PostgreSQL: a table is held by one process at a time; a process that
dies (or hangs) loses its tables a TTL later; one that is asked hands a table over; the
lobby is the same for every process."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Iterator

import psycopg
import pytest

from mobtable.server.errors import Moved
from mobtable.server.lease import LeaseKeeper
from mobtable.server.manager import TableManager
from mobtable.server.schemas import CreateTable, SeatSpec
from mobtable.store import Repository, TableStatus
from mobtable.store.leases import LeaseStore, SharedLobby

TTL = 2.0
BEAT = 0.3


@pytest.fixture
def pg_url(pg_admin: str) -> Iterator[str]:
    name = f"mobtable_leases_{secrets.token_hex(4)}"
    with psycopg.connect(pg_admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base = pg_admin.rsplit("/", 1)[0].replace("postgresql://", "postgresql+psycopg://", 1)
    yield f"{base}/{name}"
    with psycopg.connect(pg_admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def process(repo: Repository, name: str) -> TableManager:
    """A manager as one server process among several would have it (short TTL and beat)."""
    keeper = LeaseKeeper(
        LeaseStore(repo.engine, TTL), SharedLobby(repo.engine), name, beat=BEAT, grace=60
    )
    return TableManager(repo, bot_delay=0, bot_processes=0, holder=keeper)


SPEC = CreateTable(game="cosca", players=4, seats=[SeatSpec(kind="human")] * 4)


def test_a_table_held_by_a_live_process_is_handed_over_when_another_asks(pg_url: str) -> None:
    async def run() -> tuple[bool, bool, list[str]]:
        repo = Repository(pg_url)
        a, b = process(repo, "a"), process(repo, "b")
        await a.start()
        await b.start()
        try:
            table, _seat, _token = await a.create(SPEC)
            with pytest.raises(Moved):
                await b.get(table.id)  # a holds it: refused, and a is asked
            deadline = time.monotonic() + 10
            while True:
                try:
                    moved = await b.get(table.id)
                    break
                except Moved:
                    assert time.monotonic() < deadline, "never handed over"
                    await asyncio.sleep(0.05)
            # b lists it at once; a reads what b wrote (within a beat in any case)
            lobbies = [await m.lobby((TableStatus.WAITING,), 10) for m in (b, a)]
            return (
                table.id in a.tables,
                moved.held and not table.held,
                [str(x[0]["id"]) for x in lobbies],
            )
        finally:
            await a.stop()
            await b.stop()
            repo.close()

    still_in_a, moved, lobby_ids = asyncio.run(run())
    assert not still_in_a and moved
    assert lobby_ids[0] == lobby_ids[1]  # both processes list the table


def test_a_process_that_stops_beating_loses_its_tables_a_ttl_later(pg_url: str) -> None:
    """A process that hangs (its heartbeat no longer renewed) keeps its tables no longer
    than the TTL: another takes them without being let, and the hung one, when it wakes,
    drops them instead of writing."""

    async def run() -> tuple[float, bool]:
        repo = Repository(pg_url)
        a, b = process(repo, "a"), process(repo, "b")
        await a.start()
        await b.start()
        keeper = a.holder
        assert isinstance(keeper, LeaseKeeper)
        try:
            table, _seat, _token = await a.create(SPEC)
            for task in keeper.tasks:
                task.cancel()  # a hangs: no more heartbeats
            hung_at = time.monotonic()
            while True:
                try:
                    await b.get(table.id, want=False)
                    break
                except Moved:
                    assert time.monotonic() - hung_at < 10
                    await asyncio.sleep(0.05)
            taken_after = time.monotonic() - hung_at
            await keeper.renew()  # a wakes: its heartbeat ran out
            return taken_after, table.id in a.tables
        finally:
            await a.stop()
            await b.stop()
            repo.close()

    taken_after, a_still_holds = asyncio.run(run())
    assert TTL - 0.3 <= taken_after < TTL + 3
    assert not a_still_holds


async def opened(repo: Repository) -> str:
    """A table opened by a process that then stops (giving its leases up)."""
    manager = process(repo, "opener")
    await manager.start()
    table, _seat, _token = await manager.create(SPEC)
    await manager.stop()
    return table.id


def test_a_lease_is_taken_by_one_process_only(pg_url: str) -> None:
    repo = Repository(pg_url)
    try:
        table_id = asyncio.run(opened(repo))
        leases = LeaseStore(repo.engine, TTL)
        for server in ("p1", "p2", "p3"):
            leases.register(server, server)
        taken = [leases.acquire(table_id, s, want=True) for s in ("p1", "p2", "p3")]
        assert taken == [True, False, False]
        assert leases.wanted("p1") == [table_id]
        assert leases.acquire("no-such-table", "p1") is None
        leases.unregister("p1")  # a clean stop: free at once
        assert leases.acquire(table_id, "p2") is True
    finally:
        repo.close()
