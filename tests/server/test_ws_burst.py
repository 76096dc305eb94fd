"""A client that sends a burst without reading gets every reply (backpressure), on a real server."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from mobtable.server.clients import TOO_SLOW, Client

from .processes import threaded_server

BURST = 1000


@pytest.fixture
def base_url(tmp_path: Path) -> Iterator[str]:
    """A uvicorn server (the app, as ``run`` configures it) on a free loopback port."""
    with threaded_server(tmp_path / "db.sqlite") as base:
        yield base


async def _burst(host: str, table_id: str) -> list[dict[str, object]]:
    async with connect(f"ws://{host}/ws/tables/{table_id}") as ws:
        await ws.send(json.dumps({"type": "hello"}))
        for _ in range(BURST):
            await ws.send('{"type":"ping"}')
        replies = []
        while sum(r["type"] == "pong" for r in replies) < BURST:
            replies.append(json.loads(await asyncio.wait_for(ws.recv(), 60)))
        return replies


def test_a_burst_of_messages_gets_every_reply(base_url: str) -> None:
    body = {"game": "sealed-bid", "players": 2, "seats": [{"kind": "human"}] * 2}
    table_id = httpx2.post(f"http://{base_url}/api/tables", json=body).json()["id"]
    replies = asyncio.run(_burst(base_url, table_id))
    assert [r["type"] for r in replies].count("pong") == BURST
    assert replies[0]["type"] == "state"


async def _first_close(host: str, table_id: str) -> ConnectionClosed:
    async with connect(f"ws://{host}/ws/tables/{table_id}") as ws:
        await ws.send(json.dumps({"type": "hello"}))
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                await asyncio.wait_for(ws.recv(), 60)
        return closed.value


def test_a_client_too_far_behind_is_closed_with_4429_and_a_reason(
    base_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    body = {"game": "sealed-bid", "players": 2, "seats": [{"kind": "human"}] * 2}
    table_id = httpx2.post(f"http://{base_url}/api/tables", json=body).json()["id"]
    monkeypatch.setattr(Client, "MAX_BACKLOG", 0)  # the first state message is one too many
    closed = asyncio.run(_first_close(base_url, table_id))
    assert closed.rcvd is not None, "no close frame"
    assert closed.rcvd.code == 4429
    assert "reconnect" in closed.rcvd.reason


def test_a_backlog_past_the_limit_becomes_one_close_message() -> None:
    async def fill() -> list[object]:
        client = Client(seat=None)
        for i in range(Client.MAX_BACKLOG + 10):
            client.send(f"message {i}")
        return [client.queue.get_nowait() for _ in range(client.queue.qsize())]

    assert asyncio.run(fill()) == [TOO_SLOW]
