"""The balancer's health check: answered by a thread of its own, so a busy event loop is
not taken for a dead server, while a stuck one is."""

from __future__ import annotations

import asyncio
import socket
import struct
import threading
import time
from collections.abc import Iterator

import httpx2
import pytest

from mobtable.server import AddressInUse, health_listener
from mobtable.server.health import STALE, Heartbeat


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def checked() -> Iterator[tuple[str, Heartbeat]]:
    heartbeat = Heartbeat()
    heartbeat.beat()
    port = free_port()
    with health_listener("127.0.0.1", port, heartbeat):
        yield f"http://127.0.0.1:{port}/health", heartbeat


def test_a_fresh_heartbeat_is_healthy(checked: tuple[str, Heartbeat]) -> None:
    url, _ = checked
    answer = httpx2.get(url, timeout=2)
    assert (answer.status_code, answer.text) == (200, "ok\n")
    assert answer.headers["cache-control"] == "no-store"


def test_a_server_whose_loop_has_not_beaten_yet_is_starting() -> None:
    """Bound but not yet serving (migrating, resuming its tables): not sent players yet."""
    port = free_port()
    with health_listener("127.0.0.1", port, Heartbeat()):
        answer = httpx2.get(f"http://127.0.0.1:{port}/health", timeout=2)
    assert (answer.status_code, answer.text) == (503, "starting\n")


def test_a_loop_silent_for_longer_than_stale_is_unhealthy(
    checked: tuple[str, Heartbeat],
) -> None:
    url, heartbeat = checked
    heartbeat.last = time.monotonic() - STALE - 1
    answer = httpx2.get(url, timeout=2)
    assert answer.status_code == 503
    assert answer.text.startswith("event loop silent for 16 s")


def test_a_busy_loop_is_answered_at_once_and_stays_healthy(
    checked: tuple[str, Heartbeat],
) -> None:
    """The loop beating, then blocked for 2 s (as by thousands of sockets): the check
    answers within the block, without waiting for the loop, and says healthy."""
    url, heartbeat = checked
    blocked = threading.Event()

    async def beat_then_block() -> None:
        beats = asyncio.get_running_loop().create_task(heartbeat.run())
        await asyncio.sleep(0.6)
        blocked.set()
        time.sleep(2.0)  # the loop does nothing else meanwhile
        beats.cancel()

    loop = threading.Thread(target=asyncio.run, args=(beat_then_block(),))
    loop.start()
    try:
        assert blocked.wait(5)
        time.sleep(0.2)
        asked = time.monotonic()
        answer = httpx2.get(url, timeout=2)
        answered = time.monotonic() - asked
    finally:
        loop.join()
    assert answer.status_code == 200
    assert answered < 1.0, f"the check waited {answered:.2f} s"


def test_a_health_port_in_use_is_named() -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        with pytest.raises(
            AddressInUse, match=f"port {port} on 127.0.0.1 is in use.*--health-port"
        ):
            health_listener("127.0.0.1", port, Heartbeat())


def test_a_checker_that_hangs_up_early_leaves_no_traceback(
    checked: tuple[str, Heartbeat], capsys: pytest.CaptureFixture[str]
) -> None:
    """HAProxy resets the connection once it has read the status line: the answer's
    body then meets a reset, which must not print a traceback in the server's log."""
    url, _ = checked
    port = int(url.split(":")[2].split("/")[0])
    for _ in range(20):
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.sendall(b"GET /health HTTP/1.0\r\n\r\n")
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    time.sleep(0.3)
    assert httpx2.get(url, timeout=2).status_code == 200  # still answering
    assert "Traceback" not in capsys.readouterr().err
