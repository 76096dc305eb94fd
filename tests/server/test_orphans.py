"""A server killed with SIGKILL leaves no process behind (bot workers and their helpers)."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import httpx
import pytest

from .processes import alive, descendants, free_port, start_server

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="reads the process tree in /proc")


def test_a_sigkilled_server_leaves_no_process_behind(tmp_path: Path) -> None:
    port = free_port()
    server = start_server(tmp_path / "db.sqlite", port, "--bot-delay", "0", "--bot-processes", "1")
    base = f"http://127.0.0.1:{port}"
    try:
        seats = [{"kind": "bot", "bot": "medium"}] * 3
        created = httpx.post(
            f"{base}/api/tables",
            json={"game": "gangsta", "players": 3, "seats": seats, "sit": None},
        )
        assert created.status_code == 201, created.text
        tid = created.json()["id"]
        deadline = time.monotonic() + 120
        while httpx.get(f"{base}/api/tables/{tid}").json()["moves"] < 2:  # a worker chose
            assert time.monotonic() < deadline, "the search bot never moved"
            time.sleep(0.1)
        started = descendants(server.pid)
        assert started, "the bot pool started no process"
    finally:
        os.kill(server.pid, signal.SIGKILL)
        server.wait()
    deadline = time.monotonic() + 15
    while any(alive(p) for p in started) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = sorted(p[0] for p in started if alive(p))
    for pid in left:  # do not leave them to the next test run
        os.kill(pid, signal.SIGKILL)
    assert not left, f"{len(left)} of {len(started)} processes outlived the server: {left}"
