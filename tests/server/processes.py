"""A real server in a subprocess or a thread, and its process tree read from /proc (Linux)."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx2
import uvicorn

from mobtable.server import server_config
from mobtable.server.app import create_app
from mobtable.server.limits import ServerLimits

Process = tuple[int, int]
"""A process as (pid, start time in clock ticks): a reused pid is another process."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def threaded_server(
    db: Path, *, deflate: bool = False, limits: ServerLimits | None = None
) -> Iterator[str]:
    """The app under uvicorn in a thread on a free loopback port (``host:port``), with the
    server's own settings, per-message deflate negotiated or not; stopped on exit."""
    port = free_port()
    app = create_app(f"sqlite:///{db}", bot_delay=0, bot_processes=0, limits=limits)
    config = server_config(
        app, log_level="warning", host="127.0.0.1", port=port, ws_per_message_deflate=deflate
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "the test server did not start"
        time.sleep(0.05)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def start_server(db: Path, port: int, *extra: str) -> subprocess.Popen[bytes]:
    """``python -m mobtable.server`` on ``port``, returned once it answers."""
    command = [sys.executable, "-m", "mobtable.server", "--db", f"sqlite:///{db}"]
    command += ["--port", str(port), "--log-level", "warning", *extra]
    proc = subprocess.Popen(command)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}")
        try:
            httpx2.get(f"http://127.0.0.1:{port}/api/games", timeout=2)
            return proc
        except httpx2.TransportError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


def _stat(pid: int) -> tuple[str, int, int] | None:
    """(state, parent pid, start time) of ``pid``, or ``None`` if it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return None
    fields = text[text.rindex(")") + 2 :].split()  # the name may hold spaces
    return fields[0], int(fields[1]), int(fields[19])


def descendants(root: int) -> set[Process]:
    """Every live process below ``root`` (children, their children, ...)."""
    children: dict[int, list[Process]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            stat = _stat(int(entry.name))
            if stat is not None and stat[0] != "Z":
                children.setdefault(stat[1], []).append((int(entry.name), stat[2]))
    found: set[Process] = set()
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child[0])
    return found


def alive(process: Process) -> bool:
    stat = _stat(process[0])
    return stat is not None and stat[0] != "Z" and stat[2] == process[1]
