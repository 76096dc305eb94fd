"""Per-client limits (429 with Retry-After) and bot-only tables yielding to tables with people."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from fastapi.testclient import TestClient

from mobtable.bots import Decision, RandomBot
from mobtable.server.app import create_app
from mobtable.server.limits import ServerLimits, TooManyRequests
from mobtable.server.manager import TableManager
from mobtable.server.schemas import CreateTable
from mobtable.store import Repository

from .processes import free_port, start_server

HUMANS = {"game": "sealed-bid", "players": 2, "seats": [{"kind": "human"}] * 2}
PEOPLE_GANGSTA = {"game": "gangsta", "players": 3, "seats": [{"kind": "human"}] * 3}
RANDOM = {"kind": "bot", "bot": "random"}
BOTS = {"game": "sealed-bid", "players": 2, "seats": [RANDOM] * 2}


def _app(sqlite_url: str, *, bot_delay: float = 0, **limits: int) -> TestClient:
    return TestClient(create_app(sqlite_url, bot_delay=bot_delay, limits=ServerLimits(**limits)))


def _wait(predicate: Callable[[], bool], timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < end, "timed out waiting"
        time.sleep(0.02)


def test_table_creation_is_limited_per_client_with_retry_after(sqlite_url: str) -> None:
    with _app(sqlite_url, tables_per_minute=3) as client:
        for _ in range(3):
            assert client.post("/api/tables", json=HUMANS).status_code == 201
        refused = client.post("/api/tables", json=HUMANS)
        assert refused.status_code == 429, refused.text
        assert 1 <= int(refused.headers["Retry-After"]) <= 60
        assert "tables" in refused.json()["detail"]
        other = TestClient(client.app, client=("192.0.2.7", 4000))
        assert other.post("/api/tables", json=HUMANS).status_code == 201  # another client


def test_live_bot_only_tables_are_limited_per_client(sqlite_url: str) -> None:
    # bots that wait an hour before moving: the tables stay live
    with _app(sqlite_url, bot_delay=3600, bot_tables=2) as client:
        for _ in range(2):
            assert client.post("/api/tables", json={**BOTS, "sit": None}).status_code == 201
        refused = client.post("/api/tables", json={**BOTS, "sit": None})
        assert refused.status_code == 429, refused.text
        assert int(refused.headers["Retry-After"]) >= 1
        assert "bot" in refused.json()["detail"]
        assert client.post("/api/tables", json=HUMANS).status_code == 201  # people still may


def test_a_finished_bot_only_table_frees_its_clients_slot(sqlite_url: str) -> None:
    with _app(sqlite_url, bot_tables=1) as client:
        first = client.post("/api/tables", json={**BOTS, "sit": None}).json()["id"]
        _wait(lambda: client.get(f"/api/tables/{first}").json()["status"] == "over")
        assert client.post("/api/tables", json={**BOTS, "sit": None}).status_code == 201


class _GatedRandom:
    """Patches ``RandomBot.choose`` to hold every choice at a three-player table
    until the gate opens."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.lock = threading.Lock()
        self.active = 0
        self.entered = threading.Event()
        self.original = RandomBot.choose

    def choose(self, bot: RandomBot, decision: Decision) -> Any:
        if decision.config.players != 3:
            return self.original(bot, decision)
        with self.lock:
            self.active += 1
        self.entered.set()
        try:
            self.gate.wait(120)
            return self.original(bot, decision)
        finally:
            with self.lock:
                self.active -= 1


@pytest.fixture
def gated(monkeypatch: pytest.MonkeyPatch) -> Iterator[_GatedRandom]:
    gated = _GatedRandom()
    monkeypatch.setattr(RandomBot, "choose", lambda bot, decision: gated.choose(bot, decision))
    yield gated
    gated.gate.set()


def test_bot_only_tables_yield_the_bot_threads_to_tables_with_people(
    sqlite_url: str, gated: _GatedRandom
) -> None:
    app = create_app(
        sqlite_url,
        bot_delay=0,
        bot_workers=4,
        bot_processes=0,
        limits=ServerLimits(bot_tables=0, bot_only_moves=1),
    )
    # As a search bot without workers: in a bot thread (a quick bot chooses on the loop).
    app.state.manager.bot_turns.inline_bots = frozenset()
    with TestClient(app) as client:
        bots = {"game": "sealed-bid", "players": 3, "seats": [RANDOM] * 3, "sit": None}
        for _ in range(6):  # eighteen bot seats due at once, every choice held at the gate
            assert client.post("/api/tables", json=bots).status_code == 201
        assert gated.entered.wait(60)
        people = {**HUMANS, "seats": [{"kind": "human"}, RANDOM]}
        tid = client.post("/api/tables", json=people).json()["id"]
        # the bot at the table with a person moves while the bot-only tables wait
        _wait(lambda: client.get(f"/api/tables/{tid}").json()["moves"] == 1)
        assert gated.active == 1
        gated.gate.set()


def test_forwarded_for_counts_only_behind_a_trusted_proxy(tmp_path: Path) -> None:
    def creations(*options: str) -> list[int]:
        port = free_port()
        server = start_server(
            tmp_path / f"{port}.sqlite", port, "--tables-per-minute", "1", *options
        )
        try:
            url = f"http://127.0.0.1:{port}/api/tables"
            return [
                httpx2.post(url, json=PEOPLE_GANGSTA, headers={"X-Forwarded-For": who}).status_code
                for who in ("198.51.100.1", "198.51.100.1", "198.51.100.2")
            ]
        finally:
            server.kill()
            server.wait()

    assert creations() == [201, 429, 429]  # the header is ignored: one client
    assert creations("--trusted-proxy", "127.0.0.1") == [201, 429, 201]


def test_bot_only_tables_asked_for_together_count_before_they_are_stored(
    tmp_path: Path,
) -> None:
    repo = Repository(f"sqlite:///{tmp_path / 'db.sqlite'}")
    manager = TableManager(repo, bot_delay=3600, bot_processes=0, limits=ServerLimits(bot_tables=2))
    spec = CreateTable.model_validate({**BOTS, "sit": None})

    async def burst() -> list[object]:
        answers = await asyncio.gather(
            *(manager.create(spec, "192.0.2.1") for _ in range(10)), return_exceptions=True
        )
        await manager.stop()
        return answers

    try:
        answers = asyncio.run(burst())
    finally:
        repo.close()
    assert sum(not isinstance(a, BaseException) for a in answers) == 2
    assert all(isinstance(a, TooManyRequests) for a in answers if isinstance(a, BaseException))


def test_the_server_holds_at_most_live_tables_unfinished_tables(sqlite_url: str) -> None:
    with _app(sqlite_url, tables_per_minute=0, live_tables=2) as client:
        for _ in range(2):
            assert client.post("/api/tables", json=HUMANS).status_code == 201
        refused = client.post("/api/tables", json=HUMANS)
        assert refused.status_code == 503, refused.text
        assert refused.json()["rule"] == "server-full" and "2 games" in refused.json()["detail"]
        other = TestClient(client.app, client=("192.0.2.7", 4000))
        assert other.post("/api/tables", json=HUMANS).status_code == 503  # server-wide
        manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
        closed = client.portal.call(manager.expire_due, time.time() + 10**6)  # type: ignore[union-attr]
        assert len(closed) == 2  # the two waiting tables expire: room again
        assert client.post("/api/tables", json=HUMANS).status_code == 201
