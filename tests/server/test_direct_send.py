"""A client's message goes out at once when nothing waits before it, else through its queue
(in order, with the same limits); on a real uvicorn server the endpoint finds the way."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest
from websockets.asyncio.client import connect

from mobtable.server.frames import text_frame
from mobtable.server.live import TOO_SLOW, Client

from .processes import threaded_server
from .test_ws_burst import base_url  # noqa: F401 (a fixture)


def _client(accept: bool) -> tuple[Client, list[str]]:
    client = Client(seat=None)
    written: list[str] = []

    def write(text: str, frame: bytes | None) -> bool:
        if accept:
            written.append(text)
        return accept

    client.write = write
    return client, written


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


def test_a_message_goes_out_at_once_when_nothing_waits() -> None:
    async def main() -> tuple[list[str], int]:
        client, written = _client(accept=True)
        client.send("a")
        client.send("b")
        return written, client.queue.qsize()

    assert asyncio.run(main()) == (["a", "b"], 0)


def test_a_socket_that_cannot_take_it_now_gets_it_through_the_queue_in_order() -> None:
    async def main() -> tuple[list[str], list[object]]:
        client, written = _client(accept=False)
        client.send("a")
        client.write = _client(accept=True)[0].write  # the socket drains again
        client.send("b")  # behind "a": queued too, never before it
        return written, [client.queue.get_nowait() for _ in range(client.queue.qsize())]

    assert asyncio.run(main()) == ([], ["a", "b"])


def test_nothing_goes_out_at_once_while_the_sender_is_sending() -> None:
    async def main() -> tuple[list[str], int]:
        client, written = _client(accept=True)
        client.sending = True
        client.send("a")
        return written, client.queue.qsize()

    assert asyncio.run(main()) == ([], 1)


def test_the_backlog_limit_comes_before_the_direct_way() -> None:
    async def main() -> list[object]:
        client, written = _client(accept=False)
        for i in range(Client.MAX_BACKLOG + 1):
            client.send(f"message {i}")
        client.write = _client(accept=True)[0].write
        client.send("late")
        assert written == []
        return [client.queue.get_nowait() for _ in range(client.queue.qsize())]

    assert asyncio.run(main()) == [TOO_SLOW]


def test_a_real_uvicorn_connection_sends_directly(base_url: str) -> None:  # noqa: F811
    """The pinned uvicorn and Starlette: the endpoint finds uvicorn's protocol (should
    an upgrade hide it, this fails rather than every message silently taking the queue)."""
    from mobtable.server import ws

    found: list[bool] = []
    real = ws.direct_writer

    def spy(socket: object, client: Client) -> object:
        writer = real(socket, client)  # type: ignore[arg-type]
        found.append(writer is not None)
        return writer

    ws.direct_writer = spy  # type: ignore[assignment]
    try:
        body = {"game": "sealed-bid", "players": 2, "seats": [{"kind": "human"}] * 2}
        table_id = httpx2.post(f"http://{base_url}/api/tables", json=body).json()["id"]

        replies, _ = asyncio.run(_hello_and_pings(f"ws://{base_url}/ws/tables/{table_id}", 20))
    finally:
        ws.direct_writer = real
    deadline = time.monotonic() + 5
    while not found and time.monotonic() < deadline:
        time.sleep(0.01)
    assert found == [True]
    assert replies == ["state"] + ["pong"] * 20


@pytest.fixture(params=[False, True], ids=["plain", "deflate"])
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, bool]]:
    """A uvicorn server on a free loopback port, with per-message deflate or without."""
    with threaded_server(tmp_path / "db.sqlite", deflate=request.param) as base:
        yield base, request.param


def test_frames_go_to_the_socket_unless_an_extension_must_encode_them(
    served: tuple[str, bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without extensions the direct way writes its own frames (``text_frame``); with
    per-message deflate negotiated the protocol frames (and compresses) every text."""
    from mobtable.server import ws

    base, deflate = served
    framed: list[str] = []

    def spy(text: str) -> bytes:
        framed.append(text)
        return text_frame(text)

    monkeypatch.setattr(ws, "text_frame", spy)
    body = {"game": "sealed-bid", "players": 2, "seats": [{"kind": "human"}] * 2}
    table_id = httpx2.post(f"http://{base}/api/tables", json=body).json()["id"]

    replies, extensions = asyncio.run(_hello_and_pings(f"ws://{base}/ws/tables/{table_id}", 5))
    assert replies == ["state"] + ["pong"] * 5
    assert extensions == (["PerMessageDeflate"] if deflate else [])
    assert framed == ([] if deflate else ['{"type":"pong"}'] * 5)
