"""Memory stays bounded: unknown ids leave nothing behind, finished tables are evicted
and served again from the store on demand."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from mobtable.server.app import create_app
from mobtable.server.errors import NotFound
from mobtable.server.limits import ServerLimits
from mobtable.server.manager import TableManager
from mobtable.store import Repository

BOTS = {
    "game": "sealed-bid",
    "players": 2,
    "seats": [{"kind": "bot", "bot": "random"}] * 2,
    "sit": None,
}


def test_requests_for_unknown_ids_leave_nothing_behind(tmp_path: Path) -> None:
    repo = Repository(f"sqlite:///{tmp_path / 'db.sqlite'}")
    manager = TableManager(repo, bot_processes=0)

    async def ask(n: int) -> int:
        missing = 0
        for i in range(n):
            try:
                await manager.get(f"nope{i}")
            except NotFound:
                missing += 1
        return missing

    async def main() -> None:
        assert await ask(10_000) == 10_000
        # many at once for the same id share one load, and leave nothing either
        results = await asyncio.gather(
            *(manager.get("same") for _ in range(50)), return_exceptions=True
        )
        assert all(isinstance(r, NotFound) for r in results)
        await manager.stop()

    try:
        asyncio.run(main())
    finally:
        repo.close()
    assert len(manager._loading) == 0
    assert len(manager.tables) == 0


def _public(summary: dict[str, Any]) -> dict[str, Any]:
    """A summary without ``away_since`` (when the seat's person left: a reload's time)."""
    seats = [{k: v for k, v in s.items() if k != "away_since"} for s in summary["seats"]]
    return {**summary, "seats": seats}


def _served(client: TestClient, tid: str) -> tuple[Any, ...]:
    summary = client.get(f"/api/tables/{tid}")
    record = client.get(f"/api/tables/{tid}/record")
    replay = client.get(f"/api/tables/{tid}/replay")
    for response in (summary, record, replay):
        assert response.status_code == 200, response.text
    steps = replay.json()
    steps["table"] = _public(steps["table"])
    return _public(summary.json()), record.json(), steps


def _wait_over(client: TestClient, ids: list[str], timeout: float = 120.0) -> None:
    manager = client.app.state.manager  # type: ignore[attr-defined]
    end = time.monotonic() + timeout
    while any(t in manager.tables and not manager.tables[t].state.is_over() for t in ids):
        assert time.monotonic() < end, "the bot tables did not finish"
        time.sleep(0.02)


def _wait(predicate: Callable[[], bool], timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < end, "timed out waiting"
        time.sleep(0.02)


def test_finished_tables_are_evicted_and_served_again_from_the_store(sqlite_url: str) -> None:
    cap = 5
    limits = ServerLimits(tables_per_minute=0, bot_tables=0, finished_tables=cap)
    with TestClient(create_app(sqlite_url, bot_delay=0, limits=limits)) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        first = client.post("/api/tables", json=BOTS).json()["id"]
        _wait_over(client, [first])
        before = _served(client, first)
        for _ in range(4):
            batch = [client.post("/api/tables", json=BOTS).json()["id"] for _ in range(6)]
            _wait_over(client, batch)
            # a table still being changed as it finished goes a moment later
            _wait(lambda: len(manager.tables) <= cap)
        assert first not in manager.tables  # evicted
        assert _served(client, first) == before  # and served the same from the store
        assert len(manager.tables) <= cap
