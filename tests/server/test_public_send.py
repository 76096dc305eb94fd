"""Every message the server sends goes out through Starlette's public WebSocket API: a
client's queue drained by its task with ``WebSocket.send_text``, in order, under the same
limits, on a real uvicorn server, with per-message deflate negotiated or not."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from starlette.websockets import WebSocket
from websockets.asyncio.client import connect

from mobtable.server.clients import TOO_SLOW, Client

from .processes import threaded_server

SERVER = Path(__file__).resolve().parents[2] / "src" / "mobtable" / "server"


async def _hello_and_pings(url: str, pings: int) -> tuple[list[str], list[str]]:
    """Say hello, send ``pings`` pings at once: the replies' types in order, and the
    extensions the connection negotiated."""
    async with connect(url) as sock:
        await sock.send(json.dumps({"type": "hello"}))
        replies = [json.loads(await asyncio.wait_for(sock.recv(), 30))["type"]]
        for _ in range(pings):
            await sock.send('{"type":"ping"}')
        for _ in range(pings):
            replies.append(json.loads(await asyncio.wait_for(sock.recv(), 30))["type"])
        return replies, [type(e).__name__ for e in sock.protocol.extensions]


@pytest.fixture(params=[False, True], ids=["plain", "deflate"])
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, bool]]:
    """A uvicorn server on a free loopback port, with per-message deflate or without."""
    with threaded_server(tmp_path / "db.sqlite", deflate=request.param) as base:
        yield base, request.param


def test_every_message_goes_through_starlettes_send_text(
    served: tuple[str, bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    base, deflate = served
    sent: list[str] = []
    real = WebSocket.send_text

    async def spy(self: WebSocket, data: str) -> None:
        sent.append(json.loads(data)["type"])
        await real(self, data)

    monkeypatch.setattr(WebSocket, "send_text", spy)
    body = {"game": "sealed-bid", "players": 2, "seats": [{"kind": "human"}] * 2}
    table_id = httpx2.post(f"http://{base}/api/tables", json=body).json()["id"]

    replies, extensions = asyncio.run(_hello_and_pings(f"ws://{base}/ws/tables/{table_id}", 20))
    assert replies == ["state"] + ["pong"] * 20
    assert sent == replies  # not one message written past Starlette
    assert extensions == (["PerMessageDeflate"] if deflate else [])


def test_the_server_reaches_into_no_ones_internals() -> None:
    """No closures walked, no transport written to, no private ``_send`` called."""
    pattern = re.compile(r"__closure__|\.transport\b|\._send\b|__qualname__")
    found = [
        f"{path.name}:{n}"
        for path in sorted(SERVER.rglob("*.py"))
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if pattern.search(line)
    ]
    assert found == []


def test_messages_queue_in_order() -> None:
    async def main() -> list[object]:
        client = Client(seat=None)
        client.send("a")
        client.send("b")
        return [await client.next(), await client.next()]

    assert asyncio.run(main()) == ["a", "b"]


def test_a_client_that_stops_reading_gets_the_close_frame_instead_of_its_backlog() -> None:
    async def main() -> list[object]:
        client = Client(seat=None)
        for i in range(Client.MAX_BACKLOG + 1):
            client.send(f"message {i}")
        client.send("late")  # closed: dropped
        return [client.queue.get_nowait() for _ in range(client.queue.qsize())]

    assert asyncio.run(main()) == [TOO_SLOW]
