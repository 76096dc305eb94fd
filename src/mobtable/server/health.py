"""A health check that a busy event loop cannot make late.

A balancer asks every server "are you there?" each second and gives up on one that does
not answer in time. When the answer comes from the event loop that also serves every
table's sockets, a loop busy for a few seconds (thousands of sockets reconnecting at once)
looks dead: the balancer cuts its sessions, every client reconnects at once, and the loop
is busy again. So the health check has its own listener, on its own port, answered by a
thread (stdlib ``http.server``), and what it reports is the loop's heartbeat: a loop task
notes the time every :data:`BEAT` seconds; the check answers 200 while the last beat is
under :data:`STALE` seconds old, else 503 (the loop is stuck, not busy; or it has not
beaten yet: the server is still starting). A process that died refuses the connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

log = logging.getLogger(__name__)

BEAT = 0.5
"""Seconds between two heartbeats of the event loop."""

STALE = 15.0
"""Seconds without a heartbeat after which the loop counts as stuck (503): far longer than
a busy loop's lag under load (seconds), far shorter than a player's patience."""


class Heartbeat:
    """The event loop's last sign of life (``time.monotonic()``), read by the check's thread;
    ``None`` until the loop first beats (the server is still starting: not yet healthy)."""

    def __init__(self) -> None:
        self.last: float | None = None

    def beat(self) -> None:
        self.last = time.monotonic()

    async def run(self) -> None:
        while True:
            self.beat()
            await asyncio.sleep(BEAT)

    def age(self) -> float:
        return math.inf if self.last is None else time.monotonic() - self.last


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A checker that hung up before its answer was written (HAProxy resets the
        connection once it has read the status line) is no error; anything else is logged
        in one line, never with a traceback."""
        error = sys.exc_info()[1]
        if not isinstance(error, ConnectionError):
            log.warning("health check from %s failed: %r", client_address[0], error)

    def __init__(self, host: str, port: int, heartbeat: Heartbeat) -> None:
        self.address_family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        self.heartbeat = heartbeat
        super().__init__((host, port), _Handler)


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def do_GET(self) -> None:
        age = self.server.heartbeat.age()
        alive = age < STALE
        if alive:
            body = b"ok\n"
        elif age == math.inf:
            body = b"starting\n"
        else:
            body = f"event loop silent for {age:.0f} s\n".encode()
        self.send_response(200 if alive else 503)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)

    do_HEAD = do_GET

    def log_message(self, format: str, *args: Any) -> None:
        """One check a second per balancer: not logged."""


class HealthListener:
    """``GET`` anything on ``host:port`` → 200 ``ok`` while ``heartbeat`` is fresh, else 503.

    The port is bound when this is made (an ``OSError`` if it cannot be); answering starts
    on ``with``."""

    def __init__(self, host: str, port: int, heartbeat: Heartbeat) -> None:
        self.server = _Server(host, port, heartbeat)
        self.thread = threading.Thread(
            target=self.server.serve_forever, name="mobtable-health", daemon=True
        )

    def __enter__(self) -> HealthListener:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        with contextlib.suppress(OSError):
            self.server.shutdown()
        self.server.server_close()


__all__ = ["BEAT", "STALE", "HealthListener", "Heartbeat"]
